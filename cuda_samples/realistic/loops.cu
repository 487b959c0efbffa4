// Realistic corpus, part 1: loops whose trip count is known only at run time,
// in the shapes training and sample code use them: block-stride and
// grid-stride loops over a run-time n, tile loops over K / TILE, tree
// reductions halving from blockDim.x, Hillis-Steele and Blelloch scans,
// a bitonic sorting network, a row softmax over a run-time C, and a tiled
// transpose whose row loop steps by blockDim.y.
//
// Every kernel is launched once (a kernel run with two configurations is a
// template with an unused tag, so each configuration is its own kernel for
// Nsight Compute and for warpcheck). Each kernel carries a tag line
//   // CLASS <class>: <what it is>
// read by test/measurements/compare_measurements.py --classes to print the
// exact/range/unknown shares per construct class.
#include "realistic.cuh"
#include <algorithm>

// CLASS loop: block-stride copy into shared memory, read back reversed (run-time n).
__global__ void block_stride_reverse(const float *in, float *out, int n) {
  __shared__ float s[2048];
  const float *row = in + blockIdx.x * n;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = row[i];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[blockIdx.x * n + i] = 2.0f * s[n - 1 - i];
}

// CLASS loop: block-stride loop storing every second word (2-way), run-time n.
__global__ void block_stride_even(const float *in, float *out, int n) {
  __shared__ float s[4096];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[2 * i] = in[i];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = s[2 * (n - 1 - i)] + 1.0f;
}

// CLASS loop: grid-stride accumulation, then a tree reduction from blockDim.x / 2.
template <int Tag>
__global__ void grid_stride_sum(const float *in, float *out, int n) {
  __shared__ float partial[1024];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    acc += in[i];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

// CLASS loop: interleaved-addressing reduction (index = 2 * s * tid): strided conflicts growing with s.
__global__ void reduce_interleaved(const int *in, int *out) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// CLASS loop: sequential-addressing reduction with the last warp unrolled on volatile shared memory.
__global__ void reduce_unrolled_warp(const int *in, int *out, int n) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + tid;
  int v = 0;
  if (i < n)
    v = in[i];
  if (i + blockDim.x < n)
    v += in[i + blockDim.x];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] = v = v + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *vs = sdata;
    vs[tid] = v = v + vs[tid + 32];
    __syncwarp();
    vs[tid] = v = v + vs[tid + 16];
    __syncwarp();
    vs[tid] = v = v + vs[tid + 8];
    __syncwarp();
    vs[tid] = v = v + vs[tid + 4];
    __syncwarp();
    vs[tid] = v = v + vs[tid + 2];
    __syncwarp();
    vs[tid] = v = v + vs[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// CLASS loop: Hillis-Steele inclusive scan, double-buffered, offset doubling to a run-time n.
__global__ void scan_hillis_steele(const int *in, int *out, int n) {
  extern __shared__ int temp[];
  int tid = threadIdx.x;
  int pout = 0, pin = 1;
  temp[tid] = in[blockIdx.x * n + tid];
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= offset)
      temp[pout * n + tid] = temp[pin * n + tid] + temp[pin * n + tid - offset];
    else
      temp[pout * n + tid] = temp[pin * n + tid];
    __syncthreads();
  }
  out[blockIdx.x * n + tid] = temp[pout * n + tid];
}

// CLASS loop: Blelloch work-efficient exclusive scan (ai = offset*(2*tid+1)-1): the classic conflicts.
__global__ void scan_blelloch(const int *in, int *out, int n) {
  extern __shared__ int temp[];
  int tid = threadIdx.x;
  const int *g = in + blockIdx.x * n;
  temp[tid] = g[tid];
  temp[tid + n / 2] = g[tid + n / 2];
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      int t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  out[blockIdx.x * n + tid] = temp[tid];
  out[blockIdx.x * n + tid + n / 2] = temp[tid + n / 2];
}

// CLASS loop: bitonic sorting network over a run-time n (partner tid ^ j).
__global__ void bitonic_sort(const int *in, int *out, int n) {
  extern __shared__ int keys[];
  unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < n; i += blockDim.x)
    keys[i] = in[blockIdx.x * n + i];
  __syncthreads();
  for (unsigned k = 2; k <= n; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      for (unsigned i = tid; i < n; i += blockDim.x) {
        unsigned ixj = i ^ j;
        if (ixj > i) {
          int a = keys[i], b = keys[ixj];
          bool up = (i & k) == 0;
          if ((a > b) == up) {
            keys[i] = b;
            keys[ixj] = a;
          }
        }
      }
      __syncthreads();
    }
  }
  for (unsigned i = tid; i < n; i += blockDim.x)
    out[blockIdx.x * n + i] = keys[i];
}

// CLASS loop: SGEMM with 16x16 shared tiles, tile loop over a run-time K / TILE.
constexpr int kTile = 16;
__global__ void sgemm_tiled(const float *A, const float *B, float *C, int M,
                            int N, int K) {
  __shared__ float As[kTile][kTile];
  __shared__ float Bs[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float acc = 0.0f;
  for (int t = 0; t < K / kTile; ++t) {
    As[ty][tx] = A[row * K + t * kTile + tx];
    Bs[ty][tx] = B[(t * kTile + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M)
    C[row * N + col] = acc;
}

// CLASS loop: SGEMM storing the A tile transposed (As[tx][ty]): 8-way stores, run-time K.
__global__ void sgemm_transposed_a(const float *A, const float *B, float *C,
                                   int M, int N, int K) {
  __shared__ float As[kTile][kTile];
  __shared__ float Bs[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float acc = 0.0f;
  for (int t = 0; t < K / kTile; ++t) {
    As[tx][ty] = A[row * K + t * kTile + tx];
    Bs[ty][tx] = B[(t * kTile + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      acc += As[k][ty] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M)
    C[row * N + col] = acc;
}

// CLASS loop: row softmax, one block per row, block-stride loops over a run-time C, per-warp maxima in shared memory.
__global__ void softmax_rows(const float *in, float *out, int C) {
  extern __shared__ float shared[];
  int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  int warps = blockDim.x / 32;
  const float *x = in + blockIdx.x * C;
  float maxval = -INFINITY;
  for (int i = tid; i < C; i += blockDim.x)
    maxval = fmaxf(maxval, x[i]);
  for (int o = 16; o > 0; o /= 2)
    maxval = fmaxf(maxval, __shfl_down_sync(0xffffffffu, maxval, o));
  if (lane == 0)
    shared[warp] = maxval;
  __syncthreads();
  if (tid == 0) {
    float v = shared[0];
    for (int i = 1; i < warps; ++i)
      v = fmaxf(v, shared[i]);
    shared[warps] = v;
  }
  __syncthreads();
  float offset = shared[warps];
  float sum = 0.0f;
  for (int i = tid; i < C; i += blockDim.x)
    sum += expf(x[i] - offset);
  for (int o = 16; o > 0; o /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  __syncthreads();
  if (lane == 0)
    shared[warp] = sum;
  __syncthreads();
  if (tid == 0) {
    float v = 0.0f;
    for (int i = 0; i < warps; ++i)
      v += shared[i];
    shared[warps] = v;
  }
  __syncthreads();
  float total = shared[warps];
  for (int i = tid; i < C; i += blockDim.x)
    out[blockIdx.x * C + i] = expf(x[i] - offset) / total;
}

// CLASS loop: tiled transpose, 32x32 tile without padding, rows stepped by blockDim.y (32-way reads), run-time size.
__global__ void transpose_unpadded(const float *in, float *out, int width,
                                   int height) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// CLASS loop: the same transpose with a padded tile [32][33]: conflict-free.
__global__ void transpose_padded(const float *in, float *out, int width,
                                 int height) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// CLASS loop: 1-D stencil, halo loaded by the first threads, window loop over a run-time radius.
__global__ void stencil_1d(const int *in, int *out, int n, int radius) {
  extern __shared__ int win[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + radius;
  win[l] = in[g + radius];
  if (threadIdx.x < radius) {
    win[l - radius] = in[g];
    win[l + blockDim.x] = in[g + blockDim.x + radius];
  }
  __syncthreads();
  int acc = 0;
  for (int o = -radius; o <= radius; ++o)
    acc += win[l + o];
  if (g < n)
    out[g] = acc;
}

int main() {
  Checker Check;
  const int Big = 1 << 18;
  Buf<float> FIn(Big), FOut(Big), FB(Big);
  Buf<int> IIn(Big), IOut(Big);

  // block-stride loops
  {
    int n = 1000;
    FIn.fill([](int I) { return float(I % 97); });
    block_stride_reverse<<<4, 128>>>(FIn.D, FOut.D, n);
    auto R = FOut.result();
    Check.all("block_stride_reverse", R, 4 * n, [&](int I) {
      int b = I / n, i = I % n;
      return 2 * FIn.H[b * n + n - 1 - i];
    });
    int m = 1500;
    block_stride_even<<<1, 256>>>(FIn.D, FOut.D, m);
    R = FOut.result();
    Check.all("block_stride_even", R, m,
              [&](int I) { return FIn.H[m - 1 - I] + 1; });
  }
  // grid-stride sums with three block sizes
  {
    int n = 100000;
    FIn.fill([](int I) { return float(I % 7); });
    auto Want = [&](int Blocks, int Threads, int B) {
      double S = 0;
      for (int I = B * Threads; I < n; I += Blocks * Threads)
        for (int T = 0; T < Threads && I + T < n; ++T)
          S += FIn.H[I + T];
      return S;
    };
    grid_stride_sum<1><<<16, 128>>>(FIn.D, FOut.D, n);
    auto R = FOut.result();
    Check.allNear("grid_stride_sum<1>", R, 16,
                  [&](int B) { return Want(16, 128, B); });
    grid_stride_sum<2><<<8, 256>>>(FIn.D, FOut.D, n);
    R = FOut.result();
    Check.allNear("grid_stride_sum<2>", R, 8,
                  [&](int B) { return Want(8, 256, B); });
    grid_stride_sum<3><<<4, 512>>>(FIn.D, FOut.D, n);
    R = FOut.result();
    Check.allNear("grid_stride_sum<3>", R, 4,
                  [&](int B) { return Want(4, 512, B); });
  }
  // reductions
  {
    IIn.fill([](int I) { return I % 13 - 6; });
    int T = 256, Blocks = 8;
    reduce_interleaved<<<Blocks, T, T * sizeof(int)>>>(IIn.D, IOut.D);
    auto R = IOut.result();
    Check.all("reduce_interleaved", R, Blocks, [&](int B) {
      long long S = 0;
      for (int I = 0; I < T; ++I)
        S += IIn.H[B * T + I];
      return S;
    });
    int n = 5000;
    T = 128;
    Blocks = (n + 2 * T - 1) / (2 * T);
    reduce_unrolled_warp<<<Blocks, T, T * sizeof(int)>>>(IIn.D, IOut.D, n);
    R = IOut.result();
    Check.all("reduce_unrolled_warp", R, Blocks, [&](int B) {
      long long S = 0;
      for (int I = B * 2 * T; I < (B + 1) * 2 * T && I < n; ++I)
        S += IIn.H[I];
      return S;
    });
  }
  // scans
  {
    IIn.fill([](int I) { return I % 5 + 1; });
    int n = 256, Blocks = 4;
    scan_hillis_steele<<<Blocks, n, 2 * n * sizeof(int)>>>(IIn.D, IOut.D, n);
    auto R = IOut.result();
    Check.all("scan_hillis_steele", R, Blocks * n, [&](int I) {
      int b = I / n, i = I % n;
      long long S = 0;
      for (int J = 0; J <= i; ++J)
        S += IIn.H[b * n + J];
      return S;
    });
    n = 512;
    scan_blelloch<<<Blocks, n / 2, n * sizeof(int)>>>(IIn.D, IOut.D, n);
    R = IOut.result();
    Check.all("scan_blelloch", R, Blocks * n, [&](int I) {
      int b = I / n, i = I % n;
      long long S = 0;
      for (int J = 0; J < i; ++J)
        S += IIn.H[b * n + J];
      return S;
    });
  }
  // bitonic sort
  {
    IIn.fill([](int I) { return (I * 7919) % 10007; });
    int n = 1024, Blocks = 2;
    bitonic_sort<<<Blocks, 256, n * sizeof(int)>>>(IIn.D, IOut.D, n);
    auto R = IOut.result();
    std::vector<int> Want(IIn.H.begin(), IIn.H.begin() + Blocks * n);
    for (int B = 0; B < Blocks; ++B)
      std::sort(Want.begin() + B * n, Want.begin() + (B + 1) * n);
    Check.all("bitonic_sort", R, Blocks * n, [&](int I) { return Want[I]; });
  }
  // SGEMM
  {
    int M = 64, N = 64, K = 96;
    FIn.fill([](int I) { return float(I % 5 - 2); });
    FB.fill([](int I) { return float(I % 3 - 1); });
    auto Want = [&](int I) {
      int r = I / N, c = I % N;
      double S = 0;
      for (int k = 0; k < K; ++k)
        S += FIn.H[r * K + k] * FB.H[k * N + c];
      return S;
    };
    dim3 Block(kTile, kTile), Grid(N / kTile, M / kTile);
    sgemm_tiled<<<Grid, Block>>>(FIn.D, FB.D, FOut.D, M, N, K);
    auto R = FOut.result();
    Check.allNear("sgemm_tiled", R, M * N, Want);
    sgemm_transposed_a<<<Grid, Block>>>(FIn.D, FB.D, FOut.D, M, N, K);
    R = FOut.result();
    Check.allNear("sgemm_transposed_a", R, M * N, Want);
  }
  // softmax
  {
    int Rows = 8, C = 1000, T = 256;
    FIn.fill([](int I) { return float(I % 11) * 0.25f; });
    softmax_rows<<<Rows, T, (T / 32 + 1) * sizeof(float)>>>(FIn.D, FOut.D, C);
    auto R = FOut.result();
    std::vector<double> Want(Rows * C);
    for (int r = 0; r < Rows; ++r) {
      double Max = -1e30, Sum = 0;
      for (int i = 0; i < C; ++i)
        Max = std::max(Max, double(FIn.H[r * C + i]));
      for (int i = 0; i < C; ++i)
        Sum += std::exp(FIn.H[r * C + i] - Max);
      for (int i = 0; i < C; ++i)
        Want[r * C + i] = std::exp(FIn.H[r * C + i] - Max) / Sum;
    }
    Check.allNear("softmax_rows", R, Rows * C, [&](int I) { return Want[I]; });
  }
  // transposes
  {
    int W = 96, Hh = 64;
    FIn.fill([](int I) { return float(I); });
    dim3 Block(32, 8), Grid(W / 32, Hh / 32);
    auto Want = [&](int I) {
      int r = I / Hh, c = I % Hh;
      return FIn.H[c * W + r];
    };
    transpose_unpadded<<<Grid, Block>>>(FIn.D, FOut.D, W, Hh);
    auto R = FOut.result();
    Check.all("transpose_unpadded", R, W * Hh, Want);
    transpose_padded<<<Grid, Block>>>(FIn.D, FOut.D, W, Hh);
    R = FOut.result();
    Check.all("transpose_padded", R, W * Hh, Want);
  }
  // stencil
  {
    int n = 4096, Radius = 3, T = 128;
    IIn.fill([](int I) { return I % 9; });
    stencil_1d<<<n / T, T, (T + 2 * Radius) * sizeof(int)>>>(IIn.D, IOut.D, n,
                                                            Radius);
    auto R = IOut.result();
    Check.all("stencil_1d", R, n, [&](int G) {
      long long S = 0;
      for (int O = 0; O <= 2 * Radius; ++O)
        S += IIn.H[G + O];
      return S;
    });
  }
  return Check.finish("loops");
}
