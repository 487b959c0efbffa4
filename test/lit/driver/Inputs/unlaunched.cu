__global__ void unlaunched(float *out) {
  __shared__ float t[16][17];
  __shared__ float u[16][16];
  out[threadIdx.x] = t[threadIdx.x % 16][threadIdx.y];
  out[threadIdx.x] += u[threadIdx.x % 16][threadIdx.y];
}
