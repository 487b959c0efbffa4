// --format=sarif: SARIF 2.1.0 with what GitHub code scanning requires
// (check_sarif.py asserts the structure), and the values: each result's
// rule, level, position and message, its notes as related locations, and
// its fix, which check_sarif.py applies to the file to show the edited lines.
// RUN: %warpcheck --format=sarif %s -- > %t.sarif
// RUN: %python %S/Inputs/check_sarif.py %t.sarif | FileCheck %s --match-full-lines
// CHECK:      RESULT warpcheck-shared-bank-conflict warning sarif.cu:19:3: 32-way bank conflict on store to 'tile': 32 wavefronts per request, 1 ideal
// CHECK-NEXT:   RELATED 0 sarif.cu:19:3: warp 0: lanes 0..31 hit bank 0, 32 distinct words
// CHECK-NEXT:   RELATED 1 sarif.cu:19:3: in 'k', block 32x1x1 (from launch at sarif.cu:22)
// CHECK-NEXT:   RELATED 2 sarif.cu:17:20: swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)
// CHECK-NEXT:   RELATED 3 sarif.cu:17:20: or pad each row by 1 element: 'float tile[32][33]' makes all 2 accesses conflict-free (+128 bytes)
// CHECK-NEXT:   FIXED sarif.cu:19: tile[threadIdx.x][0 ^ threadIdx.x] = a[threadIdx.x % 4];
// CHECK-NEXT: RESULT warpcheck-local-memory-array note sarif.cu:19:26: 'a' (16 bytes) is in a local depot in PTX, since index 'threadIdx.x % 4' is not known at compile time, but ptxas will keep it in registers: {{.*}}
// CHECK-NEXT: SARIF OK: 2 results, 1 with fixes, rules warpcheck-local-memory-array,warpcheck-shared-bank-conflict

__global__ void k(float *out, int n) {
  __shared__ float tile[32][32];
  float a[4] = {1, 2, 3, 4};
  tile[threadIdx.x][0] = a[threadIdx.x % 4];
  out[threadIdx.x] = tile[0][threadIdx.x];
}
int main() { k<<<1, 32>>>(nullptr, 1); }
