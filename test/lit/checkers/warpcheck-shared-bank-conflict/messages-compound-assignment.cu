// Issue 29: one warning per access. A compound assignment or an increment of
// a shared element loads and stores it in one expression: the reader gets
// one warning for both; the JSON report keeps a record per access kind. An
// atomic whose result is used is one access and one warning.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages
// RUN: %warpcheck --fix-style=none --format=json %s -- | %python -c "import json,sys; r=json.load(sys.stdin); print(sorted((a['line'], a['kind']) for a in r['accesses'] if a['line'] in (12, 16, 20)))" | FileCheck %s -check-prefix=JSON
// JSON: [(12, 'load'), (12, 'store'), (16, 'load'), (16, 'store'), (20, 'load'), (20, 'store')]

__global__ void k(float *o, int *r) {
  __shared__ float s[32][32];
  __shared__ int c[32 * 32];
  s[threadIdx.x][0] += o[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on load and store of 's': 32 wavefronts per request each, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0..31 hit bank 0, 32 distinct words
  // CHECK-MESSAGES-NEXT: :[[@LINE-3]]:3: note: in 'k', block 32x1x1 (from launch at
  ++c[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on load and store of 'c': 32 wavefronts per request each, 1 ideal
  r[threadIdx.x] = atomicAdd(&c[threadIdx.x * 32], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 32-way bank conflict on atomic update of 'c': 32 wavefronts per request, 1 ideal
  c[threadIdx.x * 32] |= r[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on load and store of 'c': 32 wavefronts per request each, 1 ideal
}

int main() { k<<<1, 32>>>(nullptr, nullptr); }
