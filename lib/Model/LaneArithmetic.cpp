//===--- LaneArithmetic.cpp - Integer operations on every thread ----------===//

#include "LaneArithmetic.h"

#include <algorithm>
#include <cassert>

namespace warpcheck {

namespace {

bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

/// `x % m` and `x & (m - 1)` that the domain cannot fold: the residue of x
/// modulo m as a wrap unknown where it is the mathematical one. `&` with a
/// low mask is for any sign (two's complement); `%` truncates toward zero,
/// so x must be known non-negative, except for an unsigned x and m a power
/// of two no wider than the type (x is then only known modulo 2^Bits,
/// which m divides).
SymbolicInt wrapped(LaneOp Op, const SymbolicInt &X, const SymbolicInt &Y,
                    bool Signed, unsigned Bits, AtomTable &Atoms) {
  if (X.Opaque || X.Terms.empty() || !Y.isConstant())
    return SymbolicInt::opaque();
  int64_t C = Y.Const;
  unsigned MaxBits = std::min(Bits, 62u);
  if (Op == LaneOp::And) {
    if (C <= 0 || !isPowerOfTwo(C + 1) || C >= (int64_t(1) << MaxBits))
      return SymbolicInt::opaque();
    return sym::wrapMod(X, C + 1, Atoms);
  }
  if (C <= 0 || C >= (int64_t(1) << MaxBits))
    return SymbolicInt::opaque();
  bool Residue =
      sym::knownNonNegative(X, Atoms) || (!Signed && isPowerOfTwo(C));
  return Residue ? sym::wrapMod(X, C, Atoms) : SymbolicInt::opaque();
}

SymbolicInt apply(LaneOp Op, const SymbolicInt &X, const SymbolicInt &Y,
                  bool Signed, unsigned Bits, AtomTable &Atoms) {
  switch (Op) {
  case LaneOp::Add:
    return sym::add(X, Y);
  case LaneOp::Sub:
    return sym::sub(X, Y);
  case LaneOp::Mul:
    return sym::mul(X, Y, Atoms);
  case LaneOp::Div:
    return sym::div(X, Y, Signed);
  case LaneOp::Rem: {
    SymbolicInt R = sym::rem(X, Y, Signed);
    return R.Opaque ? wrapped(Op, X, Y, Signed, Bits, Atoms) : R;
  }
  case LaneOp::Shl:
    return sym::shl(X, Y);
  case LaneOp::Shr:
    return sym::shr(X, Y, Signed, Bits);
  case LaneOp::And: {
    SymbolicInt R = sym::bitAnd(X, Y);
    if (!R.Opaque)
      return R;
    return Y.isConstant() ? wrapped(Op, X, Y, Signed, Bits, Atoms)
                          : wrapped(Op, Y, X, Signed, Bits, Atoms);
  }
  case LaneOp::Or:
    return sym::bitOr(X, Y);
  case LaneOp::Xor:
    return sym::bitXor(X, Y);
  case LaneOp::LT:
  case LaneOp::GT:
  case LaneOp::LE:
  case LaneOp::GE:
  case LaneOp::EQ:
  case LaneOp::NE: {
    sym::CmpOp C = Op == LaneOp::LT   ? sym::CmpOp::LT
                   : Op == LaneOp::GT ? sym::CmpOp::GT
                   : Op == LaneOp::LE ? sym::CmpOp::LE
                   : Op == LaneOp::GE ? sym::CmpOp::GE
                   : Op == LaneOp::EQ ? sym::CmpOp::EQ
                                      : sym::CmpOp::NE;
    auto Res = sym::compare(X, Y, C, Signed, Bits);
    return Res ? SymbolicInt::constant(*Res) : SymbolicInt::opaque();
  }
  }
  return SymbolicInt::opaque();
}

} // namespace

LaneVector combineLanes(LaneOp Op, const LaneVector &A, const LaneVector &B,
                        bool Signed, unsigned Bits, AtomTable &Atoms) {
  assert(A.size() == B.size() && "operands of one block");
  if (A.isUniform() && B.isUniform())
    return LaneVector(A.size(),
                      A.empty() ? SymbolicInt()
                                : apply(Op, A[0], B[0], Signed, Bits, Atoms));
  LaneVector R;
  R.resize(A.size());
  for (size_t T = 0; T < A.size(); ++T)
    R[T] = apply(Op, A[T], B[T], Signed, Bits, Atoms);
  return R;
}

} // namespace warpcheck
