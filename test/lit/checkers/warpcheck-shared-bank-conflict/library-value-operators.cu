// A library operator that takes its operands by const reference to small
// value types (__half2's operator+) can only read each whole operand, as a
// call by value does: each shared operand is one load at the user's line.
// An operator that takes a non-const reference (+=) may write through it
// and stays unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages
#include <cuda_fp16.h>

__global__ void halfOperators(half2 *out) {
  __shared__ half2 v[32 * 33];
  v[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  // Consecutive half2 (4 bytes): conflict-free.
  out[threadIdx.x] = v[threadIdx.x] + v[threadIdx.x + 32];
  // A column of a 32x32 half2 tile: 32-way.
  out[threadIdx.x] = v[threadIdx.x * 32] * v[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 'v': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in 'halfOperators'{{.*}}
  // CHECK-MESSAGES: :10:20: note: no layout fix offered: the wavefronts of 'v' cannot be decided under any padding or swizzle (its addresses depend on values warpcheck does not follow)
  v[threadIdx.x * 33] += out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 'v' cannot be decided: it depends on '+=', which warpcheck does not follow [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
}

int main() { halfOperators<<<1, 32>>>(nullptr); }
