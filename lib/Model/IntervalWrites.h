//===--- IntervalWrites.h - Words written in a barrier interval -*- C++ -*-===//
//
// A spin-loop atomic (AtomicForm::SpinLoop) retries a lane while another
// lane changed its word since the loop's load, so the bank model's count
// holds only when no other warp writes those words meanwhile: then nothing
// but the warp's own lanes contends, whatever the scheduling. IntervalWrites
// keeps the bytes every warp request of a block writes (stores, atomics) in
// one barrier interval and proves a request warp-private: each of its
// addresses and each other warp's is one known base plus a constant, and no
// two overlap. Anything it cannot place makes the proof fail.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_INTERVALWRITES_H
#define WARPCHECK_MODEL_INTERVALWRITES_H

#include "BankModel.h"
#include "SymbolicInt.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace warpcheck {

/// One lane's address in a warp request; nullopt for a lane that does not
/// run it (a lane that may run is given: it may write).
using LaneAddress = std::optional<SymbolicInt>;

class IntervalWrites {
public:
  /// MaxRequests bounds what is kept: past it, nothing is proven private.
  explicit IntervalWrites(size_t MaxRequests = 8192)
      : MaxRequests(MaxRequests) {}

  /// Warp Warp writes WidthBytes at each lane's address (WarpSize lanes).
  void add(unsigned Warp, unsigned WidthBytes,
           llvm::ArrayRef<LaneAddress> Lanes);
  /// Whether no request of another warp added so far may write a byte that
  /// warp Warp accesses at Lanes. Stable says which unknowns an address may
  /// hold (a shared array's base: the same in every thread), Separate which
  /// two such bases are distinct objects; any other unknown, an opaque
  /// address or two bases not known apart fail the proof.
  bool warpPrivate(unsigned Warp, unsigned WidthBytes,
                   llvm::ArrayRef<LaneAddress> Lanes,
                   llvm::function_ref<bool(AtomId)> Stable,
                   llvm::function_ref<bool(AtomId, AtomId)> Separate) const;
  /// Starts the next barrier interval.
  void clear();
  bool empty() const { return Writes.empty() && !Overflow; }

private:
  /// One request: every lane's address is Terms plus one of Offsets.
  struct Request {
    unsigned Warp = 0;
    unsigned WidthBytes = 0;
    /// Some lane's address is opaque, or lanes differ in their unknowns.
    bool Unplaced = false;
    TermList Terms;
    std::vector<int64_t> Offsets;
  };
  static Request place(unsigned Warp, unsigned WidthBytes,
                       llvm::ArrayRef<LaneAddress> Lanes);

  size_t MaxRequests;
  std::vector<Request> Writes;
  bool Overflow = false;
};

} // namespace warpcheck

#endif
