//===--- SymbolicInt.h - Integers over warp-uniform unknowns ----*- C++ -*-===//
//
// The value one thread computes for an index expression: a concrete integer
// plus a linear combination of warp-uniform unknowns (kernel parameters,
// blockIdx, loop iteration counts, loaded values...). Products of unknowns are
// interned as monomials, so `blockIdx.x * blockDim.x + threadIdx.x` stays
// exact. Anything else is Opaque: the value is not known for this thread.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_SYMBOLICINT_H
#define WARPCHECK_MODEL_SYMBOLICINT_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warpcheck {

/// Identifies one warp-uniform unknown, or a product of several.
using AtomId = unsigned;

/// The terms of a SymbolicInt: index expressions rarely have more than two
/// unknowns, so they are kept inline (no heap allocation per thread).
using TermList = llvm::SmallVector<std::pair<AtomId, int64_t>, 2>;

/// One thread's value: Const + sum(Coef * Atom), or Opaque.
struct SymbolicInt {
  int64_t Const = 0;
  /// Sorted by atom, no zero coefficients.
  TermList Terms;
  bool Opaque = false;

  static SymbolicInt constant(int64_t V) { return SymbolicInt{V, {}, false}; }
  static SymbolicInt atom(AtomId A, int64_t Coef = 1);
  static SymbolicInt opaque() { return SymbolicInt{0, {}, true}; }

  bool isConstant() const { return !Opaque && Terms.empty(); }
  std::optional<int64_t> asConstant() const {
    if (isConstant())
      return Const;
    return std::nullopt;
  }
  /// True when every term's coefficient is a multiple of D (D > 0).
  bool termsDivisibleBy(int64_t D) const;
  bool operator==(const SymbolicInt &O) const {
    return Opaque == O.Opaque && Const == O.Const && Terms == O.Terms;
  }
  bool operator!=(const SymbolicInt &O) const { return !(*this == O); }
};

/// The definition of a wrap unknown: the residue of Inner modulo Modulus
/// (mathematical, in [0, Modulus)). Inner has terms and a constant in
/// [0, Modulus). `(lane + blockIdx.x) & 2047` in thread t is the wrap unknown
/// of `(lane_t + blockIdx.x) mod 2048`: one value, the same wherever it is
/// computed, but a different unknown in each thread (RequestAnalysis.cpp
/// decides requests made of them).
struct WrapDef {
  SymbolicInt Inner;
  int64_t Modulus = 0;
};

/// Names the unknowns of one analysis. An atom is a sorted list of base
/// unknowns (a monomial); a base unknown has a display name such as "n" or
/// "blockIdx.x".
class AtomTable {
public:
  /// Returns the base unknown called Name, creating it on first use.
  AtomId named(const std::string &Name);
  /// Returns a new base unknown, distinct from every other even when the
  /// names are equal (two loads of different data, say).
  AtomId fresh(const std::string &Name);
  /// The monomial A * B.
  AtomId product(AtomId A, AtomId B);
  /// "n", or "gridDim.x*n" for a monomial.
  std::string name(AtomId Id) const;
  /// The display names of the base unknowns in Id, without repetition; a
  /// wrap unknown stands for the names in its definition.
  std::vector<std::string> baseNames(AtomId Id) const;
  /// The wrap unknown Inner mod Modulus (Inner has terms, Modulus > 0),
  /// the same atom for the same definition.
  AtomId wrap(const SymbolicInt &Inner, int64_t Modulus);
  /// The warp-uniform unknown "sum of Coefs*atoms >= Bound" (a threshold
  /// comparison), the same atom for the same terms and bound.
  AtomId threshold(const TermList &Terms, int64_t Bound);
  /// The definition of Id when it is one wrap unknown, else nullptr.
  const WrapDef *wrapOf(AtomId Id) const;
  /// Records that the base unknown Id is never negative (a loop's iteration
  /// number); blockIdx, gridDim and wrap unknowns are so from the start.
  void markNonNegative(AtomId Id);
  /// Every factor of Id is never negative.
  bool nonNegative(AtomId Id) const;

private:
  AtomId intern(std::vector<unsigned> Factors);
  unsigned newBase(const std::string &Name);
  std::vector<std::string> BaseNames;
  std::vector<bool> BaseNonNegative;
  /// Per base unknown: its index in Wraps, or -1.
  std::vector<int> BaseWrap;
  std::vector<std::pair<WrapDef, unsigned>> Wraps;
  std::map<std::vector<int64_t>, unsigned> WrapByKey;
  std::map<std::vector<int64_t>, AtomId> ThresholdByKey;
  std::map<std::string, unsigned> BaseByName;
  std::vector<std::vector<unsigned>> Monomials;
  std::map<std::vector<unsigned>, AtomId> MonomialIds;
};

/// Arithmetic with two's complement wrap-around on the concrete part (the
/// caller truncates to the C++ type afterwards). Operations that would make a
/// value depend non-linearly on an unknown return Opaque; the caller decides
/// whether a warp-uniform result can become a new unknown instead.
namespace sym {
SymbolicInt add(const SymbolicInt &A, const SymbolicInt &B);
SymbolicInt sub(const SymbolicInt &A, const SymbolicInt &B);
SymbolicInt neg(const SymbolicInt &A);
SymbolicInt mul(const SymbolicInt &A, const SymbolicInt &B, AtomTable &Atoms);
/// A * K for a constant K (needs no atom table).
SymbolicInt scale(const SymbolicInt &A, int64_t K);
/// Integer division and remainder with C++ semantics. A symbolic dividend is
/// exact when the divisor is a constant that divides every coefficient;
/// IsSigned selects truncation toward zero (assumes the unknown part keeps
/// the sign of the whole, as index arithmetic does).
SymbolicInt div(const SymbolicInt &A, const SymbolicInt &B, bool IsSigned);
SymbolicInt rem(const SymbolicInt &A, const SymbolicInt &B, bool IsSigned);
SymbolicInt shl(const SymbolicInt &A, const SymbolicInt &B);
SymbolicInt shr(const SymbolicInt &A, const SymbolicInt &B, bool IsSigned,
                unsigned Bits);
SymbolicInt bitAnd(const SymbolicInt &A, const SymbolicInt &B);
SymbolicInt bitOr(const SymbolicInt &A, const SymbolicInt &B);
SymbolicInt bitXor(const SymbolicInt &A, const SymbolicInt &B);
SymbolicInt bitNot(const SymbolicInt &A);
/// Truncates the concrete part to an integer type of Bits bits. A symbolic
/// value is left alone: wrap-around of an unknown cannot be decided, and
/// addresses are only needed modulo 2^Bits, which sums preserve.
SymbolicInt truncate(const SymbolicInt &A, unsigned Bits, bool IsSigned);
/// Whether A >= 0 for every value of its unknowns: a constant part >= 0 and
/// positive multiples of unknowns that are never negative (sums at 32 bits
/// and more do not wrap, as everywhere in this domain).
bool knownNonNegative(const SymbolicInt &A, const AtomTable &Atoms);
/// The mathematical residue of A modulo M (M > 0), as the caller proved it
/// is meant (`x & (M - 1)` for M a power of two, `x % M` for x >= 0): a
/// constant when A's terms are multiples of M, else a wrap unknown.
SymbolicInt wrapMod(const SymbolicInt &A, int64_t M, AtomTable &Atoms);
/// Compares A and B: true/false when the difference is a known constant.
enum class CmpOp { LT, LE, GT, GE, EQ, NE };
std::optional<bool> compare(const SymbolicInt &A, const SymbolicInt &B,
                            CmpOp Op, bool IsSigned, unsigned Bits);
} // namespace sym

} // namespace warpcheck

#endif
