__global__ void k(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  out[threadIdx.x] = s[0];
}
void launchIt(int d) { k<<<1, 32>>>(nullptr, d); }
int main() {
  launchIt(1);
  launchIt(3);
}
