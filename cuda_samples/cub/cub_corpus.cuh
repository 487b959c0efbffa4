// Host helpers of the CUB corpus (cuda_samples/cub/*.cu): every kernel calls
// CUB block or warp primitives on a 128-thread block (a compile-time constant
// in every launch and in every CUB template), and every program checks every
// kernel's output on the host and exits non-zero on a mismatch.
#pragma once
#include "../realistic/realistic.cuh"
#include <cub/cub.cuh>

/// Threads per block of every kernel of the corpus.
constexpr int BLOCK = 128;
/// Blocks per launch.
constexpr int GRID = 2;

/// A 16-byte element with 4-byte alignment: CUB moves it as four words.
struct Rec16 {
  float x, y, z, w;
};
/// A 16-byte element with 16-byte alignment: one 128-bit access when the
/// compiler can prove the alignment.
struct alignas(16) Vec16 {
  int a, b, c, d;
};

/// A value of each element type made from an index (distinct for the first
/// 2^31 indices, except char, which wraps).
template <typename T> struct Make {
  static T of(int I) { return T(I * 7 - 1000); }
};
template <> struct Make<char> {
  static char of(int I) { return char((I * 37 + 11) & 0x7f); }
};
template <> struct Make<Rec16> {
  static Rec16 of(int I) { return {float(I), float(-I), float(I * 3), 0.5f}; }
};
template <> struct Make<Vec16> {
  static Vec16 of(int I) { return {I, ~I, I * 5, 42}; }
};

/// Checks that two element vectors hold the same bytes (every exchange of
/// the corpus is a permutation that the kernel's own loads and stores undo).
template <typename T>
void expectSameBytes(Checker &Check, const char *Kernel,
                     const std::vector<T> &Got, const std::vector<T> &Want) {
  ++Check.Kernels;
  for (size_t I = 0; I < Want.size(); ++I)
    if (std::memcmp(&Got[I], &Want[I], sizeof(T)) != 0) {
      if (Check.Failures < 20)
        std::fprintf(stderr, "%s: element %zu differs\n", Kernel, I);
      ++Check.Failures;
    }
}
