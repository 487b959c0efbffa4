// A `?:` whose arms are both array elements is a glvalue: each thread loads
// from the arm it takes, one load per arm as for if/else. Those loads were
// once dropped from the report.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --format=json %s -- | FileCheck %s --check-prefix=JSON

__global__ void armsAreLoads(float *g, int k) {
  __shared__ float s[2][32 * 32];
  int tid = threadIdx.x;
  s[0][tid] = tid;
  __syncthreads();
  // Lanes split by parity: the even lanes read a column (32-way among 16
  // lanes: 16 wavefronts), the odd lanes a row.
  float v = (tid & 1) ? s[1][tid] : s[0][tid * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 16-way bank conflict on load from 's': 16 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:37: note: warp 0: lanes 0, 2, 4, {{.*}}, 30 hit bank 0, 16 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:37: note: in 'armsAreLoads', block 32x1x1 (from launch at conditional-operator-loads.cu:[[@LINE+19]])
  // CHECK-MESSAGES: :[[@LINE-10]]:20: note: no layout fix offered: the wavefronts of 's' under a padding or swizzle cannot be decided (its addresses depend on values warpcheck does not follow)
  // A uniform condition: every thread takes the same arm.
  float w = (k & 1) ? s[1][k >> 1] : s[0][tid * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:38: note: in 'armsAreLoads', block 32x1x1 {{.*}}
  // Stored through a `?:`.
  ((tid & 1) ? s[1][tid] : s[0][tid]) = v + w;
  g[tid] = v + w;
}
// JSON: "column": 25,
// JSON: "kind": "load",
// JSON-NEXT: "line": 14,
// JSON: "status": "exact",
// JSON: "wavefronts": 1,
// JSON: "column": 3,
// JSON: "kind": "store",
// JSON-NEXT: "line": 24,

int main(int argc, char **) { armsAreLoads<<<1, 32>>>(nullptr, argc); }
