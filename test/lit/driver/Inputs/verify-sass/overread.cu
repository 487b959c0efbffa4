// Four floats from an index 1 past a multiple of 4: nvcc reads the
// 16-byte-aligned window holding the first three (LDS.128, one float before
// them) and the fourth with an LDS. The index is reshape kernel k0142's
// (block 32x4 there, 128 threads here): measured 16 requests, 64
// wavefronts for 2 blocks.
__global__ void overread(float *out) {
  __shared__ __align__(16) float s[520];
  int t = threadIdx.x;
  for (int i = t; i < 520; i += blockDim.x)
    s[i] = float(i);
  __syncthreads();
  int b = (((t & 31) * 33) & 127) * 4 + 1;
  float acc = 0.f;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    acc += s[b + j] * float(j + 1);
  out[t] = acc;
}

void launch(float *out) { overread<<<1, 128>>>(out); }
