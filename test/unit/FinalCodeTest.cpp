//===--- FinalCodeTest.cpp - Source accesses matched to the SASS ----------===//
//
// matchFinalCode on hand-made listings and access records: a load hoisted
// out of its loop under the loop's entry test, an instruction outside every
// loop that cannot be the source's requests, a misaligned group of several
// widths (also one that reads past its elements), and the per-request costs
// of a view whose counts are unknown.
//
//===----------------------------------------------------------------------===//

#include "FinalCode.h"
#include "SassReader.h"

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

const char *const Marker = "\t//## File \"/src/k.cu\", line ";

/// A one-kernel listing (_Z1kPf) from instruction lines; "@N" lines put the
/// following instructions on line N of /src/k.cu.
std::vector<SassFunction> listing(const std::vector<std::string> &Body) {
  std::string Text = ".text._Z1kPf:\n";
  for (const std::string &L : Body)
    Text += L[0] == '@' ? Marker + L.substr(1) + "\n" : L + "\n";
  return parseSassListing(Text);
}

std::string at(unsigned Offset, const std::string &Instr) {
  char Buf[16];
  snprintf(Buf, sizeof(Buf), "%04x", Offset);
  return std::string("        /*") + Buf + "*/                   " + Instr +
         " ;";
}

/// An exact access of kernel k at /src/k.cu:Line whose every request takes
/// Wavefronts.
AccessRecord access(unsigned Line, const std::string &Kind, unsigned Width,
                    unsigned Threads, unsigned Instances, unsigned Requests,
                    unsigned Wavefronts) {
  AccessRecord A;
  A.File = "/src/k.cu";
  A.Line = A.EndLine = Line;
  A.Kernel = A.Function = "k";
  A.Variable = "s";
  A.Kind = Kind;
  A.WidthBytes = Width;
  A.Block = Dim3{Threads, 1, 1};
  A.Instances = Instances;
  A.Requests = Requests;
  A.Instructions = Requests;
  A.Wavefronts = A.MinWavefronts = Wavefronts;
  A.TotalWavefronts = uint64_t(Requests) * Wavefronts;
  A.Status = "exact";
  return A;
}

WidenedView widened(unsigned Width, uint64_t Requests, unsigned PerRequest) {
  WidenedView V;
  V.WidthBytes = Width;
  V.Decided = true;
  V.Requests = Requests;
  V.Wavefronts = Requests * PerRequest;
  V.WorstWavefronts = Requests ? PerRequest : 0;
  V.IssuedDecided = true;
  if (Requests)
    V.IssuedMin = V.IssuedMax = PerRequest;
  return V;
}

const std::vector<KernelRecord> Kernels = {{"/src/k.cu", "k", "_Z1kPf"}};

/// for (k < n) acc += s[..]: the LDS before the loop, behind its entry
/// test; the loop itself has no shared instruction.
std::vector<SassFunction> guardedHoist() {
  return listing({at(0x00, "S2R R0, SR_TID.X"), at(0x10, "@P0 BRA `(.L_x_1)"),
                  "@9", at(0x20, "LDS R4, [R2]"),
                  ".L_x_2:", at(0x30, "FADD R5, R4, R5"),
                  at(0x40, "@P1 BRA `(.L_x_2)"), ".L_x_1:", at(0x50, "EXIT")});
}

} // namespace

TEST(FinalCode, LoadHoistedUnderTheLoopsEntryTest) {
  // 128 threads, 4 iterations: 16 requests of 2 wavefronts in source; one
  // LDS per warp in the final code.
  std::vector<AccessRecord> As = {access(9, "load", 4, 128, 4, 16, 2)};
  matchFinalCode(As, Kernels, guardedHoist());
  const FinalCodeView &F = As[0].Final;
  ASSERT_TRUE(F.Known) << F.Reason;
  EXPECT_EQ(F.Change, "hoisted");
  EXPECT_EQ(F.Requests, 4u);
  EXPECT_EQ(F.Wavefronts, 8u);
}

TEST(FinalCode, OutsideEveryLoopIsNeverTheSourcesLoop) {
  // Not every warp runs the access every iteration (10 requests for 4
  // warps and 4 executions): at most 4 requests, which ones not known.
  std::vector<AccessRecord> As = {access(9, "load", 4, 128, 4, 10, 2)};
  matchFinalCode(As, Kernels, guardedHoist());
  EXPECT_FALSE(As[0].Final.Known);
  EXPECT_EQ(As[0].Final.Change, "hoisted");
  EXPECT_NE(As[0].Final.Reason.find("outside any loop"), std::string::npos)
      << As[0].Final.Reason;
}

TEST(FinalCode, MisalignedGroupOfSeveralWidths) {
  // s[b], s[b+1], s[b+2], s[b+3] from an odd b: STS, STS.64, STS, each
  // width costing 4 wavefronts whichever access starts it.
  std::vector<SassFunction> Fs =
      listing({"@7", at(0x00, "STS [R2], R4"), at(0x10, "STS.64 [R2+0x4], R6"),
               at(0x20, "STS [R2+0xc], R8"), at(0x30, "EXIT")});
  std::vector<AccessRecord> As;
  for (unsigned I = 0; I < 4; ++I) {
    As.push_back(access(7, "store", 4, 64, 1, 2, 4));
    // Only s[b+1] is 8-byte aligned in every lane.
    As.back().Widened = {widened(8, I == 1 ? 2 : 0, 4), widened(16, 0, 0)};
  }
  matchFinalCode(As, Kernels, Fs);
  ASSERT_TRUE(As[0].Final.Known) << As[0].Final.Reason;
  EXPECT_EQ(As[0].Final.Change, "fused");
  EXPECT_EQ(As[0].Final.Requests, 6u);
  EXPECT_EQ(As[0].Final.Wavefronts, 24u);
  for (unsigned I = 1; I < 4; ++I)
    EXPECT_EQ(As[I].Final.Requests, 0u);
  // Candidates for STS.64 that cost differently: which one starts it
  // matters, unknown.
  As[3].Widened[0] = widened(8, 2, 8);
  matchFinalCode(As, Kernels, Fs);
  EXPECT_FALSE(As[0].Final.Known);
  EXPECT_NE(As[0].Final.Reason.find("which access starts them"),
            std::string::npos)
      << As[0].Final.Reason;
}

TEST(FinalCode, MisalignedGroupReadingPastItsElements) {
  // s[b], ..., s[b+3] from b = 4i + 1 (reshape kernel k0142): LDS.128 of the
  // window from s[4i], one word before the group, and LDS of s[b+3]. Only
  // s[b+3] is 16-byte aligned: the window costs what it costs at 16 bytes.
  std::vector<SassFunction> Fs =
      listing({"@7", at(0x00, "LDS.128 R4, [R10+UR4]"),
               at(0x10, "LDS R12, [R10+UR4+0x10]"), at(0x20, "EXIT")});
  auto Group = [](const std::string &Kind) {
    std::vector<AccessRecord> As;
    for (unsigned I = 0; I < 4; ++I) {
      As.push_back(access(7, Kind, 4, 128, 1, 4, 4));
      As.back().Widened = {widened(8, I % 2 ? 4 : 0, 4),
                           widened(16, I == 3 ? 4 : 0, 4)};
    }
    return As;
  };
  std::vector<AccessRecord> As = Group("load");
  matchFinalCode(As, Kernels, Fs);
  ASSERT_TRUE(As[0].Final.Known) << As[0].Final.Reason;
  EXPECT_EQ(As[0].Final.Change, "fused");
  EXPECT_EQ(As[0].Final.Requests, 8u);
  EXPECT_EQ(As[0].Final.Wavefronts, 32u);
  EXPECT_NE(As[0].Final.Note.find("aligned window"), std::string::npos)
      << As[0].Final.Note;
  // No access aligned to the window: where it starts is not known.
  As = Group("load");
  As[3].Widened[1] = widened(16, 0, 0);
  matchFinalCode(As, Kernels, Fs);
  EXPECT_FALSE(As[0].Final.Known);
  EXPECT_NE(As[0].Final.Reason.find("which access starts them"),
            std::string::npos)
      << As[0].Final.Reason;
  // A store writes only its own bytes.
  std::vector<SassFunction> Stores =
      listing({"@7", at(0x00, "STS.128 [R10+UR4], R4"),
               at(0x10, "STS [R10+UR4+0x10], R12"), at(0x20, "EXIT")});
  As = Group("store");
  matchFinalCode(As, Kernels, Stores);
  EXPECT_FALSE(As[0].Final.Known);
}

TEST(FinalCode, PerRequestCostsWhereCountsAreUnknown) {
  // A broadcast fused into LDS.128 in a loop of unknown trip count.
  std::vector<SassFunction> Fs =
      listing({".L_x_0:", "@12", at(0x00, "LDS.128 R4, [UR4]"),
               at(0x10, "@P0 BRA `(.L_x_0)"), at(0x20, "EXIT")});
  std::vector<AccessRecord> As = {access(12, "load", 4, 64, 8, 16, 1)};
  As[0].CountsExact = false;
  As[0].Widened = {widened(8, 8, 1), widened(16, 4, 2)};
  matchFinalCode(As, Kernels, Fs);
  const FinalCodeView &F = As[0].Final;
  EXPECT_FALSE(F.Known);
  ASSERT_EQ(F.PerRequest.size(), 1u);
  EXPECT_EQ(F.PerRequest[0].first, "LDS.128");
  EXPECT_EQ(F.PerRequest[0].second, 2u);
  // Requests of different costs at that width: no per-request cost.
  As[0].Widened[1].IssuedMax = 5;
  matchFinalCode(As, Kernels, Fs);
  EXPECT_TRUE(As[0].Final.PerRequest.empty());
  // Which requests start an LDS.128 is not known (a loop counter's word),
  // what each costs is: llm.c attention_backward kernel 6.
  As[0].Widened[1] = WidenedView();
  As[0].Widened[1].WidthBytes = 16;
  As[0].Widened[1].Reason = "the alignment of some lane's address is not known";
  As[0].Widened[1].IssuedDecided = true;
  As[0].Widened[1].IssuedMin = As[0].Widened[1].IssuedMax = 2;
  matchFinalCode(As, Kernels, Fs);
  EXPECT_FALSE(As[0].Final.Known);
  ASSERT_EQ(As[0].Final.PerRequest.size(), 1u);
  EXPECT_EQ(As[0].Final.PerRequest[0].second, 2u);
  // Some request's lanes lie an unknown apart: not known.
  As[0].Widened[1].IssuedDecided = false;
  matchFinalCode(As, Kernels, Fs);
  EXPECT_TRUE(As[0].Final.PerRequest.empty());
}

namespace {

/// for (t < tiles) { ... acc += s[..] ... }: the loop's entry test jumps
/// over it, its back edge is at 0x50; Extra goes into the loop body after
/// the LDS.128.
std::vector<SassFunction> tileLoop(const std::vector<std::string> &Extra) {
  std::vector<std::string> Body = {at(0x00, "S2R R0, SR_TID.X"),
                                   at(0x10, "@!P0 BRA `(.L_x_1)"), ".L_x_0:",
                                   "@12", at(0x20, "LDS.128 R4, [R2]")};
  Body.insert(Body.end(), Extra.begin(), Extra.end());
  for (const std::string &L : {at(0x40, "FADD R5, R4, R5"),
                               at(0x50, "@P1 BRA `(.L_x_0)"),
                               std::string(".L_x_1:"), at(0x60, "EXIT")})
    Body.push_back(L);
  return listing(Body);
}

} // namespace

TEST(FinalCode, OnceEachIterationOfOneLoop) {
  std::vector<SassFunction> Fs = tileLoop({});
  const SassInstruction &I = Fs[0].Instructions.front();
  std::optional<SassJump> Loop = onceEachIteration(Fs[0], I);
  ASSERT_TRUE(Loop);
  EXPECT_EQ(Loop->From, 0x50u);
  EXPECT_EQ(Loop->To, 0x20u);
  EXPECT_FALSE(runsOncePerWarp(Fs[0], I));
  // A branch inside the loop over it: some iterations skip it.
  std::vector<SassFunction> Skipped =
      listing({at(0x00, "S2R R0, SR_TID.X"), ".L_x_0:",
               at(0x10, "@P2 BRA `(.L_x_2)"), "@12", at(0x20, "LDS R4, [R2]"),
               ".L_x_2:", at(0x50, "@P1 BRA `(.L_x_0)"), at(0x60, "EXIT")});
  EXPECT_FALSE(onceEachIteration(Skipped[0], Skipped[0].Instructions[0]));
  // Two loops around it.
  std::vector<SassFunction> Nested =
      listing({at(0x00, "S2R R0, SR_TID.X"), ".L_x_0:", ".L_x_1:", "@12",
               at(0x20, "LDS R4, [R2]"), at(0x30, "@P2 BRA `(.L_x_1)"),
               at(0x50, "@P1 BRA `(.L_x_0)"), at(0x60, "EXIT")});
  EXPECT_FALSE(onceEachIteration(Nested[0], Nested[0].Instructions[0]));
  // An EXIT in the loop before it.
  std::vector<SassFunction> Exit =
      listing({at(0x00, "S2R R0, SR_TID.X"), ".L_x_0:", at(0x10, "@P2 EXIT"),
               "@12", at(0x20, "LDS R4, [R2]"),
               at(0x50, "@P1 BRA `(.L_x_0)"), at(0x60, "EXIT")});
  EXPECT_FALSE(onceEachIteration(Exit[0], Exit[0].Instructions[0]));
  // In no loop, or predicated.
  EXPECT_FALSE(onceEachIteration(guardedHoist()[0],
                                 guardedHoist()[0].Instructions[0]));
  std::vector<SassFunction> Predicated = tileLoop({at(0x30, "@P3 LDS R6, [R2]")});
  EXPECT_FALSE(onceEachIteration(Predicated[0], Predicated[0].Instructions[1]));
}

TEST(FinalCode, CountsPerIterationOfALoopWithARunTimeTripCount) {
  // matrixMul's As[ty][k] for k = 0..3 in a tile loop of run-time trip
  // count at line 10: 4 instances a warp, 2 warps, one LDS.128 per
  // iteration of 2 wavefronts.
  std::vector<AccessRecord> As = {access(12, "load", 4, 64, 4, 8, 1)};
  As[0].CountsExact = false;
  As[0].PerIterationLine = 10;
  As[0].Widened = {widened(8, 4, 1), widened(16, 2, 2)};
  matchFinalCode(As, Kernels, tileLoop({}));
  const FinalCodeView &F = As[0].Final;
  ASSERT_TRUE(F.Known) << F.Reason;
  EXPECT_EQ(F.PerIterationLine, 10u);
  EXPECT_EQ(F.Change, "fused");
  EXPECT_EQ(F.Requests, 2u);
  EXPECT_EQ(F.Wavefronts, 4u);
  // Unrolled by two: two LDS.128 an iteration read twice the source's
  // bytes; no per-iteration counts.
  matchFinalCode(As, Kernels, tileLoop({at(0x30, "LDS.128 R8, [R2+0x10]")}));
  EXPECT_FALSE(As[0].Final.Known);
  EXPECT_EQ(As[0].Final.PerIterationLine, 0u);
  // Two reads of one array on the line (one load once merged, which with
  // the loop unrolled by two reads one iteration's bytes): not counted.
  std::vector<AccessRecord> Twice = {As[0], As[0]};
  Twice[0].Variable = Twice[1].Variable = "s";
  Twice[1].Column = 20;
  matchFinalCode(Twice, Kernels,
                 tileLoop({at(0x30, "LDS.128 R8, [R2+0x10]")}));
  EXPECT_FALSE(Twice[0].Final.Known);
  EXPECT_EQ(Twice[0].Final.PerIterationLine, 0u);
  // Counts not known for another reason (no loop line): no per-iteration
  // counts either.
  As[0].PerIterationLine = 0;
  matchFinalCode(As, Kernels, tileLoop({}));
  EXPECT_FALSE(As[0].Final.Known);
  // Not every warp in every instance.
  As[0].PerIterationLine = 10;
  As[0].Requests = 6;
  matchFinalCode(As, Kernels, tileLoop({}));
  EXPECT_FALSE(As[0].Final.Known);
}
