// A transposed tile (a 32-way conflict and its fixes), an unknown stride, a
// zero-length array and an undeclared name: the shapes the analysis sees.
__global__ void transpose(float *out, const float *in, int n, int stride) {
  __shared__ float tile[32][32];
  __shared__ float empty[32][0];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * n + x];
  __syncthreads();
  out[y * n + x] = tile[x][y] + tile[0][(x * stride) % 32];
  empty[y][x] = 1.0f;
}
__global__ void typo(int *p) {
  dim3 b(32, UNDECLARED);
  __shared__ int s[64];
  s[threadIdx.x * 2] = p[threadIdx.x];
}
