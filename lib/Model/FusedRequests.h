//===--- FusedRequests.h - Requests of an access the compiler widened -*- C++
//-*-===//
//
// nvcc fuses neighbouring shared accesses of one thread into one wider
// instruction: two 4-byte loads of adjacent elements (or of two unrolled
// loop iterations) into LDS.64, four into LDS.128. The fused instruction
// reads, in each lane, the words the narrow accesses read, starting at the
// address that is a multiple of its width. So the final requests of a
// source access widened to W bytes are its requests whose every lane is
// W-aligned, each counted at width W by the measured rules of BankModel.h
// (8 bytes: half-warp passes; 16 bytes: quarter-warp passes); the requests
// that start mid-way are the ones the fused instruction absorbed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_FUSEDREQUESTS_H
#define WARPCHECK_MODEL_FUSEDREQUESTS_H

#include "LayoutSearch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck {

/// One access's requests as a wider instruction would issue them.
struct WidenedView {
  unsigned WidthBytes = 0;
  /// False when some request cannot be placed (an address not followed, an
  /// alignment or count that depends on an unknown): Reason says which.
  bool Decided = false;
  std::string Reason;
  /// Requests (with their repeats) whose every active lane is aligned to
  /// WidthBytes: those the wider instruction issues.
  uint64_t Requests = 0;
  /// Their wavefronts and ideal wavefronts at WidthBytes.
  uint64_t Wavefronts = 0, IdealWavefronts = 0;
  /// The most wavefronts one of them takes.
  unsigned WorstWavefronts = 0;
  /// Every request of the access, aligned or not (with repeats).
  uint64_t SourceRequests = 0;
  /// The fewest and most wavefronts one request takes whenever nvcc issues
  /// it WidthBytes wide, over every request that may be aligned: those
  /// counted above, and those whose alignment is not known but whose lanes
  /// lie a constant multiple of the width apart (a loop counter's word of a
  /// warp-uniform index), tried at every aligned start within 128 bytes.
  /// IssuedDecided is false where some request cannot be placed that way;
  /// IssuedMin > IssuedMax when no request may be issued.
  bool IssuedDecided = false;
  unsigned IssuedMin = ~0u, IssuedMax = 0;
  /// The one cost of every request issued at the width, else 0.
  unsigned issuedCost() const {
    return IssuedDecided && IssuedMin == IssuedMax ? IssuedMax : 0;
  }
};

/// Whether Width is a width whose pass rule for Kind was measured (loads and
/// stores of 2, 4, 8 and 16 bytes; docs/bank-model.md).
bool widenedRuleMeasured(AccessKind Kind, unsigned Width);

/// The requests of Site among Requests (offsets into one array, as the
/// engine captures them) issued Width bytes wide.
WidenedView widenRequests(const std::vector<CapturedRequest> &Requests,
                          unsigned Site, unsigned Width,
                          const AtomTable &Atoms,
                          const BankRules &Rules = defaultBankRules());

/// Whether every request of Site reads one constant address in all its
/// lanes (false when none was captured).
bool uniformRequests(const std::vector<CapturedRequest> &Requests,
                     unsigned Site);
/// Wavefronts of a load of one address, Width bytes wide, by the first
/// Lanes lanes of a warp (the measured rules).
unsigned uniformLoadWavefronts(unsigned Width, unsigned Lanes,
                               const BankRules &Rules = defaultBankRules());

} // namespace warpcheck

#endif
