//===--- LayoutSearch.cpp - Padding and XOR swizzles for one array --------===//

#include "LayoutSearch.h"

#include "llvm/ADT/Hashing.h"

#include <algorithm>
#include <unordered_map>

namespace warpcheck {

std::string Layout::name() const {
  switch (K) {
  case Kind::Original:
    return "original";
  case Kind::Pad:
    return "pad " + std::to_string(Pad) +
           (RowElems ? " per " + std::to_string(RowElems) : "");
  case Kind::Swizzle:
    return "Swizzle<" + std::to_string(B) + "," + std::to_string(M) + "," +
           std::to_string(S) + ">";
  case Kind::RowXor:
    return "row XOR <" + std::to_string(B) + "," + std::to_string(M) + "," +
           std::to_string(S) + ">";
  }
  return "";
}

uint64_t Layout::extraBytes(const ArrayGeometry &G) const {
  if (K != Kind::Pad || (G.Dims.size() < 2 && !RowElems))
    return 0;
  uint64_t Row = RowElems ? RowElems : G.Dims.back();
  if (Row == 0) // a zero-length dimension: no rows to pad
    return 0;
  uint64_t Rows = G.elements() / Row;
  return Rows * Pad * G.ElementBytes;
}

std::optional<SymbolicInt> Layout::map(const SymbolicInt &Offset,
                                       const ArrayGeometry &G) const {
  if (Offset.Opaque)
    return std::nullopt;
  auto C = [](int64_t V) { return SymbolicInt::constant(V); };
  switch (K) {
  case Kind::Original:
    return Offset;
  case Kind::Pad: {
    // offset = row * RowBytes + column bytes; the row keeps its number.
    uint64_t Row = RowElems ? RowElems : G.Dims.back();
    int64_t RowBytes = int64_t(Row * G.ElementBytes);
    int64_t NewRowBytes = int64_t((Row + Pad) * G.ElementBytes);
    SymbolicInt RowNo = sym::div(Offset, C(RowBytes), false);
    SymbolicInt Col = sym::rem(Offset, C(RowBytes), false);
    if (RowNo.Opaque || Col.Opaque)
      return std::nullopt;
    return sym::add(sym::scale(RowNo, NewRowBytes), Col);
  }
  case Kind::Swizzle: {
    int64_t Elem = int64_t(G.ElementBytes);
    SymbolicInt E = sym::div(Offset, C(Elem), false);
    SymbolicInt Within = sym::rem(Offset, C(Elem), false);
    // ((e >> (M + S)) & mask) << M
    SymbolicInt Y =
        sym::bitAnd(sym::shr(E, C(M + S), false, 64), C((int64_t(1) << B) - 1));
    SymbolicInt Shifted = sym::shl(Y, C(M));
    if (E.Opaque || Within.Opaque || Shifted.Opaque)
      return std::nullopt;
    SymbolicInt NewE =
        Shifted.isConstant() ? sym::bitXor(E, Shifted) : SymbolicInt::opaque();
    if (NewE.Opaque)
      return std::nullopt;
    return sym::add(sym::scale(NewE, Elem), Within);
  }
  case Kind::RowXor: {
    if (G.Dims.size() != 2)
      return std::nullopt;
    int64_t Elem = int64_t(G.ElementBytes);
    int64_t RowBytes = int64_t(G.Dims.back()) * Elem;
    SymbolicInt Row = sym::div(Offset, C(RowBytes), false);
    SymbolicInt InRow = sym::rem(Offset, C(RowBytes), false);
    SymbolicInt Col = sym::div(InRow, C(Elem), false);
    SymbolicInt Within = sym::rem(InRow, C(Elem), false);
    SymbolicInt Bits = sym::shl(
        sym::bitAnd(sym::shr(Row, C(S), false, 64), C((int64_t(1) << B) - 1)),
        C(M));
    if (Row.Opaque || Col.Opaque || Within.Opaque || Bits.Opaque ||
        !Bits.isConstant())
      return std::nullopt;
    SymbolicInt NewCol = sym::bitXor(Col, Bits);
    if (NewCol.Opaque)
      return std::nullopt;
    return sym::add(
        sym::add(sym::scale(Row, RowBytes), sym::scale(NewCol, Elem)), Within);
  }
  }
  return std::nullopt;
}

namespace {
/// Adds the requests' cost under L to Score; false as soon as Score can no
/// longer beat Bound (a decided layout), so the search skips the rest.
bool addScore(LayoutScore &Score, const Layout &L, const ArrayGeometry &G,
              const std::vector<CapturedRequest> &Requests,
              const AtomTable &Atoms, const BankRules &Rules,
              const LayoutScore *Bound) {
  for (const CapturedRequest &C : Requests) {
    SymbolicRequest R = C.Request;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      if (R.Lanes[Lane] == Activity::Inactive)
        continue;
      auto Mapped = L.map(R.Addresses[Lane], G);
      R.Addresses[Lane] = Mapped ? *Mapped : SymbolicInt::opaque();
    }
    RequestResult Result = analyzeRequest(R, Atoms, Rules);
    if (!Result.executes())
      continue;
    if (Result.Status != Verdict::Exact)
      Score.Decided = false;
    Score.TotalWavefronts += C.Weight * Result.MaxWavefronts;
    Score.TotalIdeal += C.Weight * Result.Ideal;
    Score.WorstWays = std::max(Score.WorstWays, Result.Worst.Ways);
    if (Bound && Bound->Decided &&
        (!Score.Decided || Score.TotalWavefronts > Bound->TotalWavefronts))
      return false;
  }
  return true;
}

/// Scores L unless it is sure to lose to Bound.
std::optional<LayoutScore> scoreBounded(const Layout &L, const ArrayGeometry &G,
                                        const std::vector<RequestGroup> &Groups,
                                        const LayoutScore *Bound) {
  LayoutScore Total;
  Total.L = L;
  for (const RequestGroup &Group : Groups)
    if (!addScore(Total, L, G, Group.Requests, *Group.Atoms, Group.rules(),
                  Bound))
      return std::nullopt;
  return Total;
}
} // namespace

LayoutScore scoreLayout(const Layout &L, const ArrayGeometry &G,
                        const std::vector<CapturedRequest> &Requests,
                        const AtomTable &Atoms, const BankRules &Rules) {
  LayoutScore Score;
  Score.L = L;
  addScore(Score, L, G, Requests, Atoms, Rules, nullptr);
  return Score;
}

LayoutScore scoreLayout(const Layout &L, const ArrayGeometry &G,
                        const std::vector<RequestGroup> &Groups) {
  return *scoreBounded(L, G, Groups, nullptr);
}

namespace {
/// Better: decided, fewer wavefronts, fewer extra bytes, simpler.
bool better(const LayoutScore &A, const LayoutScore &B,
            const ArrayGeometry &G) {
  if (A.Decided != B.Decided)
    return A.Decided;
  if (A.TotalWavefronts != B.TotalWavefronts)
    return A.TotalWavefronts < B.TotalWavefronts;
  if (A.L.extraBytes(G) != B.L.extraBytes(G))
    return A.L.extraBytes(G) < B.L.extraBytes(G);
  unsigned ComplexA = A.L.B + A.L.M, ComplexB = B.L.B + B.L.M;
  return ComplexA < ComplexB;
}

unsigned log2Floor(uint64_t V) {
  unsigned L = 0;
  while ((uint64_t(1) << (L + 1)) <= V)
    ++L;
  return L;
}

/// log2 of the widest access in elements: a swizzle moves such groups of
/// elements whole, so its M starts there.
unsigned minimumM(const ArrayGeometry &G, const std::vector<RequestGroup> &Rs) {
  unsigned Widest = 1;
  for (const RequestGroup &Group : Rs)
    for (const CapturedRequest &C : Group.Requests)
      Widest =
          std::max<unsigned>(Widest, C.Request.WidthBytes / G.ElementBytes);
  return log2Floor(std::max(1u, Widest));
}
} // namespace

namespace {
size_t requestHash(const SymbolicRequest &R) {
  llvm::hash_code H = llvm::hash_combine(R.WidthBytes, R.Kind, R.Atomic);
  for (unsigned L = 0; L < WarpSize; ++L) {
    const SymbolicInt &A = R.Addresses[L];
    H = llvm::hash_combine(H, R.Lanes[L], A.Opaque, A.Const);
    for (const auto &[Atom, Coef] : A.Terms)
      H = llvm::hash_combine(H, Atom, Coef);
  }
  return size_t(H);
}

bool sameRequest(const SymbolicRequest &A, const SymbolicRequest &B) {
  return A.WidthBytes == B.WidthBytes && A.Kind == B.Kind &&
         A.Atomic == B.Atomic && A.Lanes == B.Lanes &&
         A.Addresses == B.Addresses;
}
} // namespace

bool RequestCollector::add(const CapturedRequest &C, size_t Limit) {
  unsigned Site = BySite ? C.Site : 0;
  std::vector<size_t> &Bucket =
      ByHash[llvm::hash_combine(Site, requestHash(C.Request))];
  for (size_t I : Bucket)
    if ((!BySite || Requests[I].Site == C.Site) &&
        sameRequest(Requests[I].Request, C.Request)) {
      Requests[I].Weight += C.Weight;
      return true;
    }
  if (Requests.size() >= Limit)
    return false;
  Bucket.push_back(Requests.size());
  Requests.push_back(C);
  return true;
}

std::vector<RequestGroup>
mergeRepeats(const std::vector<RequestGroup> &Groups) {
  std::vector<RequestGroup> Merged;
  for (const RequestGroup &Group : Groups) {
    // Across sites too: the score of a request does not depend on its site.
    RequestCollector Collector(/*BySite=*/false);
    for (const CapturedRequest &C : Group.Requests)
      Collector.add(C);
    Merged.push_back(RequestGroup{Group.Atoms, Collector.take(), Group.Rules});
  }
  return Merged;
}

std::optional<LayoutScore> bestPadding(const ArrayGeometry &G,
                                       const std::vector<CapturedRequest> &Rs,
                                       const AtomTable &Atoms,
                                       unsigned MaxPad) {
  return bestPadding(G, {RequestGroup{&Atoms, Rs}}, MaxPad);
}

std::optional<LayoutScore> bestSwizzle(const ArrayGeometry &G,
                                       const std::vector<CapturedRequest> &Rs,
                                       const AtomTable &Atoms) {
  return bestSwizzle(G, {RequestGroup{&Atoms, Rs}});
}

namespace {
/// An array with a zero-length dimension or zero-byte elements (GNU C
/// accepts `float s[32][0]`) has no layout to search: every division by a
/// row or element size would be by zero.
bool searchable(const ArrayGeometry &G) {
  if (G.ElementBytes == 0)
    return false;
  for (uint64_t D : G.Dims)
    if (D == 0)
      return false;
  return true;
}
} // namespace

std::optional<LayoutScore> bestRowXor(const ArrayGeometry &G,
                                      const std::vector<RequestGroup> &Rs) {
  if (G.Dims.size() != 2 || Rs.empty() || !searchable(G))
    return std::nullopt;
  unsigned MinM = minimumM(G, Rs);
  std::optional<LayoutScore> Best;
  for (unsigned B = 1; B <= 5; ++B)
    for (unsigned M = MinM; M <= MinM + 2; ++M) {
      if (G.Dims.back() % (uint64_t(1) << (M + B)) != 0)
        continue;
      for (unsigned Shift = 0; Shift <= 3; ++Shift) {
        Layout L;
        L.K = Layout::Kind::RowXor;
        L.B = B;
        L.M = M;
        L.S = Shift;
        auto Score = scoreBounded(L, G, Rs, Best ? &*Best : nullptr);
        if (Score && (!Best || better(*Score, *Best, G)))
          Best = *Score;
      }
    }
  return Best;
}

std::optional<LayoutScore> bestPadding(const ArrayGeometry &G,
                                       const std::vector<RequestGroup> &Rs,
                                       unsigned MaxPad) {
  if (G.Dims.empty() || Rs.empty() || !searchable(G))
    return std::nullopt;
  // The row lengths to pad: the last dimension, or for a 1-D array each
  // power of two it divides into (the index decides which one is the row).
  std::vector<uint64_t> RowLengths;
  if (G.Dims.size() >= 2)
    RowLengths.push_back(0);
  else
    for (uint64_t W = 8; W * 2 <= G.Dims[0]; W *= 2)
      if (G.Dims[0] % W == 0)
        RowLengths.push_back(W);
  std::optional<LayoutScore> Best;
  for (uint64_t W : RowLengths)
    for (unsigned P = 1; P <= MaxPad; ++P) {
      Layout L;
      L.K = Layout::Kind::Pad;
      L.Pad = P;
      L.RowElems = W;
      auto S = scoreBounded(L, G, Rs, Best ? &*Best : nullptr);
      if (S && (!Best || better(*S, *Best, G)))
        Best = *S;
      if (S && S->conflictFree())
        break; // the smallest pad that removes every conflict
    }
  return Best;
}

std::optional<LayoutScore> bestSwizzle(const ArrayGeometry &G,
                                       const std::vector<RequestGroup> &Rs) {
  if (Rs.empty() || !searchable(G))
    return std::nullopt;
  unsigned MinM = minimumM(G, Rs);
  uint64_t N = G.elements();
  unsigned MaxBits = log2Floor(std::max<uint64_t>(N, 1));
  std::optional<LayoutScore> Best;
  for (unsigned B = 1; B <= 5; ++B)
    for (unsigned M = MinM; M <= MinM + 3; ++M)
      for (unsigned S = B; M + S + B <= MaxBits + 1 && S <= 10; ++S) {
        if (N % (uint64_t(1) << (M + B)) != 0)
          continue;
        Layout L;
        L.K = Layout::Kind::Swizzle;
        L.B = B;
        L.M = M;
        L.S = S;
        auto Score = scoreBounded(L, G, Rs, Best ? &*Best : nullptr);
        if (Score && (!Best || better(*Score, *Best, G)))
          Best = *Score;
      }
  return Best;
}

} // namespace warpcheck
