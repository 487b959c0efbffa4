//===--- LaneVectorTest.cpp - One symbolic integer per thread --------------===//

#include "LaneVector.h"

#include <gtest/gtest.h>

using namespace warpcheck;

TEST(LaneVector, UniformValueIsStoredOnceAndReadByEveryLane) {
  LaneVector V(256, SymbolicInt::constant(7));
  EXPECT_TRUE(V.isUniform());
  EXPECT_EQ(V.size(), 256u);
  const LaneVector &C = V;
  EXPECT_EQ(C[0].Const, 7);
  EXPECT_EQ(C[255].Const, 7);
  EXPECT_TRUE(V.isUniform()) << "reading must not expand";
  unsigned Count = 0;
  for (const SymbolicInt &L : C) {
    EXPECT_EQ(L.Const, 7);
    ++Count;
  }
  EXPECT_EQ(Count, 256u);
}

TEST(LaneVector, WritingOneLaneExpandsAndKeepsTheOthers) {
  LaneVector V(64, SymbolicInt::constant(3));
  V[5] = SymbolicInt::constant(9);
  EXPECT_FALSE(V.isUniform());
  const LaneVector &C = V;
  EXPECT_EQ(C[4].Const, 3);
  EXPECT_EQ(C[5].Const, 9);
  EXPECT_EQ(C[63].Const, 3);
}

TEST(LaneVector, TransformRunsOncePerStoredValue) {
  LaneVector V(1024, SymbolicInt::constant(1));
  unsigned Calls = 0;
  V.transform([&](const SymbolicInt &L) {
    ++Calls;
    return SymbolicInt::constant(L.Const + 1);
  });
  EXPECT_EQ(Calls, 1u);
  EXPECT_EQ(static_cast<const LaneVector &>(V)[1000].Const, 2);
  V[0] = SymbolicInt::constant(0);
  Calls = 0;
  V.transform([&](const SymbolicInt &L) {
    ++Calls;
    return L;
  });
  EXPECT_EQ(Calls, 1024u);
}

TEST(LaneVector, EqualityComparesLanesWhateverTheStorage) {
  LaneVector A(32, SymbolicInt::constant(4));
  LaneVector B(32, SymbolicInt::constant(4));
  B[0] = SymbolicInt::constant(4); // expanded, same values
  EXPECT_FALSE(B.isUniform());
  EXPECT_EQ(A, B);
  B[31] = SymbolicInt::constant(5);
  EXPECT_NE(A, B);
  EXPECT_NE(A, LaneVector(16, SymbolicInt::constant(4)));
}

TEST(LaneVector, ResizeFillsNewLanesWithZero) {
  LaneVector V;
  V.resize(8);
  EXPECT_EQ(V.size(), 8u);
  EXPECT_EQ(static_cast<const LaneVector &>(V)[7].Const, 0);
  EXPECT_FALSE(static_cast<const LaneVector &>(V)[7].Opaque);
}
