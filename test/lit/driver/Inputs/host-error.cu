// Host code clang's device-side parse rejects (an undeclared identifier;
// max on host ints parses, as with nvcc). The kernel is still analyzed.
__global__ void column(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x] = s[threadIdx.x][0];
}
int largest(int a, int b) { return max(a, b) + undeclared_in_clang; }
int main() { column<<<1, 32>>>(nullptr); }
