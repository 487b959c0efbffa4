// The bank model on concrete addresses: seed 000's eleven cases and the
// probes of cuda_samples/bank_rules.cu, with the wavefronts the H100 measured
// (cuda_samples/measurements/h100/metrics.csv).
#include "BankModel.h"

#include <functional>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {
/// Addresses of a warp request: lane t reads element Index(t) of an array of
/// ElementBytes, when Active(t).
WarpAddresses lanes(
    unsigned ElementBytes, std::function<uint64_t(unsigned)> Index,
    std::function<bool(unsigned)> Active = [](unsigned) { return true; }) {
  WarpAddresses A;
  for (unsigned T = 0; T < WarpSize; ++T)
    if (Active(T))
      A[T] = Index(T) * ElementBytes;
  return A;
}
unsigned waves(unsigned Width, const WarpAddresses &A) {
  return countWavefronts(Width, A).Wavefronts;
}
} // namespace

TEST(BankModel, FourByteStrides) {
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 2 * T; })), 2u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 4 * T; })), 4u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 32 * T; })), 32u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 33 * T; })), 1u);
}

TEST(BankModel, BroadcastOfOneWordIsFree) {
  EXPECT_EQ(waves(4, lanes(4, [](unsigned) { return 5; })), 1u);
  // Two words on bank 0: two wavefronts however many lanes ask.
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return (T & 1) * 32; })), 2u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return (T % 4) * 32 + T / 4; })),
            4u);
}

TEST(BankModel, NarrowElementsShareWords) {
  EXPECT_EQ(waves(1, lanes(1, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(waves(1, lanes(1, [](unsigned T) { return 128 * T; })), 32u);
  EXPECT_EQ(waves(1, lanes(1, [](unsigned T) { return 129 * T; })), 4u);
  EXPECT_EQ(waves(2, lanes(2, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(waves(2, lanes(2, [](unsigned T) { return 32 * T; })), 16u);
  EXPECT_EQ(waves(2, lanes(2, [](unsigned T) { return 64 * T; })), 32u);
}

TEST(BankModel, Seed000SixtyFourBitCases) {
  EXPECT_EQ(waves(8, lanes(
                         8, [](unsigned T) { return T; },
                         [](unsigned T) { return T < 16; })),
            1u);
  EXPECT_EQ(waves(8, lanes(
                         8, [](unsigned T) { return T == 16 ? 15 : T; },
                         [](unsigned T) { return T < 15 || T == 16; })),
            2u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T / 2; })), 1u);
  EXPECT_EQ(waves(8, lanes(8,
                           [](unsigned T) {
                             return T < 16 ? T / 2 : (T / 4) * 4 + (T % 4) % 2;
                           })),
            2u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T % 16; })), 2u);
}

TEST(BankModel, Seed000OneHundredTwentyEightBitCases) {
  EXPECT_EQ(waves(16, lanes(
                          16, [](unsigned) { return 4; },
                          [](unsigned T) { return T == 15 || T == 16; })),
            2u);
  EXPECT_EQ(waves(16, lanes(
                          16, [](unsigned) { return 4; },
                          [](unsigned T) { return T == 0 || T == 15; })),
            1u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              return (T / 8) * 2 + ((T % 8) / 2) % 2;
                            })),
            2u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              return T < 16 ? (T / 8) * 2 + ((T % 8) / 2) % 2
                                            : (T / 8) * 2 + ((T % 8) % 2);
                            })),
            4u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              return (T / 16) * 4 + (T % 16) / 8 +
                                     (T % 8) / 4 * 8;
                            })),
            4u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              unsigned A = (T / 16) * 4 + (T % 16 / 8) * 8;
                              return A + (T < 16 ? (T % 4 / 2) * 2
                                                 : (T % 4 % 2) * 2);
                            })),
            4u);
}

TEST(BankModel, VectorProbesMeasuredOnH100) {
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T; })), 2u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return 2 * T; })), 4u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return 16 * T; })), 32u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned) { return 3; })), 1u);
  EXPECT_EQ(waves(16, lanes(16, [](unsigned T) { return T; })), 4u);
  EXPECT_EQ(waves(16, lanes(16, [](unsigned T) { return 2 * T; })), 8u);
  EXPECT_EQ(waves(16, lanes(16, [](unsigned) { return 3; })), 2u);
}

TEST(BankModel, IdealCountsPasses) {
  WavefrontCount C =
      countWavefronts(16, lanes(16, [](unsigned T) { return 2 * T; }));
  EXPECT_EQ(C.Ideal, 4u);
  EXPECT_EQ(C.Ways, 2u);
  WavefrontCount Col =
      countWavefronts(4, lanes(4, [](unsigned T) { return 32 * T; }));
  EXPECT_EQ(Col.Ideal, 1u);
  EXPECT_EQ(Col.WorstBank, 0u);
  EXPECT_EQ(Col.WorstLanes.size(), 32u);
  EXPECT_EQ(countWavefronts(4, WarpAddresses{}).Wavefronts, 0u);
}

TEST(BankModel, FormatsLaneLists) {
  EXPECT_EQ(formatLaneList({0, 1, 2, 3}), "0..3");
  EXPECT_EQ(formatLaneList({0, 2, 4, 5, 6, 9}), "0, 2, 4..6, 9");
  EXPECT_EQ(formatLaneList({3, 4}), "3, 4");
}
