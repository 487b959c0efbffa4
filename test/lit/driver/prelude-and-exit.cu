// The built-in prelude (no CUDA toolkit) finds the same conflicts, and
// --warnings-as-errors turns them into exit status 1.
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude --version | FileCheck %s --check-prefix=VERSION
// RUN: %warpcheck %s -- > /dev/null
// RUN: not %warpcheck --warnings-as-errors='warpcheck-*' %s -- 2>&1 | FileCheck %s --check-prefix=AS-ERROR
#include <cuda_runtime.h>
#include <cstdio>

__global__ void column(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x] = s[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 's'
  // AS-ERROR: :[[@LINE-2]]:22: error: 32-way bank conflict on load from 's'
}

int main() {
  float *d;
  cudaMalloc(&d, 128);
  column<<<1, 32>>>(d);
  std::printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
// VERSION: CUDA declarations: built-in CUDA prelude
// AS-ERROR: 1 warning treated as error
