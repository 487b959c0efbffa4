//===--- FinalFixProofTest.cpp - Layout fixes judged on the final code ----===//
//
// judgeOnFinalCode on re-analyses whose final views are set by hand: a fix
// holds when nvcc's instructions for the edited layout take at most the
// claimed wavefronts, fails when they take more (a layout conflict-free per
// source request but not once fused), and is unknown where the final code
// cannot be counted.
//
//===----------------------------------------------------------------------===//

#include "FinalFixProof.h"

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

FixClaim claim(uint64_t Wavefronts) {
  FixClaim C;
  C.File = "/src/k.cu";
  C.Kernel = "k";
  C.Variable = "s";
  C.TotalWavefronts = Wavefronts;
  return C;
}

/// An exact access of s in k whose requests take Wavefronts each, and its
/// final view: Known with FinalWavefronts, or counts unknown.
AccessRecord access(unsigned Line, unsigned Wavefronts, const char *Change,
                    std::vector<std::string> Instructions, bool Known,
                    uint64_t FinalWavefronts) {
  AccessRecord A;
  A.File = "/src/k.cu";
  A.Line = Line;
  A.Kernel = "k";
  A.Variable = "s";
  A.Status = "exact";
  A.Wavefronts = Wavefronts;
  A.Final.Compared = true;
  A.Final.Known = Known;
  A.Final.Change = Change;
  A.Final.Instructions = std::move(Instructions);
  A.Final.Wavefronts = FinalWavefronts;
  if (!Known) {
    A.Final.Reason = "the source view is exact and its request count is not "
                     "exact";
    for (const std::string &I : A.Final.Instructions)
      A.Final.PerRequest.push_back({I, FinalWavefronts});
  }
  return A;
}

} // namespace

TEST(FinalFixProof, HoldsWhenTheFinalCodeTakesAtMostTheClaim) {
  // Two 4-byte loads fused into one LDS.64: 16 wavefronts for 2 x 8 claimed.
  std::vector<AccessRecord> As = {
      access(5, 1, "fused", {"LDS.64"}, true, 8),
      access(6, 1, "fused", {"LDS.64"}, true, 8)};
  FinalFixVerdict V = judgeOnFinalCode(claim(16), As);
  EXPECT_EQ(V.Outcome, FinalFixVerdict::Holds);
  EXPECT_EQ(V.Why, "LDS.64: 16 wavefronts");
}

TEST(FinalFixProof, FailsWhenTheFusedCodeCostsMore) {
  std::vector<AccessRecord> As = {
      access(5, 1, "fused", {"LDS.128"}, true, 32),
      access(6, 1, "same", {"STS"}, true, 8)};
  FinalFixVerdict V = judgeOnFinalCode(claim(16), As);
  EXPECT_EQ(V.Outcome, FinalFixVerdict::Fails);
  EXPECT_EQ(V.Why, "nvcc's code for the edited layout (LDS.128, STS) takes 40 "
                   "wavefronts, not 16");
}

TEST(FinalFixProof, OnlyTheClaimsArrayAndKernelCount) {
  std::vector<AccessRecord> As = {access(5, 1, "same", {"LDS"}, true, 8)};
  AccessRecord Other = access(7, 32, "same", {"LDS"}, true, 256);
  Other.Variable = "t";
  As.push_back(Other);
  AccessRecord OtherKernel = access(5, 32, "same", {"LDS"}, true, 256);
  OtherKernel.Kernel = "k2";
  As.push_back(OtherKernel);
  EXPECT_EQ(judgeOnFinalCode(claim(8), As).Outcome, FinalFixVerdict::Holds);
  EXPECT_EQ(judgeOnFinalCode(claim(7), As).Outcome, FinalFixVerdict::Fails);
}

TEST(FinalFixProof, SameRequestsWithUnknownCountsHoldPerRequest) {
  std::vector<AccessRecord> As = {access(5, 1, "same", {"LDS"}, false, 1),
                                  access(6, 1, "same", {"STS"}, false, 1)};
  FinalFixVerdict V = judgeOnFinalCode(claim(64), As);
  EXPECT_EQ(V.Outcome, FinalFixVerdict::Holds);
  EXPECT_EQ(V.Why, "LDS, STS, each request as the source's");
}

TEST(FinalFixProof, UnknownWhereTheFinalCodeCannotBeCounted) {
  // Fused with unknown counts: its requests are not the source's.
  std::vector<AccessRecord> Fused = {
      access(5, 1, "fused", {"LDS.128"}, false, 4)};
  FinalFixVerdict V = judgeOnFinalCode(claim(64), Fused);
  EXPECT_EQ(V.Outcome, FinalFixVerdict::Unknown);
  EXPECT_EQ(V.Why, "line 5: the source view is exact and its request count "
                   "is not exact");
  // The same instruction at a higher cost per request than the source's.
  std::vector<AccessRecord> Dearer = {access(5, 1, "same", {"LDS"}, false, 2)};
  EXPECT_EQ(judgeOnFinalCode(claim(64), Dearer).Outcome,
            FinalFixVerdict::Unknown);
  // Known counts beside unknown ones: no total to compare.
  std::vector<AccessRecord> Mixed = {access(5, 1, "same", {"LDS"}, false, 1),
                                     access(6, 1, "same", {"STS"}, true, 8)};
  EXPECT_EQ(judgeOnFinalCode(claim(64), Mixed).Outcome,
            FinalFixVerdict::Unknown);
  // No access of the array at all.
  EXPECT_EQ(judgeOnFinalCode(claim(64), {}).Outcome, FinalFixVerdict::Unknown);
}
