//===--- LaneArithmetic.cpp - Integer operations on every thread ----------===//

#include "LaneArithmetic.h"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <string>

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

int64_t ceilDiv(int64_t A, int64_t B) { // B > 0
  return A >= 0 ? (A + B - 1) / B : -((-A) / B);
}

/// `X >= Y + E` (E is 0 or 1) that the domain cannot decide, for signed X
/// and Y whose difference is g*q + k: q an integer combination of unknowns
/// (every coefficient a multiple of g), k a constant. It holds exactly when
/// q >= ceil((E - k) / g): one unknown per q and threshold, so the threads
/// of a warp whose values differ by less than g (`32 * i + lane >= n`, n a
/// multiple of 32) hold the same unknown and decide the condition alike,
/// though which way is not known.
SymbolicInt thresholdCompare(const SymbolicInt &X, const SymbolicInt &Y,
                             int64_t E, AtomTable &Atoms) {
  SymbolicInt D = sym::sub(X, Y);
  if (D.Opaque || D.Terms.empty())
    return SymbolicInt::opaque();
  int64_t G = 0;
  for (const auto &T : D.Terms)
    G = std::gcd(G, T.second < 0 ? -T.second : T.second);
  if (G <= 0 || G > (int64_t(1) << 40))
    return SymbolicInt::opaque();
  TermList Terms = D.Terms;
  for (auto &T : Terms)
    T.second /= G;
  return SymbolicInt::atom(Atoms.threshold(Terms, ceilDiv(E - D.Const, G)));
}

/// How many low bits of X are known to be ones: the largest m (at most
/// Bits) with every coefficient a multiple of 2^m and the constant part
/// congruent to 2^m - 1 modulo 2^m (`s - 1` with s a multiple of 64: 6).
unsigned knownLowOnes(const SymbolicInt &X, unsigned Bits) {
  if (X.Opaque)
    return 0;
  unsigned M = 0;
  while (M < std::min(Bits, 62u) && X.termsDivisibleBy(int64_t(1) << (M + 1)) &&
         ((X.Const >> M) & 1))
    ++M;
  return M;
}

/// With every coefficient of X a multiple of 2^m, X >> m is
/// terms / 2^m + floor(Const / 2^m): the second part, which with the terms
/// decides X's bits from m up.
int64_t highPart(const SymbolicInt &X, unsigned M) {
  return X.Const >> M; // arithmetic shift: floor division
}

/// `a | b` where b's low m bits are known ones and a's coefficients are
/// multiples of 2^m: the result is ((a >> m | b >> m) << m) | (2^m - 1),
/// decided by a's terms, a's high part floor(Const / 2^m) and b alone. So
/// threads that agree on those three hold the same value, one unknown per
/// such key, though the domain cannot express it: `(i - s) | (s - 1)` with
/// s a multiple of 64 and i = lane + a multiple of 32 is warp-uniform
/// (SobolQRNG). Other threads stay Opaque.
void orWithLowMask(const LaneVector &A, const LaneVector &B, unsigned Bits,
                   AtomTable &Atoms, LaneVector &R) {
  struct Key {
    TermList Terms;
    int64_t High;
    SymbolicInt Mask;
    AtomId Id;
  };
  std::vector<Key> Keys;
  for (size_t T = 0; T < A.size(); ++T) {
    if (!R[T].Opaque || A[T].Opaque || B[T].Opaque)
      continue;
    bool Swap = knownLowOnes(A[T], Bits) > knownLowOnes(B[T], Bits);
    const SymbolicInt &X = Swap ? B[T] : A[T];
    const SymbolicInt &Y = Swap ? A[T] : B[T];
    unsigned M = knownLowOnes(Y, Bits);
    while (M > 0 && !X.termsDivisibleBy(int64_t(1) << M))
      --M;
    if (M == 0)
      continue;
    int64_t High = highPart(X, M);
    auto Found = std::find_if(Keys.begin(), Keys.end(), [&](const Key &K) {
      return K.Terms == X.Terms && K.High == High && K.Mask == Y;
    });
    if (Found == Keys.end()) {
      Keys.push_back({X.Terms, High, Y,
                      Atoms.fresh("an or with a mask of its " +
                                  std::to_string(M) + " low bits")});
      Found = Keys.end() - 1;
    }
    R[T] = SymbolicInt::atom(Found->Id);
  }
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
    if (Res)
      return SymbolicInt::constant(*Res);
    if (!Signed)
      return SymbolicInt::opaque();
    switch (Op) {
    case LaneOp::GE:
      return thresholdCompare(X, Y, 0, Atoms);
    case LaneOp::GT:
      return thresholdCompare(X, Y, 1, Atoms);
    case LaneOp::LE:
      return thresholdCompare(Y, X, 0, Atoms);
    case LaneOp::LT:
      return thresholdCompare(Y, X, 1, Atoms);
    default:
      return SymbolicInt::opaque();
    }
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
  if (Op == LaneOp::Or)
    orWithLowMask(A, B, Bits, Atoms, R);
  return R;
}

} // namespace warpcheck
