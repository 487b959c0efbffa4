//===--- SymbolicInt.cpp - Integers over warp-uniform unknowns ------------===//

#include "SymbolicInt.h"

#include <algorithm>
#include <set>

namespace warpcheck {

unsigned AtomTable::newBase(const std::string &Name) {
  BaseNames.push_back(Name);
  // CUDA's block coordinates and grid size are never negative.
  BaseNonNegative.push_back(Name.rfind("blockIdx.", 0) == 0 ||
                            Name.rfind("gridDim.", 0) == 0);
  BaseWrap.push_back(-1);
  return unsigned(BaseNames.size() - 1);
}

AtomId AtomTable::named(const std::string &Name) {
  auto It = BaseByName.find(Name);
  if (It != BaseByName.end())
    return intern({It->second});
  unsigned Base = newBase(Name);
  BaseByName[Name] = Base;
  return intern({Base});
}

AtomId AtomTable::fresh(const std::string &Name) {
  return intern({newBase(Name)});
}

AtomId AtomTable::wrap(const SymbolicInt &Inner, int64_t Modulus) {
  std::vector<int64_t> Key = {Modulus, Inner.Const};
  for (const auto &T : Inner.Terms) {
    Key.push_back(int64_t(T.first));
    Key.push_back(T.second);
  }
  auto It = WrapByKey.find(Key);
  if (It != WrapByKey.end())
    return intern({It->second});
  std::string Text = Inner.Const ? std::to_string(Inner.Const) : "";
  for (const auto &T : Inner.Terms) {
    std::string Coef = T.second == 1 ? "" : std::to_string(T.second) + "*";
    Text += (Text.empty() ? "" : " + ") + Coef + name(T.first);
  }
  unsigned Base = newBase("(" + Text + ") mod " + std::to_string(Modulus));
  BaseNonNegative[Base] = true;
  BaseWrap[Base] = int(Wraps.size());
  Wraps.push_back({WrapDef{Inner, Modulus}, Base});
  WrapByKey.emplace(std::move(Key), Base);
  return intern({Base});
}

AtomId AtomTable::threshold(const TermList &Terms, int64_t Bound) {
  // Keyed by structure: comparisons run lane by lane, and the name is only
  // built the first time.
  std::vector<int64_t> Key = {Bound};
  for (const auto &T : Terms) {
    Key.push_back(int64_t(T.first));
    Key.push_back(T.second);
  }
  auto It = ThresholdByKey.find(Key);
  if (It != ThresholdByKey.end())
    return It->second;
  std::string Name = "[";
  for (const auto &T : Terms)
    Name += (Name.size() > 1 ? " + " : "") + std::to_string(T.second) + "*" +
            name(T.first) + "#" + std::to_string(T.first);
  Name += " >= " + std::to_string(Bound) + "]";
  AtomId Id = named(Name);
  ThresholdByKey.emplace(std::move(Key), Id);
  return Id;
}

const WrapDef *AtomTable::wrapOf(AtomId Id) const {
  if (Id >= Monomials.size() || Monomials[Id].size() != 1)
    return nullptr;
  int W = BaseWrap[Monomials[Id][0]];
  return W < 0 ? nullptr : &Wraps[W].first;
}

void AtomTable::markNonNegative(AtomId Id) {
  if (Monomials[Id].size() == 1)
    BaseNonNegative[Monomials[Id][0]] = true;
}

bool AtomTable::nonNegative(AtomId Id) const {
  for (unsigned F : Monomials[Id])
    if (!BaseNonNegative[F])
      return false;
  return true;
}

AtomId AtomTable::product(AtomId A, AtomId B) {
  std::vector<unsigned> F = Monomials[A];
  F.insert(F.end(), Monomials[B].begin(), Monomials[B].end());
  std::sort(F.begin(), F.end());
  return intern(std::move(F));
}

AtomId AtomTable::intern(std::vector<unsigned> Factors) {
  auto It = MonomialIds.find(Factors);
  if (It != MonomialIds.end())
    return It->second;
  AtomId Id = Monomials.size();
  Monomials.push_back(Factors);
  MonomialIds.emplace(std::move(Factors), Id);
  return Id;
}

std::string AtomTable::name(AtomId Id) const {
  std::string S;
  for (unsigned F : Monomials[Id]) {
    if (!S.empty())
      S += "*";
    S += BaseNames[F];
  }
  return S;
}

std::vector<std::string> AtomTable::baseNames(AtomId Id) const {
  std::vector<std::string> Names;
  auto Add = [&](const std::string &N) {
    if (std::find(Names.begin(), Names.end(), N) == Names.end())
      Names.push_back(N);
  };
  for (unsigned F : Monomials[Id]) {
    if (BaseWrap[F] < 0) {
      Add(BaseNames[F]);
      continue;
    }
    // What a wrap depends on is what its definition depends on.
    for (const auto &T : Wraps[BaseWrap[F]].first.Inner.Terms)
      for (const std::string &N : baseNames(T.first))
        Add(N);
  }
  return Names;
}

SymbolicInt SymbolicInt::atom(AtomId A, int64_t Coef) {
  SymbolicInt V;
  if (Coef != 0)
    V.Terms.push_back({A, Coef});
  return V;
}

bool SymbolicInt::termsDivisibleBy(int64_t D) const {
  for (const auto &T : Terms)
    if (T.second % D != 0)
      return false;
  return true;
}

namespace sym {
namespace {
// Wrapping arithmetic on int64 without undefined behaviour.
int64_t wrapAdd(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) + uint64_t(B));
}
int64_t wrapMul(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) * uint64_t(B));
}

TermList mergeTerms(const TermList &A, const TermList &B, int64_t ScaleB) {
  if (B.empty())
    return A;
  if (A.empty() && ScaleB == 1)
    return B;
  TermList R;
  size_t I = 0, J = 0;
  while (I < A.size() || J < B.size()) {
    if (J == B.size() || (I < A.size() && A[I].first < B[J].first)) {
      R.push_back(A[I++]);
    } else if (I == A.size() || B[J].first < A[I].first) {
      R.push_back({B[J].first, wrapMul(B[J].second, ScaleB)});
      ++J;
    } else {
      int64_t C = wrapAdd(A[I].second, wrapMul(B[J].second, ScaleB));
      if (C != 0)
        R.push_back({A[I].first, C});
      ++I;
      ++J;
    }
  }
  return R;
}

} // namespace

SymbolicInt scale(const SymbolicInt &A, int64_t K) {
  if (A.Opaque)
    return A;
  if (A.Terms.empty())
    return SymbolicInt::constant(wrapMul(A.Const, K));
  SymbolicInt R;
  R.Const = wrapMul(A.Const, K);
  if (K != 0)
    for (const auto &T : A.Terms)
      R.Terms.push_back({T.first, wrapMul(T.second, K)});
  return R;
}

namespace {
bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

// Splits A into (Const, Terms) where every coefficient is a multiple of
// 2^Bits: then A's low Bits bits are those of Const.
bool lowBitsKnown(const SymbolicInt &A, unsigned Bits) {
  return !A.Opaque && A.termsDivisibleBy(int64_t(1) << Bits);
}

unsigned bitsNeeded(uint64_t V) {
  unsigned B = 0;
  while (B < 64 && (V >> B) != 0)
    ++B;
  return B;
}
} // namespace

SymbolicInt add(const SymbolicInt &A, const SymbolicInt &B) {
  if (A.Opaque || B.Opaque)
    return SymbolicInt::opaque();
  if (A.Terms.empty() && B.Terms.empty())
    return SymbolicInt::constant(wrapAdd(A.Const, B.Const));
  SymbolicInt R;
  R.Const = wrapAdd(A.Const, B.Const);
  R.Terms = mergeTerms(A.Terms, B.Terms, 1);
  return R;
}

SymbolicInt sub(const SymbolicInt &A, const SymbolicInt &B) {
  if (A.Opaque || B.Opaque)
    return SymbolicInt::opaque();
  if (A.Terms.empty() && B.Terms.empty())
    return SymbolicInt::constant(wrapAdd(A.Const, wrapMul(B.Const, -1)));
  SymbolicInt R;
  R.Const = wrapAdd(A.Const, wrapMul(B.Const, -1));
  R.Terms = mergeTerms(A.Terms, B.Terms, -1);
  return R;
}

SymbolicInt neg(const SymbolicInt &A) { return scale(A, -1); }

SymbolicInt mul(const SymbolicInt &A, const SymbolicInt &B, AtomTable &Atoms) {
  if (A.Opaque || B.Opaque)
    return SymbolicInt::opaque();
  if (A.Terms.empty())
    return scale(B, A.Const);
  if (B.Terms.empty())
    return scale(A, B.Const);
  // (a + sum ai ui)(b + sum bj vj): cross terms become monomials.
  SymbolicInt R = add(scale(SymbolicInt{0, A.Terms, false}, B.Const),
                      scale(SymbolicInt{0, B.Terms, false}, A.Const));
  R.Const = wrapMul(A.Const, B.Const);
  for (const auto &TA : A.Terms)
    for (const auto &TB : B.Terms)
      R = add(R, SymbolicInt::atom(Atoms.product(TA.first, TB.first),
                                   wrapMul(TA.second, TB.second)));
  return R;
}

namespace {
// (c + d*m) / d is c / d + m, and (c + d*m) % d is c % d, only when c
// rounds as the whole does: for c >= 0 with the whole non-negative (index
// arithmetic). A negative c not divisible by d rounds the other way once
// the whole is positive ((2n - 1) / 2 is n - 1, not n, for n >= 1).
bool roundsNegative(int64_t C, int64_t D) { return C < 0 && C % D != 0; }
} // namespace

SymbolicInt div(const SymbolicInt &A, const SymbolicInt &B, bool IsSigned) {
  auto D = B.asConstant();
  if (A.Opaque || !D || *D == 0)
    return SymbolicInt::opaque();
  if (A.Terms.empty()) {
    if (IsSigned)
      return SymbolicInt::constant((*D == -1) ? wrapMul(A.Const, -1)
                                              : A.Const / *D);
    return SymbolicInt::constant(int64_t(uint64_t(A.Const) / uint64_t(*D)));
  }
  if (*D < 0 || !A.termsDivisibleBy(*D) || roundsNegative(A.Const, *D))
    return SymbolicInt::opaque();
  SymbolicInt R;
  R.Const = IsSigned ? A.Const / *D : int64_t(uint64_t(A.Const) / uint64_t(*D));
  for (const auto &T : A.Terms)
    R.Terms.push_back({T.first, T.second / *D});
  return R;
}

SymbolicInt rem(const SymbolicInt &A, const SymbolicInt &B, bool IsSigned) {
  auto D = B.asConstant();
  if (A.Opaque || !D || *D == 0)
    return SymbolicInt::opaque();
  if (A.Terms.empty()) {
    if (IsSigned)
      return SymbolicInt::constant(*D == -1 ? 0 : A.Const % *D);
    return SymbolicInt::constant(int64_t(uint64_t(A.Const) % uint64_t(*D)));
  }
  if (*D < 0 || !A.termsDivisibleBy(*D) || roundsNegative(A.Const, *D))
    return SymbolicInt::opaque();
  return SymbolicInt::constant(
      IsSigned ? A.Const % *D : int64_t(uint64_t(A.Const) % uint64_t(*D)));
}

SymbolicInt shl(const SymbolicInt &A, const SymbolicInt &B) {
  auto S = B.asConstant();
  if (A.Opaque || !S || *S < 0 || *S > 63)
    return SymbolicInt::opaque();
  return scale(A, int64_t(uint64_t(1) << *S));
}

SymbolicInt shr(const SymbolicInt &A, const SymbolicInt &B, bool IsSigned,
                unsigned Bits) {
  auto S = B.asConstant();
  if (A.Opaque || !S || *S < 0 || *S > 63)
    return SymbolicInt::opaque();
  if (A.Terms.empty()) {
    if (IsSigned)
      return SymbolicInt::constant(A.Const >> *S);
    uint64_t Mask = Bits >= 64 ? ~uint64_t(0) : ((uint64_t(1) << Bits) - 1);
    return SymbolicInt::constant(int64_t((uint64_t(A.Const) & Mask) >> *S));
  }
  if (!lowBitsKnown(A, unsigned(*S)))
    return SymbolicInt::opaque();
  // (c + 2^s m) >> s == (c >> s) + m, arithmetic shift being floor division.
  SymbolicInt R;
  R.Const = A.Const >> *S;
  for (const auto &T : A.Terms)
    R.Terms.push_back({T.first, T.second >> *S});
  return R;
}

SymbolicInt bitAnd(const SymbolicInt &A, const SymbolicInt &B) {
  if (A.Opaque || B.Opaque)
    return SymbolicInt::opaque();
  if (A.isConstant() && B.isConstant())
    return SymbolicInt::constant(A.Const & B.Const);
  const SymbolicInt &Sym = A.isConstant() ? B : A;
  const SymbolicInt &Mask = A.isConstant() ? A : B;
  if (!Mask.isConstant())
    return SymbolicInt::opaque();
  uint64_t M = uint64_t(Mask.Const);
  // Low mask: x & (2^k - 1) only sees the low k bits.
  if (isPowerOfTwo(int64_t(M + 1)) || M == 0) {
    unsigned K = bitsNeeded(M);
    if (lowBitsKnown(Sym, K))
      return SymbolicInt::constant(int64_t(uint64_t(Sym.Const) & M));
    return SymbolicInt::opaque();
  }
  // High mask: x & ~(2^k - 1) clears the low bits and keeps the terms.
  uint64_t Low = ~M;
  if (isPowerOfTwo(int64_t(Low + 1))) {
    unsigned K = bitsNeeded(Low);
    if (lowBitsKnown(Sym, K)) {
      SymbolicInt R = Sym;
      R.Const = int64_t(uint64_t(Sym.Const) & M);
      return R;
    }
  }
  return SymbolicInt::opaque();
}

namespace {
// x | c and x ^ c with c below 2^k touch only bits the terms cannot reach.
SymbolicInt lowBitOp(const SymbolicInt &A, const SymbolicInt &B, bool IsXor) {
  if (A.Opaque || B.Opaque)
    return SymbolicInt::opaque();
  if (A.isConstant() && B.isConstant())
    return SymbolicInt::constant(IsXor ? (A.Const ^ B.Const)
                                       : (A.Const | B.Const));
  const SymbolicInt &Sym = A.isConstant() ? B : A;
  const SymbolicInt &C = A.isConstant() ? A : B;
  if (!C.isConstant() || C.Const < 0)
    return SymbolicInt::opaque();
  unsigned K = bitsNeeded(uint64_t(C.Const));
  if (!lowBitsKnown(Sym, K))
    return SymbolicInt::opaque();
  uint64_t Mask = (uint64_t(1) << K) - 1;
  uint64_t Low = uint64_t(Sym.Const) & Mask;
  uint64_t NewLow =
      IsXor ? (Low ^ uint64_t(C.Const)) : (Low | uint64_t(C.Const));
  SymbolicInt R = Sym;
  R.Const = int64_t((uint64_t(Sym.Const) & ~Mask) | NewLow);
  return R;
}
} // namespace

SymbolicInt bitOr(const SymbolicInt &A, const SymbolicInt &B) {
  return lowBitOp(A, B, /*IsXor=*/false);
}
SymbolicInt bitXor(const SymbolicInt &A, const SymbolicInt &B) {
  return lowBitOp(A, B, /*IsXor=*/true);
}

SymbolicInt bitNot(const SymbolicInt &A) {
  // ~x == -x - 1 in two's complement.
  return sub(neg(A), SymbolicInt::constant(1));
}

SymbolicInt truncate(const SymbolicInt &A, unsigned Bits, bool IsSigned) {
  if (A.Opaque || !A.Terms.empty() || Bits >= 64)
    return A;
  uint64_t Mask = (uint64_t(1) << Bits) - 1;
  uint64_t V = uint64_t(A.Const) & Mask;
  if (IsSigned && (V >> (Bits - 1)) & 1)
    V |= ~Mask;
  return SymbolicInt::constant(int64_t(V));
}

bool knownNonNegative(const SymbolicInt &A, const AtomTable &Atoms) {
  if (A.Opaque || A.Const < 0)
    return false;
  for (const auto &T : A.Terms)
    if (T.second < 0 || !Atoms.nonNegative(T.first))
      return false;
  return true;
}

SymbolicInt wrapMod(const SymbolicInt &A, int64_t M, AtomTable &Atoms) {
  if (A.Opaque || M <= 0)
    return SymbolicInt::opaque();
  int64_t C = A.Const % M;
  if (C < 0)
    C += M;
  if (A.termsDivisibleBy(M))
    return SymbolicInt::constant(C);
  // Terms that are multiples of M do not change the residue.
  SymbolicInt Inner = SymbolicInt::constant(C);
  for (const auto &T : A.Terms)
    if (T.second % M != 0)
      Inner.Terms.push_back({T.first, T.second % M});
  return SymbolicInt::atom(Atoms.wrap(Inner, M));
}

std::optional<bool> compare(const SymbolicInt &A, const SymbolicInt &B,
                            CmpOp Op, bool IsSigned, unsigned Bits) {
  if (A.Opaque || B.Opaque)
    return std::nullopt;
  if (A.isConstant() && B.isConstant()) {
    int64_t L = A.Const, R = B.Const;
    if (!IsSigned) {
      uint64_t Mask = Bits >= 64 ? ~uint64_t(0) : ((uint64_t(1) << Bits) - 1);
      uint64_t UL = uint64_t(L) & Mask, UR = uint64_t(R) & Mask;
      switch (Op) {
      case CmpOp::LT:
        return UL < UR;
      case CmpOp::LE:
        return UL <= UR;
      case CmpOp::GT:
        return UL > UR;
      case CmpOp::GE:
        return UL >= UR;
      case CmpOp::EQ:
        return UL == UR;
      case CmpOp::NE:
        return UL != UR;
      }
    }
    switch (Op) {
    case CmpOp::LT:
      return L < R;
    case CmpOp::LE:
      return L <= R;
    case CmpOp::GT:
      return L > R;
    case CmpOp::GE:
      return L >= R;
    case CmpOp::EQ:
      return L == R;
    case CmpOp::NE:
      return L != R;
    }
  }
  // Same unknown part on both sides: the constant difference decides
  // (assuming no wrap-around between the two sides).
  if (A.Terms == B.Terms) {
    SymbolicInt L = SymbolicInt::constant(A.Const);
    SymbolicInt R = SymbolicInt::constant(B.Const);
    return compare(L, R, Op, /*IsSigned=*/true, 64);
  }
  return std::nullopt;
}
} // namespace sym

} // namespace warpcheck
