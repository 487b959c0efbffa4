// Realistic corpus, part 4: block sizes chosen at run time (from argv, from a
// table of shapes, through a table of kernel pointers and cudaLaunchKernel),
// and indices that come from data, run with ADVERSARIAL data: every lane's
// index 32 words apart, so an access called conflict-free on a guess is
// caught. Histograms and scatters with shared atomics (4- and 8-byte integer,
// float), an SpMV-style gather through column indices, and 8- and 16-byte
// stores.
// Usage: blocks_data [BLOCK] (default 256, a multiple of 32 up to 512); the
// measurement runs it with the default.
// Tags: // CLASS <class>: <what it is> (see loops.cu).
#include "realistic.cuh"
#include <cstdlib>

// CLASS blocksize: a block reversing its slice (s[blockDim.x - 1 - tid]), block size from argv.
template <int Tag>
__global__ void rt_block_reverse(const int *in, int *out) {
  extern __shared__ int s[];
  int tid = threadIdx.x;
  s[blockDim.x - 1 - tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[tid];
}

// CLASS blocksize: s[ty][tx] of a [32][32] tile with a 2-D block from a table of shapes (16x16: 2-way, 8x32: 4-way).
template <int Tag>
__global__ void rt_block_2d(const int *in, int *out) {
  __shared__ int tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = ty * blockDim.x + tx;
  tile[ty][tx] = in[i];
  __syncthreads();
  out[i] = tile[ty][tx] + tile[ty][blockDim.x - 1 - tx];
}

// CLASS blocksize: column walk of a [32][32] tile with a 2-D block from a table of shapes (tile[tx][ty]).
template <int Tag>
__global__ void rt_block_columns(const int *in, int *out) {
  __shared__ int tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  out[ty * blockDim.x + tx] = tile[tx][ty];
}

// CLASS blocksize: kernel called through a table of kernel pointers, block size from argv (s[tid * 2]).
__global__ void table_even(const int *in, int *out) {
  __shared__ int s[1024];
  s[threadIdx.x * 2] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 2] * 2;
}
// CLASS blocksize: kernel called through a table of kernel pointers, block size from argv (s[tid]).
__global__ void table_linear(const int *in, int *out) {
  __shared__ int s[1024];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] * 3;
}

// CLASS blocksize: launched with cudaLaunchKernel, block size from argv (s[tid * 32 % 1024 + tid / 32]: 32-way).
__global__ void api_launched(const int *in, int *out) {
  __shared__ int s[1024];
  int tid = threadIdx.x;
  int slot = (tid * 32) % 1024 + tid / 32;
  s[slot] = in[tid];
  __syncthreads();
  out[tid] = s[slot] - 1;
}

// CLASS data: gather through an index array (adversarial: lane * 32 + warp, 32-way).
__global__ void gather_indexed(const int *idx, const int *vals, int *out) {
  __shared__ int s[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    s[i] = vals[i];
  __syncthreads();
  out[threadIdx.x] = s[idx[threadIdx.x]];
}

// CLASS data: scatter through an index array (adversarial: lane * 32 + warp, 32-way stores).
__global__ void scatter_indexed(const int *idx, int *out) {
  __shared__ int s[1024];
  s[idx[threadIdx.x]] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[idx[threadIdx.x]];
}

// CLASS data: SpMV-style row dot product, x cached in shared memory, gathered through column indices (adversarial).
__global__ void spmv_shared_x(const int *rowPtr, const int *cols,
                              const float *vals, const float *x, float *y,
                              int rows, int n) {
  extern __shared__ float xs[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    xs[i] = x[i];
  __syncthreads();
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int j = rowPtr[r]; j < rowPtr[r + 1]; ++j)
    acc += vals[j] * xs[cols[j]];
  y[r] = acc;
}

// CLASS data: a key-dependent branch choosing between two shared rows (adversarial keys).
__global__ void branch_on_key(const int *keys, int *out) {
  __shared__ int s[2][1024];
  int tid = threadIdx.x;
  for (int i = tid; i < 1024; i += blockDim.x) {
    s[0][i] = i;
    s[1][i] = -i;
  }
  __syncthreads();
  int k = keys[tid];
  int v = (k & 1) ? s[1][k >> 1] : s[0][tid];
  out[tid] = v;
}

// CLASS atomic: shared histogram in a grid-stride loop (adversarial bins: lane * 32, 32 words on one bank).
__global__ void histogram_adversarial(const int *data, int n, unsigned *hist) {
  __shared__ unsigned bins[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] & 1023], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    if (bins[i])
      atomicAdd(&hist[i], bins[i]);
}

// CLASS atomic: per-warp private histograms (bins[warp * 256 + bin]) with data-dependent bins.
__global__ void histogram_per_warp(const int *data, int n, unsigned *hist) {
  __shared__ unsigned bins[8 * 256];
  int warp = threadIdx.x / 32;
  for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x)
    bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[warp * 256 + (data[i] & 255)], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned total = 0;
    for (int w = 0; w < 8; ++w)
      total += bins[w * 256 + b];
    atomicAdd(&hist[b], total);
  }
}

// CLASS atomic: 8-byte atomics on shared counters (s64[tid % 32 * 4]).
__global__ void atomic64_counters(const int *in, unsigned long long *out) {
  __shared__ unsigned long long s64[128];
  if (threadIdx.x < 128)
    s64[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s64[(threadIdx.x % 32) * 4], (unsigned long long)in[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x < 128)
    out[threadIdx.x] = s64[threadIdx.x];
}

// CLASS atomic: float atomicAdd on shared accumulators indexed by data (adversarial: lane * 32).
__global__ void atomic_float_accumulate(const int *keys, const float *vals,
                                        float *out) {
  __shared__ float acc[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    acc[i] = 0.0f;
  __syncthreads();
  atomicAdd(&acc[keys[threadIdx.x] & 1023], vals[threadIdx.x]);
  __syncthreads();
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    out[i] = acc[i];
}

// CLASS vector: int2 8-byte stores of a lane's pair, read back as int2 (2 wavefronts, the ideal).
__global__ void store_int2_pairs(const int *in, int2 *out) {
  __shared__ int2 pairs[256];
  int tid = threadIdx.x;
  pairs[tid] = make_int2(in[tid], -in[tid]);
  __syncthreads();
  out[tid] = pairs[blockDim.x - 1 - tid];
}

// CLASS vector: int4 16-byte stores at a stride of 8 int4 (every quarter-warp on one bank group).
__global__ void store_int4_stride8(const int *in, int4 *out) {
  __shared__ int4 quads[32 * 8];
  int tid = threadIdx.x;
  quads[tid * 8] = make_int4(in[tid], in[tid] + 1, in[tid] + 2, in[tid] + 3);
  __syncthreads();
  out[tid] = quads[tid * 8];
}

int main(int argc, char **argv) {
  Checker Check;
  int Block = argc > 1 ? std::atoi(argv[1]) : 256;
  if (Block < 32 || Block > 512 || Block % 32) {
    std::fprintf(stderr, "block size must be a multiple of 32 up to 512\n");
    return 2;
  }
  const int Big = 1 << 18;
  Buf<int> IIn(Big), IOut(Big), Idx(Big);
  Buf<float> FIn(Big), FOut(Big), FX(Big);
  IIn.fill([](int I) { return (I * 31) % 1000 - 500; });

  // run-time block sizes: Block, Block / 2 and a third of 384.
  int Sizes[3] = {Block, Block / 2, 384 / 4};
  {
    int Blocks = 4;
    rt_block_reverse<1><<<Blocks, Sizes[0], Sizes[0] * sizeof(int)>>>(IIn.D,
                                                                     IOut.D);
    auto R = IOut.result();
    int T = Sizes[0];
    Check.all("rt_block_reverse<1>", R, Blocks * T, [&](int I) {
      int b = I / T, t = I % T;
      return IIn.H[b * T + T - 1 - t];
    });
    rt_block_reverse<2><<<Blocks, Sizes[1], Sizes[1] * sizeof(int)>>>(IIn.D,
                                                                     IOut.D);
    R = IOut.result();
    T = Sizes[1];
    Check.all("rt_block_reverse<2>", R, Blocks * T, [&](int I) {
      int b = I / T, t = I % T;
      return IIn.H[b * T + T - 1 - t];
    });
    rt_block_reverse<3><<<Blocks, Sizes[2], Sizes[2] * sizeof(int)>>>(IIn.D,
                                                                     IOut.D);
    R = IOut.result();
    T = Sizes[2];
    Check.all("rt_block_reverse<3>", R, Blocks * T, [&](int I) {
      int b = I / T, t = I % T;
      return IIn.H[b * T + T - 1 - t];
    });
  }
  // 2-D shapes from a table.
  {
    dim3 Shapes[3] = {dim3(16, 16), dim3(32, 8), dim3(8, 32)};
    auto Check2d = [&](const char *Name, dim3 B) {
      auto R = IOut.result();
      int W = B.x;
      Check.all(Name, R, B.x * B.y, [&](int I) {
        int ty = I / W, tx = I % W;
        return IIn.H[I] + IIn.H[ty * W + W - 1 - tx];
      });
    };
    rt_block_2d<1><<<1, Shapes[0]>>>(IIn.D, IOut.D);
    Check2d("rt_block_2d<1>", Shapes[0]);
    rt_block_2d<2><<<1, Shapes[1]>>>(IIn.D, IOut.D);
    Check2d("rt_block_2d<2>", Shapes[1]);
    rt_block_2d<3><<<1, Shapes[2]>>>(IIn.D, IOut.D);
    Check2d("rt_block_2d<3>", Shapes[2]);
    auto CheckCols = [&](const char *Name, dim3 B) {
      auto R = IOut.result();
      Check.all(Name, R, B.x * B.y, [&](int I) {
        int ty = I / B.x, tx = I % B.x;
        return IIn.H[tx * 32 + ty];
      });
    };
    dim3 ColShapes[2] = {dim3(32, 32), dim3(16, 16)};
    rt_block_columns<1><<<1, ColShapes[0]>>>(IIn.D, IOut.D);
    CheckCols("rt_block_columns<1>", ColShapes[0]);
    rt_block_columns<2><<<1, ColShapes[1]>>>(IIn.D, IOut.D);
    CheckCols("rt_block_columns<2>", ColShapes[1]);
  }
  // a table of kernel pointers and the runtime launch API.
  {
    using Kernel = void (*)(const int *, int *);
    Kernel Table[2] = {table_even, table_linear};
    int Factor[2] = {2, 3};
    const char *Names[2] = {"table_even", "table_linear"};
    for (int K = 0; K < 2; ++K) {
      Table[K]<<<1, Block>>>(IIn.D, IOut.D);
      auto R = IOut.result();
      Check.all(Names[K], R, Block,
                [&](int I) { return IIn.H[I] * Factor[K]; });
    }
    const int *In = IIn.D;
    int *Out = IOut.D;
    void *Args[] = {&In, &Out};
    CHECK_CUDA(cudaLaunchKernel((const void *)api_launched, dim3(1),
                                dim3(Block), Args, 0, nullptr));
    auto R = IOut.result();
    Check.all("api_launched", R, Block, [&](int I) { return IIn.H[I] - 1; });
  }
  // adversarial indices: lane * 32 + warp (all lanes of a warp on one bank).
  Idx.fill([](int I) { return (I % 32) * 32 + (I / 32) % 32; });
  {
    Buf<int> Vals(1024);
    Vals.fill([](int I) { return I * 7 - 3; });
    gather_indexed<<<1, 256>>>(Idx.D, Vals.D, IOut.D);
    auto R = IOut.result();
    Check.all("gather_indexed", R, 256,
              [&](int I) { return Vals.H[Idx.H[I]]; });
    scatter_indexed<<<1, 256>>>(Idx.D, IOut.D);
    R = IOut.result();
    Check.all("scatter_indexed", R, 256, [](int I) { return I; });
  }
  {
    // 256 rows of 4 entries; row r's columns (r % 32) * 32 + k * 8 + r / 32.
    int Rows = 256, PerRow = 4, n = 1024;
    Buf<int> RowPtr(Rows + 1), Cols(Rows * PerRow);
    RowPtr.fill([&](int I) { return I * PerRow; });
    Cols.fill([&](int J) {
      int r = J / PerRow, k = J % PerRow;
      return ((r % 32) * 32 + k * 8 + (r / 32)) % n;
    });
    FIn.fill([](int I) { return float(I % 7 - 3); });
    FX.fill([](int I) { return float(I % 13 - 6); });
    spmv_shared_x<<<Rows / 128, 128, n * sizeof(float)>>>(
        RowPtr.D, Cols.D, FIn.D, FX.D, FOut.D, Rows, n);
    auto R = FOut.result();
    Check.allNear("spmv_shared_x", R, Rows, [&](int r) {
      double S = 0;
      for (int j = RowPtr.H[r]; j < RowPtr.H[r + 1]; ++j)
        S += FIn.H[j] * FX.H[Cols.H[j]];
      return S;
    });
  }
  {
    // odd keys: (lane * 32) * 2 + 1 -> row 1, word lane * 32 (32-way).
    Buf<int> Keys(256);
    Keys.fill([](int I) { return ((I % 32) * 32) * 2 + 1; });
    branch_on_key<<<1, 256>>>(Keys.D, IOut.D);
    auto R = IOut.result();
    Check.all("branch_on_key", R, 256,
              [&](int I) { return -(Keys.H[I] >> 1); });
  }
  // histograms: bins lane * 32 (+ the warp), 32 apart.
  {
    int n = 1 << 16;
    Buf<int> Data(n);
    Data.fill([](int I) { return (I % 32) * 32 + (I / 32) % 4; });
    Buf<unsigned> Hist(1024);
    histogram_adversarial<<<8, 256>>>(Data.D, n, Hist.D);
    auto R = Hist.result();
    std::vector<long long> Want(1024, 0);
    for (int I = 0; I < n; ++I)
      ++Want[Data.H[I] & 1023];
    Check.all("histogram_adversarial", R, 1024, [&](int B) { return Want[B]; });
    Hist.clear();
    histogram_per_warp<<<8, 256>>>(Data.D, n, Hist.D);
    R = Hist.result();
    std::fill(Want.begin(), Want.end(), 0);
    for (int I = 0; I < n; ++I)
      ++Want[Data.H[I] & 255];
    Check.all("histogram_per_warp", R, 256, [&](int B) { return Want[B]; });
  }
  {
    Buf<unsigned long long> Out64(128);
    atomic64_counters<<<1, 256>>>(IIn.D, Out64.D);
    auto R = Out64.result();
    Check.all("atomic64_counters", R, 128, [&](int S) -> long long {
      if (S % 4)
        return 0;
      unsigned long long T = 0;
      for (int I = 0; I < 256; ++I)
        if ((I % 32) * 4 == S)
          T += (unsigned long long)(long long)IIn.H[I];
      return (long long)T;
    });
  }
  {
    Buf<int> Keys(256);
    Keys.fill([](int I) { return (I % 32) * 32; });
    FIn.fill([](int I) { return float(I % 9); });
    atomic_float_accumulate<<<1, 256>>>(Keys.D, FIn.D, FOut.D);
    auto R = FOut.result();
    std::vector<double> Want(1024, 0.0);
    for (int I = 0; I < 256; ++I)
      Want[Keys.H[I]] += FIn.H[I];
    Check.allNear("atomic_float_accumulate", R, 1024,
                  [&](int B) { return Want[B]; });
  }
  {
    store_int2_pairs<<<1, 256>>>(IIn.D, reinterpret_cast<int2 *>(IOut.D));
    auto R = IOut.result();
    Check.all("store_int2_pairs", R, 512, [&](int I) {
      int t = 255 - I / 2;
      return I % 2 ? -IIn.H[t] : IIn.H[t];
    });
    store_int4_stride8<<<1, 32>>>(IIn.D, reinterpret_cast<int4 *>(IOut.D));
    R = IOut.result();
    Check.all("store_int4_stride8", R, 128,
              [&](int I) { return IIn.H[I / 4] + I % 4; });
  }
  return Check.finish("blocks_data");
}
