// No conflict: read in place of the source if a flag's value were taken as
// an input (hostile-nvcc-options.test).
__global__ void padded(float *out) {
  __shared__ float s[32][33];
  out[threadIdx.x] = s[threadIdx.x][0];
}
int main() { padded<<<1, 32>>>(nullptr); }
