// Differential-testing disagreement (issue 12), minimized from k1253 of
// gen.py 1.0 seed 12 by minimize.py --truth measured.
// H100 disagreement at diff_05.cu:2826: exact 32 > measured 1
// Truth (H100, cuda_samples/measurements/h100-differential): 2 wavefronts over 2 instructions per block (1 per request).
// warpcheck (at the time of writing): exact 64 wavefronts over 2 instructions.
// The CHECK lines state the truth: the test passes once warpcheck
// answers exact with it (move it to test/lit/checkers/warpcheck-shared-bank-conflict then).
// RUN: %warpcheck --format=json %s -- | FileCheck %s
#include "common.cuh"

// kernel k1253: atomic unsigned (4 B), block 4x8x2, class param; atomic-max, param, pat-random, shfl-bcast, thread-tx
__global__ void k1253(const int *__restrict__ in, int *__restrict__ done, int *__restrict__ sink, int p0, int p1, int p2) {
  __shared__ unsigned s[2048];
  const int lin = int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int nthreads = int(blockDim.x * blockDim.y * blockDim.z);
  int acc = 0;
  for (int i = lin; i < 2048; i += nthreads) s[i] = mk<unsigned>(i);
  __syncthreads();
  const int sh1 = __shfl_sync(0xffffffffu, (31 + (int(threadIdx.x) * 9)), 22);
  atomicMax(&s[((sh1 + p0)) & 2047], (unsigned)lin); // PROBE k1253
  __syncthreads();
  for (int i = lin; i < 2048; i += nthreads) acc ^= fold(s[i]);
  sink[1253 * 256 + lin % 256] = acc;
  __syncthreads();
  if (lin == 0 && blockIdx.x == 0) done[1253] = MAGIC(1253);
}

int main() { k1253<<<1, dim3(4, 8, 2), 0>>>(nullptr, nullptr, nullptr, 8, 0, 0); }

// CHECK: "kind": "atomic",
// CHECK-NEXT: "line": 20,
// CHECK: "status": "exact",
// CHECK-NEXT: "total_ideal_wavefronts": {{[0-9]+}},
// CHECK-NEXT: "total_wavefronts": 2,
