// `__shared__ alignas(16)`: nvcc accepts it, clang 19 drops the alignas
// with an error; the arrays do not move banks, so the file is analyzed.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cuda_runtime.h>

__global__ void aligned(float *o) {
  __shared__ alignas(16) float s[32][32];
  alignas(16) __shared__ float t[64];
  o[threadIdx.x] = s[threadIdx.x][0] + t[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 32-way bank conflict on load from 's'
}

int main() { aligned<<<1, 32>>>(nullptr); }
