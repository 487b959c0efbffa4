//===--- InterpretCallAndReturn.cpp - Calls and returns ---------------------===//
//
// Calls are inlined where the body is visible; atomics and launches are
// recognised here.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "Host/Mutation.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace warpcheck {
namespace simt {

/// A call the engine does not follow: it may write whatever its pointer and
/// reference arguments reach, and any object whose address escaped before.
Value Engine::opaqueCall(const CallExpr *E, const std::string &What) {
  // A __shared__ pointer (or object) it is given may be accessed there.
  std::string Why = What + ", which warpcheck does not follow";
  for (const Expr *Arg : E->arguments()) {
    Value P = evalOpaqueArgument(Arg, Why);
    QualType T = Arg->getType();
    reportUnfollowedShared(P, T->isPointerType() ? T->getPointeeType() : T,
                           Arg, Why);
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    Value P = evalOpaqueArgument(Obj, Why);
    QualType T = Obj->getType();
    reportUnfollowedShared(P, T->isPointerType() ? T->getPointeeType() : T,
                           Obj, Why);
  }
  havocEscaped("a call to " + What + " warpcheck does not follow");
  Value R = E->getType()->isIntegralOrEnumerationType()
                ? opaqueInt("result of " + What)
                : unknown("result of " + What);
  R.CT.Why = CompileTime::Cause::Call;
  R.CT.What = "the result of " + What;
  return R;
}

void Engine::reportSharedHeldBy(const Value &P, const Expr *Site,
                                const std::string &Why) {
  if (P.K != Value::Kind::Pointer || !P.LocalObject || Why.empty())
    return;
  // An object holding a reference or pointer to __shared__ storage (a CUB
  // primitive's temp_storage): the code it is handed to may access it.
  std::vector<Value> Held;
  for (const auto &[Offset, Cell] : objectOf(P.LocalObject).Cells)
    if (Cell.V.K == Value::Kind::Pointer && Cell.V.Shared &&
        llvm::none_of(Held, [&](const Value &H) {
          return H.Shared == Cell.V.Shared;
        }))
      Held.push_back(Cell.V);
  for (const Value &H : Held)
    reportUnfollowedShared(H, Ctx.IntTy, Site, Why);
}

Value Engine::evalOpaqueArgument(const Expr *Arg, const std::string &Why) {
  // An lvalue argument is bound to a reference (or is the object of a
  // member call): the callee gets its address.
  if (Arg->isGLValue() && !Arg->getType()->isFunctionType()) {
    Value P = pointerTo(evalLValue(Arg));
    reportSharedHeldBy(P, Arg, Why);
    // Bound to a reference: the callee may write it, but the compiler
    // inlines such library calls, so the object does not go to local memory.
    if (P.K == Value::Kind::Pointer && P.LocalObject) {
      havocObject(P.LocalObject, "'" + P.LocalObject->getNameAsString() +
                                     "' passed to code warpcheck does not "
                                     "follow");
      objectOf(P.LocalObject).Escaped = true;
    } else if (P.K == Value::Kind::Pointer)
      noteEscape(P, Arg);
    else
      havocExposed("'" + sourceText(Arg) +
                   "' passed to code warpcheck does not follow");
    return P;
  }
  Value V = eval(Arg);
  reportSharedHeldBy(V, Arg, Why);
  noteEscape(V, Arg);
  if (V.K == Value::Kind::Unknown && Arg->getType()->isPointerType())
    havocExposed("a pointer warpcheck does not follow passed to a call");
  return V;
}

Value Engine::evalCall(const CallExpr *E) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    // Assigning an aggregate (__half2, a struct): a load and a store at the
    // call site, whatever operator= does inside.
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(0)->getType()->isRecordType())
      return assignAggregate(Op->getArg(0), Op->getArg(1));
  }
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee)
    return callThroughPointer(E);
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  // Another block's shared memory (a cluster's distributed shared memory):
  // its threads may write this block's (settleSpinLoops).
  if (Name.contains("map_shared_rank"))
    RemoteShared = true;
  if (isAtomicFunctionName(Name) && E->getNumArgs() >= 1)
    return evalAtomic(E, Name);
  if (auto R = evalLibraryCall(Callee, E))
    return *R;
  if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(E)) {
    // A launch from device code (dynamic parallelism) starts another grid.
    for (const Expr *Arg : Launch->arguments())
      noteEscape(eval(Arg), Arg);
    return unknown("a kernel launch");
  }
  if (isCooperativeGroupsCall(E))
    return evalLibraryMemberCall(E);
  if (isGroupConstructor(Callee)) {
    // this_thread_block(), tiled_partition<N>(g): they make a group handle
    // and write nothing; the member calls on it are decided from its type.
    for (const Expr *Arg : E->arguments())
      if (!Arg->isGLValue())
        eval(Arg);
    return unknown("a cooperative group handle");
  }
  const FunctionDecl *Def = nullptr;
  bool HasBody = Callee->hasBody(Def) && Def;
  if (!HasBody || (SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
                   !followsLibraryCode(Def))) {
    if (std::optional<Value> V = evalReadOnlyOperator(E, Callee))
      return *V;
    if (isa<CXXMemberCallExpr>(E) || isa<CXXOperatorCallExpr>(E))
      return evalLibraryMemberCall(E);
    return evalIntrinsic(Name, E);
  }
  bool Recursive = false;
  for (const Frame &F : Frames)
    Recursive |= F.FD == Def;
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  // A lambda's operator() is followed like any call (its captures are
  // bound in inlineCall); a virtual call may reach any override.
  if (Recursive || Def->hasAttr<CUDAGlobalAttr>() || Def->isVariadic() ||
      (Method && Method->isVirtual()))
    return opaqueCall(E, "'" + Callee->getNameAsString() + "'");
  if (Def->isInvalidDecl() || didNotParse(Def->getBody(), Ctx)) {
    // What parsed is followed; what did not may write anything it reaches,
    // and its result is unknown.
    std::string Why = "'" + Callee->getNameAsString() +
                      "', whose body did not parse";
    inlineCall(Def, E);
    havocEscaped("a call to " + Why);
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("result of " + Why)
               : unknown("result of " + Why);
  }
  return inlineCall(Def, E);
}

bool Engine::followsLibraryCode(const FunctionDecl *Def) const {
  SourceLocation Loc = SM.getExpansionLoc(Def->getLocation());
  if (!SM.isInSystemHeader(Loc))
    return true;
  // CUDA C++ libraries built on the language: their shared-memory accesses
  // are plain C++ the engine follows. The toolkit's own headers (crt/,
  // sm_*_intrinsics, cuda_fp16, cooperative groups' details) are built-ins
  // modelled by name (CudaIntrinsics.cpp, LibraryCalls.cpp).
  StringRef File = SM.getFilename(SM.getSpellingLoc(Loc));
  // libcu++'s synchronization objects work through mbarrier and atomic PTX
  // the engine does not model: their operations stay unknown at the call.
  for (StringRef Sync : {"/__barrier/", "/__latch/", "/__semaphore/",
                         "/__atomic/", "/__pipeline/", "/__memcpy_async/"})
    if (File.contains(Sync))
      return false;
  for (StringRef Library : {"/cub/", "/thrust/", "/cuda/std/", "/cuda/__",
                            "/cute/", "/cutlass/"})
    if (File.contains(Library))
      return true;
  return false;
}

/// A library operator on values (`__half2 operator+(const __half2 &, const
/// __half2 &)`, `==` on `float2`): every reference it takes is const and to
/// a trivially copyable object, so it can only read each whole object, as a
/// call by value does. Each such argument is one load at the user's line.
std::optional<Value> Engine::evalReadOnlyOperator(const CallExpr *E,
                                                  const FunctionDecl *Callee) {
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  if (!Op || Callee->isVariadic())
    return std::nullopt;
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  if (Method && (!Method->isConst() || Method->isVirtual()))
    return std::nullopt;
  // A small value: a scalar, or a standard-layout record of at most 16
  // bytes without mutable members (__half2, float4; their copy operations
  // are user-written in CUDA's headers, so not "trivially copyable").
  auto Value = [&](QualType T) {
    if (T->isIncompleteType() || T->isPointerType())
      return false;
    if (T->isScalarType())
      return true;
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !RD->isStandardLayout() ||
        RD->hasMutableFields() || sizeOf(T) > 16)
      return false;
    return true;
  };
  auto ReadOnly = [&](QualType T) {
    if (!T->isReferenceType())
      return Value(T);
    QualType Pointee = T.getNonReferenceType();
    return Pointee.isConstQualified() && Value(Pointee);
  };
  unsigned First = Method ? 1 : 0; // argument 0 is the object of a method
  if (Method && !Value(E->getArg(0)->getType()))
    return std::nullopt;
  if (E->getNumArgs() != Callee->getNumParams() + First)
    return std::nullopt;
  for (unsigned I = 0; I < Callee->getNumParams(); ++I)
    if (!ReadOnly(Callee->getParamDecl(I)->getType()))
      return std::nullopt;
  for (unsigned I = 0; I < E->getNumArgs(); ++I) {
    const Expr *Arg = E->getArg(I);
    bool ByReference =
        I < First ||
        Callee->getParamDecl(I - First)->getType()->isReferenceType();
    if (ByReference && Arg->isGLValue())
      load(evalLValue(Arg), Arg->getType(), Arg);
    else
      eval(Arg);
  }
  std::string What = "'" + sourceText(E->getCallee()) + "'";
  simt::Value R = E->getType()->isIntegralOrEnumerationType()
                      ? opaqueInt("result of " + What)
                      : unknown("result of " + What);
  R.CT.Why = CompileTime::Cause::Call;
  R.CT.What = "the result of " + What;
  return R;
}

Value Engine::assignAggregate(const Expr *DstE, const Expr *SrcE) {
  LValue Src = evalLValue(SrcE);
  if (Src.K == LValue::Kind::Shared)
    record(SrcE, AccessKind::Load, SrcE->getType(), Src);
  LValue Dst = evalLValue(DstE);
  if (Dst.K == LValue::Kind::Shared)
    record(DstE, AccessKind::Store, DstE->getType(), Dst);
  if (Dst.K == LValue::Kind::LocalObject)
    copyIntoObject(Dst, Src, sizeOf(DstE->getType()),
                   "'" + sourceText(DstE) + "' assigned from " +
                       sourceText(SrcE));
  else if (Dst.K == LValue::Kind::None)
    havocExposed("a write through a pointer warpcheck does not follow (" +
                 sourceText(DstE) + ")");
  return unknown();
}

bool Engine::resultUnused(const Expr *E) {
  const Stmt *Child = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    const Stmt *P = Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
    if (!P)
      return false;
    if (isa<ParenExpr>(P) || isa<ExprWithCleanups>(P) ||
        isa<ImplicitCastExpr>(P)) {
      Child = P;
      continue;
    }
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(P))
      return Cast->getType()->isVoidType();
    // A statement of its own: in a block, or the unbraced body of an if, a
    // loop or a case (a loop's increment discards its value too).
    if (isa<CompoundStmt>(P) || isa<SwitchCase>(P))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getThen() == Child || If->getElse() == Child;
    if (const auto *While = dyn_cast<WhileStmt>(P))
      return While->getBody() == Child;
    if (const auto *Do = dyn_cast<DoStmt>(P))
      return Do->getBody() == Child;
    if (const auto *For = dyn_cast<ForStmt>(P))
      return For->getBody() == Child || For->getInc() == Child;
    return false;
  }
}

Value Engine::evalAtomic(const CallExpr *E, StringRef Name) {
  Value Ptr = eval(E->getArg(0));
  std::vector<Value> Operands;
  for (unsigned I = 1; I < E->getNumArgs(); ++I)
    Operands.push_back(eval(E->getArg(I)));
  LValue LV = lvalueOf(Ptr);
  QualType Elem = E->getArg(0)->getType()->getPointeeType();
  if (LV.K == LValue::Kind::Shared) {
    // The operand, when the compiler sees one constant for every thread
    // (atomicAdd(p, 1) runs as ATOMS.POPC.INC).
    std::optional<int64_t> Constant;
    if (!Operands.empty() && Operands[0].K == Value::Kind::Int &&
        !Operands[0].CT.hard() && laneCount())
      if (auto C = Operands[0].L[firstLiveLane()].asConstant();
          C && isUniform(Operands[0].L))
        Constant = C;
    // Per call site, not per execution: both walk the AST.
    auto [Known, New] = AtomicSiteFacts.try_emplace(E);
    if (New) {
      Known->second.first = resultUnused(E);
      Known->second.second = provenUniform(E->getArg(0));
    }
    AtomicOp Op;
    Op.Function = Name.str();
    Op.ResultUnused = Known->second.first;
    // The use of the result decides the form (atomicAdd(p, 1): POPC.INC
    // unused, ATOMS.ADD used; REDUX combining only unused for min/max/...).
    Op.Form = atomicForm(Op.Function, unsigned(sizeOf(Elem)),
                         Elem->isRealFloatingType(),
                         Op.ResultUnused ? AtomicResult::Unused
                                         : AtomicResult::Used,
                         Constant);
    Op.UniformAddress = Known->second.second;
    record(E, AccessKind::Atomic, Elem, LV, &Op);
  }
  else if (LV.K == LValue::Kind::LocalObject)
    havocObject(LV.Var, "an atomic update of '" +
                            LV.Var->getNameAsString() + "'");
  else if (LV.K == LValue::Kind::None)
    havocExposed("an atomic update through a pointer warpcheck does not "
                 "follow");
  // Each thread gets the old value it replaced: unknown per thread.
  Value R = E->getType()->isIntegralOrEnumerationType()
                ? opaqueInt("result of '" + Name.str() + "'")
                : unknown("result of '" + Name.str() + "'");
  return R;
}

Value Engine::inlineCall(const FunctionDecl *Callee, const CallExpr *E) {
  if (Frames.size() > Limits.MaxCallDepth) {
    // What the callee reaches may name __shared__ variables of its own.
    std::string What =
        "'" + Callee->getNameAsString() + "' (calls nested too deeply)";
    reportSharedIn(Callee->getBody(), What + ", which warpcheck does not follow",
                   true);
    return opaqueCall(E, What);
  }
  if (++Calls > Limits.MaxCalls) {
    std::string Why = "not followed: the call budget of " +
                      std::to_string(Limits.MaxCalls) + " calls was reached";
    // The arguments' shared storage at this call, then whatever the rest
    // of the kernel names; then the kernel stops (like the steps budget).
    Value R = opaqueCall(E, "'" + Callee->getNameAsString() +
                                "' (past the call budget of " +
                                std::to_string(Limits.MaxCalls) + " calls)");
    reportSharedIn(Kernel->getBody(), Why, true);
    stop(Why);
    return R;
  }
  Frame F;
  F.FD = Callee;
  F.Call = E;
  F.Entry = E;
  F.Returned.assign(N, Exit::None);
  // A call that stays a call passes its arguments through memory: a
  // per-thread array handed to it escapes (its body is still followed for
  // its shared-memory accesses).
  bool StaysACall = Callee->hasAttr<NoInlineAttr>();
  // The object of a member call, and where the arguments start.
  unsigned FirstArg = 0;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    F.This = Obj->getType()->isPointerType() ? eval(Obj)
                                             : pointerTo(evalLValue(Obj));
  } else if (isa<CXXOperatorCallExpr>(E) && isa<CXXMethodDecl>(Callee)) {
    F.This = pointerTo(evalLValue(E->getArg(0)));
    FirstArg = 1;
  }
  // A lambda: what it captured by copy as its expression ran; what it
  // captured by reference is an object (made one when the lambda was
  // made) or a reference the caller's frames hold.
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  const CXXRecordDecl *Closure =
      Method && Method->getParent()->isLambda() ? Method->getParent()
                                                 : nullptr;
  if (Closure) {
    auto Copies = LambdaCopies.find(Closure);
    for (const LambdaCapture &C : Closure->captures()) {
      if (C.capturesThis()) {
        auto T = LambdaThis.find(Closure);
        F.This = T != LambdaThis.end() ? T->second : unknown("'this'");
        continue;
      }
      const auto *V = C.capturesVariable()
                          ? dyn_cast<VarDecl>(C.getCapturedVar())
                          : nullptr;
      if (!V || isObjectVar(V))
        continue;
      if (C.getCaptureKind() == LCK_ByCopy && Copies != LambdaCopies.end()) {
        auto It = Copies->second.find(V);
        if (It != Copies->second.end()) {
          F.Env[V] = It->second;
          continue;
        }
      }
      for (auto Fr = Frames.rbegin(); Fr != Frames.rend(); ++Fr)
        if (auto It = Fr->Env.find(V); It != Fr->Env.end()) {
          F.Env[V] = It->second;
          break;
        }
    }
  }
  bindArguments(F, Callee,
                llvm::ArrayRef<const Expr *>(E->getArgs(), E->getNumArgs())
                    .drop_front(FirstArg),
                StaysACall);
  Value Result = runFrame(std::move(F), Callee->getBody(), nullptr, [&] {
    // A mutable lambda keeps what it wrote to its copies for the next call.
    if (Closure && !Method->isConst())
      for (auto &[V, Val] : LambdaCopies[Closure])
        if (auto It = frame().Env.find(V); It != frame().Env.end())
          Val = It->second;
  });
  if (!Callee->getReturnType()->isVoidType() &&
      Result.K == Value::Kind::Unknown &&
      Callee->getReturnType()->isIntegralOrEnumerationType())
    return opaqueInt("result of '" + Callee->getNameAsString() + "'");
  return Result;
}

Value Engine::runFrame(Frame F, const Stmt *Body,
                       llvm::function_ref<void()> Prologue,
                       llvm::function_ref<void()> Epilogue) {
  Mask Saved = M;
  std::vector<LoopState> SavedLoops;
  std::swap(SavedLoops, Loops);
  llvm::SaveAndRestore NotInInit(InLoopInit, false);
  Frames.push_back(std::move(F));
  if (Prologue)
    Prologue();
  exec(Body);
  if (Epilogue)
    Epilogue();
  Value Result = frame().HasResult ? frame().Result : Value();
  Frames.pop_back();
  std::swap(SavedLoops, Loops);
  M = Saved;
  return Result;
}

void Engine::bindArguments(Frame &F, const FunctionDecl *Callee,
                           llvm::ArrayRef<const Expr *> Args,
                           bool StaysACall) {
  std::vector<std::pair<const ParmVarDecl *, const Expr *>> Aggregates;
  for (unsigned I = 0; I < Callee->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    const Expr *Arg = Args[I];
    if (P->getType()->isReferenceType()) {
      // Bind the reference to the argument's address (a scalar local
      // becomes a per-thread object, so the callee's writes reach it).
      F.Env[P] = pointerTo(evalLValue(Arg));
      continue;
    }
    if (isAggregateLocal(P)) {
      Aggregates.push_back({P, Arg});
      continue;
    }
    Value V = eval(Arg);
    if (StaysACall)
      noteEscape(V, Arg);
    if (V.K == Value::Kind::Int)
      fitToType(V, P->getType());
    F.Env[P] = std::move(V);
  }
  // Aggregates passed by value: the callee's copy starts as the argument.
  for (auto &[P, Arg] : Aggregates) {
    Objects[P] = ThreadObject();
    LValue Dst = objectLValue(P);
    initAggregate(Dst, P->getType(), Arg);
  }
}

void Engine::reportUnfollowedShared(const Value &P, QualType Pointee,
                                    const Expr *Site, const std::string &Why) {
  if (P.K != Value::Kind::Pointer || !P.Shared)
    return;
  // A shared scalar bound to a `const T &` parameter (std::max(s[i], x)):
  // the callee reads that element, once, where the pointer says.
  if (Site->isGLValue() && Site->getType()->isScalarType())
    if (const auto *Call = dyn_cast_or_null<CallExpr>(
            Ctx.getParents(*Site).empty()
                ? nullptr
                : Ctx.getParents(*Site)[0].get<CallExpr>()))
      if (const FunctionDecl *F = Call->getDirectCallee()) {
        unsigned Skip = isa<CXXOperatorCallExpr>(Call) &&
                                isa<CXXMethodDecl>(F)
                            ? 1
                            : 0;
        for (unsigned I = Skip; I < Call->getNumArgs(); ++I)
          if (Call->getArg(I) == Site && I - Skip < F->getNumParams()) {
            QualType PT = F->getParamDecl(I - Skip)->getType();
            bool Reads = PT->isReferenceType() &&
                         PT->getPointeeType().isConstQualified();
            // A library template's forwarding reference (cg::reduce(g,
            // v, op) takes `T &&v`): it reads the value.
            const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
            if (!Reads && Pattern && I - Skip < Pattern->getNumParams() &&
                SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
              if (const auto *RR = Pattern->getParamDecl(I - Skip)
                                       ->getType()
                                       ->getAs<RValueReferenceType>())
                Reads = RR->getPointeeType()->isTemplateTypeParmType();
            if (Reads) {
              record(Site, AccessKind::Load, Site->getType(), lvalueOf(P));
              return;
            }
          }
      }
  // Whether it reads or writes is not known: a pointer to const is read.
  AccessKind Kind = Pointee.isConstQualified() ? AccessKind::Load
                                                : AccessKind::Store;
  uint64_t Width = Pointee.isNull() || Pointee->isIncompleteType() ||
                           Pointee->isVoidType()
                       ? 4
                       : sizeOf(Pointee);
  recordUnknown(Site, Kind, P.Shared, Width, Why);
}

/// The variable an lvalue expression names, through subscripts and members
/// (`table[i]`, `ops.f`): writes to those are writes to the variable.
static const VarDecl *rootVariable(const Expr *E) {
  while (E) {
    E = E->IgnoreParenCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(Ref->getDecl());
    else
      return nullptr;
  }
  return nullptr;
}

namespace {
/// Every write to a variable in the translation unit: the values assigned
/// to it, the references bound to it, and whether it may change any other
/// way (Mutation.h: its address taken, an argument bound to a reference).
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  std::map<const VarDecl *, Engine::VariableWrites> &Out;
  explicit WriteCollector(std::map<const VarDecl *, Engine::VariableWrites> &Out)
      : Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitVarDecl(VarDecl *D) {
    // `Fn &r = f;`: what is assigned to r is assigned to f (a reference to
    // an element or member, `Fn &r = table[0]`, counts as one to the table).
    if (D->getType()->isReferenceType() && D->getInit() &&
        D->getInit()->isGLValue())
      if (const VarDecl *V = rootVariable(D->getInit())) {
        Out[V].Aliases.push_back(D);
        Bound.insert(D->getInit()->IgnoreParenImpCasts());
      }
    // A global's initializer runs outside every function body.
    if (D->getInit() && !D->isLocalVarDecl() && !isa<ParmVarDecl>(D))
      Bodies.push_back(D->getInit());
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->hasBody() && F->doesThisDeclarationHaveABody())
      Bodies.push_back(F->getBody());
    // A constructor's member initializers run outside its body.
    if (const auto *C = dyn_cast<CXXConstructorDecl>(F))
      for (const CXXCtorInitializer *I : C->inits())
        if (I->getInit())
          Bodies.push_back(I->getInit());
    return true;
  }
  bool VisitFieldDecl(FieldDecl *F) {
    if (const Expr *Init = F->getInClassInitializer())
      Bodies.push_back(Init);
    return true;
  }
  bool VisitParmVarDecl(ParmVarDecl *P) {
    if (P->hasDefaultArg() && !P->hasUnparsedDefaultArg() &&
        !P->hasUninstantiatedDefaultArg())
      Bodies.push_back(P->getDefaultArg());
    return true;
  }
  /// Reads the uses in every body, once the references are known.
  void collectChanges() {
    for (const Stmt *Body : Bodies)
      forEachChangingUse(Body, [&](const VarDecl *V, const VariableUse &U) {
        const Expr *RHS = nullptr;
        if (const auto *B = dyn_cast<BinaryOperator>(U.At);
            B && B->isAssignmentOp())
          RHS = B->getRHS();
        else if (const auto *C = dyn_cast<CXXOperatorCallExpr>(U.At);
                 C && C->isAssignmentOp() && C->getNumArgs() == 2)
          RHS = C->getArg(1);
        if (U.Kind == UseKind::Assigned && RHS)
          Out[V].Assigned.push_back(RHS);
        else if (!Bound.count(U.At) && !Bound.count(U.Ref))
          Out[V].Escapes = true;
      });
  }

private:
  std::vector<const Stmt *> Bodies;
  /// Initializers of references, followed as aliases.
  llvm::SmallPtrSet<const Expr *, 16> Bound;
};
} // namespace

const Engine::VariableWrites &Engine::writesTo(const VarDecl *V) {
  if (!Writes) {
    Writes.emplace();
    WriteCollector C(*Writes);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    C.collectChanges();
  }
  return (*Writes)[V];
}

/// The function a constant pointer or reference value designates (the
/// constant evaluator's result for `get_vec_dot<T>()`, a `constexpr`
/// variable, a template argument); empty for a null pointer.
static std::optional<std::vector<const FunctionDecl *>>
constantCallee(const APValue &A) {
  if (!A.isLValue() || (A.hasLValuePath() && !A.getLValuePath().empty()))
    return std::nullopt;
  if (A.isNullPointer())
    return std::vector<const FunctionDecl *>();
  const auto *F = dyn_cast_if_present<FunctionDecl>(
      A.getLValueBase().dyn_cast<const ValueDecl *>());
  if (!F || !A.getLValueOffset().isZero())
    return std::nullopt;
  return std::vector<const FunctionDecl *>{F};
}

std::optional<std::vector<const FunctionDecl *>>
Engine::possibleCallees(const Expr *Callee, size_t FrameIdx,
                        llvm::SmallPtrSetImpl<const VarDecl *> &Seen) {
  using Set = std::vector<const FunctionDecl *>;
  if (!Callee)
    return std::nullopt;
  const Expr *E = Callee->IgnoreParenCasts();
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return possibleCallees(Sub->getReplacement(), FrameIdx, Seen);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf)
      return possibleCallees(U->getSubExpr(), FrameIdx, Seen);
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E) ||
      isa<ImplicitValueInitExpr>(E) ||
      (isa<IntegerLiteral>(E) && cast<IntegerLiteral>(E)->getValue() == 0))
    return Set(); // calling a null pointer is undefined: nothing to follow
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    auto A = possibleCallees(C->getTrueExpr(), FrameIdx, Seen);
    auto B = possibleCallees(C->getFalseExpr(), FrameIdx, Seen);
    if (!A || !B)
      return std::nullopt;
    A->insert(A->end(), B->begin(), B->end());
    return A;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    Set All;
    for (const Expr *Init : IL->inits()) {
      auto S = possibleCallees(Init, FrameIdx, Seen);
      if (!S)
        return std::nullopt;
      All.insert(All.end(), S->begin(), S->end());
    }
    if (IL->hasArrayFiller())
      if (auto S = possibleCallees(IL->getArrayFiller(), FrameIdx, Seen))
        All.insert(All.end(), S->begin(), S->end());
    return All;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return possibleCallees(AS->getBase(), FrameIdx, Seen); // any element
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (isa<FunctionDecl>(ME->getMemberDecl()))
      return Set{cast<FunctionDecl>(ME->getMemberDecl())};
    // A static data member named through an object: the variable.
    if (const auto *SV = dyn_cast<VarDecl>(ME->getMemberDecl()))
      return variableCallees(SV, FrameIdx, Seen);
    if (ME->isArrow())
      return std::nullopt;
    return possibleCallees(ME->getBase(), FrameIdx, Seen); // any member
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref) {
    // A constant expression the compiler folds to one function: a
    // constexpr function's result (`get_vec_dot<type>()`).
    Expr::EvalResult R;
    if (!E->isValueDependent() &&
        (E->isGLValue() ? E->EvaluateAsLValue(R, Ctx)
                        : E->EvaluateAsRValue(R, Ctx)) &&
        !R.HasSideEffects)
      return constantCallee(R.Val);
    return std::nullopt;
  }
  if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
    return Set{F};
  const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
  if (!V)
    return std::nullopt;
  return variableCallees(V, FrameIdx, Seen);
}

std::optional<std::vector<const FunctionDecl *>>
Engine::variableCallees(const VarDecl *V, size_t FrameIdx,
                        llvm::SmallPtrSetImpl<const VarDecl *> &Seen) {
  using Set = std::vector<const FunctionDecl *>;
  if (!Seen.insert(V).second)
    return Set(); // its other sources are being collected
  Set All;
  // A variable nothing can change once initialized (constexpr, const, a
  // reference), with a constant initializer: the function it holds, as the
  // compiler folds it (ggml's `constexpr vec_dot_mmq_t vec_dot = ...`, a
  // `static constexpr` member of a traits class).
  if (!isa<ParmVarDecl>(V) && V->getInit() &&
      !V->getInit()->isValueDependent() &&
      (V->isConstexpr() || V->getType().isConstQualified() ||
       V->getType()->isReferenceType()))
    if (const APValue *A = V->evaluateValue())
      if (auto F = constantCallee(*A))
        return F;
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    // A parameter of a call the engine follows: what the caller passed.
    if (FrameIdx == 0 || FrameIdx >= Frames.size() ||
        Frames[FrameIdx].FD != P->getDeclContext() || !Frames[FrameIdx].Call)
      return std::nullopt;
    const CallExpr *Call = Frames[FrameIdx].Call;
    unsigned Skip = isa<CXXOperatorCallExpr>(Call) &&
                            isa<CXXMethodDecl>(Frames[FrameIdx].FD)
                        ? 1
                        : 0;
    unsigned Index = P->getFunctionScopeIndex() + Skip;
    if (Index >= Call->getNumArgs())
      return std::nullopt;
    auto S = possibleCallees(Call->getArg(Index), FrameIdx - 1, Seen);
    if (!S)
      return std::nullopt;
    All = *S;
  } else {
    // A variable of this translation unit: its initializer, when nothing
    // outside it can change it (host code writes a __device__ table with
    // cudaMemcpyToSymbol, which takes it by reference).
    if (V->hasExternalStorage() || !V->getType()->isCompoundType())
      return std::nullopt;
    if (const Expr *Init = V->getInit()) {
      auto S = possibleCallees(Init, FrameIdx, Seen);
      if (!S)
        return std::nullopt;
      All = *S;
    } else if (V->hasGlobalStorage() && !V->isStaticLocal()) {
      // A global defined elsewhere (-rdc) or zero-initialized and set by
      // the host: unknown.
      return std::nullopt;
    }
  }
  // Every write to it, or to a reference bound to it.
  std::vector<const VarDecl *> Names{V};
  for (size_t I = 0; I < Names.size(); ++I) {
    VariableWrites W = writesTo(Names[I]);
    if (W.Escapes)
      return std::nullopt;
    for (const Expr *RHS : W.Assigned) {
      auto S = possibleCallees(RHS, FrameIdx, Seen);
      if (!S)
        return std::nullopt;
      All.insert(All.end(), S->begin(), S->end());
    }
    for (const VarDecl *A : W.Aliases)
      if (std::find(Names.begin(), Names.end(), A) == Names.end())
        Names.push_back(A);
  }
  return All;
}

Value Engine::callThroughPointer(const CallExpr *E) {
  const Expr *CalleeE = E->getCallee();
  std::string Text = "'" + sourceText(CalleeE) + "'";
  // Evaluate the callee expression for what it reads (a table in shared
  // memory is a shared access).
  if (!isa<CXXPseudoDestructorExpr>(CalleeE->IgnoreParenImpCasts()))
    eval(CalleeE);
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  std::optional<std::vector<const FunctionDecl *>> Callees;
  if (!isa<CXXMemberCallExpr>(E)) // pointers to members: not followed
    Callees = possibleCallees(CalleeE, Frames.size() - 1, Seen);
  if (Callees) {
    std::vector<const FunctionDecl *> Unique;
    for (const FunctionDecl *F : *Callees) {
      const FunctionDecl *C = F->getCanonicalDecl();
      if (std::find(Unique.begin(), Unique.end(), C) == Unique.end())
        Unique.push_back(C);
    }
    Callees = Unique;
  }
  // Each function it may call must be one the engine can follow.
  bool Followable = Callees && !Callees->empty();
  for (unsigned I = 0; Followable && I < Callees->size(); ++I) {
    const FunctionDecl *Def = nullptr;
    const FunctionDecl *F = (*Callees)[I];
    if (!F->hasBody(Def) || !Def || Def->isVariadic() ||
        Def->hasAttr<CUDAGlobalAttr>() ||
        (isa<CXXMethodDecl>(Def) && !cast<CXXMethodDecl>(Def)->isStatic()) ||
        Def->getNumParams() != E->getNumArgs() ||
        SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
      Followable = false;
    else
      (*Callees)[I] = Def;
  }
  if (!Followable)
    return opaqueCall(E, Callees && Callees->empty()
                             ? Text + ", a null function pointer"
                             : "a function called through " + Text +
                                   ", a pointer the analysis cannot "
                                   "resolve");
  for (const FunctionDecl *Def : *Callees)
    for (const Frame &F : Frames)
      if (F.FD == Def)
        return opaqueCall(E, "'" + Def->getNameAsString() +
                                 "' (called recursively through " + Text +
                                 ")");
  if (Callees->size() == 1)
    return inlineCall((*Callees)[0], E);
  // One of several: each runs in every thread that may call it, an unknown
  // number of times (once or never), and the result is their join.
  Mask Saved = M;
  Mask Either = M;
  for (Activity &A : Either.A)
    if (A == Activity::Active)
      A = Activity::Maybe;
  addDep(Either.Deps, "which function " + Text + " points to");
  ++Either.Depth;
  ++Either.Region;
  ++UncountedLoops;
  std::optional<Value> Joined;
  for (const FunctionDecl *Def : *Callees) {
    M = Either;
    Value R = inlineCall(Def, E);
    if (!Joined) {
      Joined = std::move(R);
      continue;
    }
    bool Same = Joined->K == Value::Kind::Int && R.K == Value::Kind::Int;
    for (unsigned T = 0; Same && T < N; ++T)
      Same = Joined->L[T] == R.L[T];
    if (Same)
      Joined->CT.merge(R.CT);
    else if (E->getType()->isIntegralOrEnumerationType())
      Joined = opaqueInt("the result of a call through " + Text);
    else
      Joined = mergeTargets(*Joined, R, "the result of a call through " + Text);
  }
  --UncountedLoops;
  M = Saved;
  // Each ran from the same state in turn: what they wrote through pointers
  // is not a join, so it is forgotten.
  havocEscaped("a call through " + Text + " to one of " +
               std::to_string(Callees->size()) + " functions");
  return Joined ? *Joined : unknown();
}

} // namespace simt
} // namespace warpcheck
