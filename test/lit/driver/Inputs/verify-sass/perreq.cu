// A broadcast read fused into LDS.128 in a loop whose trip count is a
// run-time value: the counts are not known, each request's cost is.
__global__ void perreq(const float *in, float *out, int n) {
  __shared__ __align__(16) float s[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    s[ty][tx] = in[i * 1024 + ty * 32 + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 32; ++k)
      acc += s[ty][k] * in[k];
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}

void launch(const float *in, float *out, int n) { perreq<<<1, dim3(32, 32)>>>(in, out, n); }

// The same loop left early on data: no count per iteration either.
__global__ void perreq_exit(const float *in, float *out, int n) {
  __shared__ __align__(16) float s[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    s[ty][tx] = in[i * 1024 + ty * 32 + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 32; ++k)
      acc += s[ty][k] * in[k];
    __syncthreads();
    if (in[i] < 0.f)
      break;
  }
  out[ty * 32 + tx] = acc;
}

void launch_exit(const float *in, float *out, int n) { perreq_exit<<<1, dim3(32, 32)>>>(in, out, n); }
