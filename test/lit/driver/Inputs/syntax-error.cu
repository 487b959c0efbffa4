__global__ void broken(int *out) {
  __shared__ int s[32];
  out[threadIdx.x] = s[threadIdx.x * 32]
}
