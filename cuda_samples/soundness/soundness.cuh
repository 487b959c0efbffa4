// Host and device helpers of the soundness suite (soundness_*.cu): one input
// buffer of adversarial data, one output buffer, and the result check.
#pragma once
#include "../sample_check.cuh"
#include <cstring>
#include <vector>

#define FULL_MASK 0xffffffffu

/// Words in the input and output buffers.
constexpr int kWords = 8192;

/// Linear thread index in the block.
__device__ __forceinline__ int linearTid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/// S[I] = I for every I < Count: 4-byte stores, so that a probed load is the
/// kernel's only load.
__device__ __forceinline__ void fillIota(int *S, int Count) {
  int Step = blockDim.x * blockDim.y * blockDim.z;
  for (int I = linearTid(); I < Count; I += Step)
    S[I] = I;
}

inline int bitsOf(float F) {
  int I;
  std::memcpy(&I, &F, sizeof I);
  return I;
}

/// The device buffers and the check of one kernel's output at a time.
struct Harness {
  int *In = nullptr;
  int *Out = nullptr;
  ResultChecker Check;
  std::vector<int> Host = std::vector<int>(kWords);

  Harness() {
    CHECK_CUDA(cudaMalloc(&In, kWords * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&Out, kWords * sizeof(int)));
  }
  /// In[I] = Fill(I) for every word; Out is cleared.
  template <typename F> void input(F Fill) {
    for (int I = 0; I < kWords; ++I)
      Host[I] = Fill(I);
    CHECK_CUDA(cudaMemcpy(In, Host.data(), kWords * sizeof(int),
                          cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(Out, 0, kWords * sizeof(int)));
  }
  /// Out[T] == Want(T) for T < Threads, after the launch.
  template <typename F> void expect(const char *Kernel, int Threads, F Want) {
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(Host.data(), Out, kWords * sizeof(int),
                          cudaMemcpyDeviceToHost));
    for (int T = 0; T < Threads; ++T)
      Check.expect(Kernel, T, Host[T], (long long)Want(T));
  }
};
