// Soundness suite, part 2 (see soundness.cu): indices built from values that
// ARE decidable from lane ids although they pass through warp intrinsics,
// inline asm or cooperative groups: __shfl*_sync of lane-derived values,
// ballots and votes, %laneid and %warpid, this_thread_block(),
// tiled_partition<N>, thread_rank(), meta_group_rank(), size(),
// num_threads(). These must be followed exactly (or called unknown, never a
// wrong exact). Shuffles and ballots of loaded data are unknown.
#include "soundness.cuh"
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ __forceinline__ unsigned laneId() {
  unsigned L;
  asm("mov.u32 %0, %%laneid;" : "=r"(L));
  return L;
}

// ---- %laneid and %warpid -----------------------------------------------------
// PROBE load exact 32: %laneid read with inline asm, times 32, two warps.
__global__ void lane_asm_laneid(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(laneId() * 32) & 1023];
}
// PROBE load exact 32: lane*32 + (%warpid & 31): warp-uniform offset, all lanes on one bank.
__global__ void lane_asm_warpid_row(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  unsigned W;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(W));
  out[threadIdx.x] = s[((threadIdx.x & 31) * 32 + (W & 31)) & 1023];
}
// PROBE store exact 1: (%warpid & 7)*32 + lane: a warp-uniform row, consecutive words.
__global__ void lane_asm_warpid_column(int *out) {
  __shared__ int s[1024];
  unsigned W;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(W));
  unsigned I = (W & 7) * 32 + (threadIdx.x & 31);
  s[I] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[I ^ 0u] + int(W & 7) * 1000;
}

// ---- shuffles ---------------------------------------------------------------------
// PROBE load exact 32: __shfl_sync of lane*32 from lane+1.
__global__ void lane_shfl_idx(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int V = __shfl_sync(FULL_MASK, int(threadIdx.x * 32), (threadIdx.x + 1) & 31);
  out[threadIdx.x] = s[V & 1023];
}
// PROBE store exact 2: __shfl_sync of lane*32 from lane 0 of each 16-lane segment: words 0 and 512.
__global__ void lane_shfl_width16(int *out) {
  __shared__ int s[1024];
  int V = __shfl_sync(FULL_MASK, int(threadIdx.x * 32), 0, 16);
  s[V & 1023] = V + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x & 16) * 32];
}
// PROBE load exact 32: __shfl_xor_sync of lane*32 with mask 16.
__global__ void lane_shfl_xor(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int V = __shfl_xor_sync(FULL_MASK, int(threadIdx.x * 32), 16);
  out[threadIdx.x] = s[V & 1023];
}
// PROBE store exact 31: __shfl_up_sync of lane*32 by 1: lanes 0 and 1 both get 0, 31 words on bank 0.
__global__ void lane_shfl_up(int *out) {
  __shared__ int s[1024];
  int V = __shfl_up_sync(FULL_MASK, int(threadIdx.x * 32), 1);
  s[V & 1023] = V + 1;
  __syncthreads();
  out[threadIdx.x] = s[min(int(threadIdx.x), 30) * 32];
}
// PROBE load exact 30: __shfl_down_sync of lane*32 by 2: lanes 30 and 31 keep their own, 30 words on bank 0.
__global__ void lane_shfl_down(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int V = __shfl_down_sync(FULL_MASK, int(threadIdx.x * 32), 2);
  out[threadIdx.x] = s[V & 1023];
}
// PROBE load exact 32: loaded data broadcast from lane 0 (warp-uniform) plus lane*32: one bank whatever the data.
__global__ void lane_shfl_broadcast_data(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int V = __shfl_sync(FULL_MASK, in[threadIdx.x], 0);
  out[threadIdx.x] = s[(V + threadIdx.x * 32) & 1023];
}
// PROBE store unknown: __shfl_xor_sync of loaded data (data lane*32: 32).
__global__ void lane_shfl_xor_data(const int *in, int *out) {
  __shared__ int s[1024];
  int V = __shfl_xor_sync(FULL_MASK, in[threadIdx.x], 1);
  s[V & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: __shfl_down_sync of loaded data by 1 (data lane*32: 31 words on bank 0, 31).
__global__ void lane_shfl_down_data(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int V = __shfl_down_sync(FULL_MASK, in[threadIdx.x], 1);
  out[threadIdx.x] = s[V & 1023];
}

// ---- ballots and votes -------------------------------------------------------------
// PROBE load exact 16: popc of the odd-lane ballot below the lane, times 32: 16 words on bank 0.
__global__ void lane_ballot_prefix(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  unsigned B = __ballot_sync(FULL_MASK, threadIdx.x & 1);
  int I = __popc(B & ((1u << (threadIdx.x & 31)) - 1)) * 32;
  out[threadIdx.x] = s[I & 1023];
}
// PROBE store unknown: prefix count of a ballot of a data predicate (data all positive: lane*32, 32).
__global__ void lane_ballot_data(const int *in, int *out) {
  __shared__ int s[1024];
  unsigned B = __ballot_sync(FULL_MASK, in[threadIdx.x] > 0);
  int I = __popc(B & ((1u << (threadIdx.x & 31)) - 1)) * 32;
  s[I & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load exact 32: popc(__activemask()) * lane with the whole warp active.
__global__ void lane_activemask(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(__popc(__activemask()) * threadIdx.x) & 1023];
}
// PROBE store exact 32: __any_sync(lane == 5) * lane * 32.
__global__ void lane_any_sync(int *out) {
  __shared__ int s[1024];
  int A = __any_sync(FULL_MASK, threadIdx.x == 5);
  s[(A * threadIdx.x * 32) & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load exact 1: __all_sync(lane < 16) is 0, so the index is the lane.
__global__ void lane_all_sync(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int A = __all_sync(FULL_MASK, threadIdx.x < 16);
  out[threadIdx.x] = s[((A * 31 + 1) * threadIdx.x) & 1023];
}
// PROBE load exact 4: first lane of __match_any_sync(lane & 3), times 32: 4 words on bank 0.
__global__ void lane_match_any(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  unsigned M = __match_any_sync(FULL_MASK, threadIdx.x & 3);
  out[threadIdx.x] = s[((__ffs(M) - 1) * 32) & 1023];
}
// PROBE store exact 32: lane * __reduce_add_sync(1) (the warp's size, 32).
__global__ void lane_reduce_add(int *out) {
  __shared__ int s[1024];
  unsigned N = __reduce_add_sync(FULL_MASK, 1u);
  s[(threadIdx.x * N) & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load exact 32: the lane's 5 bits reversed (__brev), times 32: a permutation on bank 0.
__global__ void lane_brev(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[((__brev(threadIdx.x) >> 27) * 32) & 1023];
}
// PROBE load exact 32: lane * __syncthreads_count(tid < 32) (32 of 64 threads).
__global__ void lane_syncthreads_count(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  int N = __syncthreads_count(threadIdx.x < 32);
  out[threadIdx.x] = s[((threadIdx.x & 31) * N) & 1023];
}

// ---- cooperative groups ------------------------------------------------------------
// PROBE load exact 32: this_thread_block().thread_rank() * 32 in a 16x4 block.
__global__ void cg_block_thread_rank(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  out[linearTid()] = s[(Block.thread_rank() * 32) & 1023];
}
// PROBE load exact 16: thread_index() of a 16x4 block: x*64 + y, 16 words on each of banks 0 and 1.
__global__ void cg_thread_index(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  dim3 Idx = Block.thread_index();
  out[linearTid()] = s[(Idx.x * 64 + Idx.y) & 1023];
}
// PROBE load exact 32: lane * group_dim().x * 2 in a 16x4 block (lane*32).
__global__ void cg_group_dim(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  out[linearTid()] = s[((linearTid() & 31) * Block.group_dim().x * 2) & 1023];
}
// PROBE store exact 32: lane * block.size() / 2 with 64 threads (lane*32).
__global__ void cg_block_size(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  unsigned Lane = threadIdx.x & 31;
  s[(Lane * (Block.size() / 2)) & 1023] = Lane + 1;
  Block.sync();
  out[threadIdx.x] = s[Lane * 32];
}
// PROBE load exact 32: lane * block.num_threads() / 2 with 64 threads (lane*32).
__global__ void cg_block_num_threads(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  out[threadIdx.x] = s[((threadIdx.x & 31) * Block.num_threads() / 2) & 1023];
}
// PROBE load exact 32: tiled_partition<32>().thread_rank() * 32.
__global__ void cg_tile32_rank(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  cg::thread_block_tile<32> Tile = cg::tiled_partition<32>(Block);
  out[threadIdx.x] = s[(Tile.thread_rank() * 32) & 1023];
}
// PROBE load exact 16: tiled_partition<16>().thread_rank() * 32: lanes l and l+16 share a word.
__global__ void cg_tile16_rank(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  cg::thread_block_tile<16> Tile = cg::tiled_partition<16>(Block);
  out[threadIdx.x] = s[(Tile.thread_rank() * 32) & 1023];
}
// PROBE store exact 4: tiled_partition<8>().meta_group_rank() * 32: 4 tiles per warp, 4 words on bank 0.
__global__ void cg_tile8_meta_rank(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<8> Tile = cg::tiled_partition<8>(Block);
  unsigned Meta = Tile.meta_group_rank();
  s[(Meta * 32) & 1023] = Meta + 1;
  Block.sync();
  out[threadIdx.x] = s[(threadIdx.x / 8) * 32];
}
// PROBE load exact 32: lane * tiled_partition<16>().size() * 2 (lane*32).
__global__ void cg_tile16_size(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  cg::thread_block_tile<16> Tile = cg::tiled_partition<16>(Block);
  out[threadIdx.x] = s[((threadIdx.x & 31) * Tile.size() * 2) & 1023];
}
// PROBE store exact 32: lane * tiled_partition<8>().num_threads() * 4 (lane*32).
__global__ void cg_tile8_num_threads(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<8> Tile = cg::tiled_partition<8>(Block);
  unsigned Lane = threadIdx.x & 31;
  s[(Lane * Tile.num_threads() * 4) & 1023] = Lane + 1;
  Block.sync();
  out[threadIdx.x] = s[Lane * 32];
}
// PROBE load exact 32: lane * tiled_partition<8>().meta_group_size() * 4 (8 tiles in 64 threads: lane*32).
__global__ void cg_tile8_meta_group_size(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  cg::thread_block_tile<8> Tile = cg::tiled_partition<8>(Block);
  out[threadIdx.x] = s[((threadIdx.x & 31) * Tile.meta_group_size() * 4) & 1023];
}
// PROBE load exact 16: tiled_partition(block, 16), sized at run time: thread_rank() * 32.
__global__ void cg_dynamic_partition(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  cg::thread_group Tile = cg::tiled_partition(Block, 16);
  out[threadIdx.x] = s[(Tile.thread_rank() * 32) & 1023];
}
// PROBE load exact 32: thread_block_tile<32>::shfl of rank*32 from rank+1.
__global__ void cg_tile_shfl(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  fillIota(s, 1024);
  Block.sync();
  cg::thread_block_tile<32> Tile = cg::tiled_partition<32>(Block);
  int V = Tile.shfl(int(Tile.thread_rank() * 32), (Tile.thread_rank() + 1) & 31);
  out[threadIdx.x] = s[V & 1023];
}
// PROBE store exact 16: prefix count of thread_block_tile<32>::ballot(rank odd), times 32.
__global__ void cg_tile_ballot(int *out) {
  __shared__ int s[1024];
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Tile = cg::tiled_partition<32>(Block);
  unsigned B = Tile.ballot(Tile.thread_rank() & 1);
  int I = __popc(B & ((1u << Tile.thread_rank()) - 1)) * 32;
  s[I & 1023] = I + 1;
  Block.sync();
  out[threadIdx.x] = s[((threadIdx.x & 31) / 2) * 32];
}

int main() {
  Harness H;
  auto Lane32 = [](int T) { return (T & 31) * 32; };
  auto Plus1 = [](int T) { return T + 1; };

  lane_asm_laneid<<<1, 64>>>(H.Out);
  H.expect("lane_asm_laneid", 64, Lane32);
  lane_asm_warpid_row<<<1, 64>>>(H.Out);
  H.expect("lane_asm_warpid_row", 64,
           [&](int T) { return (T & 31) * 32 + (H.Host[T] & 31); });
  lane_asm_warpid_column<<<1, 32>>>(H.Out);
  H.expect("lane_asm_warpid_column", 32,
           [&](int T) { return T + 1 + (H.Host[T] / 1000) * 1000; });
  lane_shfl_idx<<<1, 32>>>(H.Out);
  H.expect("lane_shfl_idx", 32, [](int T) { return ((T + 1) & 31) * 32; });
  lane_shfl_width16<<<1, 32>>>(H.Out);
  H.expect("lane_shfl_width16", 32, [](int T) { return (T & 16) * 32 + 1; });
  lane_shfl_xor<<<1, 32>>>(H.Out);
  H.expect("lane_shfl_xor", 32, [](int T) { return (T ^ 16) * 32; });
  lane_shfl_up<<<1, 32>>>(H.Out);
  H.expect("lane_shfl_up", 32, [](int T) { return (T < 30 ? T : 30) * 32 + 1; });
  lane_shfl_down<<<1, 32>>>(H.Out);
  H.expect("lane_shfl_down", 32, [](int T) { return (T < 30 ? T + 2 : T) * 32; });

  H.input([](int I) { return (I * 32) & 1023; });
  lane_shfl_broadcast_data<<<1, 32>>>(H.In, H.Out);
  H.expect("lane_shfl_broadcast_data", 32, Lane32);
  lane_shfl_xor_data<<<1, 32>>>(H.In, H.Out);
  H.expect("lane_shfl_xor_data", 32, [](int T) { return (T ^ 1) + 1; });
  lane_shfl_down_data<<<1, 32>>>(H.In, H.Out);
  H.expect("lane_shfl_down_data", 32, [](int T) { return (T < 31 ? T + 1 : T) * 32; });
  H.input([](int) { return 1; });
  lane_ballot_data<<<1, 32>>>(H.In, H.Out);
  H.expect("lane_ballot_data", 32, Plus1);

  lane_ballot_prefix<<<1, 32>>>(H.Out);
  H.expect("lane_ballot_prefix", 32, [](int T) { return (T / 2) * 32; });
  lane_activemask<<<1, 32>>>(H.Out);
  H.expect("lane_activemask", 32, Lane32);
  lane_any_sync<<<1, 32>>>(H.Out);
  H.expect("lane_any_sync", 32, Plus1);
  lane_all_sync<<<1, 32>>>(H.Out);
  H.expect("lane_all_sync", 32, [](int T) { return T; });
  lane_match_any<<<1, 32>>>(H.Out);
  H.expect("lane_match_any", 32, [](int T) { return (T & 3) * 32; });
  lane_reduce_add<<<1, 32>>>(H.Out);
  H.expect("lane_reduce_add", 32, Plus1);
  lane_brev<<<1, 32>>>(H.Out);
  H.expect("lane_brev", 32, [](int T) {
    int R = 0;
    for (int B = 0; B < 5; ++B)
      R |= ((T >> B) & 1) << (4 - B);
    return R * 32;
  });
  lane_syncthreads_count<<<1, 64>>>(H.Out);
  H.expect("lane_syncthreads_count", 64, Lane32);

  cg_block_thread_rank<<<1, dim3(16, 4)>>>(H.Out);
  H.expect("cg_block_thread_rank", 64, Lane32);
  cg_thread_index<<<1, dim3(16, 4)>>>(H.Out);
  H.expect("cg_thread_index", 64,
           [](int T) { return ((T % 16) * 64 + T / 16) & 1023; });
  cg_group_dim<<<1, dim3(16, 4)>>>(H.Out);
  H.expect("cg_group_dim", 64, Lane32);
  cg_block_size<<<1, 64>>>(H.Out);
  H.expect("cg_block_size", 64, [](int T) { return (T & 31) + 1; });
  cg_block_num_threads<<<1, 64>>>(H.Out);
  H.expect("cg_block_num_threads", 64, Lane32);
  cg_tile32_rank<<<1, 64>>>(H.Out);
  H.expect("cg_tile32_rank", 64, Lane32);
  cg_tile16_rank<<<1, 64>>>(H.Out);
  H.expect("cg_tile16_rank", 64, [](int T) { return (T & 15) * 32; });
  cg_tile8_meta_rank<<<1, 64>>>(H.Out);
  H.expect("cg_tile8_meta_rank", 64, [](int T) { return T / 8 + 1; });
  cg_tile16_size<<<1, 64>>>(H.Out);
  H.expect("cg_tile16_size", 64, Lane32);
  cg_tile8_num_threads<<<1, 64>>>(H.Out);
  H.expect("cg_tile8_num_threads", 64, [](int T) { return (T & 31) + 1; });
  cg_tile8_meta_group_size<<<1, 64>>>(H.Out);
  H.expect("cg_tile8_meta_group_size", 64, Lane32);
  cg_dynamic_partition<<<1, 64>>>(H.Out);
  H.expect("cg_dynamic_partition", 64, [](int T) { return (T & 15) * 32; });
  cg_tile_shfl<<<1, 64>>>(H.Out);
  H.expect("cg_tile_shfl", 64, [](int T) { return ((T + 1) & 31) * 32; });
  cg_tile_ballot<<<1, 64>>>(H.Out);
  H.expect("cg_tile_ballot", 64, [](int T) { return ((T & 31) / 2) * 32 + 1; });
  return H.Check.finish("soundness_lanes");
}
