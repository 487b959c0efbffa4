// Shared helpers for the warpcheck sample programs: error checking and result
// comparison. Every sample checks its own results and exits non-zero on a
// mismatch, so a measurement is never taken of a kernel that computes garbage.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CHECK_CUDA(Call)                                                       \
  do {                                                                         \
    cudaError_t Err = (Call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,      \
                   cudaGetErrorString(Err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

/// Counts mismatches between a device result and the host's expectation.
struct ResultChecker {
  int Failures = 0;
  void expect(const char *Kernel, int Index, long long Got, long long Want) {
    if (Got == Want)
      return;
    if (Failures < 20)
      std::fprintf(stderr, "%s: element %d is %lld, expected %lld\n", Kernel,
                   Index, Got, Want);
    ++Failures;
  }
  int finish(const char *Program) const {
    if (Failures) {
      std::fprintf(stderr, "%s: %d mismatches\n", Program, Failures);
      return 1;
    }
    std::printf("%s: all results correct\n", Program);
    return 0;
  }
};
