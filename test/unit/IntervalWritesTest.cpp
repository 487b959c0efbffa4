// Warp-private words of a barrier interval (IntervalWrites.h): what lets a
// spin-loop atomic's count stand, and the reshape corpus's measured cases.
#include "IntervalWrites.h"

#include <functional>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

constexpr AtomId Base = 7, Other = 8;

bool onlyBase(AtomId A) { return A == Base; }
bool bothBases(AtomId A) { return A == Base || A == Other; }
bool apart(AtomId, AtomId) { return true; }
bool notApart(AtomId, AtomId) { return false; }

/// Lane L of warp W at Base + Address(W * 32 + L), nullopt where it is -1.
std::vector<LaneAddress> lanes(unsigned W,
                               std::function<int64_t(unsigned)> Address,
                               AtomId Atom = Base) {
  std::vector<LaneAddress> Out(WarpSize);
  for (unsigned L = 0; L < WarpSize; ++L) {
    int64_t A = Address(W * WarpSize + L);
    if (A >= 0)
      Out[L] = sym::add(SymbolicInt::atom(Atom, 128), SymbolicInt::constant(A));
  }
  return Out;
}

/// Adds every warp's request and says which warps are private.
std::vector<bool> privateWarps(unsigned Warps, unsigned Width,
                               std::function<int64_t(unsigned)> Address) {
  IntervalWrites Log;
  for (unsigned W = 0; W < Warps; ++W)
    Log.add(W, Width, lanes(W, Address));
  std::vector<bool> Out;
  for (unsigned W = 0; W < Warps; ++W)
    Out.push_back(
        Log.warpPrivate(W, Width, lanes(W, Address), onlyBase, notApart));
  return Out;
}

} // namespace

TEST(IntervalWrites, DisjointWarpsArePrivate) {
  // Reshape kernel k0059: double s[((warp * 33 + lane * 32) & 255) * 2],
  // 8 warps: each warp's elements are its own (warp mod 32 differs).
  auto K59 = [](unsigned T) {
    return int64_t(((T / 32) * 33 + (T % 32) * 32) & 255) * 2 * 8;
  };
  EXPECT_EQ(privateWarps(8, 8, K59), std::vector<bool>(8, true));
  // With (warp * 32 + lane * 32) & 255 warps 0 and 1 meet.
  auto Meet = [](unsigned T) {
    return int64_t(((T / 32) * 32 + (T % 32) * 32) & 255) * 2 * 8;
  };
  EXPECT_EQ(privateWarps(8, 8, Meet), std::vector<bool>(8, false));
  // k0144's pattern in 3 warps: lin * 32 words apart.
  auto Strided = [](unsigned T) { return int64_t(T) * 128; };
  EXPECT_EQ(privateWarps(3, 4, Strided), std::vector<bool>(3, true));
  // k0611: warp * 2, 4 warps: one word per warp.
  auto PerWarp = [](unsigned T) { return int64_t(T / 32) * 8; };
  EXPECT_EQ(privateWarps(4, 4, PerWarp), std::vector<bool>(4, true));
}

TEST(IntervalWrites, SharedWordIsContended) {
  // k0053: lane >> 4 in 2 warps: both warps write words 0 and 1.
  auto K53 = [](unsigned T) { return int64_t((T % 32) >> 4) * 4; };
  EXPECT_EQ(privateWarps(2, 4, K53), std::vector<bool>(2, false));
  // Bytes overlap without equal addresses: an 8-byte write at 4 covers the
  // 4-byte word at 8.
  IntervalWrites Log;
  Log.add(1, 8, lanes(1, [](unsigned T) { return T == 32 ? 4 : -1; }));
  auto Word8 = lanes(0, [](unsigned T) { return T == 0 ? 8 : -1; });
  EXPECT_FALSE(Log.warpPrivate(0, 4, Word8, onlyBase, notApart));
  auto Word12 = lanes(0, [](unsigned T) { return T == 0 ? 12 : -1; });
  EXPECT_TRUE(Log.warpPrivate(0, 4, Word12, onlyBase, notApart));
  auto Word0 = lanes(0, [](unsigned T) { return T == 0 ? 0 : -1; });
  EXPECT_TRUE(Log.warpPrivate(0, 4, Word0, onlyBase, notApart));
}

TEST(IntervalWrites, UnplacedWritesFailTheProof) {
  auto Words = [](unsigned T) { return int64_t(T) * 4; };
  auto Own = lanes(0, Words);
  // An opaque address in another warp.
  IntervalWrites Opaque;
  std::vector<LaneAddress> Unknown(WarpSize);
  Unknown[3] = SymbolicInt::opaque();
  Opaque.add(1, 4, Unknown);
  EXPECT_FALSE(Opaque.warpPrivate(0, 4, Own, onlyBase, notApart));
  // Another array (or an unknown that is not a base): not compared.
  IntervalWrites Arrays;
  Arrays.add(1, 4, lanes(1, Words, Other));
  EXPECT_FALSE(Arrays.warpPrivate(0, 4, Own, onlyBase, notApart));
  // Two distinct arrays (two static __shared__ variables) never overlap.
  EXPECT_TRUE(Arrays.warpPrivate(0, 4, Own, bothBases, apart));
  EXPECT_FALSE(Arrays.warpPrivate(0, 4, Own, bothBases, notApart));
  auto OwnOther = lanes(0, Words, Other);
  IntervalWrites Empty;
  EXPECT_FALSE(Empty.warpPrivate(0, 4, OwnOther, onlyBase, notApart));
  EXPECT_TRUE(Empty.warpPrivate(0, 4, Own, onlyBase, notApart));
  // Past the bound nothing is proven.
  IntervalWrites Small(1);
  Small.add(0, 4, Own);
  Small.add(0, 4, Own);
  EXPECT_FALSE(Small.warpPrivate(0, 4, Own, onlyBase, notApart));
  Small.clear();
  EXPECT_TRUE(Small.warpPrivate(0, 4, Own, onlyBase, notApart));
}

TEST(IntervalWrites, OwnWarpNeverContends) {
  // Every lane of one warp on one word: the warp's own retries, which the
  // SpinLoop rule counts (add_f32 uniform0: 64/32).
  IntervalWrites Log;
  auto Same = lanes(0, [](unsigned) { return int64_t(0); });
  Log.add(0, 4, Same);
  EXPECT_TRUE(Log.warpPrivate(0, 4, Same, onlyBase, notApart));
}
