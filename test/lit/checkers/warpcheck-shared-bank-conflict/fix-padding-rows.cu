// A 1-D array indexed as rows is padded by a row stride: the declaration
// grows by the pad of every row and each i becomes i + i / W * P.
// RUN: cp %s %t.cu
// RUN: %warpcheck --fix --fix-style=pad %t.cu -- 2>&1 | FileCheck %s -check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | count 0

__global__ void columns(unsigned *out) {
  __shared__ unsigned s[1024];
  // CHECK-FIXES: __shared__ unsigned s[1024 + 32];
  s[threadIdx.x * 32] = threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 's'
  // CHECK-MESSAGES: note: pad rows of 32 elements by 1: 'unsigned int s[1056]' (i becomes i + i / 32) makes all 3 accesses conflict-free (+128 bytes)
  // CHECK-FIXES: s[(threadIdx.x * 32) + (threadIdx.x * 32) / 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[(31 - threadIdx.x) * 32] + s[40];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 's'
  // CHECK-FIXES: out[threadIdx.x] = s[((31 - threadIdx.x) * 32) + ((31 - threadIdx.x) * 32) / 32] + s[41];
}

// A tree reduction with interleaved addressing: a plain variable index is
// rewritten without parentheses.
__global__ void reduce(int *out, const int *in) {
  __shared__ int sdata[256];
  // CHECK-FIXES: __shared__ int sdata[256 + 8];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  // CHECK-FIXES: sdata[tid + tid / 32] = in[tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way bank conflict on load and store of 'sdata'
    // CHECK-MESSAGES: note: pad rows of 32 elements by 1: 'int sdata[264]' (i becomes i + i / 32) makes all 4 accesses conflict-free (+32 bytes)
    // CHECK-FIXES: sdata[index + index / 32] += sdata[(index + s) + (index + s) / 32];
    __syncthreads();
  }
  if (tid == 0)
    out[0] = sdata[0];
  // CHECK-FIXES: out[0] = sdata[0];
}

int main() {
  columns<<<1, 32>>>(nullptr);
  reduce<<<1, 256>>>(nullptr, nullptr);
}
