__global__ void huge(float *out, int n) {
  __shared__ float s[1024];
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 100000000; ++i)
    for (int j = 0; j < 100000; ++j)
      for (int k = 0; k < 1000; ++k)
        acc += s[(threadIdx.x + i + j + k) % 1024];
  out[threadIdx.x] = acc + s[threadIdx.x * 32];
}
int main() { huge<<<1, 1024>>>(nullptr, 3); }
