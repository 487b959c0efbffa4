//===--- LaneArithmeticTest.cpp - Integer operations on every thread ------===//

#include "LaneArithmetic.h"

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {
LaneVector laneIds(unsigned N) {
  LaneVector V;
  V.resize(N);
  for (unsigned T = 0; T < N; ++T)
    V[T] = SymbolicInt::constant(T);
  return V;
}
const SymbolicInt &at(const LaneVector &V, unsigned T) { return V[T]; }
} // namespace

TEST(LaneArithmetic, UniformOperandsGiveAUniformResult) {
  AtomTable Atoms;
  LaneVector N(256, SymbolicInt::atom(Atoms.named("n")));
  LaneVector Four(256, SymbolicInt::constant(4));
  LaneVector R = combineLanes(LaneOp::Mul, N, Four, true, 32, Atoms);
  EXPECT_TRUE(R.isUniform());
  EXPECT_EQ(at(R, 200), SymbolicInt::atom(Atoms.named("n"), 4));
}

TEST(LaneArithmetic, LaneIdsFollowCppSemantics) {
  AtomTable Atoms;
  LaneVector Tid = laneIds(64);
  LaneVector ThirtyTwo(64, SymbolicInt::constant(32));
  LaneVector Row = combineLanes(LaneOp::Div, Tid, ThirtyTwo, false, 32, Atoms);
  LaneVector Col = combineLanes(LaneOp::Rem, Tid, ThirtyTwo, false, 32, Atoms);
  EXPECT_FALSE(Row.isUniform());
  EXPECT_EQ(at(Row, 33).Const, 1);
  EXPECT_EQ(at(Col, 33).Const, 1);
  EXPECT_EQ(at(Row, 31).Const, 0);
  LaneVector Less = combineLanes(LaneOp::LT, Tid, ThirtyTwo, false, 32, Atoms);
  EXPECT_EQ(at(Less, 31).Const, 1);
  EXPECT_EQ(at(Less, 32).Const, 0);
}

TEST(LaneArithmetic, ASymbolicBaseAndLaneOffsetsStayExact) {
  AtomTable Atoms;
  LaneVector Base(32, SymbolicInt::atom(Atoms.named("blockIdx.x"), 32));
  LaneVector Sum =
      combineLanes(LaneOp::Add, Base, laneIds(32), true, 32, Atoms);
  EXPECT_FALSE(at(Sum, 5).Opaque);
  EXPECT_EQ(at(Sum, 5).Const, 5);
  ASSERT_EQ(at(Sum, 5).Terms.size(), 1u);
  EXPECT_EQ(at(Sum, 5).Terms[0].second, 32);
}

TEST(LaneArithmetic, WhatTheDomainCannotExpressIsOpaque) {
  AtomTable Atoms;
  LaneVector Unknown(32, SymbolicInt::atom(Atoms.named("n")));
  // n % 3 is not an affine form of n.
  LaneVector Three(32, SymbolicInt::constant(3));
  LaneVector R = combineLanes(LaneOp::Rem, Unknown, Three, false, 32, Atoms);
  EXPECT_TRUE(at(R, 0).Opaque);
  // An opaque lane stays opaque through addition.
  LaneVector S = combineLanes(LaneOp::Add, R, laneIds(32), false, 32, Atoms);
  EXPECT_TRUE(at(S, 7).Opaque);
}

TEST(LaneArithmetic, LowMaskOfAShiftedLaneIdIsAWrapForAnySign) {
  AtomTable Atoms;
  LaneVector N(32, SymbolicInt::atom(Atoms.named("n")));
  LaneVector Sum = combineLanes(LaneOp::Add, laneIds(32), N, true, 32, Atoms);
  LaneVector Mask(32, SymbolicInt::constant(2047));
  LaneVector R = combineLanes(LaneOp::And, Sum, Mask, true, 32, Atoms);
  ASSERT_FALSE(at(R, 3).Opaque);
  ASSERT_EQ(at(R, 3).Terms.size(), 1u);
  const WrapDef *D = Atoms.wrapOf(at(R, 3).Terms[0].first);
  ASSERT_NE(D, nullptr);
  EXPECT_EQ(D->Modulus, 2048);
  EXPECT_EQ(D->Inner.Const, 3);
  // The mask on the left works too; a mask that is not 2^k - 1 does not.
  EXPECT_EQ(at(combineLanes(LaneOp::And, Mask, Sum, true, 32, Atoms), 3),
            at(R, 3));
  LaneVector Odd(32, SymbolicInt::constant(2046));
  EXPECT_TRUE(
      at(combineLanes(LaneOp::And, Sum, Odd, true, 32, Atoms), 3).Opaque);
}

TEST(LaneArithmetic, RemainderIsAWrapOnlyForANonNegativeDividend) {
  AtomTable Atoms;
  LaneVector N(32, SymbolicInt::atom(Atoms.named("n")));
  LaneVector B(32, SymbolicInt::atom(Atoms.named("blockIdx.x")));
  LaneVector M1024(32, SymbolicInt::constant(1024));
  LaneVector M1000(32, SymbolicInt::constant(1000));
  LaneVector Tid = laneIds(32);
  auto Rem = [&](const LaneVector &X, const LaneVector &M, bool Signed) {
    return combineLanes(LaneOp::Rem, X, M, Signed, 32, Atoms);
  };
  // n may be negative: signed (lane + n) % 1024 is negative then.
  LaneVector WithN = combineLanes(LaneOp::Add, Tid, N, true, 32, Atoms);
  EXPECT_TRUE(at(Rem(WithN, M1024, true), 5).Opaque);
  // Unsigned: the value is the residue modulo 2^32, which 1024 divides,
  // but not 1000.
  EXPECT_FALSE(at(Rem(WithN, M1024, false), 5).Opaque);
  EXPECT_TRUE(at(Rem(WithN, M1000, false), 5).Opaque);
  // blockIdx.x is never negative: lane + blockIdx.x % 1000 is a wrap.
  LaneVector WithB = combineLanes(LaneOp::Add, Tid, B, true, 32, Atoms);
  EXPECT_FALSE(at(Rem(WithB, M1000, true), 5).Opaque);
  // Lane - 1 + blockIdx.x is negative in lane 0 when blockIdx.x is 0.
  LaneVector One(32, SymbolicInt::constant(1));
  LaneVector Less = combineLanes(LaneOp::Sub, WithB, One, true, 32, Atoms);
  EXPECT_TRUE(at(Rem(Less, M1000, true), 0).Opaque);
  EXPECT_FALSE(at(Rem(Less, M1000, true), 1).Opaque);
}

// llm.c's `if (i * 32 + tx >= n)` with n = 1024: 32 * i + lane >= 1024
// holds exactly when i >= 32, in every lane of the warp alike: one unknown
// for the whole warp (the engine then decides the warp in worlds).
TEST(LaneArithmetic, ComparisonDecidedAlikeByAWarpIsOneUnknown) {
  AtomTable Atoms;
  LaneVector I(32, SymbolicInt::atom(Atoms.named("i"), 32));
  LaneVector Row = combineLanes(LaneOp::Add, I, laneIds(32), true, 32, Atoms);
  LaneVector N(32, SymbolicInt::constant(1024));
  for (LaneOp Op : {LaneOp::GE, LaneOp::LT}) {
    LaneVector R = combineLanes(Op, Row, N, true, 32, Atoms);
    for (unsigned T = 0; T < 32; ++T) {
      ASSERT_FALSE(at(R, T).Opaque);
      EXPECT_EQ(at(R, T), at(R, 0)) << "lane " << T;
    }
  }
  // `> 1024` is not: lane 0 needs i >= 33, lanes 1..31 i >= 32.
  for (LaneOp Op : {LaneOp::GT, LaneOp::LE}) {
    LaneVector R = combineLanes(Op, Row, N, true, 32, Atoms);
    EXPECT_NE(at(R, 0), at(R, 1));
    EXPECT_EQ(at(R, 1), at(R, 31));
  }
  // Against 1000 the threshold differs between lanes 0..7 (i >= 32) and
  // 8..31 (i >= 31): two unknowns, so the warp splits lane by lane.
  LaneVector Thousand(32, SymbolicInt::constant(1000));
  LaneVector R = combineLanes(LaneOp::GE, Row, Thousand, true, 32, Atoms);
  EXPECT_NE(at(R, 7), at(R, 8));
  EXPECT_EQ(at(R, 0), at(R, 7));
  EXPECT_EQ(at(R, 8), at(R, 31));
  // Unsigned values may wrap: nothing is claimed.
  LaneVector U = combineLanes(LaneOp::GE, Row, N, false, 32, Atoms);
  EXPECT_TRUE(at(U, 0).Opaque);
}

namespace {
/// lane + 64 * s in threads 0..63 (s a warp-uniform unknown), as
/// SobolQRNG's `i - stride`.
LaneVector laneAndMultiple(AtomTable &Atoms, int64_t Multiple) {
  LaneVector V;
  V.resize(64);
  for (unsigned T = 0; T < 64; ++T)
    V[T] = sym::add(SymbolicInt::atom(Atoms.named("s"), Multiple),
                    SymbolicInt::constant(T));
  return V;
}
} // namespace

TEST(LaneArithmetic, AnOrWithALowMaskCoveringTheLaneBitsIsOneValue) {
  AtomTable Atoms;
  LaneVector X = laneAndMultiple(Atoms, 64);
  // s * 64 - 1: the low 6 bits are ones whatever s is.
  LaneVector Mask(64, sym::add(SymbolicInt::atom(Atoms.named("s"), 64),
                               SymbolicInt::constant(-1)));
  LaneVector R = combineLanes(LaneOp::Or, X, Mask, false, 32, Atoms);
  for (unsigned T = 0; T < 64; ++T) {
    EXPECT_FALSE(at(R, T).Opaque) << T;
    EXPECT_EQ(at(R, T), at(R, 0)) << T;
  }
  EXPECT_FALSE(at(R, 0).isConstant());
  // The mask on the left gives the same.
  LaneVector L = combineLanes(LaneOp::Or, Mask, X, false, 32, Atoms);
  EXPECT_EQ(at(L, 40), at(L, 3));
}

TEST(LaneArithmetic, AnOrWithAMaskShortOfTheLaneBitsKeepsLanesApart) {
  AtomTable Atoms;
  LaneVector X = laneAndMultiple(Atoms, 64);
  // Only the low 3 bits: lanes 0-7 and 8-15 differ above them.
  LaneVector Seven(64, SymbolicInt::constant(7));
  LaneVector R = combineLanes(LaneOp::Or, X, Seven, false, 32, Atoms);
  EXPECT_EQ(at(R, 0), at(R, 7));
  EXPECT_NE(at(R, 7), at(R, 8));
  EXPECT_FALSE(at(R, 8).Opaque);
  // x's terms only multiples of 8: its bits 3-5 are not known, so a mask of
  // 6 bits only covers 3 of them (lanes 0-7, 8-15, ... apart).
  LaneVector Coarse = laneAndMultiple(Atoms, 8);
  LaneVector SixtyThree(64, SymbolicInt::constant(63));
  LaneVector C = combineLanes(LaneOp::Or, Coarse, SixtyThree, false, 32, Atoms);
  EXPECT_NE(at(C, 7), at(C, 8));
  // Neither side known to end in a one (s * 64 + 62, lanes 0 and 2):
  // nothing is decided.
  LaneVector Even(64, sym::add(SymbolicInt::atom(Atoms.named("s"), 64),
                               SymbolicInt::constant(62)));
  LaneVector E = combineLanes(LaneOp::Or, X, Even, false, 32, Atoms);
  EXPECT_TRUE(at(E, 0).Opaque);
  EXPECT_TRUE(at(E, 2).Opaque);
}
