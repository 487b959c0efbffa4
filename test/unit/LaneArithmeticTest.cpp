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
  LaneVector Sum = combineLanes(LaneOp::Add, Base, laneIds(32), true, 32, Atoms);
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
