// Requests of accesses nvcc fused into wider instructions (FusedRequests.h),
// counted by the measured 8- and 16-byte rules of BankModel.h.
#include "FusedRequests.h"

#include <functional>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

/// One warp request of Site, 4 bytes wide, lane L at byte Address(L).
CapturedRequest request(unsigned Site, std::function<int64_t(unsigned)> Address,
                        AccessKind Kind = AccessKind::Load,
                        uint64_t Weight = 1) {
  CapturedRequest C;
  C.Site = Site;
  C.Weight = Weight;
  C.Request.WidthBytes = 4;
  C.Request.Kind = Kind;
  for (unsigned L = 0; L < 32; ++L) {
    C.Request.Lanes[L] = Activity::Active;
    C.Request.Addresses[L] = SymbolicInt::constant(Address(L));
  }
  return C;
}

} // namespace

TEST(FusedRequests, AdjacentPairBecomesOneLds64) {
  // s[2 * t] (site 0) and s[2 * t + 1] (site 1): LDS.64 at s[2 * t].
  AtomTable Atoms;
  std::vector<CapturedRequest> Rs = {
      request(0, [](unsigned L) { return 8 * L; }),
      request(1, [](unsigned L) { return 8 * L + 4; })};
  WidenedView Base = widenRequests(Rs, 0, 8, Atoms);
  ASSERT_TRUE(Base.Decided) << Base.Reason;
  EXPECT_EQ(Base.Requests, 1u);
  EXPECT_EQ(Base.SourceRequests, 1u);
  // 256 contiguous bytes: one pass per half-warp.
  EXPECT_EQ(Base.Wavefronts, 2u);
  EXPECT_EQ(Base.IdealWavefronts, 2u);
  WidenedView Second = widenRequests(Rs, 1, 8, Atoms);
  ASSERT_TRUE(Second.Decided);
  EXPECT_EQ(Second.Requests, 0u);
  EXPECT_EQ(Second.SourceRequests, 1u);
}

TEST(FusedRequests, UnrolledIterationsBecomeOneLds128) {
  // for i in 0..3: s[4 * t + i], one site, four instances per warp, each
  // repeated by 2 warps (Weight).
  AtomTable Atoms;
  std::vector<CapturedRequest> Rs;
  for (int I = 0; I < 4; ++I)
    Rs.push_back(request(
        0, [I](unsigned L) { return 16 * L + 4 * I; }, AccessKind::Load, 2));
  WidenedView V = widenRequests(Rs, 0, 16, Atoms);
  ASSERT_TRUE(V.Decided) << V.Reason;
  EXPECT_EQ(V.SourceRequests, 8u);
  EXPECT_EQ(V.Requests, 2u);
  // 512 contiguous bytes: one pass per quarter-warp.
  EXPECT_EQ(V.Wavefronts, 8u);
  EXPECT_EQ(V.WorstWavefronts, 4u);
}

TEST(FusedRequests, BroadcastLds128TakesAPassPerHalfWarp) {
  // matrixMul's As[ty][k] for k..k+3: every lane reads the same 16 bytes.
  AtomTable Atoms;
  std::vector<CapturedRequest> Rs = {request(0, [](unsigned) { return 64; })};
  WidenedView V = widenRequests(Rs, 0, 16, Atoms);
  ASSERT_TRUE(V.Decided) << V.Reason;
  EXPECT_EQ(V.Requests, 1u);
  EXPECT_EQ(V.Wavefronts, 2u);
}

TEST(FusedRequests, StoresNeverMerge) {
  // A warp-uniform 16-byte store takes 4 wavefronts (measured).
  AtomTable Atoms;
  std::vector<CapturedRequest> Rs = {
      request(0, [](unsigned) { return 0; }, AccessKind::Store)};
  WidenedView V = widenRequests(Rs, 0, 16, Atoms);
  ASSERT_TRUE(V.Decided) << V.Reason;
  EXPECT_EQ(V.Wavefronts, 4u);
}

TEST(FusedRequests, BytePairBecomesOneLdsU16) {
  // char s[2 * t], s[2 * t + 1] fused into LDS.U16 at s[2 * t]: 64
  // contiguous bytes, lanes sharing words: one wavefront (2-byte rule).
  AtomTable Atoms;
  std::vector<CapturedRequest> Rs = {
      request(0, [](unsigned L) { return 2 * L; }),
      request(1, [](unsigned L) { return 2 * L + 1; })};
  for (CapturedRequest &C : Rs)
    C.Request.WidthBytes = 1;
  WidenedView V = widenRequests(Rs, 0, 2, Atoms);
  ASSERT_TRUE(V.Decided) << V.Reason;
  EXPECT_EQ(V.Requests, 1u);
  EXPECT_EQ(V.Wavefronts, 1u);
  EXPECT_EQ(widenRequests(Rs, 1, 2, Atoms).Requests, 0u);
  // Stride 64 bytes: every lane's word on bank 0, 16 distinct words.
  std::vector<CapturedRequest> Strided = {
      request(0, [](unsigned L) { return 128 * (L / 2) + 2 * (L % 2); })};
  Strided[0].Request.WidthBytes = 1;
  WidenedView S = widenRequests(Strided, 0, 2, Atoms);
  ASSERT_TRUE(S.Decided) << S.Reason;
  EXPECT_EQ(S.Wavefronts, 16u);
  EXPECT_TRUE(widenedRuleMeasured(AccessKind::Store, 2));
  EXPECT_FALSE(widenedRuleMeasured(AccessKind::Atomic, 2));
}

TEST(FusedRequests, UndecidedCases) {
  AtomTable Atoms;
  // Lanes that disagree on alignment start no fused instruction (a wider
  // one needs every lane aligned): decided, no request.
  std::vector<CapturedRequest> Mixed = {
      request(0, [](unsigned L) { return 4 * L; })};
  WidenedView M = widenRequests(Mixed, 0, 8, Atoms);
  EXPECT_TRUE(M.Decided) << M.Reason;
  EXPECT_EQ(M.Requests, 0u);
  // An address not followed.
  std::vector<CapturedRequest> Opaque = {
      request(0, [](unsigned L) { return 8 * L; })};
  Opaque[0].Request.Addresses[3] = SymbolicInt::opaque();
  EXPECT_FALSE(widenRequests(Opaque, 0, 8, Atoms).Decided);
  // An unknown offset whose multiple may break the alignment.
  std::vector<CapturedRequest> Shifted = {
      request(0, [](unsigned L) { return 8 * L; })};
  AtomId N = Atoms.named("n");
  for (SymbolicInt &A : Shifted[0].Request.Addresses)
    A = sym::add(A, SymbolicInt::atom(N, 4));
  WidenedView S = widenRequests(Shifted, 0, 8, Atoms);
  EXPECT_FALSE(S.Decided);
  EXPECT_NE(S.Reason.find("alignment"), std::string::npos);
  // Issued 8 bytes wide it reads 256 contiguous bytes wherever it starts.
  EXPECT_TRUE(S.IssuedDecided);
  EXPECT_EQ(S.issuedCost(), 2u);
  // Atomics: no measured rule for a widened atomic.
  std::vector<CapturedRequest> Atomic = {
      request(0, [](unsigned L) { return 8 * L; }, AccessKind::Atomic)};
  EXPECT_FALSE(widenRequests(Atomic, 0, 8, Atoms).Decided);
  // No request of the site.
  EXPECT_FALSE(widenRequests(Mixed, 5, 8, Atoms).Decided);
}

TEST(FusedRequests, IssuedCostOfALoopCountersWord) {
  // llm.c attention_backward kernel 6: s[t2i] with t2i a loop counter, the
  // same word in every lane, unrolled into LDS.128 at 4 * t2i: whether a
  // request starts an LDS.128 is not known, what one costs is (a pass per
  // half-warp at every aligned start).
  AtomTable Atoms;
  AtomId K = Atoms.fresh("iteration of loop at line 622");
  std::vector<CapturedRequest> Rs = {request(0, [](unsigned) { return 0; })};
  for (SymbolicInt &A : Rs[0].Request.Addresses)
    A = sym::add(A, SymbolicInt::atom(K, 4));
  WidenedView V = widenRequests(Rs, 0, 16, Atoms);
  EXPECT_FALSE(V.Decided);
  ASSERT_TRUE(V.IssuedDecided);
  EXPECT_EQ(V.issuedCost(), 2u);
  // Lanes 0..15 only: one pass.
  for (unsigned L = 16; L < 32; ++L)
    Rs[0].Request.Lanes[L] = Activity::Inactive;
  EXPECT_EQ(widenRequests(Rs, 0, 16, Atoms).issuedCost(), 1u);
  // Consecutive words from a counter's word: no start aligns every lane,
  // never issued 16 bytes wide.
  std::vector<CapturedRequest> Row = {
      request(0, [](unsigned L) { return 4 * L; })};
  for (SymbolicInt &A : Row[0].Request.Addresses)
    A = sym::add(A, SymbolicInt::atom(K, 4));
  WidenedView R = widenRequests(Row, 0, 16, Atoms);
  EXPECT_TRUE(R.IssuedDecided);
  EXPECT_GT(R.IssuedMin, R.IssuedMax);
  EXPECT_EQ(R.issuedCost(), 0u);
  // Lanes 16 bytes apart from the counter's word: 512 contiguous bytes,
  // a pass per quarter-warp wherever they start.
  std::vector<CapturedRequest> Wide = {
      request(0, [](unsigned L) { return 16 * L; })};
  for (SymbolicInt &A : Wide[0].Request.Addresses)
    A = sym::add(A, SymbolicInt::atom(K, 4));
  EXPECT_EQ(widenRequests(Wide, 0, 16, Atoms).issuedCost(), 4u);
  // Lanes an unknown apart: not placed.
  std::vector<CapturedRequest> Apart = {request(0, [](unsigned) { return 0; })};
  Apart[0].Request.Addresses[5] = SymbolicInt::atom(K, 16);
  EXPECT_FALSE(widenRequests(Apart, 0, 16, Atoms).IssuedDecided);
}
