//===--- BypassCopy.cpp - Wavefronts of 16-byte L1-bypassing copies -------===//

#include "BypassCopy.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace warpcheck {

std::optional<unsigned>
bypassCopyWavefronts(const std::vector<BypassCopyLane> &Lanes) {
  // Units: (global sector, shared sector, XOR bits 4-5) -> halves written.
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, unsigned> Units;
  for (const BypassCopyLane &L : Lanes)
    Units[{L.Global / 32, L.Shared / 32, (L.Global ^ L.Shared) & 0x30}] |=
        1u << ((L.Shared / 16) % 2);
  // Wavefronts: distinct (shared line, XOR bits, kind of unit), each from
  // one global 128-byte line; units of one wavefront from two lines measured
  // more (cp_async_cg_src.cu): not known.
  std::map<std::tuple<uint64_t, uint64_t, unsigned>, uint64_t> Waves;
  for (const auto &[Key, Halves] : Units) {
    auto [It, New] = Waves.insert(
        {{std::get<1>(Key) / 4, std::get<2>(Key), Halves}, std::get<0>(Key) / 4});
    if (!New && It->second != std::get<0>(Key) / 4)
      return std::nullopt;
  }
  return unsigned(Waves.size());
}

std::optional<std::pair<unsigned, unsigned>>
bypassCopyRange(const std::vector<std::pair<int64_t, int64_t>> &Offsets,
                uint64_t SharedStep) {
  unsigned Min = ~0u, Max = 0;
  for (uint64_t Sh = 0; Sh < 128; Sh += SharedStep)
    for (uint64_t Gl = 0; Gl < 128; Gl += 16) {
      std::vector<BypassCopyLane> Lanes;
      for (auto [S, G] : Offsets)
        Lanes.push_back({Sh + uint64_t(S), Gl + uint64_t(G)});
      std::optional<unsigned> W = bypassCopyWavefronts(Lanes);
      if (!W)
        return std::nullopt;
      Min = std::min(Min, *W);
      Max = std::max(Max, *W);
    }
  return std::make_pair(Min, Max);
}

} // namespace warpcheck
