// The bank map of one request (issue 29): lanes, banks and the wavefront
// each word is served in, before and after a layout fix, and that the
// after-map counts what the layout search scores.
#include "BankMap.h"

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

/// Lane L reads element Row(L) * Cols + Col(L) of ElementBytes.
WarpAddresses tileRead(uint64_t Cols, unsigned ElementBytes,
                       uint64_t (*Row)(unsigned), uint64_t (*Col)(unsigned)) {
  WarpAddresses A{};
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = (Row(L) * Cols + Col(L)) * ElementBytes;
  return A;
}

uint64_t laneIs(unsigned L) { return L; }
uint64_t zero(unsigned) { return 0; }
uint64_t laneHalf(unsigned L) { return L / 2; }
uint64_t laneOdd(unsigned L) { return L % 2; }

/// What the layout search scores for this one request under L.
uint64_t scored(const Layout &L, const ArrayGeometry &G, unsigned Width,
                const WarpAddresses &A) {
  CapturedRequest C;
  C.Request.WidthBytes = Width;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    C.Request.Lanes[Lane] = A[Lane] ? Activity::Active : Activity::Inactive;
    if (A[Lane])
      C.Request.Addresses[Lane] = SymbolicInt::constant(int64_t(*A[Lane]));
  }
  AtomTable Atoms;
  return scoreLayout(L, G, {C}, Atoms).TotalWavefronts;
}

} // namespace

TEST(BankMap, TransposeReadIsThirtyTwoWayOnBankZero) {
  // t[lane][0] of float t[32][32]: every lane on bank 0, 32 words.
  WarpAddresses A = tileRead(32, 4, laneIs, zero);
  BankMap M = drawBankMap(4, AccessKind::Load, A, AtomicForm::Native,
                          defaultBankRules());
  ASSERT_TRUE(M.Drawn) << M.Reason;
  EXPECT_EQ(M.Wavefronts, 32u);
  EXPECT_EQ(M.Ideal, 1u);
  EXPECT_EQ(M.WordsPerBank[0], 32u);
  EXPECT_EQ(M.WordsPerBank[1], 0u);
  for (unsigned L = 0; L < WarpSize; ++L) {
    ASSERT_EQ(M.Lanes[L].size(), 1u);
    EXPECT_EQ(M.Lanes[L][0].Bank, 0u);
    EXPECT_EQ(M.Lanes[L][0].Word, L * 32u);
    EXPECT_EQ(M.Lanes[L][0].Wavefront, L); // in lane order
  }
}

TEST(BankMap, SharedWordsAreOneDelivery) {
  // Lanes 2k and 2k+1 read the same word: 16 words on 16 banks, 1 wavefront.
  WarpAddresses A = tileRead(1, 4, laneHalf, zero);
  BankMap M = drawBankMap(4, AccessKind::Load, A, AtomicForm::Native,
                          defaultBankRules());
  ASSERT_TRUE(M.Drawn);
  EXPECT_EQ(M.Wavefronts, 1u);
  EXPECT_EQ(M.WordsPerBank[0], 1u);
  EXPECT_EQ(M.WordsPerBank[16], 0u);
  // A native atomic shares nothing: two lane accesses per bank.
  BankMap At = drawBankMap(4, AccessKind::Atomic, A, AtomicForm::Native,
                           defaultBankRules());
  ASSERT_TRUE(At.Drawn);
  EXPECT_EQ(At.Wavefronts, 2u);
  EXPECT_EQ(At.Lanes[1][0].Wavefront, 1u);
}

TEST(BankMap, WideAccessesTouchSeveralBanksPerLane) {
  // 16-byte loads of consecutive vectors: quarter-warp passes, 4 passes.
  WarpAddresses A{};
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = L * 16;
  BankMap M = drawBankMap(16, AccessKind::Load, A, AtomicForm::Native,
                          defaultBankRules());
  ASSERT_TRUE(M.Drawn) << M.Reason;
  EXPECT_EQ(M.Wavefronts, countWavefronts(16, AccessKind::Load, A).Wavefronts);
  EXPECT_EQ(M.Lanes[9].size(), 4u);
  EXPECT_EQ(M.Lanes[9][0].Bank, 4u);
  EXPECT_EQ(M.Lanes[9][0].Wavefront, 1u); // the second quarter-warp
}

TEST(BankMap, InactiveLanesAndLoopsAreNotDrawn) {
  WarpAddresses A{};
  A[3] = 0;
  A[7] = 128;
  BankMap M = drawBankMap(4, AccessKind::Store, A, AtomicForm::Native,
                          defaultBankRules());
  ASSERT_TRUE(M.Drawn);
  EXPECT_TRUE(M.Lanes[0].empty());
  EXPECT_EQ(M.Lanes[7][0].Wavefront, 1u);
  EXPECT_EQ(M.Wavefronts, 2u);
  BankMap Spin = drawBankMap(4, AccessKind::Atomic, A, AtomicForm::SpinLoop,
                             defaultBankRules());
  EXPECT_FALSE(Spin.Drawn);
  EXPECT_NE(Spin.Reason.find("not drawn"), std::string::npos);
  BankMap None = drawBankMap(4, AccessKind::Load, WarpAddresses{},
                             AtomicForm::Native, defaultBankRules());
  EXPECT_FALSE(None.Drawn);
}

TEST(BankMap, AfterFixCountsWhatTheLayoutSearchScores) {
  struct Case {
    ArrayGeometry G;
    unsigned Width;
    WarpAddresses A;
    Layout L;
    unsigned After;
  };
  Layout Pad1;
  Pad1.K = Layout::Kind::Pad;
  Pad1.Pad = 1;
  Layout Swz;
  Swz.K = Layout::Kind::Swizzle;
  Swz.B = 5, Swz.M = 0, Swz.S = 5;
  Layout Row;
  Row.K = Layout::Kind::RowXor;
  Row.B = 5, Row.M = 0, Row.S = 0;
  Layout Pad2;
  Pad2.K = Layout::Kind::Pad;
  Pad2.Pad = 2;
  std::vector<Case> Cases = {
      {{{32, 32}, 4}, 4, tileRead(32, 4, laneIs, zero), Pad1, 1},
      {{{32, 32}, 4}, 4, tileRead(32, 4, laneIs, zero), Swz, 1},
      {{{32, 96}, 4}, 4, tileRead(96, 4, laneIs, zero), Row, 1},
      // double t[32][32]: 8-byte lanes, pad 1 double leaves 2-way pairs.
      {{{32, 32}, 8}, 8, tileRead(32, 8, laneIs, zero), Pad1, 2},
      // Two columns of a 64-wide tile: pad 2 still collides within pairs.
      {{{32, 64}, 4}, 4, tileRead(64, 4, laneHalf, laneOdd), Pad2, 1},
  };
  for (const Case &C : Cases) {
    std::optional<WarpAddresses> Moved = mapThroughLayout(C.L, C.G, C.A);
    ASSERT_TRUE(Moved) << C.L.name();
    BankMap After = drawBankMap(C.Width, AccessKind::Load, *Moved,
                                AtomicForm::Native, defaultBankRules());
    ASSERT_TRUE(After.Drawn) << After.Reason;
    EXPECT_EQ(After.Wavefronts, scored(C.L, C.G, C.Width, C.A)) << C.L.name();
    EXPECT_EQ(After.Wavefronts, C.After) << C.L.name();
    BankMap Before = drawBankMap(C.Width, AccessKind::Load, C.A,
                                 AtomicForm::Native, defaultBankRules());
    EXPECT_EQ(Before.Wavefronts, scored(Layout(), C.G, C.Width, C.A));
  }
}
