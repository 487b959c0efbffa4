// Four adjacent ints from an odd offset: STS, STS.64, STS (misaligned
// group, several widths, each access a constant apart).
__global__ void mixed(const int *in, int *out) {
  __shared__ __align__(16) int s[4 * 64 + 8];
  int t = threadIdx.x;
  int b = t * 4 + 1;
  s[b] = in[t]; s[b + 1] = in[t] + 1; s[b + 2] = in[t] + 2; s[b + 3] = in[t] + 3;
  __syncthreads();
  out[t] = s[t];
}

void launch(const int *in, int *out) { mixed<<<1, 64>>>(in, out); }
