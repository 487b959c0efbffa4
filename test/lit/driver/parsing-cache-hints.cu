// Cache-hint loads and stores nvcc 13 accepts on every scalar and vector
// type parse with the toolkit and with the built-in prelude, and on a
// shared address they are shared-memory requests like `*p` and `*p = v`.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
#include <cuda_runtime.h>

#define HINTS(T)                                                               \
  __device__ void hints_##T(const T *p, T *q) {                                \
    T v = __ldcs(p); v = __ldcg(p); v = __ldca(p); v = __ldlu(p);              \
    v = __ldcv(p); __stcs(q, v); __stcg(q, v); __stwb(q, v); __stwt(q, v);    \
  }
typedef unsigned char uchar_t;
typedef unsigned long long ull_t;
HINTS(char) HINTS(uchar_t) HINTS(short) HINTS(int) HINTS(long) HINTS(ull_t)
HINTS(float) HINTS(double) HINTS(char4) HINTS(short2) HINTS(int2) HINTS(int4)
HINTS(uint4) HINTS(longlong2) HINTS(float2) HINTS(float4) HINTS(double2)

__global__ void hinted(float *out) {
  __shared__ float s[32][32];
  __shared__ float4 v[32][8];
  __stcs(&s[threadIdx.x][0], out[threadIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 's'
  float a = __ldcs(&s[threadIdx.x][0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on load from 's'
  float4 b = __ldcg(&v[threadIdx.x][0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 8-way bank conflict on load from 'v'
  float c = __ldg(&s[0][threadIdx.x]);
  out[threadIdx.x] = a + b.x + c;
}

int main() { hinted<<<1, 32>>>(nullptr); }
