// Accesses made by operators: a conversion operator returning the
// __shared__ array (cuda-samples' SharedMemory<T>) is followed, and an
// aggregate assigned through a library operator= (__half2) is a store at the
// user's line, not lost inside the header.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cuda_fp16.h>

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__global__ void positiveConversionOperator(float *out) {
  float *s = SharedMemory<float>();
  s[threadIdx.x * 32] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to '__smem': 32 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void positiveHalf2Assignment(half2 *out, const half2 *in) {
  __shared__ half2 sh[128];
  unsigned tid = threadIdx.x;
  sh[(tid * 32) % 128] = in[tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 'sh': 4 wavefronts per request, 1 ideal
  out[tid] = sh[tid];
}

int main() {
  positiveConversionOperator<<<1, 32, 4096>>>(nullptr);
  positiveHalf2Assignment<<<1, 32>>>(nullptr, nullptr);
}
