// A remark (a PTX depot ptxas promotes to registers) and a warning with
// notes (a depot ptxas keeps), for lsp-remarks.test.
__global__ void promoted(const float *in, float *out) {
  float w[8];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  out[threadIdx.x] = w[threadIdx.x % 8];
}

__global__ void tooBig(const float *in, float *out) {
  float w[128];
#pragma unroll
  for (int j = 0; j < 128; ++j)
    w[j] = in[j * blockDim.x + threadIdx.x];
  out[threadIdx.x] = w[threadIdx.x % 128];
}
