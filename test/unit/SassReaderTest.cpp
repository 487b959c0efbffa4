//===--- SassReaderTest.cpp - The SASS listing reader ---------------------===//
//
// Real nvdisasm and cuobjdump output of Inputs/sass/kernels.cu (README
// there): every shared instruction, its width, and the line and inlining
// chain it comes from.
//
//===----------------------------------------------------------------------===//

#include "FinalCode.h"
#include "SassReader.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

std::vector<SassFunction> read(const char *Name) {
  auto Buf = llvm::MemoryBuffer::getFile(std::string(WARPCHECK_TEST_SASS_DIR) +
                                         "/" + Name);
  EXPECT_TRUE(bool(Buf)) << Name;
  return Buf ? parseSassListing((*Buf)->getBuffer())
             : std::vector<SassFunction>();
}

const SassFunction *function(const std::vector<SassFunction> &Fs,
                             const std::string &Name) {
  for (const SassFunction &F : Fs)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

std::vector<std::string> opcodes(const SassFunction &F) {
  std::vector<std::string> Out;
  for (const SassInstruction &I : F.Instructions)
    Out.push_back(I.Opcode);
  return Out;
}

/// "line L (inlined at M, ...)" of an instruction, for comparisons.
std::vector<unsigned> lines(const SassInstruction &I) {
  std::vector<unsigned> Out;
  for (const SassFrame &F : I.Frames)
    Out.push_back(F.Line);
  return Out;
}

} // namespace

TEST(SassReader, SharedInstructionsOfEachFunction) {
  std::vector<SassFunction> Fs = read("kernels.gi.sass");
  ASSERT_EQ(Fs.size(), 2u);
  const SassFunction *Fused = function(Fs, "_Z5fusedPf");
  ASSERT_TRUE(Fused);
  EXPECT_EQ(opcodes(*Fused),
            (std::vector<std::string>{"STS", "LDS.128", "LDS.64", "LDS",
                                      "ATOMS.CAST.SPIN", "LDS"}));
  const SassFunction *Chain = function(Fs, "_Z5chainPfPh");
  ASSERT_TRUE(Chain);
  EXPECT_EQ(opcodes(*Chain),
            (std::vector<std::string>{"STS", "STS.U8", "ATOMS.POPC.INC.32",
                                      "LDS.U8", "LDS"}));
}

TEST(SassReader, WidthsAndKinds) {
  std::vector<SassFunction> Fs = read("kernels.gi.sass");
  const SassFunction *Fused = function(Fs, "_Z5fusedPf");
  ASSERT_TRUE(Fused);
  const auto &I = Fused->Instructions;
  EXPECT_EQ(I[0].Kind, SassMemKind::SharedStore);
  EXPECT_EQ(I[0].WidthBytes, 4u);
  EXPECT_EQ(I[1].Kind, SassMemKind::SharedLoad);
  EXPECT_EQ(I[1].WidthBytes, 16u);
  EXPECT_EQ(I[2].WidthBytes, 8u);
  EXPECT_EQ(I[4].Kind, SassMemKind::SharedAtomic);
  EXPECT_TRUE(I[4].CompareAndSwap);
  EXPECT_FALSE(I[3].CompareAndSwap);
  const SassFunction *Chain = function(Fs, "_Z5chainPfPh");
  ASSERT_TRUE(Chain);
  EXPECT_EQ(Chain->Instructions[1].WidthBytes, 1u); // STS.U8
  EXPECT_EQ(Chain->Instructions[2].WidthBytes, 4u); // ATOMS.POPC.INC.32
  EXPECT_FALSE(Chain->Instructions[2].CompareAndSwap);
}

TEST(SassReader, LinesAndInliningChains) {
  std::vector<SassFunction> Fs = read("kernels.gi.sass");
  const SassFunction *Fused = function(Fs, "_Z5fusedPf");
  ASSERT_TRUE(Fused);
  const auto &I = Fused->Instructions;
  EXPECT_EQ(lines(I[0]), (std::vector<unsigned>{11}));   // s[t] = out[t]
  EXPECT_EQ(lines(I[1]), (std::vector<unsigned>{3, 13})); // sum4 at line 13
  EXPECT_EQ(I[1].Frames[0].File, "/src/kernels.cu");
  EXPECT_EQ(lines(I[2]), (std::vector<unsigned>{14}));
  // atomicAdd: the toolkit's header, inlined at the call.
  ASSERT_EQ(I[4].Frames.size(), 2u);
  EXPECT_TRUE(llvm::StringRef(I[4].Frames[0].File)
                  .ends_with("sm_20_atomic_functions.hpp"));
  EXPECT_EQ(I[4].Frames[1].Line, 15u);
  // inner (line 4) inlined in mid (line 5) inlined in chain (line 27).
  const SassFunction *Chain = function(Fs, "_Z5chainPfPh");
  ASSERT_TRUE(Chain);
  EXPECT_EQ(lines(Chain->Instructions[4]), (std::vector<unsigned>{4, 5, 27}));
}

TEST(SassReader, PlainLineInfoHasOneFrame) {
  std::vector<SassFunction> Fs = read("kernels.g.sass");
  const SassFunction *Fused = function(Fs, "_Z5fusedPf");
  ASSERT_TRUE(Fused);
  ASSERT_EQ(Fused->Instructions.size(), 6u);
  EXPECT_EQ(lines(Fused->Instructions[1]), (std::vector<unsigned>{3}));
  EXPECT_EQ(lines(Fused->Instructions[2]), (std::vector<unsigned>{14}));
}

TEST(SassReader, CuobjdumpHasNoLines) {
  std::vector<SassFunction> Fs = read("kernels.cuobjdump.sass");
  const SassFunction *Fused = function(Fs, "_Z5fusedPf");
  ASSERT_TRUE(Fused);
  EXPECT_EQ(opcodes(*Fused)[1], "LDS.128");
  for (const SassInstruction &I : Fused->Instructions)
    EXPECT_TRUE(I.Frames.empty());
}

TEST(SassReader, PredicatesAndOtherOpcodes) {
  // Lines of nvdisasm output (casloop.cu of the lit tests).
  std::vector<SassFunction> Fs = parseSassListing(
      ".text._Z1kPf:\n"
      "\t//## File \"/src/k.cu\", line 7\n"
      "        /*00a0*/              @!P0 STS [R0], RZ ;\n"
      "        /*00b0*/                   LDG.E R0, desc[UR8][R2.64] ;\n"
      "        /*00c0*/                   LDSM.16.M88.4 R4, [R2] ;\n"
      "        /*00d0*/                   LDGSTS.E.BYPASS.128 [R3], desc[UR4][R4.64] ;\n"
      "        /*00e0*/                   STL.64 [R1], R4 ;\n");
  ASSERT_EQ(Fs.size(), 1u);
  const auto &I = Fs[0].Instructions;
  ASSERT_EQ(I.size(), 4u); // LDG is not shared or local
  EXPECT_EQ(I[0].Predicate, "@!P0");
  EXPECT_EQ(I[0].Offset, 0xa0u);
  EXPECT_EQ(I[1].Opcode, "LDSM.16.M88.4");
  EXPECT_EQ(I[1].WidthBytes, 0u); // ldmatrix: no per-lane width
  EXPECT_EQ(I[2].Kind, SassMemKind::SharedStore);
  EXPECT_EQ(I[2].WidthBytes, 16u);
  EXPECT_EQ(I[3].Kind, SassMemKind::LocalStore);
  EXPECT_EQ(lines(I[3]), (std::vector<unsigned>{7}));
}

TEST(SassReader, KernelNamesFromDemangled) {
  EXPECT_EQ(kernelNameOfDemangled("void k3144<33>(const int *, int *, int)"),
            "k3144<33>");
  EXPECT_EQ(kernelNameOfDemangled("fused(float*)"), "fused");
  EXPECT_EQ(kernelNameOfDemangled("void ns::k<(int)4, float>(float*)"),
            "ns::k<(int)4, float>");
}

TEST(SassReader, StraightLineInstructions) {
  // fused(): LDS.128 before any branch runs once per warp; the LDS of the
  // compare-and-swap loop (a backward BRA to it) does not.
  std::vector<SassFunction> Fs = read("kernels.gi.sass");
  const SassFunction *Fused = function(Fs, "_Z5fusedPf");
  ASSERT_TRUE(Fused);
  EXPECT_TRUE(Fused->HasControlFlow);
  const auto &I = Fused->Instructions;
  EXPECT_TRUE(runsOncePerWarp(*Fused, I[1]));  // LDS.128
  EXPECT_FALSE(runsOncePerWarp(*Fused, I[3])); // LDS in the loop
  EXPECT_FALSE(runsOncePerWarp(*Fused, I[4])); // ATOMS.CAST.SPIN
  // After the loop: the loop's branch is behind it.
  EXPECT_TRUE(runsOncePerWarp(*Fused, I[5]));
  // chain(): the atomic under `if (threadIdx.x < 7)` is jumped over.
  const SassFunction *Chain = function(Fs, "_Z5chainPfPh");
  ASSERT_TRUE(Chain);
  EXPECT_FALSE(runsOncePerWarp(*Chain, Chain->Instructions[2]));
  // mayRepeat: only a jump back across the instruction repeats it; the
  // atomic under a branch runs at most once.
  EXPECT_FALSE(mayRepeat(*Fused, I[1]));
  EXPECT_TRUE(mayRepeat(*Fused, I[3]));
  EXPECT_FALSE(mayRepeat(*Fused, I[5]));
  EXPECT_FALSE(mayRepeat(*Chain, Chain->Instructions[2]));
  // A listing without control flow (filtered) proves nothing.
  std::vector<SassFunction> Plain = parseSassListing(
      ".text._Z1kPf:\n        /*0010*/                   LDS R4, [R2] ;\n");
  ASSERT_EQ(Plain.size(), 1u);
  EXPECT_FALSE(runsOncePerWarp(Plain[0], Plain[0].Instructions[0]));
  EXPECT_TRUE(mayRepeat(Plain[0], Plain[0].Instructions[0]));
}
