//===--- BypassCopy.cpp - Wavefronts of 16-byte L1-bypassing copies -------===//

#include "BypassCopy.h"

#include <map>
#include <set>
#include <tuple>

namespace warpcheck {

unsigned bypassCopyWavefronts(const std::vector<BypassCopyLane> &Lanes) {
  // Units: (global sector, shared sector, XOR bits 4-5) -> halves written.
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, unsigned> Units;
  for (const BypassCopyLane &L : Lanes)
    Units[{L.Global / 32, L.Shared / 32, (L.Global ^ L.Shared) & 0x30}] |=
        1u << ((L.Shared / 16) % 2);
  // Wavefronts: distinct (shared line, XOR bits, kind of unit).
  std::set<std::tuple<uint64_t, uint64_t, unsigned>> Waves;
  for (const auto &[Key, Halves] : Units)
    Waves.insert({std::get<1>(Key) / 4, std::get<2>(Key), Halves});
  return unsigned(Waves.size());
}

} // namespace warpcheck
