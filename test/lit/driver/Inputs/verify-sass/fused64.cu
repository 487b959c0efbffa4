// Two 4-byte loads of adjacent elements: nvcc fuses them into one LDS.64.
__global__ void pairs(const float *in, float *out) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[t] = in[t];
  s[t + 64] = in[t + 64];
  __syncthreads();
  float v = s[2 * t] + s[2 * t + 1];
  out[t] = v;
}

void launch(const float *in, float *out) { pairs<<<1, 64>>>(in, out); }
