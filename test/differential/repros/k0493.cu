// Differential-testing disagreement (issue 12), minimized from k0493 of
// gen.py 1.0 seed 12 by minimize.py --truth measured.
// H100 disagreement at diff_05.cu:1085: exact 32 > measured 1
// Truth (H100, cuda_samples/measurements/h100-differential): 12 wavefronts over 12 instructions per block (1 per request).
// warpcheck (at the time of writing): exact 2176 wavefronts over 68 instructions.
// The CHECK lines state the truth: the test passes once warpcheck
// answers exact with it (move it to test/lit/checkers/warpcheck-shared-bank-conflict then).
// RUN: %warpcheck --format=json %s -- | FileCheck %s
#include "common.cuh"

// kernel k0493: atomic unsigned (4 B), block 8x4x4, class param; atomic-or, loop-counter, loop-runtime-nounroll, pat-uniform, probe-in-devfn
__global__ void k0493(const int *__restrict__ in, int *__restrict__ done, int *__restrict__ sink, int p0, int p1, int p2) {
  __shared__ unsigned s[2048];
  const int lin = int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int nthreads = int(blockDim.x * blockDim.y * blockDim.z);
  int acc = 0;
  for (int i = lin; i < 2048; i += nthreads) s[i] = mk<unsigned>(i);
  __syncthreads();
  #pragma unroll 1
  for (int k = 0; k < p1; ++k) {
    atomicOr(&s[((k * 32)) & 2047], 1u << (lin & 31)); // PROBE k0493
  }
  __syncthreads();
  for (int i = lin; i < 2048; i += nthreads) acc ^= fold(s[i]);
  sink[493 * 256 + lin % 256] = acc;
  __syncthreads();
  if (lin == 0 && blockIdx.x == 0) done[493] = MAGIC(493);
}

int main() { k0493<<<1, dim3(8, 4, 4), 0>>>(nullptr, nullptr, nullptr, 0, 3, 0); }

// CHECK: "kind": "atomic",
// CHECK-NEXT: "line": 21,
// CHECK: "status": "exact",
// CHECK-NEXT: "total_ideal_wavefronts": {{[0-9]+}},
// CHECK-NEXT: "total_wavefronts": 12,
