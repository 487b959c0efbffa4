//===--- BankMap.h - Which lanes hit which bank in one request -*- C++ -*-===//
//
// The picture of one warp request (issue 29): per lane, the words it asks
// for, their banks, and the wavefront each word is served in, drawn by the
// same pass rules countWavefronts counts with (requestPasses), and the same
// request after a layout fix, moved by the layout search's own index
// transform (Layout::map). A map is drawn only when its wavefronts equal
// countWavefronts'; otherwise it says why not.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_BANKMAP_H
#define WARPCHECK_MODEL_BANKMAP_H

#include "BankModel.h"
#include "LayoutSearch.h"

#include <array>
#include <string>
#include <vector>

namespace warpcheck {

/// One 4-byte word a lane asks for.
struct LaneWord {
  uint64_t Word = 0;
  unsigned Bank = 0;
  /// The wavefront (0-based, over the whole request) that serves it.
  unsigned Wavefront = 0;
};

struct BankMap {
  /// False: no map, Reason says why.
  bool Drawn = false;
  std::string Reason;
  unsigned WidthBytes = 4;
  /// The byte address of each lane; nullopt for inactive lanes.
  WarpAddresses Bytes{};
  /// The words each active lane asks for (WidthBytes / 4 of them, at
  /// least one).
  std::array<std::vector<LaneWord>, WarpSize> Lanes;
  /// Distinct words each bank serves, summed over the passes (for atomics,
  /// which share no word, the lane accesses it serves).
  std::array<unsigned, NumBanks> WordsPerBank{};
  unsigned Wavefronts = 0, Ideal = 0;
};

/// The map of one request of WidthBytes and Kind at Bytes under Rules.
/// Atomic loops and ATOMS.CAS (AtomicForm SpinLoop, Cas16Loop, Cas) are
/// not drawn: their cost is not one wavefront per word.
BankMap drawBankMap(unsigned WidthBytes, AccessKind Kind,
                    const WarpAddresses &Bytes, AtomicForm Form,
                    const BankRules &Rules);

/// Offsets (bytes from the array's start) moved by layout L of an array
/// of geometry G, as the layout search scores them; nullopt when some
/// lane's offset cannot be moved.
std::optional<WarpAddresses> mapThroughLayout(const Layout &L,
                                              const ArrayGeometry &G,
                                              const WarpAddresses &Offsets);

} // namespace warpcheck

#endif
