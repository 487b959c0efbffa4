// memcpy_async into shared memory: cuda::memcpy_async copies one thread's
// bytes, cooperative_groups::memcpy_async a group's (chunk i by the thread
// of rank i mod the group size). Both become LDGSTS instructions, whose
// shared-memory writes were measured on an H100 to follow the bank rule of a
// store of the same width at the same addresses (docs/bank-model.md).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void perThread(const float4 *g4, const double *g8) {
  __shared__ __align__(128) float4 tile[256];
  __shared__ __align__(128) double pairs[512];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape16 = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));
  pipe.producer_acquire();
  // 16 bytes per lane: LDGSTS.E.BYPASS.128, whose measured wavefronts depend
  // on the global source's address; with its base not known mod 128, the
  // lanes of one shared line may read two global lines, where the rule
  // measured wrong (cp_async_cg_src.cu): unknown.
  cuda::memcpy_async(&tile[threadIdx.x], &g4[threadIdx.x], shape16, pipe);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 'tile' cannot be decided: it depends on 'cuda::memcpy_async': a 16-byte L1-bypassing copy (LDGSTS.E.BYPASS.128) whose lanes writing one shared 128-byte line may read different global 128-byte lines, where the measured rule does not hold (docs/bank-model.md)
  // 8 bytes per lane, every other double: lanes 0 and 8 share banks.
  cuda::memcpy_async(&pairs[2 * threadIdx.x], &g8[threadIdx.x],
                     cuda::aligned_size_t<8>(8), pipe);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on store to 'pairs': 4 wavefronts per request in every assumed block shape, 2 ideal
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}'cuda::memcpy_async' of 8 bytes per thread in 8-byte chunks: LDGSTS writes shared memory with the bank rule of a store
  pipe.producer_commit();
  pipe.consumer_wait();
}

using Barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void withBarrier(const float4 *g) {
  __shared__ __align__(128) float4 tile[256];
  // The barrier's own calls (init, arrive_and_wait) are calls warpcheck
  // does not follow; passing it to memcpy_async (whose arrive measured no
  // shared wavefronts) reports nothing.
  __shared__ alignas(Barrier) unsigned char barrierBytes[sizeof(Barrier)];
  Barrier &bar = *reinterpret_cast<Barrier *>(barrierBytes);
  // One thread calls init: whatever it stores, each of its requests is one
  // thread's, one wavefront (no warning although init is not followed).
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  // sizeof(float4) bytes of float4 pointers with a barrier: a bulk copy.
  cuda::memcpy_async(&tile[threadIdx.x], &g[threadIdx.x], sizeof(float4), bar);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 'tile' cannot be decided: it depends on 'cuda::memcpy_async' of 16 bytes with a cuda::barrier: a bulk copy (cp.async.bulk) on sm_90, whose shared-memory writes Nsight Compute does not count
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'withBarrier'{{.*}}
  bar.arrive_and_wait(); // an mbarrier operation: no load or store request
}

__global__ void byGroups(const float *g, const void *gv) {
  __shared__ __align__(128) float rows[64 * 32];
  auto cta = cg::this_thread_block();
  auto tile32 = cg::tiled_partition<32>(cta);
  auto tile16 = cg::tiled_partition<16>(cta);
  // A warp copies 512 bytes in 16-byte chunks: LDGSTS.E.BYPASS.128.
  cg::memcpy_async(tile32, rows + tile32.meta_group_rank() * 128,
                   g + tile32.meta_group_rank() * 128,
                   cuda::aligned_size_t<16>{tile32.size() * 16});
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: bank conflicts of store to 'rows' cannot be decided: it depends on 'cooperative_groups::memcpy_async' in 16-byte chunks: a 16-byte L1-bypassing copy (LDGSTS.E.BYPASS.128){{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'byGroups'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-10]]:35: note: no layout fix offered: the block shape of the kernel is not known (the shapes analyzed were assumed)
  // Two 16-thread tiles per warp copy 64 bytes each in 4-byte chunks to rows
  // 128 bytes apart: lanes L and L + 16 write the same bank.
  cg::memcpy_async(tile16, rows + tile16.meta_group_rank() * 32, g,
                   cuda::aligned_size_t<4>{64});
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on store to 'rows': 2 wavefronts per request in the assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}'cooperative_groups::memcpy_async' of 64 bytes by groups of 16 threads in 4-byte chunks (chunk i by rank i mod 16)
  // Rows 192 bytes (64 mod 128) apart: the second tile's lanes use the
  // other 16 banks.
  cg::memcpy_async(tile16, rows + tile16.meta_group_rank() * 48, g,
                   cuda::aligned_size_t<4>{64});
  // Without a promised alignment the library picks the width at run time.
  cg::memcpy_async(cta, (void *)rows, gv, size_t(512));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 'rows' cannot be decided: it depends on the copy width the library picks at run time from the pointers' alignment ('cooperative_groups::memcpy_async' with no aligned_size_t and 1-byte elements)
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'byGroups'
  cg::wait(cta);
}
