// --format=sarif: SARIF 2.1.0 with what GitHub code scanning requires.
// RUN: %warpcheck --format=sarif %s -- > %t.sarif
// RUN: %python %S/Inputs/check_sarif.py %t.sarif | FileCheck %s
// CHECK: SARIF OK: 2 results, 1 with fixes, rules warpcheck-local-memory-array,warpcheck-shared-bank-conflict

__global__ void k(float *out, int n) {
  __shared__ float tile[32][32];
  float a[4] = {1, 2, 3, 4};
  tile[threadIdx.x][0] = a[threadIdx.x % 4];
  out[threadIdx.x] = tile[0][threadIdx.x];
}
int main() { k<<<1, 32>>>(nullptr, 1); }
