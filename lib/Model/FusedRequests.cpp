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

} // namespace

WidenedView widenRequests(const std::vector<CapturedRequest> &Requests,
                          unsigned Site, unsigned Width,
                          const AtomTable &Atoms, const BankRules &Rules) {
  WidenedView V;
  V.WidthBytes = Width;
  V.Decided = true;
  for (const CapturedRequest &C : Requests) {
    if (C.Site != Site)
      continue;
    V.SourceRequests += C.Weight;
    if (!widenedRuleMeasured(C.Request.Kind, Width)) {
      V.Decided = false;
      V.Reason = "no measured rule for this kind at this width";
      continue;
    }
    std::optional<bool> Starts = aligned(C.Request, Width);
    if (!Starts) {
      V.Decided = false;
      V.Reason = "the alignment of some lane's address is not known";
      continue;
    }
    if (!*Starts)
      continue;
    SymbolicRequest Wide = C.Request;
    Wide.WidthBytes = Width;
    RequestResult R = analyzeRequest(Wide, Atoms, Rules);
    if (R.Status != Verdict::Exact) {
      V.Decided = false;
      V.Reason = "a widened request is not exact";
    }
    V.Requests += C.Weight;
    V.Wavefronts += C.Weight * R.MaxWavefronts;
    V.IdealWavefronts += C.Weight * R.Ideal;
    V.WorstWavefronts = std::max(V.WorstWavefronts, R.MaxWavefronts);
  }
  if (V.SourceRequests == 0) {
    V.Decided = false;
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
