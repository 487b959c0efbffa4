__global__ void KERNEL(float *o) { __shared__ float s[32][32];
  o[threadIdx.x] = s[threadIdx.x][0]; }
int main() { KERNEL<<<1, 32>>>(nullptr); }
