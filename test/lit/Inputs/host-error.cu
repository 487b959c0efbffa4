// nvcc accepts this host code (its max overloads); clang's device-side
// parse does not. The kernel still parses and is analyzed.
__global__ void column(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x] = s[threadIdx.x][0];
}
int largest(int a, int b) { return max(a, b) + undeclared_in_clang; }
int main() { column<<<1, 32>>>(nullptr); }
