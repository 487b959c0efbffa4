//===--- InterpretCallAndReturn.cpp - Calls and returns ---------------------===//
//
// Calls are inlined where the body is visible; atomics and launches are
// recognised here.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {


Value Engine::evalCall(const CallExpr *E) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(0)->getType()->isRecordType()) {
      LValue Src = evalLValue(Op->getArg(1));
      if (Src.K == LValue::Kind::Shared)
        record(Op->getArg(1), AccessKind::Load, Op->getArg(1)->getType(), Src);
      LValue Dst = evalLValue(Op->getArg(0));
      if (Dst.K == LValue::Kind::Shared)
        record(Op->getArg(0), AccessKind::Store, Op->getArg(0)->getType(), Dst);
      return unknown();
    }
  }
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || isa<CXXMemberCallExpr>(E) || isa<CXXOperatorCallExpr>(E)) {
    for (const Expr *Arg : E->arguments())
      noteEscape(eval(Arg), Arg);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      eval(MC->getImplicitObjectArgument());
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("'" + sourceText(E) + "'")
               : unknown();
  }
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if (isAtomicFunctionName(Name) && E->getNumArgs() >= 1) {
    Value Ptr = eval(E->getArg(0));
    for (unsigned I = 1; I < E->getNumArgs(); ++I)
      eval(E->getArg(I));
    if (Ptr.K == Value::Kind::Pointer && Ptr.Shared) {
      LValue LV;
      LV.K = LValue::Kind::Shared;
      LV.Var = Ptr.Shared;
      LV.Offset = Ptr.L;
      LV.Deps = Ptr.Deps;
      record(E, AccessKind::Atomic, E->getArg(0)->getType()->getPointeeType(),
             LV);
    }
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("result of '" + Name.str() + "'")
               : unknown();
  }
  const FunctionDecl *Def = nullptr;
  // A launch from device code (dynamic parallelism) starts another grid: it
  // is not a call to follow; nor is a function already being followed.
  bool Recursive = false;
  if (Callee->hasBody(Def) && Def)
    for (const Frame &F : Frames)
      Recursive |= F.FD == Def;
  if (Def && !isa<CUDAKernelCallExpr>(E) && !Recursive &&
      !Def->hasAttr<CUDAGlobalAttr>() &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
      !Def->isVariadic())
    return inlineCall(Def, E);
  if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(E)) {
    for (const Expr *Arg : Launch->arguments())
      noteEscape(eval(Arg), Arg);
    return unknown();
  }
  return evalIntrinsic(Name, E);
}

Value Engine::inlineCall(const FunctionDecl *Callee,
                                          const CallExpr *E) {
  if (Frames.size() > Limits.MaxCallDepth) {
    for (const Expr *Arg : E->arguments())
      eval(Arg);
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("result of '" + Callee->getNameAsString() +
                           "' (calls nested too deeply)")
               : unknown();
  }
  Frame F;
  F.FD = Callee;
  F.Returned.assign(N, Exit::None);
  // A call that stays a call passes its arguments through memory: a
  // per-thread array handed to it escapes (its body is still followed for
  // its shared-memory accesses).
  bool StaysACall = Callee->hasAttr<NoInlineAttr>();
  for (unsigned I = 0; I < Callee->getNumParams() && I < E->getNumArgs(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    const Expr *Arg = E->getArg(I);
    if (P->getType()->isReferenceType()) {
      // Bind the reference to the argument's address.
      LValue LV = evalLValue(Arg);
      Value Ref;
      if (LV.K == LValue::Kind::Shared || LV.K == LValue::Kind::Memory ||
          LV.K == LValue::Kind::LocalObject) {
        Ref = pointerTo(LV);
      } else if (LV.K == LValue::Kind::Local) {
        // A reference to a caller's local: pass its value (writes through
        // the reference are lost, so the caller's variable goes unknown).
        Ref = readVariable(LV.Var);
        frame().Env[LV.Var] =
            unknown("'" + LV.Var->getNameAsString() + "' passed by reference");
        F.Env[P] = Ref;
        continue;
      }
      F.Env[P] = Ref;
      continue;
    }
    Value V = eval(Arg);
    if (StaysACall)
      noteEscape(V, Arg);
    if (V.K == Value::Kind::Int)
      fitToType(V, P->getType());
    F.Env[P] = std::move(V);
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
