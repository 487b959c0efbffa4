#include "RequestAnalysis.h"

#include <functional>

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {
SymbolicRequest request(unsigned Width) {
  SymbolicRequest R;
  R.WidthBytes = Width;
  R.Lanes.fill(Activity::Active);
  return R;
}
} // namespace

TEST(RequestAnalysis, UniformUnknownShiftDoesNotChangeFourByteCount) {
  AtomTable Atoms;
  AtomId B = Atoms.named("blockIdx.x");
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T)
    R.Addresses[T] =
        sym::add(SymbolicInt::constant(T * 128), SymbolicInt::atom(B, 4));
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Exact);
  EXPECT_EQ(Res.MaxWavefronts, 32u);
  EXPECT_EQ(Res.Ideal, 1u);
  EXPECT_TRUE(Res.DependsOn.empty());
}

TEST(RequestAnalysis, ByteShiftIsEnumerated) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  // Lanes 0 and 1 read bytes 0 and 4 + n: same word or not depending on n.
  SymbolicRequest R = request(1);
  R.Lanes.fill(Activity::Inactive);
  R.Lanes[0] = R.Lanes[1] = Activity::Active;
  R.Addresses[0] = SymbolicInt::constant(0);
  R.Addresses[1] = SymbolicInt::constant(128);
  // A shift common to both lanes never changes this one.
  R.Addresses[0] = sym::add(R.Addresses[0], SymbolicInt::atom(N));
  R.Addresses[1] = sym::add(R.Addresses[1], SymbolicInt::atom(N));
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Exact);
  EXPECT_EQ(Res.MaxWavefronts, 2u);
}

TEST(RequestAnalysis, StrideParameterIsDecidedPerResidue) {
  AtomTable Atoms;
  AtomId N = Atoms.named("stride");
  // Lane T reads word T * stride: the degree is 2^(trailing zeros of
  // stride), up to 32; stride 0 puts every lane on one word.
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T)
    R.Addresses[T] = SymbolicInt::atom(N, 4 * T);
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Range);
  EXPECT_EQ(Res.MinWavefronts, 1u);
  EXPECT_EQ(Res.MaxWavefronts, 32u);
  ASSERT_EQ(Res.DependsOn.size(), 1u);
  EXPECT_EQ(Res.DependsOn[0],
            "'stride' (1 wavefront when stride is odd; 2 wavefronts when "
            "stride is an odd multiple of 2; 4 wavefronts when stride is an "
            "odd multiple of 4; 8 wavefronts when stride is an odd multiple "
            "of 8; 16 wavefronts when stride is an odd multiple of 16; 32 "
            "wavefronts when stride is a multiple of 32)");
}

TEST(RequestAnalysis, PitchOfWholeRowsConflictsExceptWhereWordsCoincide) {
  AtomTable Atoms;
  AtomId N = Atoms.named("pitch");
  // Lane T reads word T % 16 + 32 * pitch * (T / 16): the pitch moves the
  // upper half-warp by whole rows, never changing a bank, so lanes T and
  // T + 16 share a bank with distinct words (2 wavefronts) for every pitch
  // but 0, where they read the same word (1).
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T)
    R.Addresses[T] = sym::add(SymbolicInt::constant(4 * (T % 16)),
                              SymbolicInt::atom(N, 128 * (T / 16) + 0));
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Range);
  EXPECT_EQ(Res.MinWavefronts, 1u);
  EXPECT_EQ(Res.MaxWavefronts, 2u);
}

TEST(RequestAnalysis, TwoLaneVaryingUnknownsAreUnknown) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n"), M = Atoms.named("m");
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T)
    R.Addresses[T] =
        sym::add(SymbolicInt::atom(N, 4 * T), SymbolicInt::atom(M, 8 * T));
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Unknown);
  EXPECT_EQ(Res.MaxWavefronts, 32u);
}

TEST(RequestAnalysis, OpaqueAddressNamesItsDependencies) {
  AtomTable Atoms;
  SymbolicRequest R = request(4);
  R.Addresses[3] = SymbolicInt::opaque();
  R.OpaqueDependencies = {"value loaded from 'perm'"};
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Unknown);
  EXPECT_EQ(Res.DependsOn[0], "value loaded from 'perm'");
}

TEST(RequestAnalysis, OneLaneTakesOneLanesWavefrontsWhereverItPoints) {
  AtomTable Atoms;
  for (unsigned Width : {1u, 2u, 4u, 8u, 16u})
    for (AccessKind Kind : {AccessKind::Load, AccessKind::Store}) {
      SymbolicRequest R = request(Width);
      R.Kind = Kind;
      R.Lanes.fill(Activity::Inactive);
      R.Lanes[5] = Activity::Maybe;
      R.Addresses[5] = SymbolicInt::opaque();
      R.OpaqueDependencies = {"'i' set under a condition"};
      RequestResult Res = analyzeRequest(R, Atoms);
      EXPECT_EQ(Res.Status, Verdict::Exact) << Width;
      EXPECT_EQ(Res.MinWavefronts, 1u) << Width;
      EXPECT_EQ(Res.MaxWavefronts, 1u) << Width;
    }
  // Two lanes that may run: the opaque address decides again.
  SymbolicRequest R = request(4);
  R.Lanes.fill(Activity::Inactive);
  R.Lanes[0] = R.Lanes[1] = Activity::Active;
  R.Addresses[0] = R.Addresses[1] = SymbolicInt::opaque();
  EXPECT_EQ(analyzeRequest(R, Atoms).Status, Verdict::Unknown);
}

TEST(RequestAnalysis, MaybeActiveLanesGiveARange) {
  AtomTable Atoms;
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T) {
    R.Addresses[T] = SymbolicInt::constant(T * 128);
    R.Lanes[T] = T == 0 ? Activity::Active : Activity::Maybe;
  }
  R.ActivityDependencies = {"n"};
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Range);
  EXPECT_EQ(Res.MinWavefronts, 1u);
  EXPECT_EQ(Res.MaxWavefronts, 32u);
  EXPECT_EQ(Res.DependsOn, std::vector<std::string>{"n"});
}

TEST(RequestAnalysis, MaybeLanesThatCannotConflictStayExact) {
  AtomTable Atoms;
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T) {
    R.Addresses[T] = SymbolicInt::constant(T * 4);
    R.Lanes[T] = Activity::Maybe;
  }
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Exact);
  EXPECT_EQ(Res.MaxWavefronts, 1u);
}

// A used atomicAdd of a per-thread operand at a proven-uniform address is
// combined only when all 32 lanes run it (cuda_samples/atomics/atomics.cu
// addvar_*_used_const0: 1); with lanes that may not run it, the compiler's
// other path issues it lane by lane (not measured): a range.
TEST(RequestAnalysis, FullWarpCombiningNeedsEveryLane) {
  AtomTable Atoms;
  SymbolicRequest R = request(4);
  R.Kind = AccessKind::Atomic;
  R.Atomic = AtomicForm::AggregatableFullWarp;
  R.UniformAddress = true;
  for (unsigned T = 0; T < WarpSize; ++T)
    R.Addresses[T] = SymbolicInt::constant(0);
  RequestResult Full = analyzeRequest(R, Atoms);
  EXPECT_EQ(Full.Status, Verdict::Exact);
  EXPECT_EQ(Full.MaxWavefronts, 1u);

  R.Lanes[5] = Activity::Maybe;
  RequestResult Maybe = analyzeRequest(R, Atoms);
  EXPECT_EQ(Maybe.Status, Verdict::Range);
  EXPECT_EQ(Maybe.MinWavefronts, 1u);
  EXPECT_EQ(Maybe.MaxWavefronts, 32u);

  R.Lanes[5] = Activity::Inactive;
  RequestResult Partial = analyzeRequest(R, Atoms);
  EXPECT_EQ(Partial.Status, Verdict::Range);
  EXPECT_EQ(Partial.MaxWavefronts, 31u);

  // Aggregatable (a constant operand, POPC of the active mask): 1 whatever
  // lanes run it (add1_*_used_const0, add2_*_const0).
  R.Atomic = AtomicForm::Aggregatable;
  RequestResult Popc = analyzeRequest(R, Atoms);
  EXPECT_EQ(Popc.Status, Verdict::Exact);
  EXPECT_EQ(Popc.MaxWavefronts, 1u);

  // Not proven uniform: a range from combined to lane by lane.
  R.UniformAddress = false;
  R.Atomic = AtomicForm::AggregatableFullWarp;
  R.Lanes[5] = Activity::Active;
  RequestResult Unproven = analyzeRequest(R, Atoms);
  EXPECT_EQ(Unproven.Status, Verdict::Range);
  EXPECT_EQ(Unproven.MaxWavefronts, 32u);
}

namespace {
/// Lane T of a warp reads Base + Elem * ((Offset(T) + Coef * n) mod M),
/// built as the engine builds it: the residue is a wrap unknown.
SymbolicRequest wrappedRequest(AtomTable &Atoms, AtomId N, unsigned Width,
                               int64_t Elem, int64_t M, int64_t Coef,
                               const std::function<int64_t(unsigned)> &Offset,
                               AccessKind Kind = AccessKind::Load) {
  SymbolicRequest R = request(Width);
  R.Kind = Kind;
  for (unsigned T = 0; T < WarpSize; ++T) {
    SymbolicInt Index =
        sym::add(SymbolicInt::constant(Offset(T)), SymbolicInt::atom(N, Coef));
    R.Addresses[T] = sym::scale(sym::wrapMod(Index, M, Atoms), Elem);
  }
  return R;
}

/// The fewest and most wavefronts over every value of n, by brute force.
std::pair<unsigned, unsigned>
bruteForce(unsigned Width, int64_t Elem, int64_t M, int64_t Coef,
           const std::function<int64_t(unsigned)> &Offset, AccessKind Kind) {
  unsigned Min = ~0u, Max = 0;
  for (int64_t V = 0; V < M; ++V) {
    WarpAddresses A;
    for (unsigned T = 0; T < WarpSize; ++T) {
      int64_t I = ((Offset(T) + Coef * V) % M + M) % M;
      A[T] = uint64_t(Elem * I);
    }
    unsigned W = countWavefronts(Width, Kind, A).Wavefronts;
    Min = std::min(Min, W);
    Max = std::max(Max, W);
  }
  return {Min, Max};
}
} // namespace

TEST(RequestAnalysis, WrapOfAUniformShiftIsDecided) {
  AtomTable Atoms;
  AtomId B = Atoms.named("blockIdx.x");
  // s[(lane * 9 + blockIdx.x) & 2047] of 4-byte words: the wrap moves a lane
  // by 8192 bytes, whole bank rows, and never joins two words: 1 for every
  // blockIdx.x (differential kernel k0000).
  SymbolicRequest R =
      wrappedRequest(Atoms, B, 4, 4, 2048, 1, [](unsigned T) { return 9 * T; });
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Exact);
  EXPECT_EQ(Res.MaxWavefronts, 1u);
  // Stride 2: 2 wavefronts whatever the shift.
  R = wrappedRequest(Atoms, B, 4, 4, 2048, 1, [](unsigned T) { return 2 * T; });
  Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Exact);
  EXPECT_EQ(Res.MaxWavefronts, 2u);
}

TEST(RequestAnalysis, WrapThatChangesBanksIsARangePerResidue) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  // s[(lane + n) % 48] of 4-byte words: 48 * 4 = 192 bytes is not a whole
  // bank row, so a lane that wraps lands on another bank: lanes 0..15 and
  // 16..31 then share banks or not depending on n.
  auto Offset = [](unsigned T) { return int64_t(T); };
  SymbolicRequest R = wrappedRequest(Atoms, N, 4, 4, 48, 1, Offset);
  RequestResult Res = analyzeRequest(R, Atoms);
  auto [Min, Max] = bruteForce(4, 4, 48, 1, Offset, AccessKind::Load);
  EXPECT_LT(Min, Max);
  EXPECT_EQ(Res.Status, Verdict::Range);
  EXPECT_EQ(Res.MinWavefronts, Min);
  EXPECT_EQ(Res.MaxWavefronts, Max);
  ASSERT_EQ(Res.DependsOn.size(), 1u);
  EXPECT_NE(Res.DependsOn[0].find("'n' modulo 48"), std::string::npos);
}

TEST(RequestAnalysis, WrapAgreesWithEveryValueOfTheShift) {
  // Every width, element size, modulus and lane pattern below is checked
  // against the count at every value of n: the rule enumerates exactly.
  struct Case {
    unsigned Width;
    int64_t Elem, M, Coef;
    std::function<int64_t(unsigned)> Offset;
  };
  std::vector<Case> Cases = {
      {4, 4, 2048, 1, [](unsigned T) { return 33 * T; }},
      {4, 4, 16, 1, [](unsigned T) { return T; }},     // e*M = 64 bytes
      {4, 4, 40, 3, [](unsigned T) { return 5 * T; }}, // e*M = 160 bytes
      {4, 4, 1024, 256, [](unsigned T) { return T * 2; }},
      {4, 4, 64, 1, [](unsigned T) { return 7 * T; }}, // span > M
      {1, 1, 2048, 1, [](unsigned T) { return T; }},   // char
      {1, 1, 100, 1, [](unsigned T) { return 3 * T; }},
      {2, 2, 2048, 1, [](unsigned T) { return T; }}, // short
      {2, 2, 96, 1, [](unsigned T) { return 5 * T; }},
      {8, 8, 1024, 1, [](unsigned T) { return T; }}, // double
      {8, 8, 24, 1, [](unsigned T) { return 3 * T; }},
      {16, 16, 512, 1, [](unsigned T) { return T; }}, // float4
      {16, 16, 12, 1, [](unsigned T) { return T; }},
      {4, 4, 2048, -1, [](unsigned T) { return 2047 - T; }},
  };
  for (AccessKind Kind :
       {AccessKind::Load, AccessKind::Store, AccessKind::Atomic})
    for (const Case &C : Cases) {
      if (Kind == AccessKind::Atomic && C.Width != 4 && C.Width != 8)
        continue;
      AtomTable Atoms;
      AtomId N = Atoms.named("n");
      SymbolicRequest R = wrappedRequest(Atoms, N, C.Width, C.Elem, C.M, C.Coef,
                                         C.Offset, Kind);
      RequestResult Res = analyzeRequest(R, Atoms);
      auto [Min, Max] =
          bruteForce(C.Width, C.Elem, C.M, C.Coef, C.Offset, Kind);
      SCOPED_TRACE("width " + std::to_string(C.Width) + " mod " +
                   std::to_string(C.M) + " kind " + accessKindName(Kind));
      EXPECT_NE(Res.Status, Verdict::Unknown);
      EXPECT_EQ(Res.MinWavefronts, Min);
      EXPECT_EQ(Res.MaxWavefronts, Max);
      EXPECT_EQ(Res.Status == Verdict::Exact, Min == Max);
    }
}

TEST(RequestAnalysis, WrapOfAWideModulusCountsOnlyWhereLanesWrap) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  // Bytes of a 64 KiB modulus at 32 scattered offsets: between two points
  // where a lane wraps, the count repeats every word of shift, so about 33
  // intervals of 4 values are counted, not 65536; they agree with all.
  auto Offset = [](unsigned T) { return int64_t(T) * 2053 + 1; };
  for (AccessKind Kind : {AccessKind::Load, AccessKind::Store}) {
    SymbolicRequest R =
        wrappedRequest(Atoms, N, 1, 1, int64_t(1) << 16, 1, Offset, Kind);
    RequestResult Res = analyzeRequest(R, Atoms);
    auto [Min, Max] = bruteForce(1, 1, int64_t(1) << 16, 1, Offset, Kind);
    EXPECT_EQ(Res.MinWavefronts, Min);
    EXPECT_EQ(Res.MaxWavefronts, Max);
    EXPECT_EQ(Res.Status == Verdict::Exact, Min == Max);
  }
}

TEST(RequestAnalysis, WrapsOfDifferentShiftsAreUnknown) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n"), P = Atoms.named("p");
  SymbolicRequest R = request(4);
  for (unsigned T = 0; T < WarpSize; ++T) {
    SymbolicInt Shift = SymbolicInt::atom(T % 2 ? N : P);
    R.Addresses[T] = sym::scale(
        sym::wrapMod(sym::add(SymbolicInt::constant(T), Shift), 2048, Atoms),
        4);
  }
  EXPECT_EQ(analyzeRequest(R, Atoms).Status, Verdict::Unknown);
}

TEST(RequestAnalysis, WrapWithMaybeLanesIsARange) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  SymbolicRequest R = wrappedRequest(Atoms, N, 4, 4, 1024, 1,
                                     [](unsigned T) { return 32 * T; });
  for (unsigned T = 16; T < WarpSize; ++T)
    R.Lanes[T] = Activity::Maybe;
  RequestResult Res = analyzeRequest(R, Atoms);
  EXPECT_EQ(Res.Status, Verdict::Range);
  EXPECT_EQ(Res.MinWavefronts, 16u);
  EXPECT_EQ(Res.MaxWavefronts, 32u);
}
