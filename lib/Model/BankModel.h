//===--- BankModel.h - Shared-memory wavefronts of one warp request -*- C++
//-*-===//
//
// 32 banks of 4 bytes. A warp-wide shared-memory instruction is served in
// passes; each pass costs as many wavefronts as the most distinct 4-byte
// words any one bank must deliver (one word is broadcast to every lane that
// asks for it):
//  - 1-, 2-, 4-byte accesses: one pass over the whole warp.
//  - 8-byte accesses: one pass per active half-warp, merged into one pass
//    when, for every active lane i, lane i^1 (or, for every active lane,
//    lane i^2) is inactive or asks for the same address.
//  - 16-byte accesses: within each half-warp, one pass per active
//    quarter-warp, merged into one pass per half-warp under the same
//    warp-wide condition.
// These rules come from seed 000 (Turing) and were re-measured on an H100;
// docs/bank-model.md lists the kernels and numbers that support each one.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_BANKMODEL_H
#define WARPCHECK_MODEL_BANKMODEL_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

constexpr unsigned WarpSize = 32;
constexpr unsigned NumBanks = 32;
constexpr unsigned BankWidthBytes = 4;

/// The byte address each lane of a warp accesses; nullopt for inactive lanes.
using WarpAddresses = std::array<std::optional<uint64_t>, WarpSize>;

/// The cost of one warp request and, for the explanation, its worst bank.
struct WavefrontCount {
  /// Wavefronts the request takes.
  unsigned Wavefronts = 0;
  /// Wavefronts it would take with the same active lanes and no bank
  /// conflict: the number of passes.
  unsigned Ideal = 0;
  /// The worst pass's degree: the most distinct words one bank serves.
  unsigned Ways = 0;
  /// The bank and the lanes that ask it for different words, in the worst
  /// pass (empty when the request is conflict-free).
  unsigned WorstBank = 0;
  std::vector<unsigned> WorstLanes;
  /// Number of distinct words the worst bank serves.
  unsigned WorstWords = 0;
};

/// Counts the wavefronts of one warp request of WidthBytes (1, 2, 4, 8 or
/// 16) at the given addresses. Returns Wavefronts == 0 when no lane is active.
WavefrontCount countWavefronts(unsigned WidthBytes, const WarpAddresses &Lanes);

/// "0..31", "0, 2, 4..7": a compact list of lane numbers.
std::string formatLaneList(const std::vector<unsigned> &Lanes);

} // namespace warpcheck

#endif
