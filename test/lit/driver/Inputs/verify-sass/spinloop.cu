// Float and double atomicAdd on shared memory: nvcc's ATOMS.CAST.SPIN loop.
__global__ void spin(const float *in, float *out) {
  __shared__ float f[64];
  __shared__ double d[64];
  int t = threadIdx.x;
  f[t] = 0.f;
  d[t] = 0.;
  __syncthreads();
  atomicAdd(&f[t], in[t]);
  atomicAdd(&d[t], 1.);
  __syncthreads();
  atomicAdd(&f[(t >> 5) * 32 + (t & 1)], in[t]);
  __syncthreads();
  atomicAdd(&f[(t & 31) * 2], in[t]);
  __syncthreads();
  for (int i = 0; i < 2; ++i)
    atomicAdd(&f[t], in[t]);
  __syncthreads();
  out[t] = f[t] + float(d[t]);
}

void launch(const float *in, float *out) { spin<<<1, 64>>>(in, out); }
