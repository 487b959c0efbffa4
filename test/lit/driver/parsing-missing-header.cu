// A missing header (omp.h here) does not lose the kernels: the file is
// parsed again with the header empty, with a note; host code that needed
// it becomes a note too.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>
#include <warpcheck_no_such_omp.h>
// CHECK-MESSAGES-DAG: :[[@LINE-1]]:10: note: 'warpcheck_no_such_omp.h' not found; analyzed as if it were empty
#include <cstdio>

template <int N> __global__ void column(float *o) {
  __shared__ float s[N][N];
  o[threadIdx.x] = s[threadIdx.x][0];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:20: warning: 32-way bank conflict on load from 's'
}

int main() {
  int n = omp_get_num_procs();
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:11: note: clang: use of undeclared identifier 'omp_get_num_procs'{{.*}}; every kernel parsed and was analyzed
  column<32><<<1, 32>>>(nullptr);
  std::printf("%d\n", n);
}
// JSON: "kernels": 1
// JSON: "status": "analyzed"
