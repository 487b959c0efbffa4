// Realistic corpus, part 7: a block size warpcheck cannot follow (issue 22).
// Halving tree reductions `for (s = blockDim.x / 2; s > 0; s >>= 1)`
// launched with a block size read from argv or the environment at run
// time: warpcheck assumes a family of shapes, and what it reports must hold
// for the shape really launched (512 threads in the measurement) without
// calling anything exact. The transposed placement (thread i's value at
// word (i % 32) * 32 + i / 32) makes every full-warp request 32-way and a
// request of n < 32 lanes n-way, so the wavefronts per request averaged
// over the block depend on how many full-warp steps the block size gives:
// 21.25 at 256 threads, 25.55 at 512 (the counts of one assumed shape are
// not the launched one's).
// Usage: runtime_block [BLOCK] (or RT_BLOCK in the environment; default
// 512; a power of two from 64 to 1024). measure.sh runs it with 512.
// Tags: // CLASS <class>: <what it is> (see loops.cu).
#include "realistic.cuh"
#include <cstdlib>

// CLASS blocksize: halving reduction on a transposed placement (32-way for full warps), block size from argv or RT_BLOCK.
__global__ void rt_halving_transposed(const int *in, int *out) {
  __shared__ int s[1024];
  unsigned tid = threadIdx.x;
  s[(tid % 32) * 32 + tid / 32] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned st = blockDim.x / 2; st > 0; st >>= 1) {
    if (tid < st)
      s[(tid % 32) * 32 + tid / 32] +=
          s[((tid + st) % 32) * 32 + (tid + st) / 32];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// CLASS blocksize: halving reduction with sequential addressing (conflict-free for every shape), block size from argv or RT_BLOCK.
__global__ void rt_halving_sequential(const int *in, int *out) {
  __shared__ int s[1024];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned st = blockDim.x / 2; st > 0; st >>= 1) {
    if (tid < st)
      s[tid] += s[tid + st];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main(int argc, char **argv) {
  Checker Check;
  const char *Env = std::getenv("RT_BLOCK");
  int Block = argc > 1 ? std::atoi(argv[1]) : Env ? std::atoi(Env) : 512;
  if (Block < 64 || Block > 1024 || (Block & (Block - 1))) {
    std::fprintf(stderr, "block size must be a power of two, 64 to 1024\n");
    return 2;
  }
  const int Blocks = 64;
  Buf<int> In(Blocks * 1024), Out(Blocks);
  In.fill([](int I) { return (I * 37) % 201 - 100; });
  std::vector<long long> Want(Blocks, 0);
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Block; ++T)
      Want[B] += In.H[B * Block + T];

  rt_halving_transposed<<<Blocks, Block>>>(In.D, Out.D);
  Check.all("rt_halving_transposed", Out.result(), Blocks,
            [&](int B) { return Want[B]; });
  Out.clear();
  rt_halving_sequential<<<Blocks, Block>>>(In.D, Out.D);
  Check.all("rt_halving_sequential", Out.result(), Blocks,
            [&](int B) { return Want[B]; });
  return Check.finish("runtime_block");
}
