// Column stores whose conflicts depend on the block each kernel runs with.
extern "C" __global__ void tile_bs32(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

extern "C" __global__ void tile_bs16(float *out) {
  __shared__ float s[16][16];
  s[threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

extern "C" __global__ void tile_bs8(float *out) {
  __shared__ float s[8][8];
  s[threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x];
}
