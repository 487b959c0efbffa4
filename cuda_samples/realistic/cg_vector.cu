// Realistic corpus, part 3: cooperative groups (thread_block,
// tiled_partition<32> and <16>, thread_rank, meta_group_rank, shfl,
// cg::reduce, including on a shared element passed by reference), and vector
// accesses: float4/float2/int4 shared loads and stores fed by the cache-hint
// loads __ldcs/__ldcg/__ldg and drained by __stcs, a 16-byte-aligned packed
// type in the style of training code, and 8- and 16-byte stores.
// Tags: // CLASS <class>: <what it is> (see loops.cu).
#include "realistic.cuh"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

// CLASS cg: warp sums with cg::reduce, one slot per warp (s[warp.meta_group_rank()]), thread 0 adds them.
__global__ void cg_block_sum(const float *in, float *out) {
  __shared__ float warpSums[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + block.thread_rank()];
  v = cg::reduce(warp, v, cg::plus<float>());
  if (warp.thread_rank() == 0)
    warpSums[warp.meta_group_rank()] = v;
  block.sync();
  if (block.thread_rank() == 0) {
    float total = 0.0f;
    for (int w = 0; w < warp.meta_group_size(); ++w)
      total += warpSums[w];
    out[blockIdx.x] = total;
  }
}

// CLASS cg: 16-lane tiles write their rank row-wise and read it column-wise (s[tile.thread_rank() * 16 + tile.meta_group_rank()]).
__global__ void cg_tile16_transpose(const int *in, int *out) {
  __shared__ int s[16 * 16];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  s[tile.meta_group_rank() * 16 + tile.thread_rank()] = in[block.thread_rank()];
  block.sync();
  out[block.thread_rank()] =
      s[tile.thread_rank() * 16 + tile.meta_group_rank()];
}

// CLASS cg: cg::reduce of a shared element passed by reference (buf[warp.thread_rank() * 32]): 32-way load.
__global__ void cg_reduce_shared_element(const int *in, int *out) {
  __shared__ int buf[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  for (int i = block.thread_rank(); i < 1024; i += block.size())
    buf[i] = in[i];
  block.sync();
  int r = cg::reduce(warp, buf[warp.thread_rank() * 32], cg::plus<int>());
  out[block.thread_rank()] = r;
}

// CLASS cg: thread_block rank at stride 2 (s[block.thread_rank() * 2]): 2-way.
__global__ void cg_rank_stride2(const int *in, int *out) {
  __shared__ int s[2048];
  cg::thread_block block = cg::this_thread_block();
  unsigned r = block.thread_rank();
  s[r * 2] = in[r];
  block.sync();
  out[r] = s[((block.size() - 1 - r) * 2)];
}

// CLASS cg: index exchanged with warp.shfl_xor (a permutation of lanes): conflict-free.
__global__ void cg_shfl_xor_index(const int *in, int *out) {
  __shared__ int s[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  s[block.thread_rank()] = in[block.thread_rank()];
  block.sync();
  int partner = warp.shfl_xor(int(warp.thread_rank()), 5);
  out[block.thread_rank()] = s[warp.meta_group_rank() * 32 + partner];
}

// CLASS cg: row layer norm in the style of training code: one warp per row, row cached in shared memory, run-time C.
__global__ void cg_layernorm(const float *in, float *out, int N, int C) {
  extern __shared__ float rows[];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N)
    return;
  float *x = rows + warp.meta_group_rank() * C;
  const float *g = in + idx * C;
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    x[i] = __ldcs(g + i);
    sum += x[i];
  }
  float mean = cg::reduce(warp, sum, cg::plus<float>()) / C;
  float var = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float d = x[i] - mean;
    var += d * d;
  }
  float rstd = rsqrtf(cg::reduce(warp, var, cg::plus<float>()) / C + 1e-5f);
  for (int i = warp.thread_rank(); i < C; i += warp.size())
    __stcs(out + idx * C + i, (x[i] - mean) * rstd);
}

// CLASS cg: a tile loop over a run-time T with block.sync(), 16-lane tiles summing a shared tile with tile.shfl_down.
__global__ void cg_tile_loop(const int *in, int *out, int T) {
  __shared__ int stage[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int acc = 0;
  for (int t = 0; t < T; ++t) {
    stage[block.thread_rank()] = in[t * block.size() + block.thread_rank()];
    block.sync();
    int v = stage[block.size() - 1 - block.thread_rank()];
    for (int o = 8; o > 0; o /= 2)
      v += tile.shfl_down(v, o);
    acc += v;
    block.sync();
  }
  if (tile.thread_rank() == 0)
    out[blockIdx.x * 16 + tile.meta_group_rank()] = acc;
}

// CLASS vector: float4 tile staged with __ldcs into shared memory, read back as float4 (conflict-free 128-bit).
__global__ void vec_ldcs_float4(const float4 *in, float4 *out, int n4) {
  __shared__ float4 tile[512];
  for (int i = threadIdx.x; i < n4; i += blockDim.x)
    tile[i] = __ldcs(in + i);
  __syncthreads();
  for (int i = threadIdx.x; i < n4; i += blockDim.x) {
    float4 v = tile[n4 - 1 - i];
    out[i] = make_float4(v.w, v.z, v.y, v.x);
  }
}

// CLASS vector: float4 staged with __ldcg, read back as scalars at stride 4 (4-way 32-bit loads).
__global__ void vec_ldcg_scalar_read(const float4 *in, float *out) {
  __shared__ float s[1024];
  float4 *s4 = reinterpret_cast<float4 *>(s);
  int tid = threadIdx.x;
  s4[tid] = __ldcg(in + tid);
  __syncthreads();
  out[tid] = s[tid * 4] + s[tid * 4 + 3];
}

// CLASS vector: int4 loaded with __ldg, stored at a stride of two int4 (16-byte stores, 2x the ideal).
__global__ void vec_ldg_int4_stride2(const int4 *in, int4 *out) {
  __shared__ int4 s[512];
  int tid = threadIdx.x;
  s[tid * 2] = __ldg(in + tid);
  __syncthreads();
  int4 v = s[tid * 2];
  out[tid] = make_int4(v.x + 1, v.y + 1, v.z + 1, v.w + 1);
}

// CLASS vector: float2 loaded with __ldcs, stored to the partner lane's slot (s2[tid ^ 1]), drained with __stcs.
__global__ void vec_float2_swap(const float2 *in, float2 *out) {
  __shared__ float2 s2[256];
  int tid = threadIdx.x;
  s2[tid ^ 1] = __ldcs(in + tid);
  __syncthreads();
  __stcs(out + tid, s2[tid]);
}

// CLASS vector: float4 shared reads of a column of a row-major [32][32] tile (one row per lane, 128-bit, 32 rows apart).
__global__ void vec_float4_column(const float *in, float *out) {
  __shared__ float4 tile4[32 * 8];
  int tid = threadIdx.x;
  float4 *g4 = reinterpret_cast<float4 *>(const_cast<float *>(in));
  for (int i = tid; i < 32 * 8; i += blockDim.x)
    tile4[i] = __ldg(g4 + i);
  __syncthreads();
  float4 v = tile4[tid * 8 + 1];
  out[tid] = v.x + v.y + v.z + v.w;
}

/// A 16-byte packed vector of four floats, as training code uses for its
/// 128-bit loads and stores.
struct alignas(16) Packed4 {
  float v[4];
};

// CLASS vector: alignas(16) packed type in shared memory, loaded at a lane-dependent stride of 3 packs.
__global__ void vec_packed_stride3(const Packed4 *in, float *out) {
  __shared__ Packed4 packs[96];
  int tid = threadIdx.x;
  for (int i = tid; i < 96; i += blockDim.x)
    packs[i] = in[i];
  __syncthreads();
  Packed4 p = packs[tid * 3];
  out[tid] = p.v[0] - p.v[3];
}

// CLASS vector: 8-byte double stores at a stride of two (4 wavefronts per request).
__global__ void vec_double_stride2(const double *in, double *out) {
  __shared__ double s[512];
  int tid = threadIdx.x;
  s[tid * 2] = in[tid];
  __syncthreads();
  out[tid] = s[tid * 2] * 2.0;
}

int main() {
  Checker Check;
  const int Big = 1 << 18;
  Buf<float> FIn(Big), FOut(Big);
  Buf<int> IIn(Big), IOut(Big);
  Buf<double> DIn(4096), DOut(4096);
  FIn.fill([](int I) { return float(I % 23 - 11); });
  IIn.fill([](int I) { return (I * 37) % 101 - 50; });

  cg_block_sum<<<4, 256>>>(FIn.D, FOut.D);
  {
    auto R = FOut.result();
    Check.allNear("cg_block_sum", R, 4, [&](int B) {
      double S = 0;
      for (int I = 0; I < 256; ++I)
        S += FIn.H[B * 256 + I];
      return S;
    });
  }
  cg_tile16_transpose<<<1, 256>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("cg_tile16_transpose", R, 256, [&](int I) {
      int m = I / 16, r = I % 16;
      return IIn.H[r * 16 + m];
    });
  }
  cg_reduce_shared_element<<<1, 128>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    long long S = 0;
    for (int L = 0; L < 32; ++L)
      S += IIn.H[L * 32];
    Check.all("cg_reduce_shared_element", R, 128, [&](int) { return S; });
  }
  cg_rank_stride2<<<1, 512>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("cg_rank_stride2", R, 512,
              [&](int I) { return IIn.H[511 - I]; });
  }
  cg_shfl_xor_index<<<1, 256>>>(IIn.D, IOut.D);
  {
    auto R = IOut.result();
    Check.all("cg_shfl_xor_index", R, 256,
              [&](int I) { return IIn.H[(I & ~31) | ((I & 31) ^ 5)]; });
  }
  {
    int N = 16, C = 200, T = 128;
    cg_layernorm<<<N / (T / 32), T, (T / 32) * C * sizeof(float)>>>(FIn.D,
                                                                    FOut.D, N, C);
    auto R = FOut.result();
    std::vector<double> Want(N * C);
    for (int r = 0; r < N; ++r) {
      double M = 0, V = 0;
      for (int i = 0; i < C; ++i)
        M += FIn.H[r * C + i];
      M /= C;
      for (int i = 0; i < C; ++i)
        V += (FIn.H[r * C + i] - M) * (FIn.H[r * C + i] - M);
      V /= C;
      for (int i = 0; i < C; ++i)
        Want[r * C + i] = (FIn.H[r * C + i] - M) / std::sqrt(V + 1e-5);
    }
    Check.allNear("cg_layernorm", R, N * C, [&](int I) { return Want[I]; });
  }
  {
    int T = 5;
    cg_tile_loop<<<1, 256>>>(IIn.D, IOut.D, T);
    auto R = IOut.result();
    Check.all("cg_tile_loop", R, 16, [&](int M) {
      long long S = 0;
      for (int t = 0; t < T; ++t)
        for (int L = 0; L < 16; ++L)
          S += IIn.H[t * 256 + 255 - (M * 16 + L)];
      return S;
    });
  }
  {
    int n4 = 500;
    vec_ldcs_float4<<<1, 128>>>(reinterpret_cast<const float4 *>(FIn.D),
                                reinterpret_cast<float4 *>(FOut.D), n4);
    auto R = FOut.result();
    Check.all("vec_ldcs_float4", R, 4 * n4, [&](int I) {
      int i = I / 4, c = I % 4;
      return FIn.H[(n4 - 1 - i) * 4 + (3 - c)];
    });
  }
  vec_ldcg_scalar_read<<<1, 256>>>(reinterpret_cast<const float4 *>(FIn.D),
                                   FOut.D);
  {
    auto R = FOut.result();
    Check.all("vec_ldcg_scalar_read", R, 256,
              [&](int I) { return FIn.H[I * 4] + FIn.H[I * 4 + 3]; });
  }
  vec_ldg_int4_stride2<<<1, 256>>>(reinterpret_cast<const int4 *>(IIn.D),
                                   reinterpret_cast<int4 *>(IOut.D));
  {
    auto R = IOut.result();
    Check.all("vec_ldg_int4_stride2", R, 1024,
              [&](int I) { return IIn.H[I] + 1; });
  }
  vec_float2_swap<<<1, 256>>>(reinterpret_cast<const float2 *>(FIn.D),
                              reinterpret_cast<float2 *>(FOut.D));
  {
    auto R = FOut.result();
    Check.all("vec_float2_swap", R, 512, [&](int I) {
      int t = I / 2, c = I % 2;
      return FIn.H[(t ^ 1) * 2 + c];
    });
  }
  vec_float4_column<<<1, 32>>>(FIn.D, FOut.D);
  {
    auto R = FOut.result();
    Check.all("vec_float4_column", R, 32, [&](int I) {
      return FIn.H[I * 32 + 4] + FIn.H[I * 32 + 5] + FIn.H[I * 32 + 6] +
             FIn.H[I * 32 + 7];
    });
  }
  vec_packed_stride3<<<1, 32>>>(reinterpret_cast<const Packed4 *>(FIn.D),
                                FOut.D);
  {
    auto R = FOut.result();
    Check.all("vec_packed_stride3", R, 32, [&](int I) {
      return FIn.H[I * 12] - FIn.H[I * 12 + 3];
    });
  }
  DIn.fill([](int I) { return double(I % 41) - 20.0; });
  vec_double_stride2<<<1, 256>>>(DIn.D, DOut.D);
  {
    auto R = DOut.result();
    Check.all("vec_double_stride2", R, 256,
              [&](int I) { return DIn.H[I] * 2.0; });
  }
  return Check.finish("cg_vector");
}
