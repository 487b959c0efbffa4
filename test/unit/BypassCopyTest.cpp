// The wavefronts of 16-byte cp.async.cg copies (BypassCopy.h), against
// launches of the H100 probe campaign
// (cuda_samples/library_calls/measurements/h100-cp-async-cg-probe; every
// launch is compared by ctest -R h100-ptx-copies).
#include "BypassCopy.h"

#include <functional>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

/// Lanes 0 to Active - 1: shared Shared(L), global Global(L).
unsigned waves(unsigned Active, std::function<uint64_t(unsigned)> Shared,
               std::function<uint64_t(unsigned)> Global) {
  std::vector<BypassCopyLane> Lanes;
  for (unsigned L = 0; L < Active; ++L)
    Lanes.push_back({Shared(L), Global(L)});
  return bypassCopyWavefronts(Lanes).value_or(~0u); // ~0u: not decided
}

uint64_t contiguous(unsigned L) { return L * 16; }

TEST(BypassCopy, LaneStridesFromAContiguousSource) {
  // Measured: stride 1, 2, 3, 4, 8, 32 chunks: 4, 32, 24, 32, 32, 32.
  unsigned Want[][2] = {{1, 4}, {2, 32}, {3, 24}, {4, 32}, {8, 32}, {32, 32}};
  for (auto [K, W] : Want)
    EXPECT_EQ(waves(
                  32, [K = K](unsigned L) { return L * K * 16; }, contiguous),
              W)
        << "stride " << K;
}

TEST(BypassCopy, TheSourceMatters) {
  // Source at the destination's offsets: stride 2 and 4 take the store
  // rule's 8 and 16; stride 3 still 24. Lanes reversed: stride 1 still 4.
  EXPECT_EQ(waves(
                32, [](unsigned L) { return L * 32; },
                [](unsigned L) { return L * 32; }),
            8u);
  EXPECT_EQ(waves(
                32, [](unsigned L) { return L * 64; },
                [](unsigned L) { return L * 64; }),
            16u);
  EXPECT_EQ(waves(
                32, [](unsigned L) { return L * 48; },
                [](unsigned L) { return L * 48; }),
            24u);
  EXPECT_EQ(waves(32, contiguous, [](unsigned L) { return (31 - L) * 16; }),
            4u);
}

TEST(BypassCopy, PaddedAndSwizzledTiles) {
  // Four chunks a row at pitch 80: 15; eight at pitch 144: 10; the
  // 128-byte XOR swizzle (chunk ^ row): 4, the ideal.
  auto Tile = [](unsigned A, unsigned Pitch) {
    return [=](unsigned L) { return uint64_t(L / A * Pitch + L % A * 16); };
  };
  EXPECT_EQ(waves(32, Tile(4, 80), contiguous), 15u);
  EXPECT_EQ(waves(32, Tile(8, 144), contiguous), 10u);
  EXPECT_EQ(waves(
                32,
                [](unsigned L) {
                  return uint64_t(L / 8 * 128 + ((L % 8) ^ (L / 8 % 8)) * 16);
                },
                contiguous),
            4u);
}

TEST(BypassCopy, PartialWarps) {
  // Stride 1, lanes below n copy: a lone half sector is a wavefront of its
  // own (n = 3: 2; n = 31: 5). Measured for n = 1 to 31.
  unsigned Want[][2] = {{1, 1}, {2, 1}, {3, 2}, {4, 1},
                        {8, 1}, {9, 2}, {31, 5}};
  for (auto [N, W] : Want)
    EXPECT_EQ(waves(N, contiguous, contiguous), W) << N << " lanes";
  EXPECT_EQ(waves(0, contiguous, contiguous), 0u);
}

} // namespace

namespace {

TEST(BypassCopy, HeldOutLinesNotDecided) {
  // cp_async_cg_src.cu (measured after its predictions): stride 1 from a
  // source shifted by 32 bytes measured 8, not the rule's 4; stride 1 from
  // a stride-2 source 32, not 16. In both, lanes writing one shared line
  // read two global 128-byte lines: not decided.
  EXPECT_EQ(waves(32, contiguous, [](unsigned L) { return 32 + L * 16; }), ~0u);
  EXPECT_EQ(waves(32, contiguous, [](unsigned L) { return L * 32; }), ~0u);
  // Unshifted, each shared line from one global line: measured 4, decided.
  EXPECT_EQ(waves(32, contiguous, contiguous), 4u);
}

TEST(BypassCopy, RangeOverBaseAlignments) {
  // The global base known only mod 16: a contiguous fill may cross a global
  // line, so the rule does not decide it; one lane per shared line does.
  std::vector<std::pair<int64_t, int64_t>> Fill, Column;
  for (int64_t L = 0; L < 32; ++L) {
    Fill.push_back({L * 16, L * 16});
    Column.push_back({L * 128, L * 16});
  }
  EXPECT_FALSE(bypassCopyRange(Fill, 128).has_value());
  auto R = bypassCopyRange(Column, 128);
  ASSERT_TRUE(R.has_value());
  EXPECT_EQ(R->first, 32u);
  EXPECT_EQ(R->second, 32u);
}

} // namespace
