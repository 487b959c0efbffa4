// A loop-invariant load in a loop nvcc does not unroll: it is read once,
// before the loop.
__global__ void invariant(const float *in, float *out) {
  __shared__ float s[64 * 2];
  int t = threadIdx.x;
  s[t * 2] = in[t];
  __syncthreads();
  float acc = 0.f;
#pragma unroll 1
  for (int i = 0; i < 8; ++i)
    acc += s[t * 2] * in[i * 64 + t];
  out[t] = acc;
}

void launch(const float *in, float *out) { invariant<<<1, 64>>>(in, out); }
