// Local-memory calibration: the constructs of ggml's CUDA kernels where
// warpcheck's verdict disagreed with ptxas (issue 25), reduced to one
// kernel each, with a counterexample where one exists. compile.sh records
// what nvcc 13 did for sm_90 (results/); the lit test
// test/lit/checkers/warpcheck-local-memory-array/local-memory-ggml.test
// compares warpcheck with it (docs/local-memory.md).
#include <cstdint>

// One-element arrays (lightning-indexer.cu's q_next[N_Q_NEXT] with
// N_Q_NEXT == 1): any index but 0 is out of bounds, so NVVM uses 0 and
// keeps no depot. A two-element array of float4 is kept.
__global__ void one_lane(const float *in, float *out) {
  float4 a[1];
  a[threadIdx.x % 4] = make_float4(in[0], in[1], in[2], in[threadIdx.x]);
  out[threadIdx.x] = a[0].x + a[0].w;
}
__global__ void one_loop(const float4 *in, float *out) {
  float4 a[1];
#pragma unroll
  for (int i = threadIdx.x, j = 0; i < 256; i += 256)
    a[j++] = in[i];
  float s = 0;
#pragma unroll
  for (int i = threadIdx.x, j = 0; i < 256; i += 256) {
    s += a[j].x + a[j].y;
    ++j;
  }
  out[threadIdx.x] = s;
}
__global__ void one_float_lane(const float *in, float *out) {
  float a[1];
  a[0] = in[threadIdx.x];
  out[threadIdx.x] = a[threadIdx.x % 3];
}
__global__ void two_loop(const float4 *in, float *out) {
  float4 a[2];
#pragma unroll
  for (int i = threadIdx.x, j = 0; i < 512; i += 256)
    a[j++] = in[i];
  float s = 0;
#pragma unroll
  for (int i = threadIdx.x, j = 0; i < 512; i += 256) {
    s += a[j].x + a[j].y;
    ++j;
  }
  out[threadIdx.x] = s;
}

// Calls through constant function pointers (fattn-common.cuh's
// `constexpr dequantize_V_t dequantize_k = get_dequantize_V<...>()`):
// nvcc inlines them and keeps no depot; through a __noinline__ callee the
// array escapes and ptxas keeps the frame.
typedef void (*deq_t)(const void *, void *, const int64_t);
static __device__ __forceinline__ void deq_fi(const void *vx, void *dst,
                                              const int64_t i0) {
  const float *x = (const float *)vx + i0;
  float2 *d = (float2 *)dst;
#pragma unroll
  for (int l = 0; l < 2; ++l)
    d[l] = make_float2(x[2 * l], x[2 * l + 1]);
}
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
    return deq_fi;
  else if constexpr (K == 1)
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
  float s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    s += r[k].x * r[k].w;
  out[threadIdx.x] = s;
}
template __global__ void cfp_var<0>(const float *, float *, int);
template __global__ void cfp_var<1>(const float *, float *, int);
template __global__ void cfp_var<2>(const float *, float *, int);
template <deq_t F> __global__ void cfp_targ(const float *in, float *out, int n) {
  float w[8];
  F(in, w, threadIdx.x);
  F(in, w + 4, threadIdx.x + n);
  float s = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    s += w[k] * in[k];
  out[threadIdx.x] = s;
}
template __global__ void cfp_targ<deq_plain>(const float *, float *, int);
template __global__ void cfp_targ<deq_noinline>(const float *, float *, int);
__global__ void cfp_ref(const float *in, float *out, int n) {
  constexpr auto &f = deq_plain;
  float w[4];
  f(in, w, threadIdx.x);
  out[threadIdx.x] = w[0] + w[3];
}
__global__ void cfp_static(const float *in, float *out, int n) {
  static constexpr deq_t f = deq_fi;
  float w[4];
  f(in, w, threadIdx.x);
  out[threadIdx.x] = w[0] + w[3];
}

// A ring buffer in a run-time loop (ssm-conv.cu's ssm_conv_f32): a store
// at one index and loads at others that change with the counter. ptxas
// promoted 16 to 44 bytes and kept 48 to 64.
template <int N>
__global__ void ring(const float *xb, const float *wb, float *y, long n_t,
                     int sx) {
  float x[N] = {0.0f}, w[N] = {0.0f};
  const int tid = threadIdx.x;
#pragma unroll
  for (int j = 0; j < N; j++)
    w[j] = wb[tid * N + j];
  for (long i = 0; i < n_t; i++) {
    float sumf = 0.0f;
    if (i == 0) {
      for (int j = 0; j < N; j++)
        x[j] = xb[tid * sx + j];
    } else {
      x[(i - 1) % N] = xb[tid * sx + i + N - 1];
    }
#pragma unroll
    for (int j = 0; j < N; j++)
      sumf += x[(i + j) % N] * w[j];
    y[i * 128 + tid] = sumf;
  }
}
template __global__ void ring<4>(const float *, const float *, float *, long, int);
template __global__ void ring<5>(const float *, const float *, float *, long, int);
template __global__ void ring<8>(const float *, const float *, float *, long, int);
template __global__ void ring<9>(const float *, const float *, float *, long, int);
template __global__ void ring<10>(const float *, const float *, float *, long, int);
template __global__ void ring<11>(const float *, const float *, float *, long, int);
template __global__ void ring<12>(const float *, const float *, float *, long, int);
template __global__ void ring<14>(const float *, const float *, float *, long, int);
template __global__ void ring<15>(const float *, const float *, float *, long, int);
template __global__ void ring<16>(const float *, const float *, float *, long, int);

// wkv.cu's inner loop: HS/4 iterations over float4 views of shared arrays
// and of the per-thread state. NVVM unrolled 32 iterations (HS 128) and
// kept 48 (HS 192) as a loop.
template <int HS>
__global__ void wkvlike(const float *s, const float *k, float *dst, int n) {
  const int tid = threadIdx.x;
  float state[HS];
  __shared__ float _k[HS], _r[HS], _tf[HS], _td[HS];
#pragma unroll
  for (int i = 0; i < HS; i++)
    state[i] = s[i * HS + tid];
  for (int t = tid; t < n; t += 128) {
    __syncthreads();
    _k[tid] = k[t];
    _r[tid] = k[t + 1];
    _td[tid] = k[t + 2];
    _tf[tid] = k[t + 3];
    __syncthreads();
    const float _v = k[t + 5];
    float y = 0;
    for (int j = 0; j < HS; j += 4) {
      const float4 &k = (float4 &)(_k[j]);
      const float4 &r = (float4 &)(_r[j]);
      const float4 &tf = (float4 &)(_tf[j]);
      const float4 &td = (float4 &)(_td[j]);
      float4 &s = (float4 &)(state[j]);
      float4 kv;
      kv.x = k.x * _v;
      kv.y = k.y * _v;
      kv.z = k.z * _v;
      kv.w = k.w * _v;
      y += r.x * (tf.x * kv.x + s.x);
      y += r.y * (tf.y * kv.y + s.y);
      y += r.z * (tf.z * kv.z + s.z);
      y += r.w * (tf.w * kv.w + s.w);
      s.x = s.x * td.x + kv.x;
      s.y = s.y * td.y + kv.y;
      s.z = s.z * td.z + kv.z;
      s.w = s.w * td.w + kv.w;
    }
    dst[t] = y;
  }
#pragma unroll
  for (int i = 0; i < HS; i++)
    dst[n + i * HS + tid] = state[i];
}
template __global__ void wkvlike<64>(const float *, const float *, float *, int);
template __global__ void wkvlike<128>(const float *, const float *, float *, int);
template __global__ void wkvlike<192>(const float *, const float *, float *, int);
