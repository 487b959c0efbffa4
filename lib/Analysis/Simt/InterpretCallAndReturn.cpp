//===--- InterpretCallAndReturn.cpp - Calls and returns ---------------------===//
//
// Calls are inlined where the body is visible; atomics and launches are
// recognised here.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace warpcheck {
namespace simt {

/// A call the engine does not follow: it may write whatever its pointer and
/// reference arguments reach, and any object whose address escaped before.
Value Engine::opaqueCall(const CallExpr *E, const std::string &What) {
  for (const Expr *Arg : E->arguments())
    evalOpaqueArgument(Arg);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    evalOpaqueArgument(MC->getImplicitObjectArgument());
  havocEscaped("a call to " + What + " warpcheck does not follow");
  Value R = E->getType()->isIntegralOrEnumerationType()
                ? opaqueInt("result of " + What)
                : unknown("result of " + What);
  R.CT.Why = CompileTime::Cause::Call;
  R.CT.What = "the result of " + What;
  return R;
}

Value Engine::evalOpaqueArgument(const Expr *Arg) {
  // An lvalue argument is bound to a reference (or is the object of a
  // member call): the callee gets its address.
  if (Arg->isGLValue() && !Arg->getType()->isFunctionType()) {
    Value P = pointerTo(evalLValue(Arg));
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
    return opaqueCall(E, "'" + sourceText(E->getCallee()) + "'");
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if (isAtomicFunctionName(Name) && E->getNumArgs() >= 1)
    return evalAtomic(E, Name);
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
  bool InSystemHeader =
      SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
  if (InSystemHeader || !Callee->hasBody(Def) || !Def) {
    if (isa<CXXMemberCallExpr>(E) || isa<CXXOperatorCallExpr>(E))
      return evalLibraryMemberCall(E);
    return evalIntrinsic(Name, E);
  }
  bool Recursive = false;
  for (const Frame &F : Frames)
    Recursive |= F.FD == Def;
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  bool Lambda = Method && Method->getParent()->isLambda();
  if (Recursive || Def->hasAttr<CUDAGlobalAttr>() || Def->isVariadic() ||
      Lambda || (Method && Method->isVirtual()))
    return opaqueCall(E, "'" + Callee->getNameAsString() + "'");
  if (Def->isInvalidDecl() || didNotParse(Def->getBody())) {
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
    AtomicOp Op;
    Op.Function = Name.str();
    Op.Form = atomicForm(Op.Function, unsigned(sizeOf(Elem)),
                         Elem->isRealFloatingType(), Constant);
    // Per call site, not per execution: both walk the AST.
    auto [Known, New] = AtomicSiteFacts.try_emplace(E);
    if (New) {
      Known->second.first = resultUnused(E);
      Known->second.second =
          Known->second.first && provenUniform(E->getArg(0));
    }
    Op.ResultUnused = Known->second.first;
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
  if (Frames.size() > Limits.MaxCallDepth)
    return opaqueCall(E, "'" + Callee->getNameAsString() +
                             "' (calls nested too deeply)");
  Frame F;
  F.FD = Callee;
  F.Call = E;
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
  std::vector<std::pair<const ParmVarDecl *, const Expr *>> Aggregates;
  for (unsigned I = 0;
       I < Callee->getNumParams() && I + FirstArg < E->getNumArgs(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    const Expr *Arg = E->getArg(I + FirstArg);
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
  Mask Saved = M;
  std::vector<LoopState> SavedLoops;
  std::swap(SavedLoops, Loops);
  Frames.push_back(std::move(F));
  exec(Callee->getBody());
  Value Result = frame().HasResult ? frame().Result : Value();
  Frames.pop_back();
  std::swap(SavedLoops, Loops);
  M = Saved;
  if (!Callee->getReturnType()->isVoidType() &&
      Result.K == Value::Kind::Unknown &&
      Callee->getReturnType()->isIntegralOrEnumerationType())
    return opaqueInt("result of '" + Callee->getNameAsString() + "'");
  return Result;
}

} // namespace simt
} // namespace warpcheck
