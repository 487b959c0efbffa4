//===--- ValueBuilder.cpp - Constructing and combining lane values ----------===//
//
// Constants, unknowns with their provenance, C integer semantics (widths and
// signedness), warp uniformity, and the rule that turns a non-linear
// operation on warp-uniform inputs into a fresh warp-uniform unknown.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

Value Engine::intConstant(int64_t V) {
  Value R;
  R.K = Value::Kind::Int;
  R.L.assign(N, SymbolicInt::constant(V));
  return R;
}

Value Engine::zeroOf(QualType T) {
  return T->isPointerType() ? unknown("a null pointer") : intConstant(0);
}

Value Engine::opaqueInt(const std::string &Dep) {
  Value R;
  R.K = Value::Kind::Int;
  R.L.assign(N, SymbolicInt::opaque());
  addDep(R.Deps, Dep);
  // Not followed: not known to the compiler either, as far as warpcheck
  // can tell (callers that know better say why).
  R.CT.Why = CompileTime::Cause::Memory;
  R.CT.What = Dep.empty() ? "a value warpcheck does not follow" : Dep;
  return R;
}

Value Engine::unknown(const std::string &Dep) {
  Value R;
  if (!Dep.empty())
    R.Deps.push_back(Dep);
  R.CT.Why = CompileTime::Cause::Memory;
  R.CT.What = Dep.empty() ? "a value warpcheck does not follow" : Dep;
  return R;
}

Value Engine::mergeTargets(const Value &A, const Value &B,
                           const std::string &Why) {
  // A pointer that may point into a __shared__ array: accesses through it
  // are still shared accesses, reported with an unknown address.
  const VarDecl *Shared = A.K == Value::Kind::Pointer && A.Shared ? A.Shared
                          : B.K == Value::Kind::Pointer         ? B.Shared
                                                                : nullptr;
  if (!Shared)
    return unknown(Why);
  Value R;
  R.K = Value::Kind::Pointer;
  R.Shared = Shared;
  R.Region = Shared->getNameAsString();
  R.L.assign(N, SymbolicInt::opaque());
  std::string Names = "'" + Shared->getNameAsString() + "'";
  for (const Value *V : {&A, &B})
    if (V->K != Value::Kind::Pointer || V->Shared != Shared)
      Names += " or " + (V->K == Value::Kind::Pointer && !V->Region.empty()
                             ? "'" + V->Region + "'"
                             : std::string("other memory"));
  addDep(R.Deps, Why + " points into " + Names);
  addDeps(R.Deps, A.Deps);
  addDeps(R.Deps, B.Deps);
  R.CT.Why = CompileTime::Cause::Condition;
  R.CT.What = Why;
  return R;
}

/// Truncates an integer value to the width and signedness of T.
void Engine::fitToType(Value &V, QualType T) {
  if (V.K != Value::Kind::Int || !T->isIntegralOrEnumerationType())
    return;
  unsigned Bits = T->isBooleanType() ? 1 : Ctx.getIntWidth(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  // A symbolic value converted to a type narrower than int may wrap: which
  // residue it keeps depends on the unknowns. (At 32 bits and more a wrap
  // would put any index far outside every array, so sums stay exact.)
  bool Wraps = T->isBooleanType() || Bits < 32;
  if (!Wraps) {
    V.L.transform([&](const SymbolicInt &L) {
      return sym::truncate(L, Bits, Signed);
    });
    return;
  }
  bool Uniform = isUniform(V.L);
  bool Lost = false;
  for (auto &L : V.L) {
    if (L.Opaque)
      continue;
    if (L.isConstant()) {
      L = T->isBooleanType() ? SymbolicInt::constant(L.Const != 0)
                             : sym::truncate(L, Bits, Signed);
      continue;
    }
    L = SymbolicInt::opaque();
    Lost = true;
  }
  if (!Lost)
    return;
  if (Uniform) {
    // The same value in every thread: one new warp-uniform unknown.
    AtomId A = Atoms.fresh("a value converted to '" + T.getAsString() + "'");
    for (auto &L : V.L)
      if (L.Opaque)
        L = SymbolicInt::atom(A);
    return;
  }
  addDep(V.Deps, "a value that wraps in '" + T.getAsString() + "'");
}

bool Engine::typeIsSigned(QualType T) const {
  return T->isSignedIntegerOrEnumerationType();
}

unsigned Engine::typeBits(QualType T) const {
  if (!T->isIntegralOrEnumerationType())
    return 64;
  return T->isBooleanType() ? 1 : Ctx.getIntWidth(T);
}

uint64_t Engine::sizeOf(QualType T) const {
  if (T->isIncompleteType() || T->isDependentType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

std::vector<std::string> Engine::atomNames(const SymbolicInt &S) const {
  std::vector<std::string> Names;
  for (const auto &T : S.Terms)
    addDeps(Names, Atoms.baseNames(T.first));
  return Names;
}

/// True when every live thread has the same non-opaque value.
bool Engine::isUniform(const Lanes &V) const {
  if (V.isUniform())
    return V.empty() || !V[0].Opaque;
  const SymbolicInt *First = nullptr;
  for (unsigned L = 0; L < N; ++L) {
    if (!laneLive(L))
      continue;
    if (V[L].Opaque)
      return false;
    if (!First)
      First = &V[L];
    else if (*First != V[L])
      return false;
  }
  return true;
}

/// Lanes made opaque by a non-linear operation on unknowns: when the
/// inputs were warp-uniform, the result is one new unknown named after
/// the expression; otherwise record what it depends on.
void Engine::settleOpaque(Value &R, const std::vector<const Value *> &Inputs, const Expr *E) {
  const Lanes &RL = R.L;
  if (RL.isUniform() && !RL.empty() && !RL[0].Opaque)
    return;
  bool AnyNew = false;
  for (unsigned L = 0; L < N; ++L) {
    if (!RL[L].Opaque)
      continue;
    bool InputsKnown = true;
    for (const Value *In : Inputs)
      if (In->K != Value::Kind::Int || In->L[L].Opaque)
        InputsKnown = false;
    if (InputsKnown)
      AnyNew = true;
  }
  for (const Value *In : Inputs)
    addDeps(R.Deps, In->Deps);
  if (!AnyNew)
    return;
  bool Uniform = true;
  for (const Value *In : Inputs)
    if (In->K != Value::Kind::Int || !isUniform(In->L))
      Uniform = false;
  if (Uniform) {
    AtomId A = Atoms.fresh(sourceText(E));
    for (unsigned L = 0; L < N; ++L)
      if (R.L[L].Opaque)
        R.L[L] = SymbolicInt::atom(A);
    return;
  }
  for (const Value *In : Inputs)
    for (unsigned L = 0; L < N; ++L)
      if (laneLive(L) && In->K == Value::Kind::Int && !In->L[L].Opaque)
        addDeps(R.Deps, atomNames(In->L[L]));
}

} // namespace simt
} // namespace warpcheck
