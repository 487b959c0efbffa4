// An atomic's form depends on whether the program uses the old value it
// returns (issue 22). atomicAdd(p, 1) whose result is unused is
// ATOMS.POPC.INC, whose lanes on one word share it; with the result used
// it is ATOMS.ADD, issued lane by lane (every lane costs a wavefront),
// unless the compiler proves the address warp-uniform and combines the
// warp's adds into one lane's. atomicMin/Max/And/Or/Xor are combined only
// with the result unused. Measured on the H100:
// cuda_samples/atomics/atomics.cu, cuda_samples/measurements/h100-atomics
// (add1_s32_used_lane2: 2, add1_s32_unused_lane2: 1, add1_s32_used_lane16:
// 16, add1_s32_used_const0: 1, min_s32_used_const0: 32,
// addvar_s32_used_const0: 1).
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void usedPairs(int *out) {
  __shared__ int s[64];
  int old = atomicAdd(&s[threadIdx.x / 2], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on atomic update of 's': 2 wavefronts per request, 1 ideal
  out[threadIdx.x] = old;
  atomicAdd(&s[threadIdx.x / 2], 1); // unused: ATOMS.POPC.INC, 1
}

__global__ void usedSixteen(int *out) {
  __shared__ int s[64];
  out[threadIdx.x] = atomicAdd(&s[threadIdx.x / 16], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on atomic update of 's': 16 wavefronts per request, 1 ideal
}

// A proven-uniform address: the adds are combined, used or not (VOTEU.ANY,
// POPC, one lane's ATOMS.ADD); a used atomicMin is not.
__global__ void usedUniform(int *out) {
  __shared__ int s[64];
  out[threadIdx.x] = atomicAdd(&s[0], 1);
  out[32 + threadIdx.x] = atomicAdd(&s[1], int(threadIdx.x));
  out[64 + threadIdx.x] = atomicMin(&s[2], int(threadIdx.x));
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 32-way bank conflict on atomic update of 's': 32 wavefronts per request, 1 ideal
  atomicMin(&s[3], int(threadIdx.x)); // unused: REDUX.MIN, 1
}

// A used add of a per-thread operand is combined only for a full warp; the
// other path (fewer lanes) issues it lane by lane and was not measured.
__global__ void usedUniformHalfWarp(int *out) {
  __shared__ int s[64];
  if (threadIdx.x < 16)
    out[threadIdx.x] = atomicAdd(&s[0], int(threadIdx.x));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: up to 16-way bank conflict on atomic update of 's': 1 to 16 wavefronts per request, 1 ideal
}

int main() {
  usedPairs<<<1, 32>>>(nullptr);
  usedSixteen<<<1, 32>>>(nullptr);
  usedUniform<<<1, 32>>>(nullptr);
  usedUniformHalfWarp<<<1, 32>>>(nullptr);
}
