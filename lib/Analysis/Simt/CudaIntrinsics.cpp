//===--- CudaIntrinsics.cpp - CUDA device functions -------------------------===//
//
// Device built-in functions: min/max, __popc and friends, and the default
// for any function the engine does not model.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {


Value Engine::evalIntrinsic(StringRef Name,
                                             const CallExpr *E) {
  std::vector<Value> Args;
  for (const Expr *Arg : E->arguments()) {
    Args.push_back(eval(Arg));
    noteEscape(Args.back(), Arg);
  }
  CompileTime ArgsCT;
  for (const Value &V : Args)
    ArgsCT.merge(V.CT);
  auto AllInt = [&] {
    for (const Value &V : Args)
      if (V.K != Value::Kind::Int)
        return false;
    return true;
  };
  static const llvm::StringSet<> MinMax = {
      "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax"};
  if (MinMax.contains(Name) && Args.size() == 2 && AllInt()) {
    bool IsMin = Name.contains("min");
    bool Signed = typeIsSigned(E->getArg(0)->getType());
    Value R = intConstant(0);
    for (unsigned T = 0; T < N; ++T) {
      auto Less = sym::compare(Args[0].L[T], Args[1].L[T], sym::CmpOp::LT,
                               Signed, typeBits(E->getArg(0)->getType()));
      if (!Less)
        R.L[T] =
            Args[0].L[T] == Args[1].L[T] ? Args[0].L[T] : SymbolicInt::opaque();
      else
        R.L[T] = (*Less == IsMin) ? Args[0].L[T] : Args[1].L[T];
    }
    settleOpaque(R, {&Args[0], &Args[1]}, E);
    fitToType(R, E->getType());
    R.CT = ArgsCT;
    return R;
  }
  if ((Name == "abs" || Name == "llabs") && Args.size() == 1 && AllInt()) {
    Value R = Args[0];
    for (unsigned T = 0; T < N; ++T)
      if (R.L[T].isConstant())
        R.L[T].Const = R.L[T].Const < 0 ? -R.L[T].Const : R.L[T].Const;
      else
        R.L[T] = SymbolicInt::opaque();
    settleOpaque(R, {&Args[0]}, E);
    return R;
  }
  if ((Name == "__mul24" || Name == "__umul24") && Args.size() == 2 &&
      AllInt()) {
    Value R = intConstant(0);
    for (unsigned T = 0; T < N; ++T)
      R.L[T] = sym::mul(Args[0].L[T], Args[1].L[T], Atoms);
    settleOpaque(R, {&Args[0], &Args[1]}, E);
    fitToType(R, E->getType());
    return R;
  }
  if ((Name == "__popc" || Name == "__popcll" || Name == "__clz" ||
       Name == "__ffs") &&
      Args.size() == 1 && AllInt()) {
    unsigned Bits = Name == "__popcll" ? 64 : 32;
    Value R = intConstant(0);
    for (unsigned T = 0; T < N; ++T) {
      if (!Args[0].L[T].isConstant()) {
        R.L[T] = SymbolicInt::opaque();
        continue;
      }
      uint64_t V = uint64_t(Args[0].L[T].Const);
      if (Bits == 32)
        V &= 0xffffffffu;
      int64_t Out = 0;
      if (Name.starts_with("__popc"))
        Out = __builtin_popcountll(V);
      else if (Name == "__clz")
        Out = V == 0 ? 32 : __builtin_clz(uint32_t(V));
      else
        Out = V == 0 ? 0 : __builtin_ctzll(V) + 1;
      R.L[T] = SymbolicInt::constant(Out);
    }
    settleOpaque(R, {&Args[0]}, E);
    return R;
  }
  // Any other function: a pure function of warp-uniform arguments (warp
  // votes, shuffles from one lane, math on uniform values) is uniform. A
  // call without arguments may read a per-thread register (%laneid,
  // %clock): never uniform.
  CompileTime CallCT;
  CallCT.Why = CompileTime::Cause::Call;
  CallCT.What = "the result of '" + Name.str() + "'";
  if (!E->getType()->isIntegralOrEnumerationType()) {
    Value R = unknown("result of '" + Name.str() + "'");
    R.CT = CallCT;
    return R;
  }
  Value R = opaqueInt("result of '" + Name.str() + "'");
  R.CT = CallCT;
  bool Uniform = !Args.empty();
  for (const Value &V : Args)
    if (V.K != Value::Kind::Int || !isUniform(V.L))
      Uniform = false;
  if (Uniform) {
    AtomId A = Atoms.fresh(sourceText(E));
    R.L.assign(N, SymbolicInt::atom(A));
    R.Deps.clear();
  }
  return R;
}

} // namespace simt
} // namespace warpcheck
