// A warp's atomics at one address are combined into one lane's only when
// the compiler proves the address warp-uniform. An address that differs
// between two threads of the block, with no shuffle or vote before it,
// depends on thread ids: divergent to the compiler, so the atomics are
// issued lane by lane and the count is exact. Minimized from the
// differential kernels k0339 (`(lin >> 5) * 32`, block 8x8) and k0239
// (a tile's meta_group_rank), both 32 wavefronts per request on the H100
// (issue 12; cuda_samples/measurements/h100-differential).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void warpRow(int *out) {
  __shared__ int s[2048];
  const int lin = int(threadIdx.x + blockDim.x * threadIdx.y);
  // One address per warp, another in the next warp.
  atomicMin(&s[((lin >> 5) * 32) & 2047], lin);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on atomic update of 's': 32 wavefronts per request, 1 ideal
}

__global__ void tileRank(unsigned *out) {
  __shared__ unsigned s[2048];
  const auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  atomicOr(&s[int(tile.meta_group_rank()) * 32], 1u << (threadIdx.x & 31));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on atomic update of 's': 32 wavefronts per request, 1 ideal
}

// A shuffle from lanes that differ is uniform to the compiler only where
// its value is (minimized from k0423, k2734).
__global__ void afterShuffleUp(unsigned *out) {
  __shared__ unsigned s[2048];
  const int lin = int(threadIdx.x + blockDim.x * threadIdx.y);
  const int up = __shfl_up_sync(0xffffffffu, lin >> 5, 1);
  atomicXor(&s[(up * 32) & 2047], 1u << (lin & 31));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on atomic update of 's': 32 wavefronts per request, 1 ideal
}

// Not proven: the same address in the whole block (the compiler may fold
// it), or a shuffle ran before (a broadcast is warp-uniform to the
// compiler while it differs between warps).
__global__ void oneWarp(int *out) {
  __shared__ int s[2048];
  const int lin = int(threadIdx.x);
  atomicMin(&s[((lin >> 5) * 32) & 2047], lin);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on atomic update of 's': 1 to 32 wavefronts per request, 1 ideal
}

__global__ void afterBroadcast(int *out) {
  __shared__ int s[2048];
  const int lin = int(threadIdx.x + blockDim.x * threadIdx.y);
  const int first = __shfl_sync(0xffffffffu, lin, 0);
  atomicMin(&s[first & 2047], lin);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on atomic update of 's': 1 to 32 wavefronts per request, 1 ideal
}

int main() {
  warpRow<<<1, dim3(8, 8)>>>(nullptr);
  tileRank<<<1, 64>>>(nullptr);
  afterShuffleUp<<<1, dim3(8, 8)>>>(nullptr);
  oneWarp<<<1, 32>>>(nullptr);
  afterBroadcast<<<1, dim3(8, 8)>>>(nullptr);
}
