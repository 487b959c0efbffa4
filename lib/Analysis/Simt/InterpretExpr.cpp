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
                   /*FollowCalls=*/true);
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
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    CompileTime CT;
    // In a world that assumes its condition: the arm taken, loaded when
    // the `?:` is a glvalue.
    if (const Expr *Arm = assumedArm(CO, &CT)) {
      bool Load = CO->isGLValue() && !Arm->getType()->isRecordType() &&
                  !Arm->getType()->isArrayType() &&
                  !isa<AbstractConditionalOperator>(Arm->IgnoreParens());
      Value R = Load ? load(evalLValue(Arm), Arm->getType(), Arm) : eval(Arm);
      R.CT.merge(CT);
      return R;
    }
    return evalConditional(CO);
  }
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
  // A cuda::barrier's operations are mbarrier instructions (SYNCS), measured
  // to make no shared-memory load or store request
  // (cuda_samples/library_calls/measurements/h100-tma-mbarrier).
  const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
  bool Barrier = RD && RD->getName() == "barrier" &&
                 RD->getQualifiedNameAsString().find("cuda::") == 0;
  for (const RejectedOperation &Op : Ops)
    for (AccessKind K : Op.Kinds)
      if (!Barrier)
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
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    if (const Expr *Arm = assumedArm(CO))
      return evalLValue(Arm);
    return lvalueOf(evalConditional(
        CO, [&](const Expr *X) { return pointerTo(evalLValue(X)); }));
  }
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

} // namespace simt
} // namespace warpcheck
