// A tile loop of 100,000 iterations repeats the same requests: they are
// merged as they are captured, so the padding search sees every access and
// the fix is offered and proven (before, the capture limit was reached and
// the note said no fix could be offered).
// RUN: cp %s %t.cu
// RUN: %warpcheck --fix --fix-style=pad %t.cu -- 2>&1 | FileCheck %s -check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | FileCheck %s -check-prefix=AFTER
// AFTER-NOT: warning: {{.*}}'tile'

__global__ void repeated(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][32 + 1];
  float acc = 0;
  for (int i = 0; i < 100000; ++i) {
    tile[threadIdx.x][threadIdx.y] = i;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on store to 'tile': 32 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: note: pad each row by 1 element: 'float tile[32][33]' makes all 2 accesses conflict-free (+128 bytes)
    __syncthreads();
    acc += tile[threadIdx.y][threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// The counter moves the column, and after the loop budget one symbolic
// iteration stands for the rest: the access is undecided, and so is every
// layout. The note must not claim that no padding reduces it ([32][33]
// would), and no edit is made.
__global__ void rotating(float *out) {
  __shared__ float ring[32][32];
  // CHECK-FIXES: __shared__ float ring[32][32];
  float acc = 0;
  for (int i = 0; i < 100000; ++i) {
    ring[threadIdx.x][(threadIdx.y + i) & 31] = i;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 'ring' cannot be decided: it depends on 'iteration of loop at line [[@LINE-2]]'
    // CHECK-MESSAGES: note: no layout fix offered: the wavefronts of 'ring' cannot be decided under any padding or swizzle (its addresses depend on values warpcheck does not follow)
    __syncthreads();
    acc += ring[threadIdx.y][threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

int main() {
  repeated<<<1, dim3(32, 32)>>>(nullptr);
  rotating<<<1, dim3(32, 32)>>>(nullptr);
}
