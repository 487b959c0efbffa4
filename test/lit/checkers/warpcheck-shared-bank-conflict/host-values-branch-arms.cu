// A local set once in every arm of an if/else chain before it is used
// (issue 25; Rodinia huffman's scan `prescanArrayRecursive`): its values are
// the arms' values; a launch under one of the chain's own conditions, whose
// variables the function never changes, takes the arm that condition
// selects, though the dim3 was built before the branch. An arm whose value
// cannot be followed leaves a launch outside the chain's conditions without
// a shape.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --fix-style=none %s -- 2>&1 | %check-messages

__global__ void wide(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'wide', block 256x1x1 (from launch at host-values-branch-arms.cu:{{[0-9]+}}, 'numThreads' set at host-values-branch-arms.cu:{{[0-9]+}})
  out[threadIdx.x] = s[0];
}
__global__ void narrow(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 4] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'narrow', block 64x1x1 (from launch at host-values-branch-arms.cu:{{[0-9]+}}, 'numThreads' set at host-values-branch-arms.cu:{{[0-9]+}})
  out[threadIdx.x] = s[0];
}
__global__ void either(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 8] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request in every assumed block shape, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'either', block 256x1x1 (one of 6 shapes assumed, {{.*}}is not used: the block argument is 'floorPow2(numElements)', which is not a compile-time constant)
  out[threadIdx.x] = s[0];
}
__global__ void both(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 16] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'both', block 128x1x1 (from launch at host-values-branch-arms.cu:{{[0-9]+}}, 't2' set at host-values-branch-arms.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'both', block 32x1x1 (from launch at host-values-branch-arms.cu:{{[0-9]+}}, 't2' set at host-values-branch-arms.cu:{{[0-9]+}})
  out[threadIdx.x] = s[0];
}

unsigned floorPow2(unsigned n);
static void run(float *out, int numElements) {
  unsigned int blockSize = 256;
  unsigned int numBlocks = numElements / 512 > 1 ? numElements / 512 : 1;
  unsigned int numThreads;
  if (numBlocks > 1)
    numThreads = blockSize;
  else if (numElements % 2 == 0)
    numThreads = 64;
  else
    numThreads = floorPow2(numElements);
  dim3 threads(numThreads, 1, 1);
  if (numBlocks > 1) {
    wide<<<numBlocks, threads>>>(out);
  } else if (numElements % 2 == 0) {
    narrow<<<1, threads>>>(out);
  }
  either<<<1, threads>>>(out);
  unsigned t2;
  if (numBlocks > 1)
    t2 = 128;
  else
    t2 = 32;
  both<<<1, t2>>>(out);
}
void go(float *out, int n) { run(out, n); }
