// Seed 004: a templated matrix transpose through shared memory, first with a
// [blockSize * blockSize] tile (32-way conflict on the column read), then
// with rows padded to blockSize + 1.
#include "sample_check.cuh"

template <typename T, int blockSize = 32>
__global__ void parallel_transpose(T *out, T *in, int nx, int ny) {
  int x = blockIdx.x * blockSize + threadIdx.x;
  int y = blockIdx.y * blockSize + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  __shared__ T memory[blockSize * blockSize + 32];
  memory[(threadIdx.y * blockSize + threadIdx.x) + (threadIdx.y * blockSize + threadIdx.x) / 32] = in[y * nx + x];
  __syncthreads();
  int rx = blockIdx.y * blockSize + threadIdx.x;
  int ry = blockIdx.x * blockSize + threadIdx.y;
  if (rx < ny && ry < nx) {
    out[ry * ny + rx] = memory[(threadIdx.x * blockSize + threadIdx.y) + (threadIdx.x * blockSize + threadIdx.y) / 32];
  }
}

template <typename T, int blockSize = 32>
__global__ void parallel_transpose_padded(T *out, T *in, int nx, int ny) {
  __shared__ T memory[blockSize * (blockSize + 1)];
  int x = blockIdx.x * blockSize + threadIdx.x;
  int y = blockIdx.y * blockSize + threadIdx.y;
  if (x < nx && y < ny) {
    memory[threadIdx.y * (blockSize + 1) + threadIdx.x] = in[y * nx + x];
  }
  __syncthreads();
  int rx = blockIdx.y * blockSize + threadIdx.x;
  int ry = blockIdx.x * blockSize + threadIdx.y;
  if (rx < ny && ry < nx) {
    out[ry * ny + rx] = memory[threadIdx.x * (blockSize + 1) + threadIdx.y];
  }
}

// The seed's transpose reads in[y * nx + x] and writes out[ry * ny + rx]: a
// square matrix keeps both kernels' indexing consistent.
int main() {
  const int N = 1024;
  ResultChecker Check;
  int *In = new int[N * N], *Out = new int[N * N];
  for (int I = 0; I < N * N; ++I)
    In[I] = I;
  int *DevIn, *DevOut;
  CHECK_CUDA(cudaMalloc(&DevIn, sizeof(int) * N * N));
  CHECK_CUDA(cudaMalloc(&DevOut, sizeof(int) * N * N));
  CHECK_CUDA(cudaMemcpy(DevIn, In, sizeof(int) * N * N, cudaMemcpyHostToDevice));
  dim3 Block(32, 32);
  dim3 Grid(N / 32, N / 32);
  const char *Names[] = {"parallel_transpose", "parallel_transpose_padded"};
  for (int K = 0; K < 2; ++K) {
    CHECK_CUDA(cudaMemset(DevOut, 0, sizeof(int) * N * N));
    if (K == 0)
      parallel_transpose<int><<<Grid, Block>>>(DevOut, DevIn, N, N);
    else
      parallel_transpose_padded<int><<<Grid, Block>>>(DevOut, DevIn, N, N);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(Out, DevOut, sizeof(int) * N * N,
                          cudaMemcpyDeviceToHost));
    for (int Y = 0; Y < N; ++Y)
      for (int X = 0; X < N; ++X)
        Check.expect(Names[K], X * N + Y, Out[X * N + Y], In[Y * N + X]);
  }
  delete[] In;
  delete[] Out;
  CHECK_CUDA(cudaFree(DevIn));
  CHECK_CUDA(cudaFree(DevOut));
  return Check.finish("transpose");
}
