// Second probe campaign for `cp.async.cg` 16-byte copies
// (LDGSTS.E.BYPASS.128): the global source addresses change the shared-memory
// wavefronts (cp_async_cg_probe.cu: the same shared addresses measured 32
// and 8 wavefronts with different sources), so here lane L copies 16 bytes
// from g + Shift + L * SrcStride * 16 to smem + L * DstStride * 16, lanes
// below Act only (the others branch around the copy). One warp per launch;
// one manifest line per launch, in launch order.
// Usage: cp_async_cg_src. Built with nvcc -arch=sm_90 -std=c++17.
#include <cstdio>

extern __shared__ __align__(128) unsigned char smem[];

template <int DstStride, int SrcStride, int Shift, int Act>
__global__ void copySrc(const char *g) {
  unsigned L = threadIdx.x;
  unsigned Dst = static_cast<unsigned>(
      __cvta_generic_to_shared(smem + L * DstStride * 16));
  const char *S = g + Shift + L * SrcStride * 16;
  if (L < Act)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(Dst),
                 "l"(S));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_all;\n" ::);
}

template <int D, int S, int Shift, int Act = 32> void run(const char *G) {
  printf("launch copySrc dst=%d src=%d shift=%d act=%d\n", D, S, Shift, Act);
  fflush(stdout);
  copySrc<D, S, Shift, Act><<<1, 32, 20 * 1024>>>(G);
}

template <int D, int S> void shifts(const char *G) {
  run<D, S, 0>(G);
  run<D, S, 16>(G);
  run<D, S, 32>(G);
  run<D, S, 64>(G);
}

template <int D> void sources(const char *G) {
  shifts<D, 1>(G);
  shifts<D, 2>(G);
  shifts<D, 3>(G);
  shifts<D, 4>(G);
}

template <int D, int S> void partial(const char *G) {
  run<D, S, 0, 1>(G);
  run<D, S, 0, 2>(G);
  run<D, S, 0, 3>(G);
  run<D, S, 0, 4>(G);
  run<D, S, 0, 5>(G);
  run<D, S, 0, 6>(G);
  run<D, S, 0, 7>(G);
  run<D, S, 0, 8>(G);
  run<D, S, 0, 12>(G);
  run<D, S, 0, 16>(G);
}

int main() {
  char *G;
  cudaMalloc(&G, 64 * 1024);
  cudaMemset(G, 1, 64 * 1024);
  sources<1>(G);
  sources<2>(G);
  sources<3>(G);
  sources<4>(G);
  sources<5>(G);
  partial<3, 3>(G);
  partial<2, 1>(G);
  partial<3, 1>(G);
  partial<2, 2>(G);
  cudaError_t E = cudaDeviceSynchronize();
  printf("cp_async_cg_src: %s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
