// Differential-testing disagreement (issue 12), minimized from k2007 of
// gen.py 1.0 seed 12 by minimize.py --truth measured.
// H100 disagreement at diff_07.cu:4475: exact 13.3 > measured 3
// Truth (H100, cuda_samples/measurements/h100-differential): 36 wavefronts over 12 instructions per block (3 per request).
// warpcheck (at the time of writing): exact 160 wavefronts over 12 instructions.
// The CHECK lines state the truth: the test passes once warpcheck
// answers exact with it (move it to test/lit/checkers/warpcheck-shared-bank-conflict then).
// RUN: %warpcheck --format=json %s -- | FileCheck %s
#include "common.cuh"

// kernel k2007: atomic unsigned (4 B), block 4x32x1, class lane; atomic-xor, loop-count-unroll, loop-counter, pat-tile2d, probe-in-devfn, thread-tx, thread-ty, tile-ld33
__global__ void k2007(const int *__restrict__ in, int *__restrict__ done, int *__restrict__ sink, int p0, int p1, int p2) {
  __shared__ unsigned s[2048];
  const int lin = int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int nthreads = int(blockDim.x * blockDim.y * blockDim.z);
  int acc = 0;
  for (int i = lin; i < 2048; i += nthreads) s[i] = mk<unsigned>(i);
  __syncthreads();
  #pragma unroll
  for (int k = 0; k < 3; ++k) {
    atomicXor(&s[(((((int(threadIdx.x) * 33) + int(threadIdx.y)) + 1) * k)) & 2047], 1u << (lin & 31)); // PROBE k2007
  }
  __syncthreads();
  for (int i = lin; i < 2048; i += nthreads) acc ^= fold(s[i]);
  sink[2007 * 256 + lin % 256] = acc;
  __syncthreads();
  if (lin == 0 && blockIdx.x == 0) done[2007] = MAGIC(2007);
}

int main() { k2007<<<1, dim3(4, 32, 1), 0>>>(nullptr, nullptr, nullptr, 0, 0, 0); }

// CHECK: "kind": "atomic",
// CHECK-NEXT: "line": 21,
// CHECK: "status": "exact",
// CHECK-NEXT: "total_ideal_wavefronts": {{[0-9]+}},
// CHECK-NEXT: "total_wavefronts": 36,
