__global__ void k(float *out) {
  __shared__ float s[32][0];
  out[threadIdx.x] = s[threadIdx.x][0];
}
