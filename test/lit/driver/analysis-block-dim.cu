// --block-dim gives both checks the same shape: the local-memory check
// analyzes the shapes the bank-conflict check does (the first of them),
// reading the same engine run. WARPCHECK_DEBUG_ANALYSIS_CACHE prints one
// run per kernel and shape, reused by the second check, and the launches
// walked once for the shapes and once for the launched arguments.
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %warpcheck --fix-style=none --block-dim=64x2 %s -- 2>&1 | FileCheck %s -check-prefix=RUNS2 -implicit-check-not=warpcheck-analysis-cache
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %warpcheck --fix-style=none --block-dim=64 %s -- 2>&1 | FileCheck %s -check-prefix=RUNS1 -implicit-check-not=warpcheck-analysis-cache
// The findings with two rows:
// RUN: %warpcheck --fix-style=none --block-dim=64x2 %s -- 2>&1 | %check-messages
// With one row no thread takes the branch that indexes 'a' dynamically:
// the local-memory check, following --block-dim, has nothing to say.
// RUN: %warpcheck --fix-style=none --block-dim=64 %s -- 2>&1 | FileCheck %s -check-prefix=ONE-ROW -implicit-check-not=warpcheck-local-memory-array

// No launch in this file: the shape is --block-dim's.
__global__ void blockDimRows(float *out, const int *idx) {
  __shared__ float tile[32][32];
  float a[96];
  for (int i = 0; i < 96; ++i)
    a[i] = out[i];
  tile[threadIdx.x % 32][threadIdx.y] = a[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'tile': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0..31 hit bank 0, 32 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'blockDimRows', block 64x2x1 (from --block-dim)
  // ONE-ROW: :[[@LINE-4]]:3: warning: 32-way bank conflict on store to 'tile'
  // ONE-ROW: :[[@LINE-5]]:3: note: in 'blockDimRows', block 64x1x1 (from --block-dim)
  __syncthreads();
  float r = tile[threadIdx.y][threadIdx.x % 32];
  if (blockDim.y > 1)
    r += a[idx[threadIdx.x] % 96];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'a' (384 bytes) will live in local memory: index 'idx[threadIdx.x] % 96' is not known at compile time [warpcheck-local-memory-array]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: the index depends on a value loaded from 'idx'
  // CHECK-MESSAGES: :[[@LINE-15]]:9: note: ptxas keeps the 384-byte depot: ptxas moves only depots of up to 256 bytes to registers
  // CHECK-MESSAGES: :[[@LINE-16]]:9: note: 'a' declared here, in 'blockDimRows'; keep the array in shared memory, or restructure the loop so every index is a constant after unrolling
  out[threadIdx.x] = r;
}

// RUNS2: warpcheck-analysis-cache: 'blockDimRows' block 64x2x1: 1 run, 1 reuse
// RUNS2-NEXT: warpcheck-analysis-cache: launch walks: 1
// RUNS1: warpcheck-analysis-cache: 'blockDimRows' block 64x1x1: 1 run, 1 reuse
// RUNS1-NEXT: warpcheck-analysis-cache: launch walks: 1
