//===--- IntervalWrites.cpp - Words written in one barrier interval -------===//

#include "IntervalWrites.h"

#include <algorithm>

namespace warpcheck {

IntervalWrites::Request
IntervalWrites::place(unsigned Warp, unsigned WidthBytes,
                      llvm::ArrayRef<LaneAddress> Lanes) {
  Request R;
  R.Warp = Warp;
  R.WidthBytes = WidthBytes;
  bool First = true;
  for (const LaneAddress &A : Lanes) {
    if (!A)
      continue;
    if (A->Opaque || (!First && A->Terms != R.Terms)) {
      R.Unplaced = true;
      R.Offsets.clear();
      return R;
    }
    R.Terms = A->Terms;
    First = false;
    R.Offsets.push_back(A->Const);
  }
  return R;
}

void IntervalWrites::add(unsigned Warp, unsigned WidthBytes,
                         llvm::ArrayRef<LaneAddress> Lanes) {
  if (Overflow)
    return;
  if (Writes.size() >= MaxRequests) {
    Overflow = true;
    Writes.clear();
    return;
  }
  Writes.push_back(place(Warp, WidthBytes, Lanes));
}

bool IntervalWrites::warpPrivate(
    unsigned Warp, unsigned WidthBytes, llvm::ArrayRef<LaneAddress> Lanes,
    llvm::function_ref<bool(AtomId)> Stable,
    llvm::function_ref<bool(AtomId, AtomId)> Separate) const {
  if (Overflow)
    return false;
  Request Own = place(Warp, WidthBytes, Lanes);
  if (Own.Unplaced)
    return false;
  for (const auto &T : Own.Terms)
    if (!Stable(T.first))
      return false;
  // The warp's byte ranges [Offset, Offset + width), sorted by start.
  std::vector<int64_t> Starts = Own.Offsets;
  std::sort(Starts.begin(), Starts.end());
  auto Overlaps = [&](int64_t Begin, int64_t End) {
    // The first range that ends after Begin must start at or after End.
    auto It = std::lower_bound(Starts.begin(), Starts.end(),
                               Begin - int64_t(WidthBytes) + 1);
    return It != Starts.end() && *It < End;
  };
  for (const Request &W : Writes) {
    if (W.Warp == Warp)
      continue;
    if (W.Unplaced)
      return false;
    if (W.Offsets.empty())
      continue; // no lane writes
    if (W.Terms != Own.Terms) {
      // Two distinct objects never share a byte; any other pair may.
      if (W.Terms.size() == 1 && Own.Terms.size() == 1 &&
          W.Terms[0].first != Own.Terms[0].first &&
          Separate(W.Terms[0].first, Own.Terms[0].first))
        continue;
      return false;
    }
    for (int64_t Offset : W.Offsets)
      if (Overlaps(Offset, Offset + int64_t(W.WidthBytes)))
        return false;
  }
  return true;
}

void IntervalWrites::clear() {
  Writes.clear();
  Overflow = false;
}

} // namespace warpcheck
