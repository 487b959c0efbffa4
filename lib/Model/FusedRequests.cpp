//===--- FusedRequests.cpp - Requests of an access the compiler widened ---===//

#include "FusedRequests.h"

namespace warpcheck {

bool widenedRuleMeasured(AccessKind Kind, unsigned Width) {
  // Loads and stores of 2, 4, 8 and 16 bytes were measured on the H100
  // (docs/bank-model.md, "Per access kind"); a fused pair of bytes is a
  // 2-byte access.
  return Kind != AccessKind::Atomic &&
         (Width == 2 || Width == 4 || Width == 8 || Width == 16);
}

namespace {

/// Whether every lane that may run starts a Width-aligned group of words
/// (false when some lane does not: a wider instruction needs every lane
/// aligned, so the request starts none); nullopt when some address is not
/// followed or its alignment depends on an unknown.
std::optional<bool> aligned(const SymbolicRequest &R, unsigned Width) {
  bool All = true, Any = false;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (R.Lanes[L] == Activity::Inactive)
      continue;
    const SymbolicInt &A = R.Addresses[L];
    if (A.Opaque || !A.termsDivisibleBy(Width))
      return std::nullopt;
    bool Here = A.Const % int64_t(Width) == 0;
    All &= Here;
    Any |= Here;
  }
  return All;
}

/// Whether R, whose alignment is not known, may be issued Width bytes wide
/// and what it then costs: its lanes must lie a constant multiple of Width
/// from its first lane (else no start aligns them all, and it is never
/// issued: false with Cost unset); the common start is a multiple of Width,
/// and banks repeat every 128 bytes, so every such start is tried. nullopt
/// where the lanes differ by an unknown.
std::optional<bool> issuedCost(const SymbolicRequest &R, const AtomTable &Atoms,
                               const BankRules &Rules, unsigned Width,
                               std::pair<unsigned, unsigned> &Cost) {
  // A 2-byte start may split a word: only whole-word shifts are tried.
  if (Width < 4)
    return std::nullopt;
  SymbolicRequest Placed = R;
  Placed.WidthBytes = Width;
  const SymbolicInt *First = nullptr;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (R.Lanes[L] == Activity::Inactive)
      continue;
    if (R.Addresses[L].Opaque)
      return std::nullopt;
    if (!First)
      First = &R.Addresses[L];
    std::optional<int64_t> D = sym::sub(R.Addresses[L], *First).asConstant();
    if (!D)
      return std::nullopt;
    if (*D % int64_t(Width) != 0)
      return false;
    Placed.Addresses[L] = SymbolicInt::constant(*D);
  }
  Cost = {~0u, 0};
  for (int64_t Start = 0; Start < 128; Start += Width) {
    SymbolicRequest Shifted = Placed;
    for (unsigned L = 0; L < WarpSize; ++L)
      if (R.Lanes[L] != Activity::Inactive)
        Shifted.Addresses[L] =
            sym::add(Placed.Addresses[L], SymbolicInt::constant(Start));
    RequestResult X = analyzeRequest(Shifted, Atoms, Rules);
    if (X.Status != Verdict::Exact && X.Status != Verdict::Range)
      return std::nullopt;
    Cost.first = std::min(Cost.first, X.MinWavefronts);
    Cost.second = std::max(Cost.second, X.MaxWavefronts);
  }
  return true;
}

} // namespace

WidenedView widenRequests(const std::vector<CapturedRequest> &Requests,
                          unsigned Site, unsigned Width,
                          const AtomTable &Atoms, const BankRules &Rules) {
  WidenedView V;
  V.WidthBytes = Width;
  V.Decided = V.IssuedDecided = true;
  for (const CapturedRequest &C : Requests) {
    if (C.Site != Site)
      continue;
    V.SourceRequests += C.Weight;
    if (!widenedRuleMeasured(C.Request.Kind, Width)) {
      V.Decided = V.IssuedDecided = false;
      V.Reason = "no measured rule for this kind at this width";
      continue;
    }
    std::optional<bool> Starts = aligned(C.Request, Width);
    if (!Starts) {
      V.Decided = false;
      V.Reason = "the alignment of some lane's address is not known";
      std::pair<unsigned, unsigned> Cost;
      std::optional<bool> May =
          issuedCost(C.Request, Atoms, Rules, Width, Cost);
      V.IssuedDecided &= May.has_value();
      if (May.value_or(false)) {
        V.IssuedMin = std::min(V.IssuedMin, Cost.first);
        V.IssuedMax = std::max(V.IssuedMax, Cost.second);
      }
      continue;
    }
    if (!*Starts)
      continue;
    SymbolicRequest Wide = C.Request;
    Wide.WidthBytes = Width;
    RequestResult R = analyzeRequest(Wide, Atoms, Rules);
    if (R.Status != Verdict::Exact) {
      V.Decided = false;
      V.IssuedDecided = false;
      V.Reason = "a widened request is not exact";
    }
    V.IssuedMin = std::min(V.IssuedMin, R.MinWavefronts);
    V.IssuedMax = std::max(V.IssuedMax, R.MaxWavefronts);
    V.Requests += C.Weight;
    V.Wavefronts += C.Weight * R.MaxWavefronts;
    V.IdealWavefronts += C.Weight * R.Ideal;
    V.WorstWavefronts = std::max(V.WorstWavefronts, R.MaxWavefronts);
  }
  if (V.SourceRequests == 0) {
    V.Decided = V.IssuedDecided = false;
    V.Reason = "no request of the access was captured";
  }
  return V;
}

bool uniformRequests(const std::vector<CapturedRequest> &Requests,
                     unsigned Site) {
  bool Any = false;
  for (const CapturedRequest &C : Requests) {
    if (C.Site != Site)
      continue;
    std::optional<int64_t> Address;
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (C.Request.Lanes[L] == Activity::Inactive)
        continue;
      std::optional<int64_t> A = C.Request.Addresses[L].asConstant();
      if (!A || (Address && *Address != *A))
        return false;
      Address = A;
    }
    Any = true;
  }
  return Any;
}

unsigned uniformLoadWavefronts(unsigned Width, unsigned Lanes,
                               const BankRules &Rules) {
  SymbolicRequest R;
  R.WidthBytes = Width;
  R.Kind = AccessKind::Load;
  for (unsigned L = 0; L < WarpSize; ++L) {
    R.Lanes[L] = L < Lanes ? Activity::Active : Activity::Inactive;
    R.Addresses[L] = SymbolicInt::constant(0);
  }
  AtomTable Atoms;
  return analyzeRequest(R, Atoms, Rules).MaxWavefronts;
}

} // namespace warpcheck
