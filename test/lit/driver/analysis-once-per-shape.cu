// Each kernel is interpreted once per block shape: the bank-conflict and
// local-memory checks read one shared result. WARPCHECK_DEBUG_ANALYSIS_CACHE
// prints the engine runs per kernel and shape when the translation unit
// ends; a second run of the same kernel and shape prints "2 runs". Then the
// launch walks of the translation unit: one (LaunchIndex: block shapes,
// dynamic shared sizes and launched arguments), whichever checks run.
// REQUIRES: tidy-plugin
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %warpcheck --fix-style=none %s -- 2>&1 | FileCheck %s -check-prefix=RUNS -implicit-check-not=warpcheck-analysis-cache
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %clang-tidy-cuda %s -- %cuda-prelude-args 2>&1 | FileCheck %s -check-prefix=RUNS -implicit-check-not=warpcheck-analysis-cache
// With a layout fix, the run captures the requests the layout search needs
// (asked for before any check reads, so still one run); the fixed copy is
// then a translation unit of its own, analyzed by the bank-conflict check
// alone.
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %warpcheck %s -- 2>&1 | FileCheck %s -check-prefixes=RUNS,PROOF -implicit-check-not=warpcheck-analysis-cache
// One check alone runs each kernel once too, and reuses nothing.
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | FileCheck %s -check-prefix=LOCAL -implicit-check-not=warpcheck-analysis-cache
// Several files on several threads: one cache per translation unit.
// RUN: env WARPCHECK_DEBUG_ANALYSIS_CACHE=1 %warpcheck -j 2 %s %S/Inputs/unlaunched.cu -- 2>&1 | FileCheck %s -check-prefixes=RUNS,OTHER -implicit-check-not=warpcheck-analysis-cache

// The local-memory check reads the first launched shape, the bank-conflict
// check every shape: 32x4x1 once for both, 64x1x1 once for one.
__global__ void twoShapes(float *out, const int *idx) {
  __shared__ float s[1024];
  float a[8];
  for (int i = 0; i < 8; ++i)
    a[i] = s[threadIdx.x * 2 + i];
  out[threadIdx.x] = a[idx[threadIdx.x] & 7];
}

// No launch: a family of shapes (below).
__global__ void unlaunchedHere(float *out) {
  __shared__ float t[256];
  out[threadIdx.x] = t[threadIdx.x];
}

void host(float *out, const int *idx) {
  twoShapes<<<1, dim3(32, 4)>>>(out, idx);
  twoShapes<<<1, 64>>>(out, idx);
}

// RUNS-DAG: warpcheck-analysis-cache: launch walks: 1
// RUNS-DAG: warpcheck-analysis-cache: 'twoShapes' block 32x4x1: 1 run, 1 reuse
// RUNS-DAG: warpcheck-analysis-cache: 'twoShapes' block 64x1x1: 1 run, 0 reuses
// No launch: a family of shapes (1-D, at most 256 threads: the index of
// 't'), each run once; the local-memory check reuses the first.
// RUNS-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 256x1x1: 1 run, 1 reuse
// RUNS-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 32x1x1: 1 run, 0 reuses
// RUNS-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 64x1x1: 1 run, 0 reuses
// RUNS-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 128x1x1: 1 run, 0 reuses
// PROOF-DAG: warpcheck-analysis-cache: launch walks: 1
// PROOF-DAG: warpcheck-analysis-cache: 'twoShapes' block 32x4x1: 1 run, 0 reuses
// PROOF-DAG: warpcheck-analysis-cache: 'twoShapes' block 64x1x1: 1 run, 0 reuses
// PROOF-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 256x1x1: 1 run, 0 reuses
// PROOF-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 32x1x1: 1 run, 0 reuses
// PROOF-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 64x1x1: 1 run, 0 reuses
// PROOF-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 128x1x1: 1 run, 0 reuses
// OTHER-DAG: warpcheck-analysis-cache: launch walks: 1
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 16x16x1: 1 run, 1 reuse
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 8x8x1: 1 run, 0 reuses
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 16x8x1: 1 run, 0 reuses
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 32x4x1: 1 run, 0 reuses
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 32x8x1: 1 run, 0 reuses
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 32x16x1: 1 run, 0 reuses
// OTHER-DAG: warpcheck-analysis-cache: 'unlaunched' block 64x4x1: 1 run, 0 reuses
// LOCAL-DAG: warpcheck-analysis-cache: launch walks: 1
// LOCAL-DAG: warpcheck-analysis-cache: 'twoShapes' block 32x4x1: 1 run, 0 reuses
// The local-memory check alone reads the family's first shape only.
// LOCAL-DAG: warpcheck-analysis-cache: 'unlaunchedHere' block 256x1x1: 1 run, 0 reuses
