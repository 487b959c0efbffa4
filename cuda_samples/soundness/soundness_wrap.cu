// The soundness suite, issue 25: indices that wrap a warp-uniform run-time
// shift modulo a constant, `s[(lane + n) & 2047]`, `s[(lane + n) % M]`,
// `s[i % 1024]` in loops with a run-time count. The shift is chosen so that
// lanes wrap in the middle of the warp, and where the wrap moves a lane to
// another bank (the modulus times the element size is not a multiple of 128
// bytes) or a negative dividend makes `%` differ from a residue, the answer
// must be a range or unknown that holds the measurement. Tags as in
// soundness.cu; cuda_samples/measurements/h100-soundness-wrap/ holds the
// measurements (ctest h100-soundness-wrap).
#include "soundness.cuh"

// PROBE load exact 1: (lane + in[0]) & 2047 with in[0] = 2032: lanes 16..31 wrap to words 0..15 (1).
__global__ void wrap_and_midwarp(const int *in, int *out) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + in[0]) & 2047];
}

// PROBE atomic exact 1: atomicAnd at (lane * 9 + blockIdx.x) & 2047 over 256 blocks (differential k0000; 1).
__global__ void wrap_and_stride9_blockidx(int *out) {
  __shared__ unsigned s[2048];
  fillIota(reinterpret_cast<int *>(s), 2048);
  __syncthreads();
  atomicAnd(&s[(threadIdx.x * 9 + blockIdx.x) & 2047], 0xffffu);
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[threadIdx.x * 9];
}

// PROBE load unknown: (lane + blockIdx.x) % 48 over 48 blocks: 192 bytes, a wrapped lane changes bank (1 or 2).
__global__ void wrap_rem48_blockidx(int *out) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[(threadIdx.x + blockIdx.x) % 48];
}

// PROBE load unknown: (lane + p) % 48 + 48 with p = -16: C++ keeps the sign, lanes 0..15 read words 32..47 (1; the residue would give 2).
__global__ void wrap_rem_negative(int *out, int p) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  out[threadIdx.x] = s[(int(threadIdx.x) + p) % 48 + 48];
}

// PROBE load exact 8: (lane * 16 + p) & 255 with p = -8: & is a residue for any sign (8).
__global__ void wrap_and_negative(int *out, int p) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  out[threadIdx.x] = s[(int(threadIdx.x) * 16 + p) & 255];
}

// PROBE load exact 2: 8-byte elements at (lane + in[0]) & 1023 with in[0] = 1016: lane 8 wraps inside the first half-warp (2).
__global__ void wrap_double(const int *in, int *out) {
  __shared__ double d[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    d[i] = i;
  __syncthreads();
  out[threadIdx.x] = int(d[(threadIdx.x + in[0]) & 1023]);
}

// PROBE load exact 4: 16-byte elements at (lane + in[0]) & 511 with in[0] = 508 (4).
__global__ void wrap_float4(const int *in, int *out) {
  __shared__ float4 v[512];
  for (int i = threadIdx.x; i < 512; i += blockDim.x)
    v[i] = make_float4(i, 0, 0, 0);
  __syncthreads();
  float4 x = v[(threadIdx.x + in[0]) & 511];
  out[threadIdx.x] = int(x.x + x.y + x.z + x.w);
}

// PROBE load exact 32: bytes at (lane * 128 + in[0]) & 4095 with in[0] = 77: one bank, 32 words (32).
__global__ void wrap_char_one_bank(const int *in, int *out) {
  __shared__ char c[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    c[i] = char(i & 127);
  __syncthreads();
  out[threadIdx.x] = c[(threadIdx.x * 128 + in[0]) & 4095];
}

// PROBE load exact 2: shorts at (lane * 3 + blockIdx.x) % 1000 over 40 blocks: 2000 bytes, not whole bank rows, yet 2 for every residue.
__global__ void wrap_short_rem1000(int *out) {
  __shared__ short h[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    h[i] = short(i);
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = h[(threadIdx.x * 3 + blockIdx.x) % 1000];
}

// PROBE load exact 1: for (i = lane; i < n; i += blockDim.x) s[i % 1024], n = 3000: a partial last warp too (1).
__global__ void wrap_loop_block_stride(int *out, int n) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  int acc = 0;
#pragma unroll 1
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += s[i % 1024];
  out[threadIdx.x] = acc;
}

// PROBE load unknown: for (i = lane; i < n; i += blockDim.x) s[(i * 2) % 1024], n = 3000: 2 per full warp, the last has 24 lanes.
__global__ void wrap_loop_block_stride2(int *out, int n) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  int acc = 0;
#pragma unroll 1
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += s[(i * 2) % 1024];
  out[threadIdx.x] = acc;
}

// PROBE load exact 2: for (i = 0; i < n; ++i) s[(lane * 2 + i) % 1024], n = 1500: every iteration 2.
__global__ void wrap_loop_count(int *out, int n) {
  __shared__ int s[2048];
  fillIota(s, 2048);
  __syncthreads();
  int acc = 0;
#pragma unroll 1
  for (int i = 0; i < n; ++i)
    acc += s[(int(threadIdx.x) * 2 + i) % 1024];
  out[threadIdx.x] = acc;
}

static int loopSum(int T, int N, int Step, int Mul, bool FromLane) {
  int Acc = 0;
  for (int I = FromLane ? T : 0; I < N; I += Step)
    Acc += FromLane ? (I * Mul) % 1024 : (T * 2 + I) % 1024;
  return Acc;
}

// The run-time values come from argc (1 as measure.sh runs the program), so
// that neither the compiler nor warpcheck knows them.
int main(int argc, char **) {
  const int One = argc;
  Harness H;
  H.input([](int I) { return I == 0 ? 2032 : 0; });
  wrap_and_midwarp<<<1, 32>>>(H.In, H.Out);
  H.expect("wrap_and_midwarp", 32, [](int T) { return (T + 2032) & 2047; });
  wrap_and_stride9_blockidx<<<256, 32>>>(H.Out);
  H.expect("wrap_and_stride9_blockidx", 32 * 256,
           [](int T) { return (T % 32) * 9; });
  wrap_rem48_blockidx<<<48, 32>>>(H.Out);
  H.expect("wrap_rem48_blockidx", 32 * 48,
           [](int T) { return (T % 32 + T / 32) % 48; });
  wrap_rem_negative<<<1, 32>>>(H.Out, -16 * One);
  H.expect("wrap_rem_negative", 32, [](int T) { return (T - 16) % 48 + 48; });
  wrap_and_negative<<<1, 32>>>(H.Out, -8 * One);
  H.expect("wrap_and_negative", 32, [](int T) { return (T * 16 - 8) & 255; });
  H.input([](int I) { return I == 0 ? 1016 : 0; });
  wrap_double<<<1, 32>>>(H.In, H.Out);
  H.expect("wrap_double", 32, [](int T) { return (T + 1016) & 1023; });
  H.input([](int I) { return I == 0 ? 508 : 0; });
  wrap_float4<<<1, 32>>>(H.In, H.Out);
  H.expect("wrap_float4", 32, [](int T) { return (T + 508) & 511; });
  H.input([](int I) { return I == 0 ? 77 : 0; });
  wrap_char_one_bank<<<1, 32>>>(H.In, H.Out);
  H.expect("wrap_char_one_bank", 32,
           [](int T) { return ((T * 128 + 77) & 4095) & 127; });
  wrap_short_rem1000<<<40, 32>>>(H.Out);
  H.expect("wrap_short_rem1000", 32 * 40,
           [](int T) { return (T % 32 * 3 + T / 32) % 1000; });
  wrap_loop_block_stride<<<1, 32>>>(H.Out, 3000 * One);
  H.expect("wrap_loop_block_stride", 32,
           [](int T) { return loopSum(T, 3000, 32, 1, true); });
  wrap_loop_block_stride2<<<1, 32>>>(H.Out, 3000 * One);
  H.expect("wrap_loop_block_stride2", 32,
           [](int T) { return loopSum(T, 3000, 32, 2, true); });
  wrap_loop_count<<<1, 32>>>(H.Out, 1500 * One);
  H.expect("wrap_loop_count", 32,
           [](int T) { return loopSum(T, 1500, 1, 0, false); });
  return H.Check.finish("soundness_wrap");
}
