// The half-precision cache hints come from cuda_fp16.h and cuda_bf16.h (or
// the prelude); a __ldcs of a shared __half2 is a 4-byte shared load.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void halves(__half2 *out, __nv_bfloat162 *bout) {
  __shared__ __half2 h[32][32];
  __shared__ __nv_bfloat16 b[64];
  out[threadIdx.x] = __ldcs(&h[threadIdx.x][0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 'h'
  __nv_bfloat16 x = __ldcg(&b[threadIdx.x]);
  __stwt(&b[threadIdx.x], x);
  bout[threadIdx.x] = __ldlu(bout);
}

int main() { halves<<<1, 32>>>(nullptr, nullptr); }
