// Tiles larger than a warp (tiled_partition<64>): thread_rank() and
// meta_group_rank() are decided when the block is made of whole tiles; a
// block that is not (96 threads) leaves them unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void wholeTiles(float *out) {
  __shared__ float s[64 * 32];
  auto Tile = cg::tiled_partition<64>(cg::this_thread_block());
  if (Tile.thread_rank() == 0)
    s[Tile.meta_group_rank() * 32] = 1;
  s[Tile.thread_rank() * 32] = 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'wholeTiles'{{.*}}
  // CHECK-MESSAGES: :9:20: note: {{.*}}
  // CHECK-MESSAGES: :9:20: note: {{.*}}
}

__global__ void partialTile(float *out) {
  __shared__ float s[64 * 32];
  auto Tile = cg::tiled_partition<64>(cg::this_thread_block());
  s[Tile.meta_group_rank() * 32 + threadIdx.x % 32] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 's' cannot be decided: it depends on {{.*}}meta_group_rank{{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
}

int main() {
  wholeTiles<<<1, 256>>>(nullptr);
  partialTile<<<1, 96>>>(nullptr);
}
