// Where block shapes come from: launches, __launch_bounds__, --block-dim,
// the per-kernel option, and a family of shapes when nothing fixes one,
// which the note names.
// RUN: %warpcheck %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefixes=CHECK-MESSAGES,DEFAULT -implicit-check-not='{{warning|error}}:'
// RUN: %warpcheck --block-dim=16,16 %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefixes=CHECK-MESSAGES,OPTION -implicit-check-not='{{warning|error}}:'
// RUN: %warpcheck --kernel-block-dim=unlaunched=16,16 %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefixes=CHECK-MESSAGES,OPTION -implicit-check-not='{{warning|error}}:'

__global__ void unlaunched(float *out) {
  __shared__ float t[16][17];
  __shared__ float u[1024];
  // A 16x16 block: a warp spans two rows of t, and pad 1 is still 2-way;
  // a 1-D block reads one word per two lanes.
  // With no launch and no option, a family of 2-D shapes (the kernel reads
  // threadIdx.y, and an index of 't' bounds blockDim.y by 17), and what
  // holds across them: a range where they disagree.
  out[threadIdx.x] = t[threadIdx.x % 16][threadIdx.y];
  // OPTION: :[[@LINE-1]]:22: warning: 2-way bank conflict on load from 't': 2 wavefronts per request, 1 ideal
  // DEFAULT: :[[@LINE-2]]:22: warning: up to 2-way bank conflict on load from 't': 1 to 2 wavefronts per request, 1 ideal
  // DEFAULT: :[[@LINE-3]]:22: note: the count depends on 'the block shape'
  // DEFAULT: :[[@LINE-4]]:22: note: in 'unlaunched', block 16x16x1 (one of 8 shapes assumed, blocks of 16x16, 8x8, 16x8, 32x2, 32x4, 32x8, 32x16 or 64x4 threads (2-D: the kernel reads threadIdx.y or blockDim.y; y at most 17: an index of 't' at block-shapes.cu:[[@LINE-4]]); what is reported holds for all 8, not for a shape outside them; no launch of this kernel in the file){{.*}}
  out[threadIdx.x] += u[threadIdx.x * 32];
  // DEFAULT: :[[@LINE-1]]:23: warning: up to 32-way bank conflict on load from 'u': 8 to 32 wavefronts per request, 1 ideal
  // DEFAULT: :[[@LINE-2]]:23: note: in 'unlaunched', block 16x16x1 (one of 8 shapes assumed
  // OPTION: :[[@LINE-3]]:23: warning: 16-way bank conflict on load from 'u': 16 wavefronts per request, 1 ideal
}

__global__ void launchedTwice(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'launchedTwice', block 32x1x1 (from launch at block-shapes.cu:[[@LINE+5]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'launchedTwice', block 64x2x1 (from launch at block-shapes.cu:[[@LINE+6]])
}

void host(int *out, int blocks) {
  launchedTwice<<<blocks, 32>>>(out);
  dim3 shape(64, 2);
  launchedTwice<<<blocks, shape, 0, 0>>>(out);
}
