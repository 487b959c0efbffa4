// A request only one thread of the warp can make takes that thread's
// wavefronts wherever it points: an index the analysis cannot follow (a
// counter of a loop under a data-dependent branch) leaves it exact. Two
// threads whose counters move by different unknown steps stay unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --format=json %s -- 2>/dev/null | FileCheck %s

__global__ void lastBlockSums(float *out, const int *flag) {
  __shared__ float s[512];
  __shared__ bool last;
  s[threadIdx.x] = 1;
  if (threadIdx.x == 0)
    last = *flag;
  __syncthreads();
  if (last && threadIdx.x == 0) {
    float b = 0;
    for (int i = 0; i < blockDim.x; i += 32)
      b += s[i];
    out[0] = b;
  }
  if (last && threadIdx.x < 2) {
    float b = 0;
    for (int i = threadIdx.x; i < blockDim.x; i += 32 + threadIdx.x * *flag)
      b += s[i];
    out[1] = b;
  }
}

int main() { lastBlockSums<<<1, 512>>>(nullptr, nullptr); }

// CHECK: "line": 17,
// CHECK: "status": "exact",
// CHECK: "wavefronts": 1,
// CHECK: "line": 23,
// CHECK: "status": "unknown",
