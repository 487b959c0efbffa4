// The layout search on the access patterns of seeds 001, 002 and 004: the
// smallest padding and the simplest swizzle that serve every access.
#include "LayoutSearch.h"

#include <functional>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {
using Pattern =
    std::function<std::pair<uint64_t, uint64_t>(unsigned X, unsigned Y)>;

/// The requests of one access tile[Row][Col] (element offsets Row * Cols +
/// Col) by every warp of a BlockX x BlockY block.
void addAccess(std::vector<CapturedRequest> &Rs, unsigned Site, unsigned BlockX,
               unsigned BlockY, uint64_t Cols, unsigned ElementBytes,
               Pattern RowCol) {
  unsigned Threads = BlockX * BlockY;
  for (unsigned W = 0; W * 32 < Threads; ++W) {
    CapturedRequest C;
    C.Site = Site;
    C.Request.WidthBytes = ElementBytes;
    for (unsigned L = 0; L < 32; ++L) {
      unsigned T = W * 32 + L;
      if (T >= Threads) {
        C.Request.Lanes[L] = Activity::Inactive;
        continue;
      }
      auto [Row, Col] = RowCol(T % BlockX, T / BlockX);
      C.Request.Lanes[L] = Activity::Active;
      C.Request.Addresses[L] =
          SymbolicInt::constant(int64_t((Row * Cols + Col) * ElementBytes));
    }
    Rs.push_back(C);
  }
}

std::vector<CapturedRequest> transposeRequests(unsigned BX, unsigned BY,
                                               uint64_t Rows, uint64_t Cols) {
  std::vector<CapturedRequest> Rs;
  addAccess(Rs, 0, BX, BY, Cols, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(Y), uint64_t(X));
  });
  addAccess(Rs, 1, BX, BY, Cols, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(X), uint64_t(Y));
  });
  (void)Rows;
  return Rs;
}
} // namespace

TEST(LayoutSearch, TransposeTileNeedsPadOneOrTheClassicSwizzle) {
  AtomTable Atoms;
  ArrayGeometry G{{32, 32}, 4};
  auto Rs = transposeRequests(32, 32, 32, 32);
  LayoutScore Original = scoreLayout(Layout(), G, Rs, Atoms);
  EXPECT_EQ(Original.TotalWavefronts, 32u * 1 + 32u * 32);
  auto Pad = bestPadding(G, Rs, Atoms);
  ASSERT_TRUE(Pad);
  EXPECT_EQ(Pad->L.Pad, 1u);
  EXPECT_TRUE(Pad->conflictFree());
  EXPECT_EQ(Pad->L.extraBytes(G), 32u * 4);
  auto Swz = bestSwizzle(G, Rs, Atoms);
  ASSERT_TRUE(Swz);
  EXPECT_TRUE(Swz->conflictFree());
  EXPECT_EQ(Swz->L.name(), "Swizzle<5,0,5>");
}

TEST(LayoutSearch, SixteenBySixteenBlockNeedsASwizzle) {
  // t[16][17] is still 2-way (measured on the H100: block16x16_col_pad1,
  // 2.00 for the write and the read): a warp spans two rows. No pad serves
  // the row write and the column read at once; pad 2 is the least bad, and
  // a swizzle removes every conflict.
  AtomTable Atoms;
  ArrayGeometry G{{16, 16}, 4};
  auto Rs = transposeRequests(16, 16, 16, 16);
  Layout One;
  One.K = Layout::Kind::Pad;
  One.Pad = 1;
  LayoutScore PadOne = scoreLayout(One, G, Rs, Atoms);
  EXPECT_EQ(PadOne.WorstWays, 2u);
  EXPECT_EQ(PadOne.TotalWavefronts, 32u);
  auto Pad = bestPadding(G, Rs, Atoms);
  ASSERT_TRUE(Pad);
  EXPECT_EQ(Pad->L.Pad, 2u);
  EXPECT_FALSE(Pad->conflictFree());
  EXPECT_EQ(Pad->TotalWavefronts, 24u);
  auto Swz = bestSwizzle(G, Rs, Atoms);
  ASSERT_TRUE(Swz);
  EXPECT_TRUE(Swz->conflictFree());
  EXPECT_EQ(Swz->TotalWavefronts, 16u);
}

TEST(LayoutSearch, RectangularTileNeedsPadTwo) {
  // Seed 002: a 32x16 block writes tile[16][32] by rows and reads
  // tile[idx % 16][idx / 16].
  AtomTable Atoms;
  ArrayGeometry G{{16, 32}, 4};
  std::vector<CapturedRequest> Rs;
  addAccess(Rs, 0, 32, 16, 32, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(Y), uint64_t(X));
  });
  addAccess(Rs, 1, 32, 16, 32, 4, [](unsigned X, unsigned Y) {
    unsigned Idx = Y * 32 + X;
    return std::make_pair(uint64_t(Idx % 16), uint64_t(Idx / 16));
  });
  auto Pad = bestPadding(G, Rs, Atoms);
  ASSERT_TRUE(Pad);
  EXPECT_EQ(Pad->L.Pad, 2u);
  EXPECT_TRUE(Pad->conflictFree());
}

TEST(LayoutSearch, NarrowRowsSwizzleWithFewerBits) {
  // Seed 001's narrowing, at 32 banks: 32 rows of 16 floats read by
  // columns. Half a row per bank line: the swizzle takes 4 bits from the
  // row above the lowest, Swizzle<4,0,5>.
  AtomTable Atoms;
  ArrayGeometry G{{32, 16}, 4};
  std::vector<CapturedRequest> Rs;
  addAccess(Rs, 0, 16, 32, 16, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(Y), uint64_t(X));
  });
  addAccess(Rs, 1, 32, 16, 16, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(X), uint64_t(Y));
  });
  auto Swz = bestSwizzle(G, Rs, Atoms);
  ASSERT_TRUE(Swz);
  EXPECT_TRUE(Swz->conflictFree());
  EXPECT_EQ(Swz->L.B, 4u);
  EXPECT_EQ(Swz->L.M, 0u);
}

TEST(LayoutSearch, WideRowsShiftTheSwizzle) {
  // Seed 001's widening: rows of 64 floats; the row bits start at 6.
  AtomTable Atoms;
  ArrayGeometry G{{32, 64}, 4};
  std::vector<CapturedRequest> Rs;
  addAccess(Rs, 0, 32, 32, 64, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(Y), uint64_t(X));
  });
  addAccess(Rs, 1, 32, 32, 64, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(X), uint64_t(Y));
  });
  auto Swz = bestSwizzle(G, Rs, Atoms);
  ASSERT_TRUE(Swz);
  EXPECT_TRUE(Swz->conflictFree());
  EXPECT_EQ(Swz->L.name(), "Swizzle<5,0,6>");
}

TEST(LayoutSearch, VectorAccessesKeepTheirGroups) {
  // float4 reads of rows of 32 floats by columns of float4: the swizzle
  // must move whole 16-byte groups (M >= 2).
  AtomTable Atoms;
  ArrayGeometry G{{32, 32}, 4};
  std::vector<CapturedRequest> Rs;
  for (unsigned W = 0; W < 8; ++W) {
    CapturedRequest C;
    C.Request.WidthBytes = 16;
    for (unsigned L = 0; L < 32; ++L) {
      unsigned T = W * 32 + L;
      unsigned Row = T % 32, Quad = T / 32; // lanes walk down a column
      C.Request.Lanes[L] = Activity::Active;
      C.Request.Addresses[L] =
          SymbolicInt::constant(int64_t((Row * 32 + Quad * 4) * 4));
    }
    Rs.push_back(C);
  }
  auto Swz = bestSwizzle(G, Rs, Atoms);
  ASSERT_TRUE(Swz);
  EXPECT_GE(Swz->L.M, 2u);
  EXPECT_TRUE(Swz->conflictFree());
}

TEST(LayoutSearch, SwizzleMapIsABijection) {
  ArrayGeometry G{{32, 32}, 4};
  Layout L;
  L.K = Layout::Kind::Swizzle;
  L.B = 3;
  L.M = 1;
  L.S = 4;
  std::vector<bool> Seen(1024, false);
  for (int64_t E = 0; E < 1024; ++E) {
    auto O = L.map(SymbolicInt::constant(E * 4), G);
    ASSERT_TRUE(O && O->isConstant());
    ASSERT_LT(O->Const / 4, 1024);
    EXPECT_FALSE(Seen[O->Const / 4]);
    Seen[O->Const / 4] = true;
  }
}

TEST(LayoutSearch, RowsOfNonPowerOfTwoLengthUseARowXor) {
  // Seed 001's 8x24 rows, at 32 banks: 32 rows of 96 floats read by
  // columns. The flat swizzle cannot be written as a column index; the
  // column XOR c ^ (r & 31) can, because 96 is a multiple of 32.
  AtomTable Atoms;
  ArrayGeometry G{{32, 96}, 4};
  std::vector<CapturedRequest> Rs;
  addAccess(Rs, 0, 32, 32, 96, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(Y), uint64_t(X));
  });
  addAccess(Rs, 1, 32, 32, 96, 4, [](unsigned X, unsigned Y) {
    return std::make_pair(uint64_t(X), uint64_t(Y));
  });
  EXPECT_GT(scoreLayout(Layout(), G, Rs, Atoms).WorstWays, 1u);
  auto Row = bestRowXor(G, {RequestGroup{&Atoms, Rs}});
  ASSERT_TRUE(Row);
  EXPECT_TRUE(Row->conflictFree());
  EXPECT_EQ(Row->L.B, 5u);
  EXPECT_EQ(Row->L.M, 0u);
  EXPECT_EQ(Row->L.S, 0u);
}

TEST(LayoutSearch, RepeatedRequestsCountEveryTime) {
  // A loop over tiles issues the same requests again; the search merges
  // them but must still count each one: eight iterations of the 16x16
  // transpose cost eight times one, for the original layout and the best.
  AtomTable Atoms;
  ArrayGeometry G{{16, 16}, 4};
  auto Once = transposeRequests(16, 16, 16, 16);
  std::vector<CapturedRequest> Eight;
  for (int I = 0; I < 8; ++I)
    Eight.insert(Eight.end(), Once.begin(), Once.end());
  std::vector<RequestGroup> Merged =
      mergeRepeats({RequestGroup{&Atoms, Eight}});
  ASSERT_EQ(Merged.size(), 1u);
  ASSERT_EQ(Merged[0].Requests.size(), Once.size());
  for (const CapturedRequest &C : Merged[0].Requests)
    EXPECT_EQ(C.Weight, 8u);
  EXPECT_EQ(scoreLayout(Layout(), G, Merged).TotalWavefronts,
            scoreLayout(Layout(), G, Eight, Atoms).TotalWavefronts);
  auto PadOnce = bestPadding(G, Once, Atoms);
  auto PadEight = bestPadding(G, Eight, Atoms);
  ASSERT_TRUE(PadOnce && PadEight);
  EXPECT_EQ(PadEight->L.Pad, PadOnce->L.Pad);
  EXPECT_EQ(PadEight->TotalWavefronts, 8 * PadOnce->TotalWavefronts);
  EXPECT_EQ(PadEight->TotalIdeal, 8 * PadOnce->TotalIdeal);
  auto SwzEight = bestSwizzle(G, Eight, Atoms);
  ASSERT_TRUE(SwzEight);
  EXPECT_EQ(SwzEight->TotalWavefronts,
            scoreLayout(SwzEight->L, G, Eight, Atoms).TotalWavefronts);
  EXPECT_EQ(SwzEight->TotalWavefronts, 8u * 16);
}

TEST(LayoutSearch, CollectorMergesRepeatsAndLimitsDistinctOnes) {
  // 100,000 iterations of one tile loop are one request of weight 100,000;
  // only distinct requests count against the limit, and a request from
  // another site is distinct even when its addresses are the same.
  auto Once = transposeRequests(16, 16, 16, 16);
  ASSERT_GE(Once.size(), 2u);
  RequestCollector C;
  for (int I = 0; I < 100000; ++I)
    for (const CapturedRequest &R : Once)
      ASSERT_TRUE(C.add(R, Once.size()));
  ASSERT_EQ(C.size(), Once.size());
  for (const CapturedRequest &R : C.requests())
    EXPECT_EQ(R.Weight, 100000u);
  CapturedRequest Other = Once.front();
  Other.Site = 7;
  EXPECT_FALSE(C.add(Other, Once.size()));
  EXPECT_EQ(C.size(), Once.size());
  EXPECT_TRUE(C.add(Other, Once.size() + 1));
  EXPECT_EQ(C.size(), Once.size() + 1);
  EXPECT_EQ(C.requests().back().Weight, 1u);
}

TEST(LayoutSearch, FlatArraysArePaddedByTheirRowStride) {
  // int m[1024] indexed as m[y * 32 + x] and m[x * 32 + y]: the row length is
  // found from the accesses (32, not 8, 16, 64 ...), pad 1 per row, as the
  // H100 confirmed for parallel_transpose and reduce_interleaved_strided.
  AtomTable Atoms;
  ArrayGeometry G{{1024}, 4};
  auto Rs = transposeRequests(32, 32, 32, 32);
  auto Pad = bestPadding(G, Rs, Atoms);
  ASSERT_TRUE(Pad);
  EXPECT_TRUE(Pad->conflictFree());
  EXPECT_EQ(Pad->L.RowElems, 32u);
  EXPECT_EQ(Pad->L.Pad, 1u);
  EXPECT_EQ(Pad->L.extraBytes(G), 32u * 4);
  EXPECT_EQ(Pad->L.name(), "pad 1 per 32");
  // A row length the index does not use leaves the column read conflicted.
  Layout Wrong;
  Wrong.K = Layout::Kind::Pad;
  Wrong.Pad = 1;
  Wrong.RowElems = 64;
  EXPECT_FALSE(scoreLayout(Wrong, G, Rs, Atoms).conflictFree());
}
