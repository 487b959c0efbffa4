// Measurement program for the library forms of cp.async: lane L copies S
// bytes from g + L * S to smem + L * S * K with __pipeline_memcpy_async
// (cuda_pipeline_primitives.h; Zfill: its zero-fill argument, half the
// copy) or cuda::memcpy_async with cuda::aligned_size_t<S> and a
// thread-scope cuda::pipeline. The SASS shows which LDGSTS each becomes.
// One warp per launch; one manifest line per launch, in launch order.
// Usage: pipeline_copies. Built with nvcc -arch=sm_90 -std=c++17.
#include <cuda/pipeline>
#include <cuda_pipeline.h>
#include <cstdio>

extern __shared__ __align__(128) unsigned char smem[];

template <int S, int K, int Zfill>
__global__ void primitiveCopy(const char *g) {
  __pipeline_memcpy_async(smem + threadIdx.x * S * K, g + threadIdx.x * S, S,
                          Zfill ? S / 2 : 0);
  __pipeline_commit();
  __pipeline_wait_prior(0);
}

template <int S, int K> __global__ void cudaCopy(const char *g) {
  cuda::pipeline<cuda::thread_scope_thread> Pipe = cuda::make_pipeline();
  Pipe.producer_acquire();
  cuda::memcpy_async(smem + threadIdx.x * S * K, g + threadIdx.x * S,
                     cuda::aligned_size_t<S>(S), Pipe);
  Pipe.producer_commit();
  Pipe.consumer_wait();
  Pipe.consumer_release();
}

template <int S, int K, int Zfill = 0> void primitive(const char *G) {
  printf("launch primitiveCopy S=%d K=%d zfill=%d\n", S, K, Zfill);
  fflush(stdout);
  primitiveCopy<S, K, Zfill><<<1, 32, 32 * S * K + 128>>>(G);
}

template <int S, int K> void library(const char *G) {
  printf("launch cudaCopy S=%d K=%d zfill=0\n", S, K);
  fflush(stdout);
  cudaCopy<S, K><<<1, 32, 32 * S * K + 128>>>(G);
}

template <int S> void strides(const char *G) {
  primitive<S, 1>(G);
  primitive<S, 2>(G);
  primitive<S, 3>(G);
  primitive<S, 4>(G);
  primitive<S, 8>(G);
  library<S, 1>(G);
  library<S, 2>(G);
  library<S, 3>(G);
  library<S, 4>(G);
  library<S, 8>(G);
}

int main() {
  char *G;
  cudaMalloc(&G, 64 * 1024);
  cudaMemset(G, 1, 64 * 1024);
  strides<4>(G);
  strides<8>(G);
  strides<16>(G);
  primitive<16, 1, 1>(G);
  primitive<16, 2, 1>(G);
  cudaError_t E = cudaDeviceSynchronize();
  printf("pipeline_copies: %s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
