//===--- BypassCopy.h - Wavefronts of 16-byte L1-bypassing copies -*- C++
//-*-===//
//
// cp.async.cg of 16 bytes (SASS LDGSTS.E.BYPASS.128) writes shared memory
// from data that comes back from L2 by 32-byte sectors, and its wavefronts
// (smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass,
// and per line in the SourceCounters section) depend on the global source
// addresses as well as the shared ones. The rule, found from the H100 probe
// campaign cuda_samples/library_calls/cp_async_cg_probe.cu, reproduces
// every .cg launch of it (210) and of pipeline_copies.cu. The held-out
// campaign cp_async_cg_src.cu (its predictions written before) measured 94
// of 120 as predicted; the 26 others are those where units of one
// wavefront read different global 128-byte lines, now unknown
// (docs/bank-model.md, "cp.async.cg"):
//  - the lanes that copy (a lane with src-size 0 copies zeros: it counts)
//    form units: the lanes that read the same global 32-byte sector and
//    write the same shared 32-byte sector with the same bits 4 and 5 of
//    (global address XOR shared address);
//  - a unit is full when it writes both 16-byte halves of its shared
//    sector, else it is a first-half or a second-half unit;
//  - the wavefronts are the number of distinct (shared 128-byte line,
//    those two XOR bits, full / first half / second half) over the units.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_BYPASSCOPY_H
#define WARPCHECK_MODEL_BYPASSCOPY_H

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace warpcheck {

/// One lane of a 16-byte bypassing copy: the byte addresses it writes in
/// shared memory and reads in global memory (both 16-byte aligned).
struct BypassCopyLane {
  uint64_t Shared = 0;
  uint64_t Global = 0;
};

/// Wavefronts of one warp's LDGSTS.E.BYPASS.128 over the lanes that copy
/// (0 when none does); nullopt when units of one wavefront read two global
/// 128-byte lines, where the held-out campaign measured more.
std::optional<unsigned>
bypassCopyWavefronts(const std::vector<BypassCopyLane> &Lanes);

/// The least and most wavefronts of one warp's lanes, given as (shared,
/// global) offsets from bases known only up to their alignment: the shared
/// base a multiple of SharedStep (mod 128), the global one of 16 (mod 128);
/// nullopt when the rule does not decide one of them.
std::optional<std::pair<unsigned, unsigned>>
bypassCopyRange(const std::vector<std::pair<int64_t, int64_t>> &Offsets,
                uint64_t SharedStep);

} // namespace warpcheck

#endif
