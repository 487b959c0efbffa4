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

FlowState Engine::captureFlow() {
  FlowState S;
  for (const Frame &F : Frames)
    S.Envs.push_back(F.Env);
  S.Objects = Objects;
  S.ObjectScalars = ObjectScalars;
  S.Returned = frame().Returned;
  S.Result = frame().Result;
  S.HasResult = frame().HasResult;
  for (const LoopState &L : Loops)
    S.LoopExits.push_back({L.Broken, L.Continued});
  S.LambdaCopies = LambdaCopies;
  return S;
}

void Engine::restoreFlow(const FlowState &S) {
  for (size_t I = 0; I < S.Envs.size() && I < Frames.size(); ++I)
    Frames[I].Env = S.Envs[I];
  Objects = S.Objects;
  ObjectScalars = S.ObjectScalars;
  frame().Returned = S.Returned;
  frame().Result = S.Result;
  frame().HasResult = S.HasResult;
  for (size_t I = 0; I < S.LoopExits.size() && I < Loops.size(); ++I) {
    Loops[I].Broken = S.LoopExits[I].first;
    Loops[I].Continued = S.LoopExits[I].second;
  }
  LambdaCopies = S.LambdaCopies;
}

namespace {

bool sameTarget(const Value &A, const Value &B) {
  return A.K == B.K &&
         (A.K != Value::Kind::Pointer ||
          (A.Shared == B.Shared && A.LocalObject == B.LocalObject &&
           A.Region == B.Region));
}

bool sameValue(const Value &A, const Value &B) {
  return sameTarget(A, B) && (A.K == Value::Kind::Unknown || A.L == B.L);
}

/// An exit over worlds: the same in each, or taken in some only (Uniform:
/// every thread of a warp is in one world), or perhaps (Maybe).
Exit joinExit(llvm::ArrayRef<Exit> Xs) {
  Exit R = Xs.front();
  for (Exit X : Xs.drop_front()) {
    if (X == R)
      continue;
    R = (X == Exit::Maybe || R == Exit::Maybe) ? Exit::Maybe : Exit::Uniform;
  }
  return R;
}

} // namespace

/// The join of values that differ between worlds only where each world
/// holds one (non-opaque) value in every thread: those threads get one new
/// warp-uniform unknown. Nullopt when that is not so.
static std::optional<Value> uniformJoin(Engine &E,
                                        llvm::ArrayRef<const Value *> Vs,
                                        const std::string &Name,
                                        const Worlds &W) {
  const Value &First = *Vs.front();
  if (First.K != Value::Kind::Int)
    return std::nullopt;
  for (const Value *V : Vs)
    if (!sameTarget(First, *V) || V->L.size() != First.L.size())
      return std::nullopt;
  std::vector<bool> Differ(First.L.size(), false);
  bool Any = false;
  for (unsigned L = 0; L < First.L.size(); ++L)
    for (const Value *V : Vs)
      if (V->L[L] != First.L[L]) {
        Differ[L] = true;
        Any = true;
      }
  if (!Any)
    return std::nullopt;
  for (const Value *V : Vs) {
    const SymbolicInt *One = nullptr;
    for (unsigned L = 0; L < Differ.size(); ++L) {
      if (!Differ[L])
        continue;
      if (V->L[L].Opaque || (One && *One != V->L[L]))
        return std::nullopt;
      One = &V->L[L];
    }
  }
  Value R = First;
  SymbolicInt Joined = SymbolicInt::atom(
      E.Atoms.fresh(Name + " set under '" + W.Condition + "'"));
  for (unsigned L = 0; L < Differ.size(); ++L)
    if (Differ[L])
      R.L[L] = Joined;
  for (const Value *V : Vs.drop_front()) {
    R.CT.merge(V->CT);
    addDeps(R.Deps, V->Deps);
  }
  R.CT.merge(W.CT);
  return R;
}

/// One value per world joined: lanes that agree keep their value; the
/// others hold one of the worlds' values, which the engine does not follow.
static Value joinValues(Engine &E, llvm::ArrayRef<const Value *> Vs,
                        const std::string &Name, const Worlds &W) {
  Value R = *Vs.front();
  bool Differs = false;
  // Every thread of a warp is in one world: where each world holds one
  // value in all the threads that differ, the join is the same in those
  // threads too, one warp-uniform unknown (srad's `df = i` under `nf >=
  // i`), rather than a value per thread.
  if (std::optional<Value> U = uniformJoin(E, Vs, Name, W))
    return *U;
  for (const Value *V : Vs.drop_front()) {
    if (!sameTarget(R, *V) || R.L.size() != V->L.size()) {
      R = E.mergeTargets(R, *V, Name);
      Differs = true;
      continue;
    }
    R.CT.merge(V->CT);
    addDeps(R.Deps, V->Deps);
    if (R.K == Value::Kind::Unknown)
      continue;
    for (unsigned L = 0; L < R.L.size(); ++L)
      if (R.L[L] != V->L[L]) {
        R.L[L] = SymbolicInt::opaque();
        Differs = true;
      }
  }
  if (Differs) {
    addDep(R.Deps, Name + " set under a condition");
    R.CT.merge(W.CT);
  }
  return R;
}

/// Per-thread objects over worlds: cells the worlds agree on are kept,
/// cells they wrote differently joined lane by lane or dropped (unknown).
static ThreadObject joinObjects(llvm::ArrayRef<const ThreadObject *> Os,
                                const std::string &Why) {
  ThreadObject R = *Os.front();
  for (const ThreadObject *O : Os.drop_front()) {
    R.Exposed |= O->Exposed;
    R.Escaped |= O->Escaped;
    addDeps(R.Deps, O->Deps);
    for (auto It = R.Cells.begin(); It != R.Cells.end();) {
      auto Other = O->Cells.find(It->first);
      Value &V = It->second.V;
      bool Keep = Other != O->Cells.end() &&
                  Other->second.Size == It->second.Size &&
                  sameTarget(V, Other->second.V) &&
                  V.L.size() == Other->second.V.L.size();
      if (!Keep) {
        It = R.Cells.erase(It);
        R.UniformContent = false;
        addDep(R.Deps, Why);
        continue;
      }
      for (unsigned L = 0; L < V.L.size(); ++L)
        if (V.L[L] != Other->second.V.L[L]) {
          V.L[L] = SymbolicInt::opaque();
          addDep(V.Deps, Why);
        }
      ++It;
    }
  }
  return R;
}

bool Engine::worldsDiffer(const Worlds &W) const {
  const FlowState &First = W.States.front();
  for (const FlowState &S : llvm::ArrayRef(W.States).drop_front())
    for (size_t F = 0; F < First.Envs.size(); ++F)
      for (const auto &[V, Val] : First.Envs[F]) {
        auto It = S.Envs[F].find(V);
        if (It != S.Envs[F].end() && !sameValue(Val, It->second))
          return true;
      }
  return false;
}

void Engine::joinWorlds(Worlds &W) {
  FlowState R = W.States.front();
  size_t Count = W.States.size();
  for (size_t F = 0; F < R.Envs.size(); ++F)
    for (auto &[V, Val] : R.Envs[F]) {
      std::vector<const Value *> Vs;
      for (const FlowState &S : W.States) {
        auto It = S.Envs[F].find(V);
        if (It != S.Envs[F].end())
          Vs.push_back(&It->second);
      }
      if (Vs.size() == Count)
        Val = joinValues(*this, Vs, "'" + V->getNameAsString() + "'", W);
    }
  std::string Written = "written under '" + W.Condition + "'";
  for (auto &[V, O] : R.Objects) {
    std::vector<const ThreadObject *> Os;
    for (const FlowState &S : W.States) {
      auto It = S.Objects.find(V);
      if (It != S.Objects.end())
        Os.push_back(&It->second);
    }
    if (Os.size() == Count)
      O = joinObjects(Os, Written);
  }
  for (const FlowState &S : W.States)
    R.ObjectScalars.insert(S.ObjectScalars.begin(), S.ObjectScalars.end());
  // A closure's copies made in the worlds: joined like variables.
  for (auto &[Closure, Copies] : R.LambdaCopies)
    for (auto &[V, Val] : Copies) {
      std::vector<const Value *> Vs;
      for (const FlowState &S : W.States) {
        auto C = S.LambdaCopies.find(Closure);
        if (C == S.LambdaCopies.end())
          continue;
        auto It = C->second.find(V);
        if (It != C->second.end())
          Vs.push_back(&It->second);
      }
      if (Vs.size() == Count)
        Val = joinValues(*this, Vs, "'" + V->getNameAsString() + "'", W);
      else
        Val = unknown("'" + V->getNameAsString() + "' captured under '" +
                      W.Condition + "'");
    }
  auto JoinExits = [&](auto Get) {
    std::vector<Exit> &Out = Get(R);
    for (unsigned L = 0; L < Out.size(); ++L) {
      llvm::SmallVector<Exit, 4> Xs;
      for (FlowState &S : W.States)
        Xs.push_back(Get(S)[L]);
      Out[L] = joinExit(Xs);
    }
  };
  JoinExits([](FlowState &S) -> std::vector<Exit> & { return S.Returned; });
  for (size_t I = 0; I < R.LoopExits.size(); ++I) {
    JoinExits([I](FlowState &S) -> std::vector<Exit> & {
      return S.LoopExits[I].first;
    });
    JoinExits([I](FlowState &S) -> std::vector<Exit> & {
      return S.LoopExits[I].second;
    });
  }
  // The result: joined where every world returned one.
  std::vector<const Value *> Results;
  for (const FlowState &S : W.States)
    if (S.HasResult)
      Results.push_back(&S.Result);
  if (!Results.empty()) {
    R.HasResult = true;
    R.Result =
        joinValues(*this, Results,
                   "the result of '" + frame().FD->getNameAsString() + "'", W);
  }
  restoreFlow(R);
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
