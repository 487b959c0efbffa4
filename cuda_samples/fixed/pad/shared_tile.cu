// Seed 002: a 32x32 int tile written and read by rows or columns, static and
// dynamic, with and without padding; the rectangular 32x16 tile that needs a
// pad of 2; and the rectangular shared-memory transpose.
#include "sample_check.cuh"

#define BDIMX 32
#define BDIMY 32
#define PADDING 1

__global__ void writeRowReadRow(int *out) {
  __shared__ int tile[BDIMY][BDIMX];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = idx;
  __syncthreads();
  out[idx] = tile[threadIdx.y][threadIdx.x];
}

__global__ void writeColReadCol(int *out) {
  __shared__ int tile[BDIMY][BDIMX + 1];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  tile[threadIdx.x][threadIdx.y] = idx;
  __syncthreads();
  out[idx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void writeRowReadCol(int *out) {
  __shared__ int tile[BDIMY][BDIMX + 1];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = idx;
  __syncthreads();
  out[idx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void writeRowReadRowDynamic(int *out) {
  extern __shared__ int dtile[];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  dtile[idx] = idx;
  __syncthreads();
  out[idx] = dtile[idx];
}

__global__ void writeColReadColDynamic(int *out) {
  extern __shared__ int dtile[];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  int colIdx = threadIdx.x * blockDim.y + threadIdx.y;
  dtile[colIdx + colIdx / 32] = idx;
  __syncthreads();
  out[idx] = dtile[colIdx + colIdx / 32];
}

__global__ void writeColReadColPad(int *out) {
  __shared__ int tile[BDIMY][BDIMX + PADDING];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  tile[threadIdx.x][threadIdx.y] = idx;
  __syncthreads();
  out[idx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void writeColReadColDynamicPad(int *out) {
  extern __shared__ int dtile[];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  int colIdx = threadIdx.x * (blockDim.y + PADDING) + threadIdx.y;
  dtile[colIdx] = idx;
  __syncthreads();
  out[idx] = dtile[colIdx];
}

// Rectangular tile: a 32x16 block writes rows and reads the transposed
// position. Pad 1 still leaves a 2-way conflict; pad 2 removes it.
#define RDIMX 32
#define RDIMY 16

__global__ void rectRowReadCol(int *out) {
  __shared__ int tile[RDIMY][RDIMX + 2];
  unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned int irow = idx / blockDim.y;
  unsigned int icol = idx % blockDim.y;
  tile[threadIdx.y][threadIdx.x] = idx;
  __syncthreads();
  out[idx] = tile[icol][irow];
}

__global__ void rectRowReadColPad1(int *out) {
  __shared__ int tile[RDIMY][RDIMX + 1 + 1];
  unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned int irow = idx / blockDim.y;
  unsigned int icol = idx % blockDim.y;
  tile[threadIdx.y][threadIdx.x] = idx;
  __syncthreads();
  out[idx] = tile[icol][irow];
}

__global__ void rectRowReadColPad2(int *out) {
  __shared__ int tile[RDIMY][RDIMX + 2];
  unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned int irow = idx / blockDim.y;
  unsigned int icol = idx % blockDim.y;
  tile[threadIdx.y][threadIdx.x] = idx;
  __syncthreads();
  out[idx] = tile[icol][irow];
}

__global__ void rectRowReadColDynamicPad2(int *out) {
  extern __shared__ int dtile[];
  unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned int irow = idx / blockDim.y;
  unsigned int icol = idx % blockDim.y;
  unsigned int rowIdx = threadIdx.y * (blockDim.x + 2) + threadIdx.x;
  unsigned int colIdx = icol * (blockDim.x + 2) + irow;
  dtile[rowIdx] = idx;
  __syncthreads();
  out[idx] = dtile[colIdx];
}

// Seed 002's transposeShared: 32x16 block, smem[16][32], read transposed.
__global__ void transposeShared(float *in, float *out, int nx, int ny) {
  __shared__ float smem[RDIMY][RDIMX + 2];
  int ix = blockDim.x * blockIdx.x + threadIdx.x;
  int iy = blockDim.y * blockIdx.y + threadIdx.y;
  int irow = (threadIdx.y * blockDim.x + threadIdx.x) % blockDim.y;
  int icol = (threadIdx.y * blockDim.x + threadIdx.x) / blockDim.y;
  int ox = blockDim.y * blockIdx.y + irow;
  int oy = blockDim.x * blockIdx.x + icol;
  if (ix < nx && iy < ny) {
    smem[threadIdx.y][threadIdx.x] = in[iy * nx + ix];
    __syncthreads();
    out[oy * ny + ox] = smem[irow][icol];
  }
}

/// Checks a square-tile kernel: element idx holds idx, or the transposed
/// thread's idx when the kernel reads tile[x][y] after writing tile[y][x].
static void checkSquare(const char *Name, int *DevOut, ResultChecker &Check,
                        bool ReadTransposed) {
  CHECK_CUDA(cudaGetLastError());
  int Host[BDIMX * BDIMY];
  CHECK_CUDA(cudaMemcpy(Host, DevOut, sizeof(Host), cudaMemcpyDeviceToHost));
  for (int Y = 0; Y < BDIMY; ++Y)
    for (int X = 0; X < BDIMX; ++X) {
      int Idx = Y * BDIMX + X;
      Check.expect(Name, Idx, Host[Idx], ReadTransposed ? X * BDIMX + Y : Idx);
    }
}

/// Checks a rectangular kernel: thread idx reads tile[idx % 16][idx / 16],
/// written by thread (y = idx % 16, x = idx / 16), whose idx was y * 32 + x.
static void checkRect(const char *Name, int *DevOut, ResultChecker &Check) {
  CHECK_CUDA(cudaGetLastError());
  int Host[RDIMX * RDIMY];
  CHECK_CUDA(cudaMemcpy(Host, DevOut, sizeof(Host), cudaMemcpyDeviceToHost));
  for (int Idx = 0; Idx < RDIMX * RDIMY; ++Idx)
    Check.expect(Name, Idx, Host[Idx], (Idx % RDIMY) * RDIMX + Idx / RDIMY);
}

int main() {
  ResultChecker Check;
  int *DevOut;
  CHECK_CUDA(cudaMalloc(&DevOut, sizeof(int) * 1024));

  dim3 Block(BDIMX, BDIMY);
  size_t DynamicBytes = BDIMX * (BDIMY + PADDING) * sizeof(int);
  writeRowReadRow<<<1, Block>>>(DevOut);
  checkSquare("writeRowReadRow", DevOut, Check, false);
  writeColReadCol<<<1, Block>>>(DevOut);
  checkSquare("writeColReadCol", DevOut, Check, false);
  writeRowReadCol<<<1, Block>>>(DevOut);
  checkSquare("writeRowReadCol", DevOut, Check, true);
  writeRowReadRowDynamic<<<1, Block, DynamicBytes>>>(DevOut);
  checkSquare("writeRowReadRowDynamic", DevOut, Check, false);
  writeColReadColDynamic<<<1, Block, DynamicBytes + 132>>>(DevOut);
  checkSquare("writeColReadColDynamic", DevOut, Check, false);
  writeColReadColPad<<<1, Block>>>(DevOut);
  checkSquare("writeColReadColPad", DevOut, Check, false);
  writeColReadColDynamicPad<<<1, Block, DynamicBytes>>>(DevOut);
  checkSquare("writeColReadColDynamicPad", DevOut, Check, false);

  dim3 RectBlock(RDIMX, RDIMY);
  rectRowReadCol<<<1, RectBlock>>>(DevOut);
  checkRect("rectRowReadCol", DevOut, Check);
  rectRowReadColPad1<<<1, RectBlock>>>(DevOut);
  checkRect("rectRowReadColPad1", DevOut, Check);
  rectRowReadColPad2<<<1, RectBlock>>>(DevOut);
  checkRect("rectRowReadColPad2", DevOut, Check);
  rectRowReadColDynamicPad2<<<1, RectBlock, RDIMY * (RDIMX + 2) * sizeof(int)>>>(
      DevOut);
  checkRect("rectRowReadColDynamicPad2", DevOut, Check);

  // transposeShared over a 256x128 matrix.
  const int NX = 256, NY = 128;
  float *DevIn, *DevT;
  CHECK_CUDA(cudaMalloc(&DevIn, sizeof(float) * NX * NY));
  CHECK_CUDA(cudaMalloc(&DevT, sizeof(float) * NX * NY));
  float *In = new float[NX * NY], *T = new float[NX * NY];
  for (int I = 0; I < NX * NY; ++I)
    In[I] = float(I);
  CHECK_CUDA(cudaMemcpy(DevIn, In, sizeof(float) * NX * NY,
                        cudaMemcpyHostToDevice));
  dim3 Grid((NX + RDIMX - 1) / RDIMX, (NY + RDIMY - 1) / RDIMY);
  transposeShared<<<Grid, RectBlock>>>(DevIn, DevT, NX, NY);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(T, DevT, sizeof(float) * NX * NY,
                        cudaMemcpyDeviceToHost));
  for (int Y = 0; Y < NY; ++Y)
    for (int X = 0; X < NX; ++X)
      Check.expect("transposeShared", X * NY + Y, (long long)T[X * NY + Y],
                   (long long)In[Y * NX + X]);
  delete[] In;
  delete[] T;
  CHECK_CUDA(cudaFree(DevIn));
  CHECK_CUDA(cudaFree(DevT));
  CHECK_CUDA(cudaFree(DevOut));
  return Check.finish("shared_tile");
}
