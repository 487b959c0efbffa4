// Measurement program for warpcheck's model of memcpy_async with a shared
// destination (cuda::memcpy_async per thread, cooperative_groups::memcpy_async
// per group), next to plain stores of the same per-lane pattern. One warp per
// launch; each launch prints one manifest line before it, in launch order.
// Usage: memcpy_async [LO HI]. Built with nvcc -arch=sm_90 -std=c++17.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cstdio>
#include <cstdlib>
namespace cg = cooperative_groups;

extern __shared__ __align__(128) unsigned char smem[];

template <int S> struct Vec;
template <> struct Vec<4> { using T = float; };
template <> struct Vec<8> { using T = float2; };
template <> struct Vec<16> { using T = float4; };

// Lane L copies S bytes to smem + off + L * S * K, as the samples'
// cuda::memcpy_async(&As[ty][t4x], &A[...], shape4, pipe).
template <int S, int K>
__global__ void pipeCopy(const float *g, unsigned off, unsigned) {
  using T = typename Vec<S>::T;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<alignof(T)>(sizeof(T));
  T *dst = reinterpret_cast<T *>(smem + off) + threadIdx.x * K;
  const T *src = reinterpret_cast<const T *>(g) + threadIdx.x;
  pipe.producer_acquire();
  cuda::memcpy_async(dst, src, shape, pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  pipe.consumer_release();
}

// The same addresses written by a plain store.
template <int S, int K>
__global__ void plainStore(const float *g, unsigned off, unsigned) {
  using T = typename Vec<S>::T;
  T *dst = reinterpret_cast<T *>(smem + off) + threadIdx.x * K;
  *dst = reinterpret_cast<const T *>(g)[threadIdx.x];
}

// cuda::memcpy_async(dst, src, sizeof(float4), barrier) on float4 pointers
// (globalToShmemAsyncCopy's AsyncCopySingleStage with a cuda::barrier).
template <int K, bool Copy>
__global__ void barrierCopy(const float *g, unsigned off, unsigned) {
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  float4 *dst = reinterpret_cast<float4 *>(smem + 128 + off) + threadIdx.x * K;
  const float4 *src = reinterpret_cast<const float4 *>(g) + threadIdx.x;
  if (Copy)
    cuda::memcpy_async(dst, src, sizeof(float4), bar);
  bar.arrive_and_wait();
}

// cg::memcpy_async(tile, dst, src, aligned_size_t<A>{Bytes}) by tiles of
// Tile threads, tile t writing at off + t * rowStride (dmmaTensorCoreGemm's
// tileChunkCopy and tile32 copies).
template <int Tile, int A, int Bytes>
__global__ void groupCopy(const float *g, unsigned off, unsigned rowStride) {
  auto cta = cg::this_thread_block();
  auto tile = cg::tiled_partition<Tile>(cta);
  float *dst = reinterpret_cast<float *>(smem + off + tile.meta_group_rank() * rowStride);
  const float *src = g + tile.meta_group_rank() * 1024;
  cg::memcpy_async(tile, dst, src, cuda::aligned_size_t<A>{size_t(Bytes)});
  cg::wait(tile);
}

// The whole block (one warp) as the group; a size_t size (alignment not
// known at compile time).
template <int Bytes, bool Aligned>
__global__ void blockCopy(const float *g, unsigned off, unsigned) {
  auto cta = cg::this_thread_block();
  if (Aligned)
    cg::memcpy_async(cta, reinterpret_cast<float *>(smem + off), g, cuda::aligned_size_t<16>{size_t(Bytes)});
  else
    cg::memcpy_async(cta, reinterpret_cast<float *>(smem + off), g, size_t(Bytes));
  cg::wait(cta);
}

struct Launch {
  void (*K)(const float *, unsigned, unsigned);
  unsigned Off, Row;
  const char *Desc;
};

#define PIPE(S, K)                                                             \
  {pipeCopy<S, K>, 0, 0, "op=pipe bytes=" #S " lanestride=" #K " base=0"},     \
  {pipeCopy<S, K>, 32, 0, "op=pipe bytes=" #S " lanestride=" #K " base=32"},  \
  {plainStore<S, K>, 0, 0, "op=plain bytes=" #S " lanestride=" #K " base=0"}, \
  {plainStore<S, K>, 32, 0, "op=plain bytes=" #S " lanestride=" #K " base=32"}
#define PIPES(S) PIPE(S, 1), PIPE(S, 2), PIPE(S, 3), PIPE(S, 4), PIPE(S, 8), PIPE(S, 32)
#define GROUP(T, A, B, R)                                                      \
  {groupCopy<T, A, B>, 0, R,                                                   \
   "op=cg tile=" #T " align=" #A " bytes=" #B " rowstride=" #R " base=0"},     \
  {groupCopy<T, A, B>, 16, R,                                                  \
   "op=cg tile=" #T " align=" #A " bytes=" #B " rowstride=" #R " base=16"}

static const Launch Launches[] = {
    PIPES(4), PIPES(8), PIPES(16),
    {barrierCopy<1, true>, 0, 0, "op=barrier lanestride=1 copy=1 base=0"},
    {barrierCopy<1, false>, 0, 0, "op=barrier lanestride=1 copy=0 base=0"},
    {barrierCopy<2, true>, 0, 0, "op=barrier lanestride=2 copy=1 base=0"},
    {barrierCopy<2, false>, 0, 0, "op=barrier lanestride=2 copy=0 base=0"},
    GROUP(32, 16, 512, 0), GROUP(32, 16, 1024, 0), GROUP(32, 16, 2048, 0),
    GROUP(32, 8, 256, 0), GROUP(32, 4, 128, 0), GROUP(32, 16, 256, 0),
    GROUP(32, 16, 384, 0), GROUP(32, 16, 528, 0),
    GROUP(16, 16, 256, 256), GROUP(16, 16, 256, 272), GROUP(16, 16, 256, 288),
    GROUP(16, 16, 256, 512), GROUP(16, 16, 256, 528), GROUP(16, 16, 256, 320),
    GROUP(16, 16, 512, 528), GROUP(16, 8, 128, 136), GROUP(8, 16, 128, 144),
    {blockCopy<512, true>, 0, 0, "op=cgblock bytes=512 aligned=1 base=0"},
    {blockCopy<512, false>, 0, 0, "op=cgblock bytes=512 aligned=0 base=0"},
    {blockCopy<1024, true>, 0, 0, "op=cgblock bytes=1024 aligned=1 base=0"},
    {blockCopy<1024, false>, 0, 0, "op=cgblock bytes=1024 aligned=0 base=0"},
    {blockCopy<1024, false>, 4, 0, "op=cgblock bytes=1024 aligned=0 base=4"},
};

int main(int argc, char **argv) {
  int N = int(sizeof(Launches) / sizeof(Launches[0]));
  int Lo = argc > 1 ? atoi(argv[1]) : 0, Hi = argc > 2 ? atoi(argv[2]) : N;
  if (Hi > N)
    Hi = N;
  float *G;
  cudaMalloc(&G, 1 << 20);
  cudaMemset(G, 0, 1 << 20);
  for (int I = Lo; I < Hi; ++I) {
    printf("%d %s\n", I, Launches[I].Desc);
    fflush(stdout);
    Launches[I].K<<<1, 32, 16384>>>(G, Launches[I].Off, Launches[I].Row);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("error %s\n", cudaGetErrorString(E));
      return 1;
    }
  }
  return 0;
}
