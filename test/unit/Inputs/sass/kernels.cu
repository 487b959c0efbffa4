// SASS reader test input: compiled by nvcc 13.0 for sm_90 with -lineinfo,
// disassembled by nvdisasm (-gi, -g) and cuobjdump -sass (see README).
__device__ float sum4(const float *p) { return p[0] + p[1] + p[2] + p[3]; }
__device__ float inner(const float *p) { return p[0] * 2.f; }
__device__ float mid(const float *p) { return inner(p + 1) + 1.f; }

__global__ void fused(float *out) {
  __shared__ float s[512];
  __shared__ float acc;
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  float a = sum4(&s[4 * t]);
  float b = s[2 * t] + s[2 * t + 1];
  atomicAdd(&acc, a);
  out[t] = a + b + acc;
}

__global__ void chain(float *out, unsigned char *bytes) {
  __shared__ float s[512];
  __shared__ unsigned char c[512];
  s[threadIdx.x] = out[threadIdx.x];
  c[threadIdx.x] = bytes[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 7)
    atomicAdd((unsigned *)&s[threadIdx.x], 1u);
  out[threadIdx.x] = mid(&s[threadIdx.x ^ 1]) + c[threadIdx.x ^ 3];
}
