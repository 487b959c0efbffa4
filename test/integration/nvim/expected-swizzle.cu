__global__ void k(float *o) {
  __shared__ float s[32][32];
  /* é→𝄞 */ o[threadIdx.x] = s[threadIdx.x][0 ^ threadIdx.x] + s[threadIdx.x][1 ^ threadIdx.x];
}
int main() { k<<<1, 32>>>(nullptr); }
