// Issue 25: a type-erased `cg::thread_group` parameter holds the group its
// call passed (simpleCooperativeGroups' sumReduction, called with the
// block and with a tile of 16): thread_rank() and size() are that group's.
// RUN: %warpcheck %s --block-dim 64 -- 2>&1 | %check-messages
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int sumReduction(cg::thread_group g, int *x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i)
      val += x[lane + i];
    g.sync();
  }
  return val;
}

// Called with the tile only: ranks 0-15 twice, 16 words of bank 0.
__device__ int strided(cg::thread_group g, const int *x) {
  return x[(g.thread_rank() * 32) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 16-way bank conflict on load from 'workspace': 16 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: in 'kernel'
}

__global__ void kernel(int *out) {
  extern __shared__ int workspace[];
  cg::thread_block block = cg::this_thread_block();
  out[0] = sumReduction(block, workspace, block.thread_rank());
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int offset = block.thread_rank() - tile.thread_rank();
  out[1] = sumReduction(tile, workspace + offset, tile.thread_rank());
  out[2] = strided(tile, workspace);
}

// A group whose type does not say which (the dynamic tiled_partition returns
// a thread_group) is not decided.
__device__ int dynamic(cg::thread_group g, const int *x) {
  return x[(g.thread_rank() * 32) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: bank conflicts of load from 'ws' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: in 'other'
}

__global__ void other(int *out) {
  extern __shared__ int ws[];
  out[0] = dynamic(cg::tiled_partition(cg::this_thread_block(), 4), ws);
}
