#include "SymbolicInt.h"
#include "BlockShape.h"

#include <gtest/gtest.h>

using namespace warpcheck;

namespace {
SymbolicInt C(int64_t V) { return SymbolicInt::constant(V); }
} // namespace

TEST(SymbolicInt, LinearArithmeticKeepsUnknowns) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  SymbolicInt X = sym::add(sym::mul(C(4), SymbolicInt::atom(N), Atoms), C(3));
  EXPECT_EQ(X.Const, 3);
  ASSERT_EQ(X.Terms.size(), 1u);
  EXPECT_EQ(X.Terms[0].second, 4);
  EXPECT_TRUE(sym::sub(X, X).isConstant());
  EXPECT_EQ(sym::sub(X, X).Const, 0);
}

TEST(SymbolicInt, ProductsOfUnknownsAreMonomials) {
  AtomTable Atoms;
  AtomId G = Atoms.named("gridDim.x");
  AtomId K = Atoms.named("k");
  SymbolicInt P =
      sym::mul(SymbolicInt::atom(G, 256), SymbolicInt::atom(K), Atoms);
  ASSERT_EQ(P.Terms.size(), 1u);
  EXPECT_EQ(P.Terms[0].second, 256);
  EXPECT_EQ(Atoms.name(P.Terms[0].first), "gridDim.x*k");
  EXPECT_EQ(Atoms.baseNames(P.Terms[0].first).size(), 2u);
}

TEST(SymbolicInt, DivisionIsExactWhenCoefficientsDivide) {
  AtomTable Atoms;
  AtomId B = Atoms.named("blockIdx.x");
  SymbolicInt X = sym::add(SymbolicInt::atom(B, 64), C(37));
  SymbolicInt Q = sym::div(X, C(32), false);
  EXPECT_FALSE(Q.Opaque);
  EXPECT_EQ(Q.Const, 1);
  EXPECT_EQ(Q.Terms[0].second, 2);
  EXPECT_EQ(sym::rem(X, C(32), false).asConstant(), 5);
  EXPECT_TRUE(sym::rem(X, C(128), false).Opaque);
  EXPECT_TRUE(sym::div(X, C(3), false).Opaque);
  // (2n - 1) / 2 is n - 1 for n >= 1 and n for n <= 0: not one form.
  SymbolicInt Odd = sym::sub(SymbolicInt::atom(B, 2), C(1));
  EXPECT_TRUE(sym::div(Odd, C(2), true).Opaque);
  EXPECT_TRUE(sym::rem(Odd, C(2), true).Opaque);
  // A negative constant that divides stays exact: (2n - 4) / 2 = n - 2.
  SymbolicInt Even = sym::sub(SymbolicInt::atom(B, 2), C(4));
  EXPECT_EQ(sym::div(Even, C(2), true), sym::sub(SymbolicInt::atom(B), C(2)));
}

TEST(SymbolicInt, CppSemanticsForConstants) {
  EXPECT_EQ(sym::div(C(-7), C(2), true).Const, -3);
  EXPECT_EQ(sym::rem(C(-7), C(2), true).Const, -1);
  // Unsigned wrap-around: 0u - 1 is 4294967295.
  SymbolicInt M = sym::truncate(sym::sub(C(0), C(1)), 32, false);
  EXPECT_EQ(M.Const, 4294967295LL);
  EXPECT_EQ(sym::truncate(C(0x80000000LL), 32, true).Const, -2147483648LL);
  EXPECT_EQ(sym::shr(C(-1), C(28), false, 32).Const, 15);
  EXPECT_EQ(sym::shr(C(-16), C(2), true, 32).Const, -4);
  EXPECT_EQ(sym::bitXor(C(5), C(3)).Const, 6);
  EXPECT_EQ(sym::bitNot(C(0)).Const, -1);
}

TEST(SymbolicInt, BitOperationsOnLowBits) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  SymbolicInt X = sym::add(SymbolicInt::atom(N, 32), C(13));
  EXPECT_EQ(sym::bitAnd(X, C(31)).asConstant(), 13);
  SymbolicInt Hi = sym::bitAnd(X, C(~int64_t(7)));
  EXPECT_EQ(Hi.Const, 8);
  EXPECT_EQ(Hi.Terms.size(), 1u);
  SymbolicInt Xor = sym::bitXor(X, C(1));
  EXPECT_EQ(Xor.Const, 12);
  EXPECT_EQ(sym::shr(X, C(5), false, 32).Const, 0);
  EXPECT_TRUE(sym::bitAnd(X, C(63)).Opaque);
}

TEST(SymbolicInt, ComparisonsDecideOnlyKnownDifferences) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  SymbolicInt A = sym::add(SymbolicInt::atom(N), C(3));
  SymbolicInt B = sym::add(SymbolicInt::atom(N), C(5));
  EXPECT_EQ(sym::compare(A, B, sym::CmpOp::LT, true, 32), true);
  EXPECT_EQ(sym::compare(A, C(5), sym::CmpOp::LT, true, 32), std::nullopt);
  EXPECT_EQ(sym::compare(C(-1), C(1), sym::CmpOp::LT, false, 32), false);
}

TEST(SymbolicInt, WrapIsOneUnknownPerDefinition) {
  AtomTable Atoms;
  AtomId N = Atoms.named("n");
  SymbolicInt X = sym::add(SymbolicInt::atom(N), C(5));
  SymbolicInt W = sym::wrapMod(X, 2048, Atoms);
  ASSERT_EQ(W.Terms.size(), 1u);
  // The same definition, also with the constant or a coefficient shifted by
  // whole moduli, is the same unknown; another constant another one.
  EXPECT_EQ(sym::wrapMod(sym::add(X, C(2048)), 2048, Atoms), W);
  EXPECT_EQ(sym::wrapMod(sym::add(X, SymbolicInt::atom(N, 2048)), 2048, Atoms),
            W);
  EXPECT_NE(sym::wrapMod(sym::add(X, C(1)), 2048, Atoms), W);
  // A negative constant is reduced to its mathematical residue.
  EXPECT_EQ(sym::wrapMod(sym::sub(SymbolicInt::atom(N), C(3)), 2048, Atoms),
            sym::wrapMod(sym::add(SymbolicInt::atom(N), C(2045)), 2048, Atoms));
  const WrapDef *D = Atoms.wrapOf(W.Terms[0].first);
  ASSERT_NE(D, nullptr);
  EXPECT_EQ(D->Modulus, 2048);
  EXPECT_EQ(D->Inner.Const, 5);
  EXPECT_EQ(Atoms.baseNames(W.Terms[0].first), std::vector<std::string>{"n"});
  EXPECT_EQ(Atoms.name(W.Terms[0].first), "(5 + n) mod 2048");
  EXPECT_EQ(Atoms.wrapOf(N), nullptr);
  // Terms that are multiples of the modulus leave a constant.
  EXPECT_EQ(sym::wrapMod(sym::add(SymbolicInt::atom(N, 64), C(70)), 32, Atoms),
            C(6));
}

TEST(SymbolicInt, NonNegativeNeedsNonNegativeUnknowns) {
  AtomTable Atoms;
  AtomId B = Atoms.named("blockIdx.x"), N = Atoms.named("n");
  AtomId K = Atoms.fresh("iteration of loop at line 3");
  EXPECT_TRUE(sym::knownNonNegative(SymbolicInt::atom(B, 3), Atoms));
  EXPECT_FALSE(sym::knownNonNegative(SymbolicInt::atom(N), Atoms));
  EXPECT_FALSE(sym::knownNonNegative(SymbolicInt::atom(K), Atoms));
  Atoms.markNonNegative(K);
  SymbolicInt I = sym::add(C(7), SymbolicInt::atom(K, 256));
  EXPECT_TRUE(sym::knownNonNegative(I, Atoms));
  EXPECT_FALSE(
      sym::knownNonNegative(sym::sub(C(7), SymbolicInt::atom(K)), Atoms));
  EXPECT_FALSE(
      sym::knownNonNegative(sym::sub(SymbolicInt::atom(K), C(1)), Atoms));
  // A wrap is in [0, M).
  EXPECT_TRUE(sym::knownNonNegative(
      sym::wrapMod(SymbolicInt::atom(N), 64, Atoms), Atoms));
}

TEST(BlockShape, ParsesAndNumbersThreads) {
  auto D = Dim3::parse("16,16");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->threads(), 256u);
  EXPECT_EQ(D->warps(), 8u);
  Dim3 C = D->coordinatesOf(17);
  EXPECT_EQ(C.X, 1u);
  EXPECT_EQ(C.Y, 1u);
  EXPECT_EQ(Dim3::parse("32x8x2")->str(), "32x8x2");
  EXPECT_FALSE(Dim3::parse("2048"));
  EXPECT_FALSE(Dim3::parse("0,4"));
  EXPECT_FALSE(Dim3::parse("a"));
}
