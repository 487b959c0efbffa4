// A per-thread array passed to a call through a constant function pointer
// (a constexpr variable set by a constexpr function, a template argument, a
// constexpr reference): nvcc inlines the call and the array does not
// escape (fattn-common.cuh's get_dequantize_V, measured in
// cuda_samples/local_calibration/ggml/ggml_patterns.cu: cfp_*). The engine
// follows such a call, and the array is judged by what the callee does with
// it: cfp_var<0>'s callee writes r[k]'s four floats at constant offsets
// after unrolling, so no warning (ptxas: no frame). When warpcheck cannot
// follow the call it says "may" (unknown), never "will"; a __noinline__
// callee stays a call and the array escapes.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages
#include <cstdint>

typedef void (*deq_t)(const void *, void *, const int64_t);
static __device__ void deq_plain(const void *vx, void *dst, const int64_t i0) {
  const float *x = (const float *)vx + i0;
  float *d = (float *)dst;
  for (int l = 0; l < 4; ++l)
    d[l] = x[l] * 2.0f;
}
static __device__ __noinline__ void deq_noinline(const void *vx, void *dst,
                                                 const int64_t i0) {
  const float *x = (const float *)vx + i0;
  float *d = (float *)dst;
  for (int l = 0; l < 4; ++l)
    d[l] = x[l] * 2.0f;
}
template <int K> constexpr __device__ deq_t get_deq() {
  if constexpr (K == 0)
    return deq_plain;
  else
    return deq_noinline;
}

template <int K> __global__ void cfp_var(const float *in, float *out, int n) {
  float4 r[4];
  constexpr deq_t f = get_deq<K>();
#pragma unroll
  for (int k = 0; k < 4; ++k)
    f(in, &r[k], threadIdx.x * 4 + k * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'r' (64 bytes) will live in local memory: its address escapes to code that is not inlined
  float s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    s += r[k].x * r[k].w;
  out[threadIdx.x] = s;
}
template __global__ void cfp_var<0>(const float *, float *, int);
template __global__ void cfp_var<1>(const float *, float *, int);

__global__ void cfp_ref(const float *in, float *out) {
  constexpr auto &f = deq_noinline;
  float w[4];
  f(in, w, threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'w' (16 bytes) will live in local memory: its address escapes to code that is not inlined
  out[threadIdx.x] = w[0] + w[3];
}
