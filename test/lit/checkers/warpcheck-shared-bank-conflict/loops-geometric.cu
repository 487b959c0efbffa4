// Loops whose counter doubles or halves up to a run-time bound run at most
// one iteration per bit of the counter's type: warpcheck runs them one by
// one, so an index built from the counter is decided per iteration. Which
// iterations run depends on the bound: when their requests differ, the
// count per request is a range.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --format=json %s -- | FileCheck %s --check-prefix=JSON

// Hillis-Steele scan: `s[tid - offset]` for offset = 1, 2, 4, ... is
// conflict-free in every iteration.
__global__ void hillisSteele(float *g, int n) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  s[tid] = g[tid];
  for (int offset = 1; offset < n; offset *= 2) {
    float t = 0;
    if (tid >= offset)
      t = s[tid - offset];
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  g[tid] = s[tid];
}
// JSON: "function": "hillisSteele",
// JSON: "kind": "load",
// JSON-NEXT: "line": 18,
// JSON: "status": "exact",
// JSON-NEXT: "total_ideal_wavefronts"
// JSON-NEXT: "total_wavefronts"
// JSON-NEXT: "variable": "s",
// JSON-NEXT: "wavefronts": 1,

// A tree reduction from a run-time size: `stride` halves to 0.
__global__ void halvingFromRuntime(float *g, int n) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  s[tid] = g[tid];
  for (int stride = n / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  g[tid] = s[0];
}

// The work-efficient scan: the offset doubles while `d` halves from a
// run-time size; the active lanes (`thid < d`) and the offset both vary.
__global__ void blelloch(float *g, int n) {
  __shared__ float temp[1024];
  int thid = threadIdx.x;
  temp[thid] = g[thid];
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: up to 32-way bank conflict on load and store of 'temp': 1 to 32 wavefronts per request each, 1 ideal [warpcheck-shared-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:7: note: {{.*}}; worst of every execution
      // CHECK-MESSAGES: :[[@LINE-3]]:7: note: the count depends on 'thid < d'
      // CHECK-MESSAGES: :[[@LINE-4]]:7: note: in 'blelloch', block 512x1x1 (from launch at loops-geometric.cu:[[@LINE+47]])
      //
      //
      // CHECK-MESSAGES: :[[@LINE-7]]:19: warning: up to 32-way bank conflict on load from 'temp': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-8]]:19: note: {{.*}}
    }
    offset *= 2;
  }
  // CHECK-MESSAGES: :[[@LINE-21]]:20: note: no layout fix offered: the wavefronts of 'temp' cannot be decided under any padding or swizzle (its addresses depend on values warpcheck does not follow)
  g[thid] = temp[thid];
}

// The stride doubles with the iteration: 1, 2, 4, 8 ... wavefronts, and
// which iterations run depends on n.
__global__ void doublingStride(float *g, int n) {
  __shared__ float s[32 * 32 * 32];
  float acc = 0;
  for (int stride = 1; stride < n; stride <<= 1)
    acc += s[threadIdx.x * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: up to 32-way bank conflict on load from 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the count depends on which executions run (a loop's trip count is not known)
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: swizzle{{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: or pad rows{{.*}}
  g[threadIdx.x] = acc;
}

// A counter that is not doubled at every iteration is not bounded by its
// width: one symbolic iteration stands for all, and the index is unknown.
__global__ void conditionalDoubling(float *g, int n, int m) {
  __shared__ float s[1024];
  float acc = 0;
  for (int stride = 1; stride < n; ) {
    acc += s[(threadIdx.x * stride) % 1024];
    if (m > 0)
      stride *= 2;
  }
  // CHECK-MESSAGES: :[[@LINE-4]]:12: warning: bank conflicts of load from 's' cannot be decided: it depends on 'stride' changed by the loop at line [[@LINE-5]] [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: in 'conditionalDoubling', block 32x1x1 {{.*}}
  // CHECK-MESSAGES: :[[@LINE-9]]:20: note: no layout fix offered: the wavefronts of 's' cannot be decided under any padding or swizzle (its addresses depend on values warpcheck does not follow)
  g[threadIdx.x] = acc;
}
// JSON: "function": "conditionalDoubling",
// JSON: "status": "unknown",

int main(int argc, char **) {
  hillisSteele<<<1, 512>>>(0, argc);
  halvingFromRuntime<<<1, 256>>>(0, argc);
  blelloch<<<1, 512>>>(0, argc);
  doublingStride<<<1, 32>>>(0, argc);
  conditionalDoubling<<<1, 32>>>(0, argc, argc);
}
