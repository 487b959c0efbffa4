//===--- InterpretExpr.cpp - Expressions ------------------------------------===//
//
// Transfer functions for C and C++ expressions.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace warpcheck {
namespace simt {


bool Engine::withinBudget(const Expr *E) {
  if (ExprDepth >= Limits.MaxExpressionDepth) {
    reportSharedIn(E,
                   "analysis budget exceeded (expressions nested more than " +
                       std::to_string(Limits.MaxExpressionDepth) +
                       " deep)",
                   false);
    return false;
  }
  if (++Steps > Limits.MaxSteps) {
    // What has not run yet may access anything the kernel names.
    std::string Why = "analysis budget exceeded (more than " +
                      std::to_string(Limits.MaxSteps) +
                      " expressions evaluated in the kernel)";
    reportSharedIn(Kernel->getBody(), Why, true);
    stop(Why);
    return false;
  }
  return true;
}

void Engine::reportSharedIn(const Stmt *Root, const std::string &Why,
                            bool FollowCalls) {
  if (Stopped || !Root)
    return;
  // Sites already recorded keep their own verdicts (truncated if the
  // kernel stops): only names on lines without one are added.
  std::set<std::pair<const VarDecl *, unsigned>> Known;
  for (const SharedAccessSite &S : Sites)
    Known.insert({S.Variable, lineOf(S.Site)});
  Mask Saved = M;
  if (!anyLive())
    M.A.assign(N, Activity::Maybe);
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
  std::vector<const Stmt *> Work{Root};
  while (!Work.empty() && !Stopped) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (isSharedVariable(V) && Known.insert({V, lineOf(Ref)}).second) {
        QualType T = V->getType();
        while (const ArrayType *AT = Ctx.getAsArrayType(T))
          T = AT->getElementType();
        uint64_t Width = T->isIncompleteType() ? 4 : sizeOf(T);
        recordUnknown(Ref, AccessKind::Load, V,
                      isPowerOfTwoWidth(Width) ? Width : 4, Why);
      }
    }
    if (FollowCalls)
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        const FunctionDecl *Def = nullptr;
        if (const FunctionDecl *F = Call->getDirectCallee())
          if (F->hasBody(Def) && Def && Seen.insert(Def).second &&
              !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
            Work.push_back(Def->getBody());
      }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  M = Saved;
}

/// The expression a node only wraps (parentheses, full-expression and
/// temporary markers, default arguments, a substituted template
/// parameter): the node's value is its value. Null for any other node.
static const Expr *wrappedExpr(const Expr *E) {
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return P->getSubExpr();
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return CE->getSubExpr();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return EWC->getSubExpr();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return MT->getSubExpr();
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return BT->getSubExpr();
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return DA->getExpr();
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return DI->getExpr();
  if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return ST->getReplacement();
  return nullptr;
}

Value Engine::eval(const Expr *E) {
  if (Stopped || !E)
    return unknown();
  if (!withinBudget(E))
    return unknown("analysis budget exceeded");
  ++ExprDepth;
  auto Leave = llvm::make_scope_exit([&] { --ExprDepth; });
  // Code clang could not compile (a RecoveryExpr somewhere inside): its
  // parts may be missing.
  if (E->containsErrors())
    return evalUncompiled(E);
  if (auto Builtin = matchBuiltinIndex(E))
    return evalBuiltinIndex(*Builtin);
  if (E->getType()->isIntegralOrEnumerationType() && !E->HasSideEffects(Ctx))
    if (auto C = constantValue(E))
      return intConstant(*C);
  // Dispatch by expression kind; the larger kinds have functions of their
  // own.
  if (const Expr *Inner = wrappedExpr(E))
    return eval(Inner);
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
    return OV->getSourceExpr() ? eval(OV->getSourceExpr()) : unknown();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return PO->getResultExpr() ? eval(PO->getResultExpr()) : unknown();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return evalCast(Cast);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evalBinary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return evalUnary(UO);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return evalConditional(CO);
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return intConstant(IL->getValue().getSExtValue());
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return intConstant(CL->getValue());
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return intConstant(BL->getValue());
  if (isa<ImplicitValueInitExpr>(E) &&
      E->getType()->isIntegralOrEnumerationType())
    return intConstant(0);
  if (const auto *Init = dyn_cast<InitListExpr>(E))
    return evalInitList(Init);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evalCall(Call);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(Construct);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return evalDeclRef(Ref);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(ME->getMemberDecl()))
      return intConstant(EC->getInitVal().getExtValue()); // frag.num_elements
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    // An lvalue used as a value without a cast: an array member decaying.
    LValue LV = evalLValue(E);
    (void)LV;
    return unknown();
  }
  if (isa<StmtExpr>(E))
    return unknown("a statement expression");
  if (isa<CXXThisExpr>(E))
    return frame().This.K == Value::Kind::Pointer ? frame().This
                                                   : unknown("'this'");
  if (const auto *Lambda = dyn_cast<LambdaExpr>(E))
    return evalLambda(Lambda);
  // Anything else: evaluate children for their accesses.
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      eval(CE);
  if (E->getType()->isIntegralOrEnumerationType())
    return opaqueInt("'" + sourceText(E) + "'");
  return unknown();
}

Value Engine::evalBuiltinIndex(BuiltinIndex Builtin) {
  Value R;
  R.K = Value::Kind::Int;
  R.L.resize(N);
  unsigned Dims[] = {Block.X, Block.Y, Block.Z};
  for (unsigned T = 0; T < N; ++T) {
    Dim3 C = Block.coordinatesOf(T);
    unsigned Coord[] = {C.X, C.Y, C.Z};
    switch (Builtin.Kind) {
    case BuiltinIndexKind::ThreadIdx:
      R.L[T] = SymbolicInt::constant(Coord[Builtin.Dim]);
      break;
    case BuiltinIndexKind::BlockDim:
      R.L[T] = SymbolicInt::constant(Dims[Builtin.Dim]);
      break;
    case BuiltinIndexKind::BlockIdx:
    case BuiltinIndexKind::GridDim:
      R.L[T] = SymbolicInt::atom(Atoms.named(builtinIndexName(Builtin)));
      break;
    }
  }
  R.CT.Why = Builtin.Kind == BuiltinIndexKind::ThreadIdx
                 ? CompileTime::Cause::Thread
                 : CompileTime::Cause::Launch;
  R.CT.What = builtinIndexName(Builtin);
  return R;
}

Value Engine::evalInitList(const InitListExpr *Init) {
  if (Init->getNumInits() == 1 && !Init->getType()->isRecordType() &&
      !Init->getType()->isArrayType())
    return eval(Init->getInit(0));
  for (const Expr *Sub : Init->inits())
    eval(Sub);
  return unknown();
}

Value Engine::evalConstruct(const CXXConstructExpr *Construct) {
  // A copy of an object in shared memory reads it; the object built is not
  // followed as a value.
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  if (Construct->getNumArgs() == 1 && Ctor &&
      (Ctor->isCopyOrMoveConstructor())) {
    LValue Src = evalLValue(Construct->getArg(0));
    if (Src.K == LValue::Kind::Shared)
      record(Construct->getArg(0), AccessKind::Load,
             Construct->getArg(0)->getType(), Src);
    return unknown();
  }
  for (const Expr *Arg : Construct->arguments())
    eval(Arg);
  return unknown();
}

Value Engine::evalDeclRef(const DeclRefExpr *Ref) {
  if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
    return intConstant(EC->getInitVal().getExtValue());
  if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
    // References and per-thread objects live in memory; other scalars in
    // the environment.
    if (V->getType()->isReferenceType() || isObjectVar(V)) {
      LValue LV = evalLValue(Ref);
      return load(LV, Ref->getType(), Ref);
    }
    return readVariable(V);
  }
  return unknown();
}

Value Engine::evalLambda(const LambdaExpr *Lambda) {
  // A closure holding references: calls warpcheck does not follow may
  // write those variables.
  for (const LambdaCapture &C : Lambda->captures())
    if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
      if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
          V && V->hasLocalStorage()) {
        LValue LV;
        LV.K = isObjectVar(V) ? LValue::Kind::LocalObject
                              : LValue::Kind::Local;
        LV.Var = V;
        LV.Offset.assign(N, SymbolicInt::constant(0));
        pointerTo(LV);
        objectOf(V).Escaped = true;
      }
  // What it captures by copy is what its body reads when called
  // (InterpretCallAndReturn.cpp); by reference, the objects above.
  auto &Copies = LambdaCopies[Lambda->getLambdaClass()];
  Copies.clear();
  auto Init = Lambda->capture_init_begin();
  for (const LambdaCapture &C : Lambda->captures()) {
    const Expr *IE = Init != Lambda->capture_init_end() ? *Init : nullptr;
    if (Init != Lambda->capture_init_end())
      ++Init;
    if (C.capturesThis()) {
      LambdaThis[Lambda->getLambdaClass()] = frame().This;
      continue;
    }
    if (!IE)
      continue;
    Value V = eval(IE);
    if (C.capturesVariable() && C.getCaptureKind() == LCK_ByCopy)
      if (const auto *Var = dyn_cast<VarDecl>(C.getCapturedVar()))
        Copies[Var] = std::move(V);
  }
  return unknown("a lambda");
}

llvm::ArrayRef<const VarDecl *> Engine::rejectedVarsOf(const FunctionDecl *FD) {
  auto It = RejectedVars.find(FD);
  if (It == RejectedVars.end())
    It = RejectedVars.try_emplace(FD, rejectedSharedVars(FD->getBody())).first;
  return It->second;
}

Value Engine::evalUncompiled(const Expr *E) {
  // Operations on a __shared__ object clang rejected (nvcc accepts it):
  // each reported as an access warpcheck cannot see, never dropped; what
  // they may write is no longer known.
  llvm::SmallVector<RejectedOperation, 2> Ops =
      rejectedOperations(E, rejectedVarsOf(frame().FD), Ctx);
  if (Ops.empty())
    return unknown("code that does not compile");
  const VarDecl *V = Ops.back().Var;
  std::string Why =
      "an operation on '" + V->getNameAsString() + "', a __shared__ '" +
      V->getType().getAsString(Ctx.getPrintingPolicy()) +
      "' that clang rejects (its constructor does work; nvcc skips it)";
  evalAroundHoles(E, Why);
  for (const RejectedOperation &Op : Ops)
    for (AccessKind K : Op.Kinds)
      recordUnknown(Op.Site, K, Op.Var, Op.Width, Why);
  for (const VarDecl *W : modifiedIn(E)) {
    auto It = frame().Env.find(W);
    if (It != frame().Env.end())
      It->second = unknown(Why);
  }
  havocObjectsWrittenIn(E, Why);
  return unknown(Why);
}

void Engine::evalAroundHoles(const Expr *E, const std::string &Why) {
  // A hole is the rejected object itself: rejectedOperations reports it.
  if (!E || Stopped || isa<RecoveryExpr>(E))
    return;
  if (!E->containsErrors()) {
    eval(E);
    return;
  }
  // `s[i] = bar.value()`: the store to s happens, of a value not known.
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->isAssignmentOp() && !BO->getLHS()->containsErrors()) {
    evalAroundHoles(BO->getRHS(), Why);
    if (BO->isCompoundAssignmentOp())
      eval(BO->getLHS());
    LValue LV = evalLValue(BO->getLHS());
    store(LV, unknown(Why), BO->getLHS()->getType(), BO->getLHS());
    return;
  }
  // `bar.copy(s)`: what the call does with a shared pointer or array it is
  // given is not known; reported, as for any call not followed.
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    evalAroundHoles(Call->getCallee(), Why);
    for (const Expr *Arg : Call->arguments()) {
      if (Arg->containsErrors()) {
        evalAroundHoles(Arg, Why);
        continue;
      }
      // Arguments of a call clang left unresolved keep their types: an
      // array is not decayed to a pointer.
      QualType T = Arg->getType(), Pointee;
      const ArrayType *A = Ctx.getAsArrayType(T);
      Value V = A ? pointerTo(evalLValue(Arg)) : eval(Arg);
      if (T->isPointerType())
        Pointee = T->getPointeeType();
      else if (A)
        Pointee = A->getElementType();
      if (!Pointee.isNull())
        reportUnfollowedShared(V, Pointee, Arg, Why);
    }
    return;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      evalAroundHoles(CE, Why);
}

LValue Engine::evalLValue(const Expr *E) {
  LValue R;
  if (Stopped || !E || E->containsErrors())
    return R;
  if (!withinBudget(E))
    return R;
  ++ExprDepth;
  auto Leave = llvm::make_scope_exit([&] { --ExprDepth; });
  E = E->IgnoreParens();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return materialize(MT);
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return evalLValue(EWC->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return evalLValue(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return evalLValue(DI->getExpr());
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    // Derived-to-base, no-op and lvalue bit casts keep the object.
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_LValueBitCast ||
        Cast->getCastKind() == CK_UncheckedDerivedToBase ||
        Cast->getCastKind() == CK_DerivedToBase)
      return evalLValue(Cast->getSubExpr());
  }
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
    return OV->getSourceExpr() ? evalLValue(OV->getSourceExpr()) : R;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return evalDeclRefLValue(Ref);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Value Base = eval(AS->getBase());
    Value Index = eval(AS->getIdx());
    return lvalueOf(pointerOffset(Base, Index, AS->getType(), false));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return lvalueOf(eval(UO->getSubExpr()));
    if (UO->isIncrementDecrementOp()) {
      evalUnary(UO);
      return evalLValue(UO->getSubExpr());
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return evalMemberLValue(ME);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      evalBinary(BO);
      return evalLValue(BO->getLHS());
    }
    if (BO->getOpcode() == BO_Comma) {
      eval(BO->getLHS());
      return evalLValue(BO->getRHS());
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A call returning a reference (`storage.Alias()`, `t.at(i)`): the
    // object it refers to, when the callee was followed.
    Value Result = evalCall(Call);
    if (Call->getCallReturnType(Ctx)->isReferenceType())
      return lvalueOf(Result);
    return R;
  }
  // A glvalue `c ? a : b` (stored to, or its address taken): the object of
  // the arm each thread takes.
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return lvalueOf(evalConditional(
        CO, [&](const Expr *X) { return pointerTo(evalLValue(X)); }));
  eval(E);
  return R;
}

LValue Engine::evalDeclRefLValue(const DeclRefExpr *Ref) {
  LValue R;
  const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
  if (!V)
    return R;
  if (isSharedVariable(V)) {
    R.K = LValue::Kind::Shared;
    R.Var = V;
    R.Offset.assign(N, SymbolicInt::constant(0));
    return R;
  }
  if (V->getType()->isReferenceType()) {
    // A reference bound at its declaration: follow the pointer we stored.
    return lvalueOf(readVariable(V));
  }
  if (isObjectVar(V))
    return objectLValue(V);
  // A constant with static storage (`RADIX_BITS` bound to `const T &`):
  // its value, as for a static data member below.
  if (V->hasLocalStorage() || isa<ParmVarDecl>(V) || constantOfVar(V)) {
    R.K = LValue::Kind::Local;
    R.Var = V;
    return R;
  }
  R.K = LValue::Kind::Memory;
  R.Region = V->getNameAsString();
  R.Offset.assign(N, SymbolicInt::constant(0));
  return R;
}

LValue Engine::evalMemberLValue(const MemberExpr *ME) {
  // A static data member (`frag.num_elements`): the variable itself,
  // whatever the object.
  if (const auto *Static = dyn_cast<VarDecl>(ME->getMemberDecl())) {
    LValue R;
    if (constantOfVar(Static)) {
      R.K = LValue::Kind::Local;
      R.Var = Static;
      return R;
    }
    R.K = LValue::Kind::Memory;
    R.Region = Static->getNameAsString();
    R.Offset.assign(N, SymbolicInt::constant(0));
    return R;
  }
  LValue Base = ME->isArrow() ? lvalueOf(eval(ME->getBase()))
                              : evalLValue(ME->getBase());
  return fieldLValue(std::move(Base),
                     dyn_cast<FieldDecl>(ME->getMemberDecl()), ME);
}

Value Engine::pointerOffset(const Value &Ptr,
                                             const Value &Index,
                                             QualType Pointee, bool Subtract) {
  const Value *P = &Ptr, *I = &Index;
  if (P->K != Value::Kind::Pointer)
    std::swap(P, I);
  if (P->K != Value::Kind::Pointer) {
    Value R = unknown();
    addDeps(R.Deps, Ptr.Deps);
    addDeps(R.Deps, Index.Deps);
    return R;
  }
  Value R = *P;
  uint64_t Size = sizeOf(Pointee);
  if (I->K != Value::Kind::Int || Size == 0) {
    for (auto &L : R.L)
      L = SymbolicInt::opaque();
    addDeps(R.Deps, I->Deps);
    R.CT.merge(I->CT);
    if (!R.CT.hard()) {
      R.CT.Why = CompileTime::Cause::Memory;
      R.CT.What = "a value the analysis cannot follow";
    }
    return R;
  }
  for (unsigned T = 0; T < N; ++T) {
    SymbolicInt Scaled =
        sym::mul(I->L[T], SymbolicInt::constant(int64_t(Size)), Atoms);
    R.L[T] = Subtract ? sym::sub(R.L[T], Scaled) : sym::add(R.L[T], Scaled);
  }
  addDeps(R.Deps, I->Deps);
  R.CT.merge(I->CT);
  return R;
}

Value Engine::evalCast(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  QualType To = E->getType();
  switch (E->getCastKind()) {
  case CK_LValueToRValue: {
    // A glvalue `c ? a : b` loads from the arm each thread takes: one load
    // per arm, as for if/else.
    if (const auto *CO =
            dyn_cast<AbstractConditionalOperator>(Sub->IgnoreParens())) {
      Value V = eval(CO); // each arm loaded by the threads that take it
      if (V.K == Value::Kind::Int)
        fitToType(V, To);
      return V;
    }
    LValue LV = evalLValue(Sub);
    Value V = load(LV, Sub->getType(), Sub);
    if (V.K == Value::Kind::Int)
      fitToType(V, To);
    return V;
  }
  case CK_ArrayToPointerDecay:
    return pointerTo(evalLValue(Sub));
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_BooleanToSignedIntegral: {
    Value V = eval(Sub);
    if (V.K != Value::Kind::Int)
      return To->isIntegralOrEnumerationType()
                 ? opaqueInt("'" + sourceText(E) + "'")
                 : unknown();
    if (E->getCastKind() == CK_IntegralToBoolean) {
      Value Before = V;
      for (auto &L : V.L) {
        auto B =
            sym::compare(L, SymbolicInt::constant(0), sym::CmpOp::NE, true, 64);
        L = B ? SymbolicInt::constant(*B)
              : (L.Opaque ? L : SymbolicInt::opaque());
      }
      settleOpaque(V, {&Before}, E);
    }
    if (E->getCastKind() == CK_BooleanToSignedIntegral)
      for (auto &L : V.L)
        L = sym::neg(L);
    fitToType(V, To);
    return V;
  }
  case CK_NoOp:
  case CK_BitCast:
  case CK_AddressSpaceConversion:
  case CK_UncheckedDerivedToBase:
  case CK_DerivedToBase:
  case CK_BaseToDerived:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_LValueBitCast:
  case CK_NullToPointer: {
    if (E->getCastKind() == CK_NullToPointer)
      return unknown();
    if (E->getCastKind() == CK_UserDefinedConversion) {
      // A call to a conversion function (`operator T *()` returning a
      // __shared__ array, say): its result is the value.
      Value V = eval(Sub);
      if (V.K == Value::Kind::Int)
        fitToType(V, To);
      return V;
    }
    if (E->getCastKind() == CK_ConstructorConversion) {
      eval(Sub);
      return unknown("a converting constructor");
    }
    return eval(Sub);
  }
  case CK_ToVoid:
    eval(Sub);
    return unknown();
  case CK_PointerToBoolean:
  case CK_PointerToIntegral:
  case CK_IntegralToPointer:
    eval(Sub);
    return To->isIntegralOrEnumerationType()
               ? opaqueInt("'" + sourceText(E) + "'")
               : unknown();
  default:
    eval(Sub);
    if (To->isIntegralOrEnumerationType())
      return opaqueInt("'" + sourceText(E) + "' (not integer arithmetic)");
    return unknown();
  }
}

/// The lane operation of a C++ binary operator (nullopt for the others).
static std::optional<LaneOp> laneOpOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add:
    return LaneOp::Add;
  case BO_Sub:
    return LaneOp::Sub;
  case BO_Mul:
    return LaneOp::Mul;
  case BO_Div:
    return LaneOp::Div;
  case BO_Rem:
    return LaneOp::Rem;
  case BO_Shl:
    return LaneOp::Shl;
  case BO_Shr:
    return LaneOp::Shr;
  case BO_And:
    return LaneOp::And;
  case BO_Or:
    return LaneOp::Or;
  case BO_Xor:
    return LaneOp::Xor;
  case BO_LT:
    return LaneOp::LT;
  case BO_GT:
    return LaneOp::GT;
  case BO_LE:
    return LaneOp::LE;
  case BO_GE:
    return LaneOp::GE;
  case BO_EQ:
    return LaneOp::EQ;
  case BO_NE:
    return LaneOp::NE;
  default:
    return std::nullopt;
  }
}

Value Engine::arithmetic(BinaryOperatorKind Op, const Value &A,
                                          const Value &B, QualType OperandType,
                                          QualType ResultType, const Expr *E) {
  if (A.K != Value::Kind::Int || B.K != Value::Kind::Int) {
    if (ResultType->isIntegralOrEnumerationType()) {
      Value R = opaqueInt("'" + sourceText(E) + "'");
      addDeps(R.Deps, A.Deps);
      addDeps(R.Deps, B.Deps);
      return R;
    }
    return unknown();
  }
  bool Signed = typeIsSigned(OperandType);
  unsigned Bits = typeBits(OperandType);
  Value R;
  R.K = Value::Kind::Int;
  std::optional<LaneOp> LOp = laneOpOf(Op);
  R.L = LOp ? combineLanes(*LOp, A.L, B.L, Signed, Bits, Atoms)
            : LaneVector(N, SymbolicInt::opaque());
  // Comparisons of a warp-uniform difference decide uniformly: keep them as
  // one unknown so branches on them keep every thread active.
  if (BinaryOperator::isComparisonOp(Op)) {
    Value Diff;
    Diff.K = Value::Kind::Int;
    Diff.L = combineLanes(LaneOp::Sub, A.L, B.L, Signed, Bits, Atoms);
    settleOpaque(R, {&Diff}, E);
    addDeps(R.Deps, A.Deps);
    addDeps(R.Deps, B.Deps);
  } else {
    settleOpaque(R, {&A, &B}, E);
  }
  R.CT = A.CT;
  R.CT.merge(B.CT);
  fitToType(R, ResultType);
  return R;
}

Value Engine::evalLogical(const BinaryOperator *E) {
  bool IsAnd = E->getOpcode() == BO_LAnd;
  Value L = eval(E->getLHS());
  Mask Saved = M, Then, Else;
  splitMask(L, E->getLHS(), Then, Else);
  M = IsAnd ? Then : Else; // the right side runs only where it is needed
  Value Rv = eval(E->getRHS());
  M = Saved;
  Value R;
  R.K = Value::Kind::Int;
  R.L.resize(N);
  auto Truth = [](const Value &V, unsigned T) -> std::optional<bool> {
    if (V.K != Value::Kind::Int || !V.L[T].isConstant())
      return std::nullopt;
    return V.L[T].Const != 0;
  };
  for (unsigned T = 0; T < N; ++T) {
    auto A = Truth(L, T);
    if (A && *A != IsAnd) {
      R.L[T] = SymbolicInt::constant(!IsAnd ? 1 : 0);
      continue;
    }
    auto B = Truth(Rv, T);
    if (A && B) {
      R.L[T] = SymbolicInt::constant(*B);
      continue;
    }
    if (B && *B != IsAnd) {
      R.L[T] = SymbolicInt::constant(!IsAnd ? 1 : 0);
      continue;
    }
    // One side decided in the neutral way: the other side is the answer.
    if (A && Rv.K == Value::Kind::Int) {
      R.L[T] = Rv.L[T];
      continue;
    }
    if (B && L.K == Value::Kind::Int) {
      R.L[T] = L.L[T];
      continue;
    }
    R.L[T] = SymbolicInt::opaque();
  }
  addDeps(R.Deps, L.Deps);
  addDeps(R.Deps, Rv.Deps);
  settleOpaque(R, {&L, &Rv}, E);
  // `j < n && j < 8` is known to be false once `j < 8` is: the compiler
  // knows the loop's upper bound.
  auto DecidesAll = [&](const Value &V) {
    if (V.CT.hard() || V.K != Value::Kind::Int)
      return false;
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T) && (!V.L[T].isConstant() || (V.L[T].Const != 0) == IsAnd))
        return false;
    return true;
  };
  if (DecidesAll(L))
    R.CT = L.CT;
  else if (DecidesAll(Rv))
    R.CT = Rv.CT;
  else {
    R.CT = L.CT;
    R.CT.merge(Rv.CT);
  }
  for (unsigned T = 0; T < N; ++T)
    if (R.L[T].Opaque) {
      addDep(R.Deps, "'" + sourceText(E) + "'");
      break;
    }
  return R;
}

Value Engine::evalBinary(const BinaryOperator *E) {
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_LAnd || Op == BO_LOr)
    return evalLogical(E);
  if (Op == BO_Comma) {
    eval(E->getLHS());
    return eval(E->getRHS());
  }
  if (Op == BO_Assign) {
    Value V = eval(E->getRHS());
    LValue LV = evalLValue(E->getLHS());
    if (V.K == Value::Kind::Int)
      fitToType(V, E->getLHS()->getType());
    store(LV, V, E->getLHS()->getType(), E->getLHS());
    return V;
  }
  if (E->isCompoundAssignmentOp()) {
    const auto *CAO = cast<CompoundAssignOperator>(E);
    Value Rhs = eval(E->getRHS());
    LValue LV = evalLValue(E->getLHS());
    QualType LT = E->getLHS()->getType();
    Value Old = load(LV, LT, E->getLHS());
    BinaryOperatorKind BaseOp = BinaryOperator::getOpForCompoundAssignment(Op);
    Value New;
    if (Old.K == Value::Kind::Pointer &&
        (BaseOp == BO_Add || BaseOp == BO_Sub)) {
      New = pointerOffset(Old, Rhs, LT->getPointeeType(), BaseOp == BO_Sub);
    } else {
      Value OldConv = Old;
      fitToType(OldConv, CAO->getComputationLHSType());
      New =
          arithmetic(BaseOp, OldConv, Rhs, CAO->getComputationLHSType(), LT, E);
    }
    store(LV, New, LT, E->getLHS());
    return New;
  }
  Value A = eval(E->getLHS());
  Value B = eval(E->getRHS());
  if ((Op == BO_Add || Op == BO_Sub) &&
      (A.K == Value::Kind::Pointer || B.K == Value::Kind::Pointer)) {
    if (A.K == Value::Kind::Pointer && B.K == Value::Kind::Pointer) {
      Value R = opaqueInt("pointer difference");
      if (A.Shared == B.Shared && A.Region == B.Region) {
        uint64_t Size = sizeOf(E->getLHS()->getType()->getPointeeType());
        for (unsigned T = 0; T < N && Size; ++T)
          R.L[T] = sym::div(sym::sub(A.L[T], B.L[T]),
                            SymbolicInt::constant(int64_t(Size)), true);
      }
      return R;
    }
    QualType PT = A.K == Value::Kind::Pointer ? E->getLHS()->getType()
                                              : E->getRHS()->getType();
    return pointerOffset(A, B, PT->getPointeeType(), Op == BO_Sub);
  }
  return arithmetic(Op, A, B, E->getLHS()->getType(), E->getType(), E);
}

Value Engine::evalUnary(const UnaryOperator *E) {
  switch (E->getOpcode()) {
  case UO_AddrOf:
    return pointerTo(evalLValue(E->getSubExpr()));
  case UO_Deref: {
    LValue LV = evalLValue(E);
    return load(LV, E->getType(), E);
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue LV = evalLValue(E->getSubExpr());
    QualType T = E->getSubExpr()->getType();
    Value Old = load(LV, T, E->getSubExpr());
    Value One = intConstant(1);
    Value New;
    bool Inc = E->isIncrementOp();
    if (Old.K == Value::Kind::Pointer)
      New = pointerOffset(Old, One, T->getPointeeType(), !Inc);
    else
      New = arithmetic(Inc ? BO_Add : BO_Sub, Old, One, T, T, E);
    store(LV, New, T, E->getSubExpr());
    return E->isPrefix() ? New : Old;
  }
  case UO_Plus:
  case UO_Extension:
    return eval(E->getSubExpr());
  case UO_Minus:
  case UO_Not:
  case UO_LNot: {
    Value V = eval(E->getSubExpr());
    if (V.K != Value::Kind::Int)
      return E->getType()->isIntegralOrEnumerationType()
                 ? opaqueInt("'" + sourceText(E) + "'")
                 : unknown();
    Value R = V;
    for (unsigned T = 0; T < N; ++T) {
      if (E->getOpcode() == UO_Minus)
        R.L[T] = sym::neg(V.L[T]);
      else if (E->getOpcode() == UO_Not)
        R.L[T] = sym::bitNot(V.L[T]);
      else {
        auto B = sym::compare(V.L[T], SymbolicInt::constant(0), sym::CmpOp::EQ,
                              true, 64);
        R.L[T] = B ? SymbolicInt::constant(*B) : SymbolicInt::opaque();
      }
    }
    settleOpaque(R, {&V}, E);
    fitToType(R, E->getType());
    return R;
  }
  default: {
    Value R = unknown();
    R.CT = eval(E->getSubExpr()).CT;
    return R;
  }
  }
}

Value Engine::evalConditional(const AbstractConditionalOperator *E,
                              llvm::function_ref<Value(const Expr *)> Arm) {
  Value C = eval(E->getCond());
  Mask Saved = M, Then, Else;
  splitMask(C, E->getCond(), Then, Else);
  // A conditional lvalue read (`c ? s[i] : x`): each side is a load in
  // the threads that take it.
  auto Side = [&](const Expr *S) {
    if (Arm)
      return Arm(S);
    // A nested `?:` arm loads from its own arms (through eval, which keeps
    // the expression budget).
    if (E->isGLValue() && isa<AbstractConditionalOperator>(S->IgnoreParens()))
      return eval(S);
    if (E->isGLValue() && !S->getType()->isRecordType() &&
        !S->getType()->isArrayType())
      return load(evalLValue(S), S->getType(), S);
    return eval(S);
  };
  M = Then;
  Value A = Side(E->getTrueExpr());
  M = Else;
  Value B = Side(E->getFalseExpr());
  M = Saved;
  // Every thread takes one side (`b < a ? b : a` on values the same in the
  // whole block): its value, whatever the other side would have been.
  auto AnyLive = [&](const Mask &Side) {
    return llvm::any_of(Side.A,
                        [](Activity A) { return A != Activity::Inactive; });
  };
  if (AnyLive(Then) != AnyLive(Else)) {
    Value R = AnyLive(Then) ? A : B;
    // The compiler still does not know which side (a launched value).
    if (C.CT.hard() && !R.CT.hard()) {
      R.CT.Why = CompileTime::Cause::Condition;
      R.CT.What = sourceText(E->getCond());
    }
    R.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
    return R;
  }
  if (A.K != B.K ||
      (A.K == Value::Kind::Pointer &&
       (A.Shared != B.Shared || A.Region != B.Region ||
        A.LocalObject != B.LocalObject)) ||
      A.K == Value::Kind::Unknown) {
    Value R = E->getType()->isIntegralOrEnumerationType()
                  ? opaqueInt("'" + sourceText(E) + "'")
                  : mergeTargets(A, B, "'" + sourceText(E) + "'");
    addDeps(R.Deps, A.Deps);
    addDeps(R.Deps, B.Deps);
    return R;
  }
  Value R = A;
  R.CT.merge(B.CT);
  bool Differs = false;
  for (unsigned T = 0; T < N; ++T)
    if (Then.A[T] != Activity::Inactive || Else.A[T] != Activity::Inactive)
      if (A.L[T] != B.L[T])
        Differs = true;
  if (Differs && C.CT.hard() && !R.CT.hard()) {
    R.CT.Why = CompileTime::Cause::Condition;
    R.CT.What = sourceText(E->getCond());
  }
  if (Differs)
    R.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  for (unsigned T = 0; T < N; ++T) {
    bool InThen = Then.A[T] != Activity::Inactive;
    bool InElse = Else.A[T] != Activity::Inactive;
    if (InThen && InElse && A.L[T] != B.L[T]) {
      R.L[T] = SymbolicInt::opaque();
      addDeps(R.Deps, Then.Deps);
      addDep(R.Deps, "'" + sourceText(E->getCond()) + "'");
    } else if (!InThen) {
      R.L[T] = B.L[T];
    }
  }
  addDeps(R.Deps, B.Deps);
  if (R.K == Value::Kind::Int)
    fitToType(R, E->getType());
  return R;
}

} // namespace simt
} // namespace warpcheck
