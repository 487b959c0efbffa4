// An extern __shared__ array takes its size from the launches: padding grows
// the size every launch passes and rewrites the index; launches that do not
// agree on one constant size get a note and no fix.
// RUN: cp %s %t.cu
// RUN: %warpcheck --fix --fix-style=pad %t.cu -- 2>&1 | FileCheck %s -check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu

__global__ void columns(int *out) {
  extern __shared__ int tile[];
  unsigned col = threadIdx.x * 32 + threadIdx.y;
  tile[col] = threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'tile'
  // CHECK-MESSAGES: note: pad rows of 32 elements by 1 (launches pass 4224 bytes of dynamic shared memory instead of 4096; i becomes i + i / 32) makes all 2 accesses conflict-free (+128 bytes)
  // CHECK-FIXES: tile[col + col / 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[col];
  // CHECK-FIXES: out[threadIdx.y * 32 + threadIdx.x] = tile[col + col / 32];
}

__global__ void sized_at_run_time(int *out) {
  extern __shared__ int pool[];
  pool[threadIdx.x * 32] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'pool'
  // CHECK-MESSAGES: note: no layout fix offered: 'pool' is an extern (dynamic) array and the launches in this file do not pass one constant size
  // CHECK-FIXES: pool[threadIdx.x * 32] = 0;
  out[threadIdx.x] = pool[threadIdx.x];
}

int main(int argc, char **) {
  size_t Bytes = 32 * 32 * sizeof(int);
  columns<<<1, dim3(32, 32), Bytes>>>(nullptr);
  // CHECK-FIXES: columns<<<1, dim3(32, 32), Bytes + 128>>>(nullptr);
  columns<<<2, dim3(32, 32), 4096>>>(nullptr);
  // CHECK-FIXES: columns<<<2, dim3(32, 32), 4096 + 128>>>(nullptr);
  sized_at_run_time<<<1, 32, argc * 4096>>>(nullptr);
}
