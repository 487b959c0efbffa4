__global__ void k(int *out) {
  __shared__ int bins[256];
  Foo x(bins[threadIdx.x]);
  out[threadIdx.x] = bins[threadIdx.x * 2];
}
