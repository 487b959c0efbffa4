// A comparison of values that differ from lane to lane by less than the
// step of their unknown part (`i * 32 + tx >= n` with n a multiple of 32,
// llm.c's attention_forward_kernel2 `if (i * Br + tx >= N) break;`) is
// decided alike by every lane of the warp: the warp runs the code or not,
// as a whole, and the access is exact (measured: soundness_flow.cu
// cf_threshold_uniform, cf_threshold_loop). Where the threshold differs
// between lanes (`>= 230`), the lanes may split: a range.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

__global__ void rows(float *out, int n, int tiles) {
  __shared__ float q[32 * 64];
  int tx = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < tiles; i++) {
    if (i * 32 + tx >= n)
      break;
    acc += q[tx * 64 + i];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 'q': 32 wavefronts per request, 1 ideal
  }
  out[tx] = acc;
}

__global__ void split(float *out, int n) {
  __shared__ float q[32 * 64];
  int tx = threadIdx.x;
  if (32 * n + tx >= 230)
    out[tx] = q[tx * 64];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: up to 32-way bank conflict on load from 'q': 1 to 32 wavefronts per request, 1 ideal
}

void run(float *o, int tiles, int n) {
  rows<<<1, 32>>>(o, 1024, tiles);
  split<<<1, 32>>>(o, n);
}
