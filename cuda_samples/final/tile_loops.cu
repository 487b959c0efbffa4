// Loops whose trip count is a run-time value (read from argv, as a host
// program's sizes are), measured per line on the H100 for the final view's
// counts per iteration (docs/bank-model.md, "Two views"): each kernel's
// lines, times the measured trip count, against Nsight Compute's
// SourceCounters (ctest h100-final-iterations; cuda_samples/final/measure.sh).
// The data is chosen so that a wrong rule shows: fused row reads that are
// 8-way conflicted at 16 bytes, a padded pitch that is conflict-free only
// at 16 bytes, and loops whose final code is not one iteration per source
// iteration (unrolled by two, left early, entered twice), which must not
// be given per-iteration counts at all.
#include <cstdio>
#include <cstdlib>

// matrixMul's tile loop at 32 x 8 threads: As[ty][k] (one row per warp) is
// fused into LDS.128 broadcasts, Bs[k][tx] stays LDS.
__global__ void tilesRowBroadcast(const float *A, const float *B, float *C,
                                  int Tiles) {
  __shared__ float As[8][32];
  __shared__ float Bs[32][32];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  float Acc = 0;
  for (int T = 0; T < Tiles; ++T) {
    As[Ty][Tx] = A[(T * 8 + Ty) * 32 + Tx];
    for (int R = Ty; R < 32; R += 8)
      Bs[R][Tx] = B[(T * 32 + R) * 32 + Tx];
    __syncthreads();
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += As[Ty][K] * Bs[K][Tx];
    __syncthreads();
  }
  C[(blockIdx.x * 8 + Ty) * 32 + Tx] = Acc;
}

// Each lane reads its own row of Bs: four iterations fused into LDS.128 at
// a pitch of 128 bytes, every quarter-warp's eight lanes on one bank quad.
__global__ void tilesColumnUnpadded(const float *B, float *C, int Tiles) {
  __shared__ float Bs[32][32];
  int Tx = threadIdx.x;
  float Acc = 0;
  for (int T = 0; T < Tiles; ++T) {
    for (int R = 0; R < 32; ++R)
      Bs[R][Tx] = B[(T * 32 + R) * 32 + Tx];
    __syncthreads();
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += Bs[Tx][K];
    __syncthreads();
  }
  C[blockIdx.x * 32 + Tx] = Acc;
}

// The same at a pitch of 36 floats (144 bytes): conflict-free as LDS.128,
// 4-way had it stayed LDS.
__global__ void tilesColumnPadded(const float *B, float *C, int Tiles) {
  __shared__ __align__(16) float Bs[32][36];
  int Tx = threadIdx.x;
  float Acc = 0;
  for (int T = 0; T < Tiles; ++T) {
    for (int R = 0; R < 32; ++R)
      Bs[R][Tx] = B[(T * 32 + R) * 32 + Tx];
    __syncthreads();
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += Bs[Tx][K];
    __syncthreads();
  }
  C[blockIdx.x * 32 + Tx] = Acc;
}

// A strided store and load per iteration: 8-way both.
__global__ void stridedPerIteration(const float *In, float *Out, int N) {
  __shared__ float S[32 * 8 + 64];
  int Tx = threadIdx.x;
  float Acc = 0;
  for (int I = 0; I < N; ++I) {
    S[Tx * 8 + I] = In[I * 32 + Tx];
    __syncthreads();
    Acc += S[((Tx + 1) % 32) * 8 + I];
    __syncthreads();
  }
  Out[blockIdx.x * 32 + Tx] = Acc;
}

// Unrolled by two: the final loop runs two source iterations at a time.
__global__ void unrolledByTwo(float *Out, int N) {
  __shared__ float S[64][33];
  int Tx = threadIdx.x;
  for (int R = 0; R < 64; ++R)
    S[R][Tx] = R + Tx;
  __syncthreads();
  float Acc = 0;
#pragma unroll 2
  for (int I = 0; I < N; ++I)
    Acc += S[I][Tx];
  Out[blockIdx.x * 32 + Tx] = Acc;
}

// Left early on data: the last iteration may skip the load.
__global__ void leftEarly(const float *In, float *Out, int N) {
  __shared__ float S[64][32];
  int Tx = threadIdx.x;
  for (int R = 0; R < 64; ++R)
    S[R][Tx] = R;
  __syncthreads();
  float Acc = 0;
  for (int I = 0; I < N; ++I) {
    if (In[I] < 0)
      break;
    Acc += S[I][(Tx * 2) % 32];
  }
  Out[blockIdx.x * 32 + Tx] = Acc;
}

// Entered twice: one symbolic iteration of the inner loop per entry.
__global__ void enteredTwice(float *Out, int N) {
  __shared__ float S[64][32];
  int Tx = threadIdx.x;
  for (int R = 0; R < 64; ++R)
    S[R][Tx] = R;
  __syncthreads();
  float Acc = 0;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (int I = 0; I < N; ++I)
      Acc += S[I + Pass][(Tx * 4) % 32];
  Out[blockIdx.x * 32 + Tx] = Acc;
}

int main(int Argc, char **Argv) {
  // Trip counts from the command line: warpcheck cannot know them.
  int Tiles = Argc > 1 ? atoi(Argv[1]) : 6;
  int N = Argc > 2 ? atoi(Argv[2]) : 24;
  int Blocks = 4;
  float *A, *B, *C, *In;
  cudaMalloc(&A, sizeof(float) * 8 * 32 * Tiles);
  cudaMalloc(&B, sizeof(float) * 32 * 32 * Tiles);
  cudaMalloc(&C, sizeof(float) * Blocks * 8 * 32);
  cudaMalloc(&In, sizeof(float) * 32 * N);
  cudaMemset(A, 0, sizeof(float) * 8 * 32 * Tiles);
  cudaMemset(B, 0, sizeof(float) * 32 * 32 * Tiles);
  cudaMemset(In, 0, sizeof(float) * 32 * N);
  tilesRowBroadcast<<<Blocks, dim3(32, 8)>>>(A, B, C, Tiles);
  tilesColumnUnpadded<<<Blocks, 32>>>(B, C, Tiles);
  tilesColumnPadded<<<Blocks, 32>>>(B, C, Tiles);
  stridedPerIteration<<<Blocks, 32>>>(In, C, N);
  unrolledByTwo<<<Blocks, 32>>>(C, N);
  leftEarly<<<Blocks, 32>>>(In, C, N);
  enteredTwice<<<Blocks, 32>>>(C, N);
  cudaError_t E = cudaDeviceSynchronize();
  printf("tiles %d, n %d: %s\n", Tiles, N, cudaGetErrorString(E));
  return E == cudaSuccess ? 0 : 1;
}
