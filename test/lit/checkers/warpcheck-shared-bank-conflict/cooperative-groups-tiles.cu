// Cooperative groups: tiles made by tiled_partition<N>(this_thread_block())
// are pure handles (nothing the caller owns changes), and their shuffles are
// decided per lane like __shfl_xor_sync (CUDA 13 declares them in a base
// class of thread_block_tile).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tileShuffle(int *out) {
  __shared__ int s[1024];
  const auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  // Lane L reads lane L^16's value (L^16) * 32: every lane on bank 0.
  const int a = warp.shfl_xor(int(threadIdx.x % 32) * 32, 16);
  out[threadIdx.x] = s[a & 1023];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  auto half = cg::tiled_partition<16>(cg::this_thread_block());
  // Lane L reads (L^1) * 2: lanes L and L + 16 share a bank.
  out[threadIdx.x] += s[(half.shfl_xor(int(threadIdx.x), 1) * 2) & 1023];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
}

__global__ void handlesWriteNothing(int *out) {
  __shared__ int s[1024];
  int idx[4] = {0, 1, 2, 3};
  idx[threadIdx.x & 3] = int(threadIdx.x);
  // Making tiles does not touch idx: its contents stay followed, and the
  // rank of a 8-thread tile is threadIdx.x % 8.
  const auto t8 = cg::tiled_partition<8>(cg::this_thread_block());
  out[threadIdx.x] = s[(idx[threadIdx.x & 3] + int(t8.thread_rank())) & 1023];
  // Word threadIdx.x + threadIdx.x % 8: lanes 4 and 8 both on word 8.
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
}

int main() {
  tileShuffle<<<1, 64>>>(nullptr);
  handlesWriteNothing<<<1, 32>>>(nullptr);
}
