#include "common.cuh"
__global__ void transpose(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
void launch(float *out) {
  const int warp_size = get_info().devices[current_device()].warp_size;
  transpose<<<1, dim3(warp_size, 4)>>>(out);
}
