__global__ void rows(float *out) {
  __shared__ float memory[1024];
  memory[threadIdx.x * 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = memory[threadIdx.x * 32];
}
int main() { rows<<<1, 32>>>(nullptr); }
