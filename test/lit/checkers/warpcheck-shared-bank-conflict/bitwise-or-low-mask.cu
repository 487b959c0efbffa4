// Issue 25: `x | m` where m's low bits are known ones (m = 64 * g - 1 for a
// warp-uniform g) and the lanes of x differ only in those bits is the same
// in every lane of a warp (SobolQRNG: `v[__ffs(~((i - stride) | (stride -
// 1))) - 1]` with stride a multiple of 64 and i = lane + a multiple of 32),
// and `__ffs` of a value the same in every lane is too: a broadcast. A mask
// that does not cover the bits where lanes differ leaves them apart. (A
// constant mask was decided before: the terms' low bits are zeros.)
// RUN: %warpcheck %s --block-dim 64 -- 2>&1 | %check-messages

__global__ void sobol(unsigned n, float *out) {
  __shared__ unsigned v[32];
  if (threadIdx.x < 32)
    v[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  int stride = gridDim.x * blockDim.x;
  unsigned mask = stride - 1;
  unsigned x = 0;
  for (unsigned i = i0 + stride; i < n; i += stride)
    x ^= v[__ffs(~((i - stride) | mask)) - 1];
  out[i0] = x;
}

__global__ void masks(const int *in, int *out) {
  __shared__ int s[2048];
  int n = in[0];
  int g = in[1];
  // Low 6 bits set, lanes differ in bits 0-4: one word per warp.
  out[threadIdx.x] = s[(((threadIdx.x + 64 * n) | (64 * g - 1)) >> 1) & 2047];
  // __ffs of that one value: one word.
  out[threadIdx.x] +=
      s[__ffs(~((threadIdx.x + 64 * n) | (64 * g - 1))) & 2047];
  // Low 3 bits only: lanes 0-7, 8-15, ... hold four values.
  out[threadIdx.x] += s[(((threadIdx.x + 64 * n) | (8 * g - 1)) >> 1) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: bank conflicts of load from 's' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'masks'
  // n's own low bits are not known: lanes may carry into bit 6 apart.
  out[threadIdx.x] += s[(((threadIdx.x + 8 * n) | (64 * g - 1)) >> 1) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: bank conflicts of load from 's' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'masks'
  // A mask whose lowest bit is not known to be one decides nothing.
  out[threadIdx.x] += s[(((threadIdx.x + 64 * n) | (64 * g - 2)) >> 1) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: bank conflicts of load from 's' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'masks'
}
