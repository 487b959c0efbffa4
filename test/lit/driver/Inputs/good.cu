__global__ void column(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x] = s[threadIdx.x][0];
}
int main() { column<<<1, 32>>>(nullptr); }
