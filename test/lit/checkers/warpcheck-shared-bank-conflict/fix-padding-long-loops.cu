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
// iteration stands for the rest: `(threadIdx.y + i) & 31` is then one
// unknown residue shared by the warp's lanes, so the access is 32-way in
// every iteration (issue 25; it was undecided), but the layouts are not
// decided past the budget. The note must not claim that no padding reduces
// it ([32][33] would), and no edit is made.
__global__ void rotating(float *out) {
  __shared__ float ring[32][32];
  // CHECK-FIXES: __shared__ float ring[32][32];
  float acc = 0;
  for (int i = 0; i < 100000; ++i) {
    ring[threadIdx.x][(threadIdx.y + i) & 31] = i;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on store to 'ring': 32 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: note: no layout fix offered: the wavefronts of 'ring' under a padding or swizzle cannot be decided (the loop at line [[@LINE-3]] ran past the kernel's budget
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
