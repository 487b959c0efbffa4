// Rodinia's C-style loops: a counter declared without a value (`int i;`)
// and set by the for statement's init inside a branch on a warp-uniform
// condition the engine cannot decide (srad's reduce: `if (nf ==
// NUMBER_THREADS) { for (i = 2; i <= NUMBER_THREADS; i = 2 * i) ...`). In
// the branch's world the init runs for certain: the loop runs iteration by
// iteration.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#define NUMBER_THREADS 512

__global__ void reduce(long d_Ne, int d_no, float *d_sums) {
  int tx = threadIdx.x;
  int nf = NUMBER_THREADS - (gridDim.x * NUMBER_THREADS - d_no);
  __shared__ float d_psum[NUMBER_THREADS];
  int i;
  d_psum[tx] = d_sums[tx];
  __syncthreads();
  if (nf == NUMBER_THREADS) {
    for (i = 2; i <= NUMBER_THREADS; i = 2 * i) {
      if ((tx + 1) % i == 0)
        d_psum[tx] = d_psum[tx] + d_psum[tx - i / 2];
      __syncthreads();
    }
    if (tx == (NUMBER_THREADS - 1))
      d_sums[0] = d_psum[tx];
  } else {
    // The last block: df, the largest power of two not above nf, is set
    // under `nf >= i` in every iteration: one warp-uniform unknown, and the
    // loop on it doubles its counter (`i = 2 * i`): run iteration by
    // iteration.
    int df = 0;
    for (i = 2; i <= NUMBER_THREADS; i = 2 * i)
      if (nf >= i)
        df = i;
    for (i = 2; i <= df; i = 2 * i) {
      if ((tx + 1) % i == 0 && tx < df)
        d_psum[tx] = d_psum[tx] + d_psum[tx - i / 2];
      __syncthreads();
    }
  }
}

// The counter's values reach the index: 2, 4, ..., 32 words apart.
__global__ void strided(float *out, int n) {
  __shared__ float s[1024];
  int i;
  if (n > 5)
    for (i = 2; i <= 32; i = 2 * i)
      s[threadIdx.x * i] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

int main(int argc, char **argv) {
  reduce<<<4, NUMBER_THREADS>>>(argc, argc, nullptr);
  strided<<<1, 32>>>(nullptr, argc);
}
