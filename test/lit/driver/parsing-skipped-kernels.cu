// A kernel whose body did not parse is skipped with a note; a kernel whose
// callee did not parse is analyzed around it, with a note; the others are
// analyzed, and files[].kernels counts only analyzed kernels.
// RUN: not %warpcheck %s -- > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: grep -v '^ ' %t.out | FileCheck %s
// RUN: not %warpcheck --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>

__device__ float helper(float *s) {
  s[threadIdx.x] = undeclared_function(threadIdx.x);
  s[threadIdx.x * 2] = 1.f;
  return s[0];
}

__global__ void uses(float *o) {
  __shared__ float s[64][32];
  float v = helper(&s[0][0]);
  o[threadIdx.x] = s[threadIdx.x][0] + v;
}

__global__ void fine(float *o) {
  __shared__ float t[32][32];
  o[threadIdx.x] = t[threadIdx.x][0];
}

__global__ void broken(float *o) {
  __shared__ float u[32][32];
  UnknownType x = u[threadIdx.x][0];
  o[threadIdx.x] = u[threadIdx.x][0];
}

int main() {
  uses<<<1, 32>>>(nullptr);
  fine<<<1, 32>>>(nullptr);
  broken<<<1, 32>>>(nullptr);
}
// ERR: parsing-skipped-kernels.cu:11:20: error: use of undeclared identifier 'undeclared_function' (and 1 more errors); 2 of 3 kernels analyzed, code that did not parse was not (see the notes)
// CHECK-DAG: parsing-skipped-kernels.cu:12:3: warning: 2-way bank conflict on store to 's'
// CHECK-DAG: parsing-skipped-kernels.cu:19:20: warning: 32-way bank conflict on load from 's'
// CHECK-DAG: parsing-skipped-kernels.cu:24:20: warning: 32-way bank conflict on load from 't'
// CHECK-DAG: parsing-skipped-kernels.cu:11:20: note: 'helper' (called by 'uses') did not parse here: its accesses there are not analyzed, and what it writes and returns is unknown
// CHECK-DAG: parsing-skipped-kernels.cu:27:17: note: kernel 'broken' not analyzed: its body did not parse (line 29)
// JSON: "kernels": 2
// JSON: "status": "error"
