// Shared-memory algorithms as they are written in practice: transposes
// (swizzled, diagonal), reductions (interleaved and sequential addressing,
// warp-unrolled), scans (Hillis-Steele, Blelloch with and without padding),
// a histogram with shared atomics, a bitonic sort, a separable convolution
// (rows and columns, 16-wide blocks narrower than a warp), and a tiled GEMM
// with a conflicting, a padded and a swizzled tile. Every result is checked
// on the host.
#include "sample_check.cuh"

#include <algorithm>
#include <vector>

constexpr int TILE = 32;

// ---- transposes -------------------------------------------------------------
// XOR swizzle: element (r, c) lives at column c ^ r, so both the row write
// and the column read touch 32 different banks.
__global__ void transpose_swizzled(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x ^ threadIdx.y] = in[y * n + x];
  __syncthreads();
  int tx = blockIdx.y * TILE + threadIdx.x;
  int ty = blockIdx.x * TILE + threadIdx.y;
  out[ty * n + tx] = tile[threadIdx.x][threadIdx.y ^ threadIdx.x];
}

// Diagonal block order (spreads global traffic over partitions) on a
// padded tile.
__global__ void transpose_diagonal(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int by = blockIdx.x;
  int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = bx * TILE + threadIdx.x;
  int y = by * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  int tx = by * TILE + threadIdx.x;
  int ty = bx * TILE + threadIdx.y;
  out[ty * n + tx] = tile[threadIdx.x][threadIdx.y];
}

// ---- reductions (256 threads) -------------------------------------------------
__global__ void reduce_interleaved_divergent(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reduce_interleaved_strided(const int *in, int *out) {
  __shared__ int sdata[256 + 8];
  unsigned tid = threadIdx.x;
  sdata[tid + tid / 32] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index + index / 32] += sdata[(index + s) + (index + s) / 32];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reduce_sequential(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__device__ void warpReduce(volatile int *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce_warp_unrolled(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---- scans (one block of 256 threads, 256 or 512 elements) ---------------------
__global__ void scan_hillis_steele(const int *in, int *out) {
  __shared__ int buf[2][256];
  int tid = threadIdx.x, pout = 0, pin = 1;
  buf[pout][tid] = in[tid];
  __syncthreads();
  for (int offset = 1; offset < 256; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= offset)
      buf[pout][tid] = buf[pin][tid] + buf[pin][tid - offset];
    else
      buf[pout][tid] = buf[pin][tid];
    __syncthreads();
  }
  out[tid] = buf[pout][tid]; // inclusive
}

__global__ void scan_blelloch(const int *in, int *out) {
  __shared__ int temp[512 + 16];
  int tid = threadIdx.x, n = 512, offset = 1;
  temp[(2 * tid) + (2 * tid) / 32] = in[2 * tid];
  temp[(2 * tid + 1) + (2 * tid + 1) / 32] = in[2 * tid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi + bi / 32] += temp[ai + ai / 32];
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[(n - 1) + (n - 1) / 32] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      int t = temp[ai + ai / 32];
      temp[ai + ai / 32] = temp[bi + bi / 32];
      temp[bi + bi / 32] += t;
    }
  }
  __syncthreads();
  out[2 * tid] = temp[(2 * tid) + (2 * tid) / 32]; // exclusive
  out[2 * tid + 1] = temp[(2 * tid + 1) + (2 * tid + 1) / 32];
}

#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void scan_blelloch_padded(const int *in, int *out) {
  __shared__ int temp[512 + 512 / 32];
  int tid = threadIdx.x, n = 512, offset = 1;
  int ai = tid, bi = tid + n / 2;
  temp[ai + CONFLICT_FREE_OFFSET(ai)] = in[ai];
  temp[bi + CONFLICT_FREE_OFFSET(bi)] = in[bi];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1;
      int b = offset * (2 * tid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1;
      int b = offset * (2 * tid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      int t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  out[ai] = temp[ai + CONFLICT_FREE_OFFSET(ai)];
  out[bi] = temp[bi + CONFLICT_FREE_OFFSET(bi)];
}

// ---- histogram with shared atomics ------------------------------------------
__global__ void histogram_shared(const unsigned char *data, int n,
                                 unsigned *bins) {
  __shared__ unsigned local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

// ---- bitonic sort (one block of 512 threads sorts 512 keys) -----------------
__global__ void bitonic_sort(int *keys) {
  __shared__ int s[512];
  unsigned tid = threadIdx.x;
  s[tid] = keys[tid];
  __syncthreads();
  for (unsigned k = 2; k <= 512; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned partner = tid ^ j;
      if (partner > tid) {
        bool up = (tid & k) == 0;
        int a = s[tid], b = s[partner];
        if ((a > b) == up) {
          s[tid] = b;
          s[partner] = a;
        }
      }
      __syncthreads();
    }
  }
  keys[tid] = s[tid];
}

// ---- separable convolution, 16x16 blocks: a warp covers two rows ------------
constexpr int RADIUS = 4;
constexpr int BW = 16;
__constant__ float kernelWeights[2 * RADIUS + 1];

__global__ void convolve_rows(const float *in, float *out, int w, int h) {
  __shared__ float tile[BW][BW + 2 * RADIUS + 24];
  int x = blockIdx.x * BW + threadIdx.x;
  int y = blockIdx.y * BW + threadIdx.y;
  // Each thread loads its pixel and the halo to its left or right.
  tile[threadIdx.y][threadIdx.x + RADIUS] = in[y * w + x];
  if (threadIdx.x < RADIUS) {
    int xl = max(x - RADIUS, 0), xr = min(x + BW, w - 1);
    tile[threadIdx.y][threadIdx.x] = in[y * w + xl];
    tile[threadIdx.y][threadIdx.x + BW + RADIUS] = in[y * w + xr];
  }
  __syncthreads();
  float sum = 0;
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += kernelWeights[k + RADIUS] * tile[threadIdx.y][threadIdx.x + RADIUS + k];
  out[y * w + x] = sum;
}

__global__ void convolve_columns(const float *in, float *out, int w, int h) {
  __shared__ float tile[BW + 2 * RADIUS][BW];
  int x = blockIdx.x * BW + threadIdx.x;
  int y = blockIdx.y * BW + threadIdx.y;
  tile[threadIdx.y + RADIUS][threadIdx.x] = in[y * w + x];
  if (threadIdx.y < RADIUS) {
    int yt = max(y - RADIUS, 0), yb = min(y + BW, h - 1);
    tile[threadIdx.y][threadIdx.x] = in[yt * w + x];
    tile[threadIdx.y + BW + RADIUS][threadIdx.x] = in[yb * w + x];
  }
  __syncthreads();
  float sum = 0;
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += kernelWeights[k + RADIUS] * tile[threadIdx.y + RADIUS + k][threadIdx.x];
  out[y * w + x] = sum;
}

// ---- tiled GEMM, 32x32 tiles, C = A * B, n x n -------------------------------
// Thread (tx, ty) computes C[row = tile + tx][col = tile + ty]: the A tile is
// read by columns (lanes vary tx), a 32-way conflict on As[tx][k].
__global__ void gemm_conflicting(const float *A, const float *B, float *C,
                                 int n) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.x;
  int col = blockIdx.x * TILE + threadIdx.y;
  float sum = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] =
        A[(blockIdx.y * TILE + threadIdx.y) * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] =
        B[(t * TILE + threadIdx.y) * n + blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.x][k] * Bs[k][threadIdx.y];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

__global__ void gemm_padded(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.x;
  int col = blockIdx.x * TILE + threadIdx.y;
  float sum = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] =
        A[(blockIdx.y * TILE + threadIdx.y) * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] =
        B[(t * TILE + threadIdx.y) * n + blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.x][k] * Bs[k][threadIdx.y];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

__global__ void gemm_swizzled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.x;
  int col = blockIdx.x * TILE + threadIdx.y;
  float sum = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x ^ threadIdx.y] =
        A[(blockIdx.y * TILE + threadIdx.y) * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] =
        B[(t * TILE + threadIdx.y) * n + blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.x][k ^ threadIdx.x] * Bs[k][threadIdx.y];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

// ---- host -------------------------------------------------------------------------
int main() {
  ResultChecker Check;
  // Transposes: 256 x 256.
  {
    const int N = 256;
    std::vector<float> In(N * N), Out(N * N);
    for (int I = 0; I < N * N; ++I)
      In[I] = float(I % 1000);
    float *DIn, *DOut;
    CHECK_CUDA(cudaMalloc(&DIn, N * N * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&DOut, N * N * sizeof(float)));
    CHECK_CUDA(cudaMemcpy(DIn, In.data(), N * N * sizeof(float),
                          cudaMemcpyHostToDevice));
    dim3 Grid(N / TILE, N / TILE), Block(TILE, TILE);
    auto Verify = [&](const char *Name) {
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaMemcpy(Out.data(), DOut, N * N * sizeof(float),
                            cudaMemcpyDeviceToHost));
      for (int Y = 0; Y < N; ++Y)
        for (int X = 0; X < N; ++X)
          Check.expect(Name, X * N + Y, (long long)Out[X * N + Y],
                       (long long)In[Y * N + X]);
    };
    transpose_swizzled<<<Grid, Block>>>(DIn, DOut, N);
    Verify("transpose_swizzled");
    transpose_diagonal<<<Grid, Block>>>(DIn, DOut, N);
    Verify("transpose_diagonal");
    CHECK_CUDA(cudaFree(DIn));
    CHECK_CUDA(cudaFree(DOut));
  }
  // Reductions: 64 blocks of 256.
  {
    const int Blocks = 64, N = Blocks * 256;
    std::vector<int> In(N), Out(Blocks);
    for (int I = 0; I < N; ++I)
      In[I] = (I * 7) % 13 - 6;
    int *DIn, *DOut;
    CHECK_CUDA(cudaMalloc(&DIn, N * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&DOut, Blocks * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(DIn, In.data(), N * sizeof(int),
                          cudaMemcpyHostToDevice));
    auto Verify = [&](const char *Name) {
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaMemcpy(Out.data(), DOut, Blocks * sizeof(int),
                            cudaMemcpyDeviceToHost));
      for (int B = 0; B < Blocks; ++B) {
        long long Sum = 0;
        for (int I = 0; I < 256; ++I)
          Sum += In[B * 256 + I];
        Check.expect(Name, B, Out[B], Sum);
      }
    };
    reduce_interleaved_divergent<<<Blocks, 256>>>(DIn, DOut);
    Verify("reduce_interleaved_divergent");
    reduce_interleaved_strided<<<Blocks, 256>>>(DIn, DOut);
    Verify("reduce_interleaved_strided");
    reduce_sequential<<<Blocks, 256>>>(DIn, DOut);
    Verify("reduce_sequential");
    reduce_warp_unrolled<<<Blocks, 256>>>(DIn, DOut);
    Verify("reduce_warp_unrolled");
    CHECK_CUDA(cudaFree(DIn));
    CHECK_CUDA(cudaFree(DOut));
  }
  // Scans.
  {
    std::vector<int> In(512), Out(512);
    for (int I = 0; I < 512; ++I)
      In[I] = (I * 5) % 9;
    int *DIn, *DOut;
    CHECK_CUDA(cudaMalloc(&DIn, 512 * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&DOut, 512 * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(DIn, In.data(), 512 * sizeof(int),
                          cudaMemcpyHostToDevice));
    scan_hillis_steele<<<1, 256>>>(DIn, DOut);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(Out.data(), DOut, 256 * sizeof(int),
                          cudaMemcpyDeviceToHost));
    long long Run = 0;
    for (int I = 0; I < 256; ++I) {
      Run += In[I];
      Check.expect("scan_hillis_steele", I, Out[I], Run);
    }
    auto VerifyExclusive = [&](const char *Name) {
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaMemcpy(Out.data(), DOut, 512 * sizeof(int),
                            cudaMemcpyDeviceToHost));
      long long Acc = 0;
      for (int I = 0; I < 512; ++I) {
        Check.expect(Name, I, Out[I], Acc);
        Acc += In[I];
      }
    };
    scan_blelloch<<<1, 256>>>(DIn, DOut);
    VerifyExclusive("scan_blelloch");
    scan_blelloch_padded<<<1, 256>>>(DIn, DOut);
    VerifyExclusive("scan_blelloch_padded");
    CHECK_CUDA(cudaFree(DIn));
    CHECK_CUDA(cudaFree(DOut));
  }
  // Histogram.
  {
    const int N = 1 << 16;
    std::vector<unsigned char> Data(N);
    for (int I = 0; I < N; ++I)
      Data[I] = (unsigned char)((I * 37 + I / 7) & 0xff);
    unsigned char *DData;
    unsigned *DBins;
    CHECK_CUDA(cudaMalloc(&DData, N));
    CHECK_CUDA(cudaMalloc(&DBins, 256 * sizeof(unsigned)));
    CHECK_CUDA(cudaMemcpy(DData, Data.data(), N, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(DBins, 0, 256 * sizeof(unsigned)));
    histogram_shared<<<32, 256>>>(DData, N, DBins);
    CHECK_CUDA(cudaGetLastError());
    std::vector<unsigned> Bins(256), Want(256, 0);
    CHECK_CUDA(cudaMemcpy(Bins.data(), DBins, 256 * sizeof(unsigned),
                          cudaMemcpyDeviceToHost));
    for (unsigned char D : Data)
      ++Want[D];
    for (int B = 0; B < 256; ++B)
      Check.expect("histogram_shared", B, Bins[B], Want[B]);
    CHECK_CUDA(cudaFree(DData));
    CHECK_CUDA(cudaFree(DBins));
  }
  // Bitonic sort.
  {
    std::vector<int> Keys(512);
    for (int I = 0; I < 512; ++I)
      Keys[I] = (I * 7919) % 1009;
    int *DKeys;
    CHECK_CUDA(cudaMalloc(&DKeys, 512 * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(DKeys, Keys.data(), 512 * sizeof(int),
                          cudaMemcpyHostToDevice));
    bitonic_sort<<<1, 512>>>(DKeys);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> Sorted(512);
    CHECK_CUDA(cudaMemcpy(Sorted.data(), DKeys, 512 * sizeof(int),
                          cudaMemcpyDeviceToHost));
    std::sort(Keys.begin(), Keys.end());
    for (int I = 0; I < 512; ++I)
      Check.expect("bitonic_sort", I, Sorted[I], Keys[I]);
    CHECK_CUDA(cudaFree(DKeys));
  }
  // Separable convolution: 128 x 64 image.
  {
    const int W = 128, H = 64;
    std::vector<float> Img(W * H), Out(W * H);
    for (int I = 0; I < W * H; ++I)
      Img[I] = float((I * 3) % 17);
    float Weights[2 * RADIUS + 1];
    for (int K = 0; K <= 2 * RADIUS; ++K)
      Weights[K] = float(K + 1);
    CHECK_CUDA(cudaMemcpyToSymbol(kernelWeights, Weights, sizeof(Weights)));
    float *DIn, *DOut;
    CHECK_CUDA(cudaMalloc(&DIn, W * H * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&DOut, W * H * sizeof(float)));
    CHECK_CUDA(cudaMemcpy(DIn, Img.data(), W * H * sizeof(float),
                          cudaMemcpyHostToDevice));
    dim3 Block(BW, BW), Grid(W / BW, H / BW);
    auto Verify = [&](const char *Name, bool Rows) {
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaMemcpy(Out.data(), DOut, W * H * sizeof(float),
                            cudaMemcpyDeviceToHost));
      for (int Y = 0; Y < H; ++Y)
        for (int X = 0; X < W; ++X) {
          float Sum = 0;
          for (int K = -RADIUS; K <= RADIUS; ++K) {
            int XX = Rows ? std::min(std::max(X + K, 0), W - 1) : X;
            int YY = Rows ? Y : std::min(std::max(Y + K, 0), H - 1);
            Sum += Weights[K + RADIUS] * Img[YY * W + XX];
          }
          Check.expect(Name, Y * W + X, (long long)Out[Y * W + X],
                       (long long)Sum);
        }
    };
    convolve_rows<<<Grid, Block>>>(DIn, DOut, W, H);
    Verify("convolve_rows", true);
    convolve_columns<<<Grid, Block>>>(DIn, DOut, W, H);
    Verify("convolve_columns", false);
    CHECK_CUDA(cudaFree(DIn));
    CHECK_CUDA(cudaFree(DOut));
  }
  // GEMM: 128 x 128 with small integers (exact in float).
  {
    const int N = 128;
    std::vector<float> A(N * N), B(N * N), C(N * N), Want(N * N, 0);
    for (int I = 0; I < N * N; ++I) {
      A[I] = float(I % 7 - 3);
      B[I] = float(I % 5 - 2);
    }
    for (int R = 0; R < N; ++R)
      for (int K = 0; K < N; ++K)
        for (int Col = 0; Col < N; ++Col)
          Want[R * N + Col] += A[R * N + K] * B[K * N + Col];
    float *DA, *DB, *DC;
    CHECK_CUDA(cudaMalloc(&DA, N * N * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&DB, N * N * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&DC, N * N * sizeof(float)));
    CHECK_CUDA(cudaMemcpy(DA, A.data(), N * N * sizeof(float),
                          cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(DB, B.data(), N * N * sizeof(float),
                          cudaMemcpyHostToDevice));
    dim3 Block(TILE, TILE), Grid(N / TILE, N / TILE);
    auto Verify = [&](const char *Name) {
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaMemcpy(C.data(), DC, N * N * sizeof(float),
                            cudaMemcpyDeviceToHost));
      for (int I = 0; I < N * N; ++I)
        Check.expect(Name, I, (long long)C[I], (long long)Want[I]);
    };
    gemm_conflicting<<<Grid, Block>>>(DA, DB, DC, N);
    Verify("gemm_conflicting");
    gemm_padded<<<Grid, Block>>>(DA, DB, DC, N);
    Verify("gemm_padded");
    gemm_swizzled<<<Grid, Block>>>(DA, DB, DC, N);
    Verify("gemm_swizzled");
    CHECK_CUDA(cudaFree(DA));
    CHECK_CUDA(cudaFree(DB));
    CHECK_CUDA(cudaFree(DC));
  }
  return Check.finish("algorithms");
}
