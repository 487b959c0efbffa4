// Probes for each rule of warpcheck's bank model: one shared-memory access
// pattern per kernel, for 1-, 2-, 4-, 8- and 16-byte elements, loads, stores
// and atomics, broadcasts, multi-warp 2-D and 3-D blocks and loops. Every
// kernel's result is checked on the host. docs/bank-model.md cites the
// measured wavefronts per request of each kernel.
#include "sample_check.cuh"

/// Element i of a probe array holds fillValue(i); the host recomputes it.
__host__ __device__ inline uint32_t fillValue(uint32_t I) { return I * 7u + 1u; }

template <typename T> __device__ void fillShared(T *S, int Count) {
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    S[I] = T(fillValue(I));
}

// ---- 4-byte loads, one warp ------------------------------------------------
__global__ void ld32_stride1(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void ld32_stride2(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 2];
}
__global__ void ld32_stride4(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 4];
}
__global__ void ld32_stride32(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}
__global__ void ld32_stride33(uint32_t *out) {
  __shared__ uint32_t s[1088];
  fillShared(s, 1088);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 33];
}
__global__ void ld32_broadcast(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[5];
}
__global__ void ld32_two_words_one_bank(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x & 1) * 32];
}
__global__ void ld32_four_rows(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x % 4) * 32 + threadIdx.x / 4];
}

// ---- 1- and 2-byte loads ---------------------------------------------------
__global__ void ld8_stride1(uint32_t *out) {
  __shared__ uint8_t s[4096];
  fillShared(s, 4096);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void ld8_stride128(uint32_t *out) {
  __shared__ uint8_t s[4096];
  fillShared(s, 4096);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 128];
}
__global__ void ld8_stride129(uint32_t *out) {
  __shared__ uint8_t s[4200];
  fillShared(s, 4200);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 129];
}
__global__ void ld16_stride1(uint32_t *out) {
  __shared__ uint16_t s[2048];
  fillShared(s, 2048);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void ld16_stride32(uint32_t *out) {
  __shared__ uint16_t s[2048];
  fillShared(s, 2048);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}
__global__ void ld16_stride64(uint32_t *out) {
  __shared__ uint16_t s[2048];
  fillShared(s, 2048);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 64];
}

// ---- 8-byte loads and stores -------------------------------------------------
__global__ void ld64_stride1(uint32_t *out) {
  __shared__ double s[512];
  fillShared(s, 512);
  __syncthreads();
  out[threadIdx.x] = uint32_t(s[threadIdx.x]);
}
__global__ void ld64_stride2(uint32_t *out) {
  __shared__ double s[512];
  fillShared(s, 512);
  __syncthreads();
  out[threadIdx.x] = uint32_t(s[threadIdx.x * 2]);
}
__global__ void ld64_stride16(uint32_t *out) {
  __shared__ double s[512];
  fillShared(s, 512);
  __syncthreads();
  out[threadIdx.x] = uint32_t(s[threadIdx.x * 16]);
}
__global__ void ld64_broadcast(uint32_t *out) {
  __shared__ double s[512];
  fillShared(s, 512);
  __syncthreads();
  out[threadIdx.x] = uint32_t(s[3]);
}
__global__ void st64_stride1(uint32_t *out) {
  __shared__ uint2 s[64];
  s[threadIdx.x] = make_uint2(threadIdx.x, threadIdx.x + 1);
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x].y;
}
__global__ void st64_stride2(uint32_t *out) {
  __shared__ uint2 s[64];
  s[threadIdx.x * 2] = make_uint2(threadIdx.x, threadIdx.x + 1);
  __syncthreads();
  out[threadIdx.x] = s[62 - threadIdx.x * 2].y;
}

// ---- 16-byte loads and stores ------------------------------------------------
__global__ void ld128_stride1(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  uint4 V = reinterpret_cast<const uint4 *>(s)[threadIdx.x];
  out[threadIdx.x] = V.x + V.y + V.z + V.w;
}
__global__ void ld128_stride2(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  uint4 V = reinterpret_cast<const uint4 *>(s)[threadIdx.x * 2];
  out[threadIdx.x] = V.x + V.y + V.z + V.w;
}
__global__ void ld128_broadcast(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  uint4 V = reinterpret_cast<const uint4 *>(s)[3];
  out[threadIdx.x] = V.x + V.y + V.z + V.w;
}
__global__ void st128_stride1(uint32_t *out) {
  __shared__ float4 s[32];
  float F = float(threadIdx.x);
  s[threadIdx.x] = make_float4(F, F + 1, F + 2, F + 3);
  __syncthreads();
  out[threadIdx.x] = uint32_t(s[31 - threadIdx.x].w);
}

// ---- 4-byte stores -------------------------------------------------------------
__global__ void st32_stride32(uint32_t *out) {
  __shared__ uint32_t s[1024 + 32];
  s[(threadIdx.x * 32) + (threadIdx.x * 32) / 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[((31 - threadIdx.x) * 32) + ((31 - threadIdx.x) * 32) / 32];
}
__global__ void st32_same_word(uint32_t *out) {
  __shared__ uint32_t s[32];
  s[threadIdx.x] = 0;
  if (threadIdx.x == 0)
    s[1] = 7;
  __syncthreads();
  s[0] = 5;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x % 2];
}

// ---- shared atomics ---------------------------------------------------------------
__global__ void atom32_distinct(uint32_t *out) {
  __shared__ uint32_t s[1024];
  s[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s[threadIdx.x], 1u);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void atom32_same_word(uint32_t *out) {
  __shared__ uint32_t s[32];
  s[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s[0], 1u);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void atom32_stride32(uint32_t *out) {
  __shared__ uint32_t s[1024 + 32];
  s[(threadIdx.x * 32) + (threadIdx.x * 32) / 32] = 0;
  __syncthreads();
  atomicAdd(&s[(threadIdx.x * 32) + (threadIdx.x * 32) / 32], 1u);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) + (threadIdx.x * 32) / 32];
}
__global__ void atom32_four_words(uint32_t *out) {
  __shared__ uint32_t s[32];
  s[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s[threadIdx.x % 4], 1u);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// ---- several warps, 2-D and 3-D blocks, loops -------------------------------------
// 16x16 block: a warp spans two rows, so t[16][17] read by columns is 2-way.
__global__ void block16x16_col_pad1(uint32_t *out) {
  __shared__ uint32_t t[16][17 + 1];
  t[threadIdx.y][threadIdx.x] = threadIdx.y * 16 + threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
__global__ void block16x16_col(uint32_t *out) {
  __shared__ uint32_t t[16][16 + 2];
  t[threadIdx.y][threadIdx.x] = threadIdx.y * 16 + threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// 8x8x8 block: a warp is x 0..7, y 0..3 at one z; s[x][y][z] puts 8 lanes on
// each bank.
__global__ void block3d_transposed(uint32_t *out) {
  __shared__ uint32_t s[8][8][8 + 1];
  s[threadIdx.z][threadIdx.y][threadIdx.x] =
      (threadIdx.z * 8 + threadIdx.y) * 8 + threadIdx.x;
  __syncthreads();
  out[(threadIdx.z * 8 + threadIdx.y) * 8 + threadIdx.x] =
      s[threadIdx.x][threadIdx.y][threadIdx.z];
}
// A loop whose stride changes the conflict degree on every iteration.
__global__ void loop_growing_stride(uint32_t *out) {
  __shared__ uint32_t s[1024];
  fillShared(s, 1024);
  __syncthreads();
  uint32_t Sum = 0;
  for (int K = 0; K < 6; ++K)
    Sum += s[threadIdx.x << K];
  out[threadIdx.x] = Sum;
}

/// Launches one probe on one block and checks every thread's result.
#define RUN_PROBE(Kernel, BlockShape, Want)                                    \
  do {                                                                         \
    CHECK_CUDA(cudaMemset(DevOut, 0, sizeof(uint32_t) * 512));                 \
    Kernel<<<1, BlockShape>>>(DevOut);                                         \
    checkProbe(#Kernel, BlockShape, DevOut, Check, Want);                      \
  } while (0)

template <class WantFn>
static void checkProbe(const char *Name, dim3 Block, uint32_t *DevOut,
                       ResultChecker &Check, WantFn Want) {
  CHECK_CUDA(cudaGetLastError());
  uint32_t Host[512];
  CHECK_CUDA(cudaMemcpy(Host, DevOut, sizeof(Host), cudaMemcpyDeviceToHost));
  int Threads = Block.x * Block.y * Block.z;
  for (int T = 0; T < Threads; ++T)
    Check.expect(Name, T, Host[T], (long long)Want(uint32_t(T)));
}

int main() {
  ResultChecker Check;
  uint32_t *DevOut;
  CHECK_CUDA(cudaMalloc(&DevOut, sizeof(uint32_t) * 512));
  auto F32 = [](uint32_t I) { return fillValue(I); };
  auto F8 = [](uint32_t I) { return uint32_t(uint8_t(fillValue(I))); };
  auto F16 = [](uint32_t I) { return uint32_t(uint16_t(fillValue(I))); };
  auto Vec4 = [](uint32_t Q) {
    return fillValue(4 * Q) + fillValue(4 * Q + 1) + fillValue(4 * Q + 2) +
           fillValue(4 * Q + 3);
  };
  dim3 Warp(32);
  RUN_PROBE(ld32_stride1, Warp, [&](uint32_t T) { return F32(T); });
  RUN_PROBE(ld32_stride2, Warp, [&](uint32_t T) { return F32(2 * T); });
  RUN_PROBE(ld32_stride4, Warp, [&](uint32_t T) { return F32(4 * T); });
  RUN_PROBE(ld32_stride32, Warp,
      [&](uint32_t T) { return F32(32 * T); });
  RUN_PROBE(ld32_stride33, Warp,
      [&](uint32_t T) { return F32(33 * T); });
  RUN_PROBE(ld32_broadcast, Warp, [&](uint32_t) { return F32(5); });
  RUN_PROBE(ld32_two_words_one_bank, Warp,
      [&](uint32_t T) { return F32((T & 1) * 32); });
  RUN_PROBE(ld32_four_rows, Warp,
      [&](uint32_t T) { return F32((T % 4) * 32 + T / 4); });
  RUN_PROBE(ld8_stride1, Warp, [&](uint32_t T) { return F8(T); });
  RUN_PROBE(ld8_stride128, Warp,
      [&](uint32_t T) { return F8(128 * T); });
  RUN_PROBE(ld8_stride129, Warp,
      [&](uint32_t T) { return F8(129 * T); });
  RUN_PROBE(ld16_stride1, Warp, [&](uint32_t T) { return F16(T); });
  RUN_PROBE(ld16_stride32, Warp,
      [&](uint32_t T) { return F16(32 * T); });
  RUN_PROBE(ld16_stride64, Warp,
      [&](uint32_t T) { return F16(64 * T); });
  RUN_PROBE(ld64_stride1, Warp, [&](uint32_t T) { return F32(T); });
  RUN_PROBE(ld64_stride2, Warp, [&](uint32_t T) { return F32(2 * T); });
  RUN_PROBE(ld64_stride16, Warp,
      [&](uint32_t T) { return F32(16 * T); });
  RUN_PROBE(ld64_broadcast, Warp, [&](uint32_t) { return F32(3); });
  RUN_PROBE(st64_stride1, Warp, [&](uint32_t T) { return 32 - T; });
  RUN_PROBE(st64_stride2, Warp, [&](uint32_t T) { return 32 - T; });
  RUN_PROBE(ld128_stride1, Warp, [&](uint32_t T) { return Vec4(T); });
  RUN_PROBE(ld128_stride2, Warp,
      [&](uint32_t T) { return Vec4(2 * T); });
  RUN_PROBE(ld128_broadcast, Warp,
      [&](uint32_t) { return Vec4(3); });
  RUN_PROBE(st128_stride1, Warp,
      [&](uint32_t T) { return 31 - T + 3; });
  RUN_PROBE(st32_stride32, Warp, [&](uint32_t T) { return 31 - T; });
  RUN_PROBE(st32_same_word, Warp,
      [&](uint32_t T) { return T % 2 ? 7u : 5u; });
  RUN_PROBE(atom32_distinct, Warp, [&](uint32_t) { return 1u; });
  RUN_PROBE(atom32_same_word, Warp,
      [&](uint32_t T) { return T == 0 ? 32u : 0u; });
  RUN_PROBE(atom32_stride32, Warp, [&](uint32_t) { return 1u; });
  RUN_PROBE(atom32_four_words, Warp,
      [&](uint32_t T) { return T < 4 ? 8u : 0u; });
  RUN_PROBE(block16x16_col_pad1, dim3(16, 16),
      [&](uint32_t T) { return (T % 16) * 16 + T / 16; });
  RUN_PROBE(block16x16_col, dim3(16, 16),
      [&](uint32_t T) { return (T % 16) * 16 + T / 16; });
  RUN_PROBE(block3d_transposed, dim3(8, 8, 8),
      [&](uint32_t T) {
        uint32_t X = T % 8;
        uint32_t Y = T / 8 % 8;
        uint32_t Z = T / 64;
        return (X * 8 + Y) * 8 + Z;
      });
  RUN_PROBE(loop_growing_stride, Warp, [&](uint32_t T) {
    uint32_t Sum = 0;
    for (int K = 0; K < 6; ++K)
      Sum += F32(T << K);
    return Sum;
  });
  CHECK_CUDA(cudaFree(DevOut));
  return Check.finish("bank_rules");
}
