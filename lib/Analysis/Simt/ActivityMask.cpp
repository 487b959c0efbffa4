//===--- ActivityMask.cpp - Which threads execute: masks, exits, branches ---===//
//
// The engine's counterpart of ProgramState::assume: a condition splits the
// activity mask into the threads that take each side.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::markExit(std::vector<Exit> &E) {
  for (unsigned L = 0; L < N; ++L) {
    Exit X = Exit::None;
    if (M.A[L] == Activity::Active)
      X = M.Conditional ? Exit::Uniform : Exit::Sure;
    else if (M.A[L] == Activity::Maybe)
      X = Exit::Maybe;
    if (X > E[L])
      E[L] = X;
  }
}

bool Engine::noUncertainExitOutlivedBy(const Frame::Declared &V) const {
  auto Sure = [](const std::vector<Exit> &E) {
    return llvm::none_of(
        E, [](Exit X) { return X == Exit::Uniform || X == Exit::Maybe; });
  };
  for (unsigned I = 0; I < Loops.size(); ++I) {
    bool Outside = I >= V.Loops;
    if (Outside && !Sure(Loops[I].Broken))
      return false;
    if ((Outside || (V.InLoopInit && I + 1 == V.Loops)) &&
        !Sure(Loops[I].Continued))
      return false;
  }
  return true;
}

/// Removes threads that returned, broke or continued from mask Base.
Mask Engine::applyExits(Mask Base) {
  auto Apply = [&](const std::vector<Exit> &E) {
    for (unsigned L = 0; L < N; ++L) {
      switch (E[L]) {
      case Exit::None:
        break;
      case Exit::Uniform:
        if (Base.A[L] != Activity::Inactive)
          Base.Conditional = true;
        break;
      case Exit::Maybe:
        if (Base.A[L] == Activity::Active)
          Base.A[L] = Activity::Maybe;
        break;
      case Exit::Sure:
        Base.A[L] = Activity::Inactive;
        break;
      }
    }
  };
  Apply(frame().Returned);
  // Threads that left any enclosing loop or switch do not run here.
  for (const LoopState &L : Loops) {
    Apply(L.Broken);
    Apply(L.Continued);
  }
  return Base;
}

bool Engine::anyLive() const {
  for (unsigned L = 0; L < N; ++L)
    if (M.A[L] != Activity::Inactive)
      return true;
  return false;
}

/// Splits the current mask by a condition into the threads that take the
/// true and the false side.
void Engine::splitMask(const Value &C, const Expr *CondExpr, Mask &Then, Mask &Else) {
  Then = M;
  Else = M;
  if (C.CT.hard()) {
    if (!M.CT.hard()) {
      Then.CT.Why = Else.CT.Why = CompileTime::Cause::Condition;
      Then.CT.What = Else.CT.What = sourceText(CondExpr);
    }
    Then.Depth = Else.Depth = M.Depth + 1;
  }
  Then.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  Else.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  // Symbolic lanes that all hold the same value decide uniformly.
  bool Uniform = C.K == Value::Kind::Int;
  const SymbolicInt *First = nullptr;
  if (Uniform)
    for (unsigned L = 0; L < N; ++L) {
      if (!laneLive(L) || C.L[L].isConstant())
        continue;
      if (C.L[L].Opaque || (First && *First != C.L[L])) {
        Uniform = false;
        break;
      }
      First = &C.L[L];
    }
  std::string Text = sourceText(CondExpr);
  for (unsigned L = 0; L < N; ++L) {
    if (!laneLive(L))
      continue;
    if (C.K == Value::Kind::Int && C.L[L].isConstant()) {
      if (C.L[L].Const != 0)
        Else.A[L] = Activity::Inactive;
      else
        Then.A[L] = Activity::Inactive;
      continue;
    }
    if (Uniform) {
      Then.Conditional = Else.Conditional = true;
      continue;
    }
    Then.A[L] = Else.A[L] = Activity::Maybe;
    for (Mask *Side : {&Then, &Else}) {
      addDep(Side->Deps, "'" + Text + "'");
    }
  }
  if (Then.Conditional != M.Conditional || Then.Deps != M.Deps)
    Then.Region = Else.Region = M.Region + 1;
}

} // namespace simt
} // namespace warpcheck
