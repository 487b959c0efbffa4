// Differential-testing disagreement (issue 12), minimized from k0918 of
// gen.py 1.0 seed 12 by minimize.py --truth measured.
// H100 disagreement at diff_06.cu:2077: exact 6.88 > measured 1.12
// Truth (H100, cuda_samples/measurements/h100-differential): 9 wavefronts over 8 instructions per block (1.125 per request).
// warpcheck (at the time of writing): exact 55 wavefronts over 8 instructions.
// The CHECK lines state the truth: the test passes once warpcheck
// answers exact with it (move it to test/lit/checkers/warpcheck-shared-bank-conflict then).
// RUN: %warpcheck --format=json %s -- | FileCheck %s
#include "common.cuh"

// kernel k0918: atomic unsigned (4 B), block 48x1x1, class lane; atomic-or, loop-count, loop-counter, pat-stride, thread-lane
__global__ void k0918(const int *__restrict__ in, int *__restrict__ done, int *__restrict__ sink, int p0, int p1, int p2) {
  __shared__ unsigned s[2048];
  const int lin = int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int nthreads = int(blockDim.x * blockDim.y * blockDim.z);
  int acc = 0;
  for (int i = lin; i < 2048; i += nthreads) s[i] = mk<unsigned>(i);
  __syncthreads();
  for (int k = 0; k < 4; ++k) {
    atomicOr(&s[(((lin & 31) * k)) & 2047], 1u << (lin & 31)); // PROBE k0918
  }
  __syncthreads();
  for (int i = lin; i < 2048; i += nthreads) acc ^= fold(s[i]);
  sink[918 * 256 + lin % 256] = acc;
  __syncthreads();
  if (lin == 0 && blockIdx.x == 0) done[918] = MAGIC(918);
}

int main() { k0918<<<1, dim3(48, 1, 1), 0>>>(nullptr, nullptr, nullptr, 0, 0, 0); }

// CHECK: "kind": "atomic",
// CHECK-NEXT: "line": 20,
// CHECK: "status": "exact",
// CHECK-NEXT: "total_ideal_wavefronts": {{[0-9]+}},
// CHECK-NEXT: "total_wavefronts": 9,
