// Host helpers of the realistic corpus (cuda_samples/realistic/*.cu): device
// buffers mirrored on the host, and the result checks. Every program checks
// every kernel's output against a host computation and exits non-zero on a
// mismatch, so no measurement is taken of a kernel that computes garbage.
#pragma once
#include "../sample_check.cuh"
#include <cmath>
#include <cstring>
#include <vector>

/// A device buffer with a host copy of the same size.
template <typename T> struct Buf {
  T *D = nullptr;
  std::vector<T> H;
  explicit Buf(size_t N) : H(N) {
    CHECK_CUDA(cudaMalloc(&D, N * sizeof(T)));
    CHECK_CUDA(cudaMemset(D, 0, N * sizeof(T)));
  }
  Buf(const Buf &) = delete;
  ~Buf() { cudaFree(D); }
  size_t size() const { return H.size(); }
  /// H[I] = F(I) for every element, then copies H to the device.
  template <typename F> void fill(F Fn) {
    for (size_t I = 0; I < H.size(); ++I)
      H[I] = Fn(int(I));
    CHECK_CUDA(cudaMemcpy(D, H.data(), H.size() * sizeof(T),
                          cudaMemcpyHostToDevice));
  }
  /// Clears the device copy.
  void clear() { CHECK_CUDA(cudaMemset(D, 0, H.size() * sizeof(T))); }
  /// Waits for the device and copies its contents back into a new vector.
  std::vector<T> result() const {
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<T> R(H.size());
    CHECK_CUDA(cudaMemcpy(R.data(), D, H.size() * sizeof(T),
                          cudaMemcpyDeviceToHost));
    return R;
  }
};

/// ResultChecker with a relative tolerance for floating-point results.
struct Checker : ResultChecker {
  int Kernels = 0;
  void near(const char *Kernel, int Index, double Got, double Want,
            double Rel = 1e-4) {
    if (std::fabs(Got - Want) <= Rel * (1.0 + std::fabs(Want)))
      return;
    if (Failures < 20)
      std::fprintf(stderr, "%s: element %d is %g, expected %g\n", Kernel,
                   Index, Got, Want);
    ++Failures;
  }
  /// Got[I] == Want(I) for I < Count.
  template <typename T, typename F>
  void all(const char *Kernel, const std::vector<T> &Got, int Count, F Want) {
    ++Kernels;
    for (int I = 0; I < Count; ++I)
      expect(Kernel, I, (long long)Got[I], (long long)Want(I));
  }
  /// |Got[I] - Want(I)| within the tolerance for I < Count.
  template <typename T, typename F>
  void allNear(const char *Kernel, const std::vector<T> &Got, int Count,
               F Want) {
    ++Kernels;
    for (int I = 0; I < Count; ++I)
      near(Kernel, I, double(Got[I]), double(Want(I)));
  }
};
