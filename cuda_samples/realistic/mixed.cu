// Realistic corpus, part 5: shapes and types where a bank model is easy to
// get wrong: 2-D blocks whose x extent is not a multiple of 32 and 3-D
// blocks (warps spanning rows), XOR-swizzled tiles, 1- and 2-byte elements
// (__half, unsigned char), arrays of structs, a mixed-type dynamic buffer at
// a run-time offset, a device helper taking a row pointer and a stride, a
// loop whose counter changes the stride, a tree reduction on a block that is
// not a power of two, a lane-dependent ternary index, warp specialisation,
// shared atomics on pairs of lanes and a user-written 8-byte CAS loop, an
// index shuffled from a data-chosen lane, and asynchronous copies into
// shared memory (__pipeline_memcpy_async).
// Tags: // CLASS <class>: <what it is> (see loops.cu).
#include "realistic.cuh"
#include <cooperative_groups.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

// CLASS blocksize: a 24x8 block on an [8][32] tile: warps span two rows (2-way).
__global__ void block_24x8(const int *in, int *out) {
  __shared__ int tile[8][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 24 + tx];
  __syncthreads();
  out[ty * 24 + tx] = tile[ty][23 - tx];
}

// CLASS blocksize: an 8x4x4 block reading its [8][4][4] tile transposed (4-way).
__global__ void block_3d_transpose(const int *in, int *out) {
  __shared__ int cube[4][4][8];
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  int lin = (tz * 4 + ty) * 8 + tx;
  cube[tz][ty][tx] = in[lin];
  __syncthreads();
  int *flat = &cube[0][0][0];
  out[lin] = flat[tx * 16 + ty * 4 + tz];
}

// CLASS param: XOR-swizzled 32x32 tile, rows written in a loop over a run-time count, columns read (conflict-free).
__global__ void xor_swizzle(const float *in, float *out, int rows) {
  __shared__ float tile[32 * 32];
  int lane = threadIdx.x;
  for (int r = 0; r < rows; ++r)
    tile[r * 32 + (lane ^ r)] = in[r * 32 + lane];
  __syncthreads();
  float acc = 0.0f;
  for (int c = 0; c < rows; ++c)
    acc += tile[lane * 32 + (c ^ lane)] * float(c + 1);
  out[lane] = acc;
}

// CLASS vector: __half elements: pairs as __half2 (4-byte), then 2-byte reads at a stride of 33 halves.
__global__ void half_strides(const __half2 *in, float *out) {
  __shared__ __half2 h2[1024];
  int tid = threadIdx.x;
  for (int i = tid; i < 1024; i += blockDim.x)
    h2[i] = in[i];
  __syncthreads();
  const __half *h = reinterpret_cast<const __half *>(h2);
  out[tid] = __half2float(h[tid * 33]) + __half2float(h2[tid].y);
}

// CLASS vector: 1-byte elements: stored 4 apart, read 128 apart (32-way).
__global__ void byte_strides(const unsigned char *in, int *out) {
  __shared__ unsigned char bytes[4096];
  int tid = threadIdx.x;
  for (int i = tid; i < 4096; i += blockDim.x)
    bytes[i] = 0;
  __syncthreads();
  bytes[tid * 4] = in[tid];
  __syncthreads();
  int lane = tid % 32, warp = tid / 32;
  out[tid] = bytes[(31 - lane) * 128 + warp * 4];
}

struct Particle {
  float x, y, z;
};
struct Particle4 {
  float x, y, z, w;
};

// CLASS vector: arrays of structs: a 12-byte struct's member (stride 3 words, conflict-free) and a 16-byte struct's (4-way).
__global__ void aos_members(const float *in, float *out) {
  __shared__ Particle p3[256];
  __shared__ Particle4 p4[256];
  int tid = threadIdx.x;
  p3[tid].x = in[tid];
  p3[tid].y = in[tid] * 2.0f;
  p3[tid].z = 0.0f;
  p4[tid].x = in[tid] * 3.0f;
  p4[tid].w = 1.0f;
  __syncthreads();
  out[tid] = p3[255 - tid].y + p4[255 - tid].x;
}

// CLASS param: one dynamic buffer holding nf floats and then doubles at the run-time offset nf * 4 bytes.
__global__ void mixed_dynamic(const float *fin, const double *din, double *out,
                              int nf) {
  extern __shared__ unsigned char smem[];
  float *f = reinterpret_cast<float *>(smem);
  double *d = reinterpret_cast<double *>(smem + nf * sizeof(float));
  int tid = threadIdx.x;
  for (int i = tid; i < nf; i += blockDim.x)
    f[i] = fin[i];
  d[tid * 2] = din[tid];
  __syncthreads();
  out[tid] = d[tid * 2] + f[tid % nf];
}

/// Sum of row[lane * stride] over the lanes of a warp.
__device__ float laneSum(const float *row, int lane, int stride) {
  float v = row[lane * stride];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// CLASS param: a device helper called with a row pointer (s + warp * pitch) and a stride (1 and the parameter).
__global__ void helper_row_stride(const float *in, float *out, int pitch,
                                  int stride) {
  __shared__ float s[4096];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = tid; i < 4096; i += blockDim.x)
    s[i] = in[i];
  __syncthreads();
  float a = laneSum(s + warp * pitch, lane, 1);
  float b = laneSum(s + warp * pitch, lane, stride);
  if (lane == 0)
    out[warp] = a + 10.0f * b;
}

// CLASS loop: the loop counter changes the stride (s[tid * (k + 1)]): odd k + 1 conflict-free, even ones not.
__global__ void counter_stride(const int *in, int *out, int n) {
  __shared__ int s[4096];
  int tid = threadIdx.x;
  for (int i = tid; i < 4096; i += blockDim.x)
    s[i] = in[i];
  __syncthreads();
  int acc = 0;
  for (int k = 0; k < n; ++k)
    acc += s[(tid * (k + 1)) % 4096];
  out[tid] = acc;
}

// CLASS loop: tree reduction from blockDim.x / 2 on a 96-thread block (s = 48, 24, 12, 6, 3, 1).
__global__ void reduce_npot(const int *in, int *out) {
  __shared__ int p[96];
  int tid = threadIdx.x;
  p[tid] = in[tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      p[tid] += p[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[0] = p[0];
}

// CLASS data: a lane-dependent ternary index ((lane < 19) ? tid : lane * 32): 14 words on bank 0.
__global__ void ternary_lanes(const int *in, int *out) {
  __shared__ int s[1024];
  int tid = threadIdx.x, lane = tid % 32;
  for (int i = tid; i < 1024; i += blockDim.x)
    s[i] = in[i];
  __syncthreads();
  out[tid] = s[(lane < 19) ? tid : lane * 32];
}

// CLASS cg: warp specialisation: warp 0 stores 32 words apart, warp 1 loads consecutive words.
__global__ void warp_specialized(const int *in, int *out) {
  __shared__ int s[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int lane = warp.thread_rank();
  if (warp.meta_group_rank() == 0)
    s[lane * 32] = in[lane];
  block.sync();
  if (warp.meta_group_rank() == 1)
    out[lane] = s[(31 - lane) * 32] + 1;
}

// CLASS atomic: atomicAdd on pairs of lanes sharing a counter (s[lane / 2]) and atomicOr 32 words apart.
__global__ void atomic_pairs(int *out) {
  __shared__ int counters[16];
  __shared__ unsigned masks[1024];
  int tid = threadIdx.x, lane = tid % 32;
  if (tid < 16)
    counters[tid] = 0;
  for (int i = tid; i < 1024; i += blockDim.x)
    masks[i] = 0;
  __syncthreads();
  atomicAdd(&counters[lane / 2], 1);
  atomicOr(&masks[lane * 32], 1u << (tid / 32));
  __syncthreads();
  if (tid < 16)
    out[tid] = counters[tid];
  if (tid < 32)
    out[16 + tid] = int(masks[tid * 32]);
}

/// Atomic maximum of a double, written as the usual CAS loop.
__device__ void atomicMaxDouble(double *address, double val) {
  unsigned long long *p = reinterpret_cast<unsigned long long *>(address);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    double cur = __longlong_as_double(assumed);
    if (cur >= val)
      break;
    old = atomicCAS(p, assumed, __double_as_longlong(val));
  } while (assumed != old);
}

// CLASS atomic: a user-written 8-byte CAS loop (atomic max of doubles) on 8 slots.
__global__ void atomic_cas_max(const double *in, double *out) {
  __shared__ double best[8 * 4];
  int tid = threadIdx.x;
  if (tid < 32)
    best[tid] = -1e300;
  __syncthreads();
  atomicMaxDouble(&best[(tid % 8) * 4], in[tid]);
  __syncthreads();
  if (tid < 8)
    out[tid] = best[tid * 4];
}

// CLASS data: an index shuffled from a lane chosen by data (adversarial: each lane its own index, lane * 32).
__global__ void shfl_data_lane(const int *src, int *out) {
  __shared__ int s[1024];
  int tid = threadIdx.x, lane = tid % 32;
  for (int i = tid; i < 1024; i += blockDim.x)
    s[i] = i * 3;
  __syncthreads();
  int idx = __shfl_sync(0xffffffffu, lane * 32, src[tid] & 31);
  out[tid] = s[idx];
}

// CLASS vector: asynchronous 4-byte copies into shared memory (__pipeline_memcpy_async), then a 2-way read.
__global__ void pipeline_copy(const float *in, float *out) {
  __shared__ float stage[512];
  int tid = threadIdx.x;
  __pipeline_memcpy_async(&stage[tid], &in[tid], sizeof(float));
  __pipeline_memcpy_async(&stage[tid + 256], &in[tid + 256], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[tid] = stage[tid * 2] - stage[tid * 2 + 1];
}

int main() {
  Checker Check;
  const int Big = 1 << 16;
  Buf<int> IIn(Big), IOut(Big);
  Buf<float> FIn(Big), FOut(Big);
  IIn.fill([](int I) { return (I * 13) % 257 - 128; });
  FIn.fill([](int I) { return float(I % 19 - 9); });

  block_24x8<<<1, dim3(24, 8)>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("block_24x8", R, 192, [&](int I) {
      int ty = I / 24, tx = I % 24;
      return IIn.H[ty * 24 + 23 - tx];
    });
  }
  block_3d_transpose<<<1, dim3(8, 4, 4)>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("block_3d_transpose", R, 128, [&](int I) {
      int tx = I % 8, ty = (I / 8) % 4, tz = I / 32;
      int f = tx * 16 + ty * 4 + tz; // flat index into [tz'][ty'][tx']
      return IIn.H[f];
    });
  }
  {
    int Rows = 32;
    xor_swizzle<<<1, 32>>>(FIn.D, FOut.D, Rows);
    auto R = FOut.result();
    Check.allNear("xor_swizzle", R, 32, [&](int L) {
      double S = 0;
      for (int c = 0; c < Rows; ++c)
        S += FIn.H[L * 32 + c] * (c + 1);
      return S;
    });
  }
  {
    Buf<__half2> H2(1024);
    std::vector<float> Vals(2048);
    for (int I = 0; I < 2048; ++I)
      Vals[I] = float(I % 31 - 15);
    H2.fill([&](int I) {
      return __halves2half2(__float2half(Vals[2 * I]),
                            __float2half(Vals[2 * I + 1]));
    });
    half_strides<<<1, 32>>>(H2.D, FOut.D);
    auto R = FOut.result();
    Check.allNear("half_strides", R, 32, [&](int T) {
      return Vals[T * 33] + Vals[2 * T + 1];
    });
  }
  {
    Buf<unsigned char> Bytes(1024);
    Bytes.fill([](int I) { return (unsigned char)(I * 7 + 1); });
    byte_strides<<<1, 1024>>>(Bytes.D, IOut.D);
    auto R = IOut.result();
    Check.all("byte_strides", R, 1024, [&](int T) {
      int lane = T % 32, warp = T / 32;
      int Pos = (31 - lane) * 128 + warp * 4;
      return Pos % 4 == 0 ? int(Bytes.H[Pos / 4]) : 0;
    });
  }
  aos_members<<<1, 256>>>(FIn.D, FOut.D);
  {
    auto R = FOut.result();
    Check.all("aos_members", R, 256, [&](int T) {
      return FIn.H[255 - T] * 2 + FIn.H[255 - T] * 3;
    });
  }
  {
    int Nf = 36, T = 128;
    Buf<double> DIn(T), DOut(T);
    DIn.fill([](int I) { return double(I) * 0.5; });
    mixed_dynamic<<<1, T, Nf * sizeof(float) + 2 * T * sizeof(double)>>>(
        FIn.D, DIn.D, DOut.D, Nf);
    auto R = DOut.result();
    Check.allNear("mixed_dynamic", R, T,
                  [&](int I) { return DIn.H[I] + FIn.H[I % Nf]; });
  }
  {
    int Pitch = 96, Stride = 4;
    helper_row_stride<<<1, 256>>>(FIn.D, FOut.D, Pitch, Stride);
    auto R = FOut.result();
    Check.allNear("helper_row_stride", R, 8, [&](int W) {
      double A = 0, B = 0;
      for (int L = 0; L < 32; ++L) {
        A += FIn.H[W * Pitch + L];
        B += FIn.H[W * Pitch + L * Stride];
      }
      return A + 10 * B;
    });
  }
  {
    int N = 8;
    counter_stride<<<1, 64>>>(IIn.D, IOut.D, N);
    auto R = IOut.result();
    Check.all("counter_stride", R, 64, [&](int T) {
      long long S = 0;
      for (int K = 0; K < N; ++K)
        S += IIn.H[(T * (K + 1)) % 4096];
      return S;
    });
  }
  reduce_npot<<<1, 96>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    std::vector<long long> P(IIn.H.begin(), IIn.H.begin() + 96);
    for (int S = 48; S > 0; S >>= 1)
      for (int T = 0; T < S; ++T)
        P[T] += P[T + S];
    Check.all("reduce_npot", R, 1, [&](int) { return P[0]; });
  }
  ternary_lanes<<<1, 64>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("ternary_lanes", R, 64, [&](int T) {
      int Lane = T % 32;
      return IIn.H[Lane < 19 ? T : Lane * 32];
    });
  }
  warp_specialized<<<1, 64>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("warp_specialized", R, 32,
              [&](int L) { return IIn.H[31 - L] + 1; });
  }
  atomic_pairs<<<1, 256>>>(IOut.D);
  {
    auto R = IOut.result();
    Check.all("atomic_pairs", R, 48,
              [](int I) { return I < 16 ? 16 : 255; });
  }
  {
    Buf<double> DIn(256), DOut(8);
    DIn.fill([](int I) { return double((I * 37) % 101); });
    atomic_cas_max<<<1, 256>>>(DIn.D, DOut.D);
    auto R = DOut.result();
    Check.allNear("atomic_cas_max", R, 8, [&](int S) {
      double M = -1e300;
      for (int I = S; I < 256; I += 8)
        M = std::max(M, DIn.H[I]);
      return M;
    });
  }
  {
    Buf<int> Src(128);
    Src.fill([](int I) { return I % 32; });
    shfl_data_lane<<<1, 128>>>(Src.D, IOut.D);
    auto R = IOut.result();
    Check.all("shfl_data_lane", R, 128,
              [](int T) { return (T % 32) * 32 * 3; });
  }
  pipeline_copy<<<1, 256>>>(FIn.D, FOut.D);
  {
    auto R = FOut.result();
    Check.all("pipeline_copy", R, 256,
              [&](int T) { return FIn.H[2 * T] - FIn.H[2 * T + 1]; });
  }
  return Check.finish("mixed");
}
