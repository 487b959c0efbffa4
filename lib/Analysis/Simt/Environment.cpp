//===--- Environment.cpp - Scalar variables of each frame -------------------===//
//
// Variables the engine follows by value, with the join of old and new
// values when only some threads (or an unknown subset) assign.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::assign(const VarDecl *V, Value New) {
  if (ObjectScalars.count(V)) {
    LValue LV = objectLValue(V);
    storeObject(LV, New, V->getType());
    return;
  }
  auto It = frame().Env.find(V);
  bool Whole = !M.Conditional;
  for (unsigned L = 0; L < N && Whole; ++L)
    if (M.A[L] != Activity::Active)
      Whole = false;
  // Declared inside the current uncertain region: every thread that runs
  // here sets it; the others never see it. Not when a thread that may have
  // left by a break or continue (no new region marks those) reads it later:
  // it keeps its old value.
  auto Decl = frame().DeclDepth.find(V);
  bool NoExitSince = Decl != frame().DeclDepth.end() &&
                     noUncertainExitOutlivedBy(Decl->second);
  bool Local = NoExitSince && Decl->second.Region >= M.Region &&
               Decl->second.Depth >= M.Depth;
  if (It == frame().Env.end() || Whole || Local) {
    frame().Env[V] = std::move(New);
    return;
  }
  Value &Old = It->second;
  bool OldUninit =
      Old.K == Value::Kind::Pointer && !Old.Shared && Old.Region.empty();
  if (Old.K != New.K ||
      (New.K == Value::Kind::Pointer && !OldUninit &&
       (Old.Shared != New.Shared || Old.LocalObject != New.LocalObject ||
        Old.Region != New.Region))) {
    Old = mergeTargets(Old, New, "'" + V->getNameAsString() + "'");
    return;
  }
  if (New.K == Value::Kind::Pointer && OldUninit) {
    Old.Shared = New.Shared;
    Old.LocalObject = New.LocalObject;
    Old.Region = New.Region;
  }
  if (New.K == Value::Kind::Unknown) {
    addDeps(Old.Deps, New.Deps);
    return;
  }
  // Declared inside the current uncertain region, with only decided splits
  // since (a block-stride loop inside an uncounted loop): the threads still
  // running set it, the ones that left keep theirs.
  if (NoExitSince && Decl->second.Region >= M.Region) {
    for (unsigned L = 0; L < N; ++L)
      if (M.A[L] != Activity::Inactive)
        Old.L[L] = New.L[L];
    Old.CT = New.CT;
    addDeps(Old.Deps, New.Deps);
    return;
  }
  bool Differs = false;
  for (unsigned L = 0; L < N; ++L)
    if (M.A[L] != Activity::Inactive && Old.L[L] != New.L[L])
      Differs = true;
  // A variable set under a condition the compiler does not know holds one
  // of two values: not a compile-time constant.
  bool Inside =
      Decl != frame().DeclDepth.end() && Decl->second.Depth >= M.Depth;
  if (Inside) {
    Old.CT = New.CT;
  } else {
    Old.CT.merge(New.CT);
    if (Differs || M.CT.hard())
      Old.CT.merge(M.CT);
  }
  for (unsigned L = 0; L < N; ++L) {
    if (M.A[L] == Activity::Inactive)
      continue;
    if (M.A[L] == Activity::Active && !M.Conditional) {
      Old.L[L] = New.L[L];
      continue;
    }
    if (Old.L[L] != New.L[L]) {
      Old.L[L] = SymbolicInt::opaque();
      addDeps(Old.Deps, M.Deps);
      addDep(Old.Deps,
             "'" + V->getNameAsString() + "' set under a condition");
    }
  }
  addDeps(Old.Deps, New.Deps);
}

Value Engine::readVariable(const VarDecl *V) {
  if (ObjectScalars.count(V)) {
    LValue LV = objectLValue(V);
    return loadObject(LV, V->getType().getNonReferenceType(), nullptr);
  }
  auto It = frame().Env.find(V);
  if (It != frame().Env.end())
    return It->second;
  if (auto C = constantOfVar(V))
    return intConstant(*C);
  std::string Name = V->getNameAsString();
  QualType T = V->getType().getNonReferenceType();
  // Kernel parameters and other variables defined outside: warp-uniform.
  if (isa<ParmVarDecl>(V) || V->hasGlobalStorage()) {
    if (T->isIntegralOrEnumerationType()) {
      Value R;
      R.K = Value::Kind::Int;
      if (std::optional<int64_t> Launched = launchedValue(V))
        R.L.assign(N, SymbolicInt::constant(*Launched));
      else
        R.L.assign(N, SymbolicInt::atom(Atoms.named(Name)));
      // Still a run-time value to the compiler.

      R.CT.Why = CompileTime::Cause::Parameter;
      R.CT.What = Name;
      fitToType(R, T);
      return frame().Env[V] = R;
    }
    if (T->isPointerType()) {
      Value R;
      R.K = Value::Kind::Pointer;
      R.Region = Name;
      R.L.assign(N, SymbolicInt::constant(0));
      return frame().Env[V] = R;
    }
  }
  Value R = unknown("'" + Name + "'");
  R.CT.Why = CompileTime::Cause::Parameter;
  R.CT.What = Name;
  return R;
}

std::optional<int64_t> Engine::launchedValue(const VarDecl *V) {
  const auto *P = dyn_cast<ParmVarDecl>(V);
  if (!P || P->getDeclContext() != Kernel)
    return std::nullopt;
  // Given by the launch index (KernelAnalysis::useLaunchedArguments); an
  // engine run on its own knows no launch.
  unsigned I = P->getFunctionScopeIndex();
  if (I >= Launched.size() || !Launched[I].Value)
    return std::nullopt;
  std::string Binding = "'" + P->getNameAsString() + "' is " +
                        std::to_string(*Launched[I].Value) + " at " +
                        (Launched[I].Launches == 1
                             ? "the launch at " + Launched[I].FirstLaunch
                             : "every launch in the file (" +
                                   std::to_string(Launched[I].Launches) +
                                   ", the first at " + Launched[I].FirstLaunch +
                                   ")");
  if (std::find(ParameterBindings.begin(), ParameterBindings.end(),
                Binding) == ParameterBindings.end())
    ParameterBindings.push_back(Binding);
  return Launched[I].Value;
}

std::optional<int64_t> Engine::constantOfVar(const VarDecl *V) {
  QualType T = V->getType();
  if (!T->isIntegralOrEnumerationType() || !V->getInit())
    return std::nullopt;
  if (!T.isConstQualified() && !V->isConstexpr())
    return std::nullopt;
  if (V->getInit()->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (V->getInit()->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  return std::nullopt;
}

} // namespace simt
} // namespace warpcheck
