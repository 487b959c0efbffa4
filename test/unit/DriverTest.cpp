//===--- DriverTest.cpp - The driver's defences ---------------------------===//
//
// Crash containment (a stack overflow in one file's analysis returns false,
// the process goes on), nvcc's option table (every value flag drops its
// value, the meaning rows agree with `nvcc --help` on arity), and the depth
// caps of translated commands.
//
//===----------------------------------------------------------------------===//

#include "CompileCommand.h"
#include "CrashContainment.h"
#include "LaunchSpelling.h"
#include "NvccFlags.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>

using namespace warpcheck;

namespace {

/// Recursion the compiler cannot turn into a loop: each frame keeps a
/// buffer and uses it after the call.
unsigned overflow(unsigned Depth) {
  volatile char Frame[512];
  Frame[Depth % 512] = char(Depth);
  return overflow(Depth + 1) + Frame[(Depth * 7) % 512];
}

TEST(CrashContainment, StackOverflowIsContained) {
  bool Ran = false;
  EXPECT_FALSE(runContained([&] {
    Ran = true;
    (void)overflow(0);
  }));
  EXPECT_TRUE(Ran);
  // The process, and containment, still work after it.
  unsigned Value = 0;
  EXPECT_TRUE(runContained([&] { Value = 7; }));
  EXPECT_EQ(Value, 7u);
}

TEST(CrashContainment, NullDereferenceIsContained) {
  EXPECT_FALSE(runContained([] {
    volatile int *Null = nullptr;
    *Null = 1;
  }));
}

TEST(CrashContainment, DeepButFiniteRecursionFits) {
  // 64 MiB of frames: deeper than a default 8 MiB thread allows.
  std::function<unsigned(unsigned)> Down = [&](unsigned N) -> unsigned {
    volatile char Frame[1024];
    Frame[N % 1024] = 1;
    return N == 0 ? 0 : Down(N - 1) + Frame[N % 1024];
  };
  unsigned Sum = 0;
  EXPECT_TRUE(runContained([&] { Sum = Down(64 * 1024); }));
  EXPECT_EQ(Sum, 64u * 1024);
}

ParseOptions prelude() {
  ParseOptions P;
  P.ResourceDir = WARPCHECK_TEST_RESOURCE_DIR;
  return P;
}

/// The project's part of a translated command (after warpcheck's front).
std::vector<std::string> projectArgs(const TranslatedCommand &T) {
  return {T.Args.begin() + T.FrontEnd, T.Args.end()};
}

TEST(NvccOptions, EveryValueFlagDropsItsValue) {
  // For each option nvcc's help says takes a value, given as a separate
  // argument whose value looks like a source: only k.cu stays an input.
  unsigned Checked = 0;
  for (const NvccFlag &F : nvccHelpFlags()) {
    if (!F.TakesValue)
      continue;
    llvm::StringRef Value;
    bool Joined;
    const NvccFlag *Row = findNvccFlag(F.Spelling, Value, Joined);
    ASSERT_NE(Row, nullptr) << F.Spelling.str();
    if (Row->Action != NvccAction::Drop)
      continue; // a meaning of its own: -I, -D, -arch ... (tested in lit)
    TranslatedCommand T = translateCommand(
        {"nvcc", F.Spelling.str(), "value.cu", "-c", "k.cu"}, prelude());
    std::vector<std::string> Args = projectArgs(T);
    EXPECT_EQ(std::count(Args.begin(), Args.end(), "value.cu"), 0)
        << F.Spelling.str();
    EXPECT_EQ(std::count(Args.begin(), Args.end(), "k.cu"), 1)
        << F.Spelling.str();
    ++Checked;
  }
  EXPECT_GT(Checked, 100u); // nvcc 13 has 65 value options, two spellings
}

TEST(NvccOptions, MeaningRowsAgreeWithNvccOnArity) {
  for (const NvccFlag &Mine : nvccFlags())
    for (const NvccFlag &Nvcc : nvccHelpFlags())
      if (Mine.Spelling == Nvcc.Spelling)
        EXPECT_EQ(Mine.TakesValue, Nvcc.TakesValue) << Mine.Spelling.str();
}

TEST(NvccOptions, ClangCommandsKeepClangsFlags) {
  // -Werror is clang's flag alone; nvcc's takes a value. In a clang
  // command the next argument stays the source.
  TranslatedCommand T =
      translateCommand({"clang++", "-Werror", "k.cu", "-c"}, prelude());
  std::vector<std::string> Args = projectArgs(T);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "k.cu"), 1);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-Werror"), 1);
}

TEST(DepthCaps, RecursionLimitsAreCapped) {
  TranslatedCommand T = translateCommand(
      {"clang++", "-fconstexpr-depth=1000000", "-fbracket-depth=100",
       "-ftemplate-depth=99999999999", "k.cu"},
      prelude());
  std::vector<std::string> Args = projectArgs(T);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-fconstexpr-depth=8192"), 1);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-fbracket-depth=100"), 1);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-ftemplate-depth=8192"), 1);
  EXPECT_EQ(T.Capped.size(), 2u);
  // nvcc's separate value arrives joined, and capped.
  T = translateCommand({"nvcc", "-ftemplate-depth", "100000", "k.cu"},
                       prelude());
  Args = projectArgs(T);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-ftemplate-depth=8192"), 1);
}

} // namespace

// nvcc reads `k << <g, b >> > (p)` as a launch; clang needs `<<<` and `>>>`.
TEST(LaunchSpelling, SpacedChevronsAreJoinedKeepingEveryOffset) {
  std::string In = "k << <1, 32 >> > (p);\nk<<\t< dim3(n >> 1), 4 >>>(p);\n";
  auto Out = joinSpacedLaunchChevrons(In);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "k <<< 1, 32 >>>  (p);\nk<<<  dim3(n >> 1), 4 >>>(p);\n");
  EXPECT_EQ(Out->size(), In.size());
}

TEST(LaunchSpelling, WhatIsNotALaunchIsKept) {
  for (const char *Text :
       {"template <class T> ostream &operator<< <T>(ostream &, X<T>);",
        "std::vector<std::vector<int>> > bad; a << <", // no close
        "// k << <1, 32 >> > (p);\n",
        "const char *s = \"k << <1, 32 >> > (p)\";",
        "auto r = R\"x(k << <1, 2 >> >)x\";",
        "k << <1, 32; >> > (p);", // a statement ends first
        "k<<<1, 32>>>(p); int x = 1'000 << 2;"})
    EXPECT_FALSE(joinSpacedLaunchChevrons(Text)) << Text;
}

TEST(LaunchSpelling, OnlyTheLaunchsOwnCloseIsJoined) {
  // A template's `>> >` after the launch belongs to the template.
  auto Out = joinSpacedLaunchChevrons(
      "k << <g, b >>>(p); std::map<int, std::vector<std::pair<int, int>> > m;");
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "k <<< g, b >>>(p); std::map<int, "
                  "std::vector<std::pair<int, int>> > m;");
}
