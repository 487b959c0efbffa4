// Issue 29: a replacement that changes nothing is not part of the fix. The
// swizzle XORs the column with the row: row 0 XORs nothing, so `s[0][x]`
// stays as written (no `x ^ 0`), shown nowhere and applied nowhere.
// RUN: cp %s %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | FileCheck %s -implicit-check-not='^ 0'
// RUN: %warpcheck --export-fixes=%t.yaml %t.cu -- > /dev/null 2>&1
// RUN: FileCheck %s -check-prefix=YAML -implicit-check-not='^ 0' < %t.yaml
// RUN: %warpcheck --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | count 0

__global__ void k(float *o) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = o[threadIdx.x];
  // CHECK-FIXES: s[threadIdx.x][0 ^ threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = s[0][threadIdx.x];
  // CHECK-FIXES: o[threadIdx.x] = s[0][threadIdx.x];
}

int main() { k<<<1, 32>>>(nullptr); }

// CHECK: :14:3: warning: 32-way bank conflict on store to 's'
// CHECK: note: swizzle: Swizzle<5,0,5> (index [r][c ^ r]) {{.*}} (applied by --fix)
// YAML: ReplacementText: {{'?}}0 ^ threadIdx.x{{'?$}}
