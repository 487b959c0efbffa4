// The bank rules follow the translation unit's GPU architecture (--arch,
// .warpcheck.yaml's warpcheck.Arch, or the compile command's -arch): sm_90
// and its variant sm_90a are counted with the rules measured on the H100,
// silently; an architecture whose rules are not measured (sm_80) is counted
// with sm_90's, and every finding says so. JSON names both.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages
// RUN: %warpcheck --fix-style=none --arch=sm_90a %s -- 2>&1 | %check-messages
// RUN: %warpcheck --fix-style=none --arch=sm_80 %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefixes=CHECK-MESSAGES,SM80 -implicit-check-not='{{warning|error|note}}:'
// RUN: %warpcheck --format=json --arch=sm_80 %s -- 2>/dev/null | FileCheck %s -check-prefix=JSON80
// RUN: %warpcheck --format=json --arch=sm_90a %s -- 2>/dev/null | FileCheck %s -check-prefix=JSON90A

__global__ void columns(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'tile': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0..31 hit bank 0, 32 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'columns', block 32x1x1 (from launch at bank-rules-arch.cu:[[@LINE+7]])
  // SM80: :[[@LINE-4]]:3: note: bank rules of sm_80 are not measured: counted with sm_90's, measured on an H100 (docs/bank-model.md)
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

int main() {
  columns<<<1, 32>>>(nullptr);
}

// JSON80: "arch": "sm_80",
// JSON80-NEXT: "bank_rules": {
// JSON80-NEXT: "arch": "sm_90",
// JSON80-NEXT: "measured": false
// JSON90A: "arch": "sm_90a",
// JSON90A-NEXT: "bank_rules": {
// JSON90A-NEXT: "arch": "sm_90",
// JSON90A-NEXT: "measured": true
