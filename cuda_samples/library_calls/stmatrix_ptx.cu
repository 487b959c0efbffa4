// Measurement program for stmatrix (STSM) bank behaviour: one warp runs one
// `stmatrix.sync.aligned.m8n8.xX[.trans].shared.b16` where lane L names row
// L of the matrices (lanes 0-7 matrix 0, 8-15 matrix 1, ...). Mode 0: row L
// at smem + L * Stride bytes; mode 1 (swizzled): row L at
// (L * Stride) ^ ((L % 8) * 16), the 16-byte chunk XOR of a 128-byte
// swizzle. The kernel's only shared stores are the stmatrix. A baseline
// kernel with no stmatrix gives the constant the counters add. One manifest
// line per launch, in launch order.
// Usage: stmatrix_ptx. Built with nvcc -arch=sm_90 -std=c++17.
#include <cstdio>

extern __shared__ __align__(128) unsigned char smem[];

template <int Stride, int Mode> __device__ unsigned rowOffset(unsigned L) {
  if (Mode == 1)
    return (L * Stride) ^ ((L % 8) * 16);
  return L * Stride;
}

template <int X, bool Trans, int Stride, int Mode>
__global__ void stsm(const unsigned *in) {
  unsigned Addr = static_cast<unsigned>(
      __cvta_generic_to_shared(smem + rowOffset<Stride, Mode>(threadIdx.x)));
  unsigned R0 = in[threadIdx.x], R1 = R0 + 1, R2 = R0 + 2, R3 = R0 + 3;
  if (X == 1) {
    if (Trans)
      asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};"
                   :: "r"(Addr), "r"(R0) : "memory");
    else
      asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};"
                   :: "r"(Addr), "r"(R0) : "memory");
  } else if (X == 2) {
    if (Trans)
      asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};"
                   :: "r"(Addr), "r"(R0), "r"(R1) : "memory");
    else
      asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"
                   :: "r"(Addr), "r"(R0), "r"(R1) : "memory");
  } else {
    if (Trans)
      asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};"
                   :: "r"(Addr), "r"(R0), "r"(R1), "r"(R2), "r"(R3) : "memory");
    else
      asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
                   :: "r"(Addr), "r"(R0), "r"(R1), "r"(R2), "r"(R3) : "memory");
  }
}

__global__ void baseline(const unsigned *in) {
  if (in[threadIdx.x] == 12345u)
    asm volatile("trap;");
}

template <int X, bool Trans, int Stride, int Mode> void run(const unsigned *In) {
  printf("launch stsm X=%d trans=%d stride=%d mode=%d\n", X, int(Trans), Stride,
         Mode);
  fflush(stdout);
  stsm<X, Trans, Stride, Mode><<<1, 32, 32 * Stride + 256>>>(In);
}

template <int X, bool Trans> void strides(const unsigned *In) {
  run<X, Trans, 16, 0>(In);
  run<X, Trans, 32, 0>(In);
  run<X, Trans, 48, 0>(In);
  run<X, Trans, 64, 0>(In);
  run<X, Trans, 80, 0>(In);
  run<X, Trans, 96, 0>(In);
  run<X, Trans, 128, 0>(In);
  run<X, Trans, 144, 0>(In);
  run<X, Trans, 64, 1>(In);
  run<X, Trans, 128, 1>(In);
}

int main() {
  unsigned *In;
  cudaMalloc(&In, 32 * sizeof(unsigned));
  cudaMemset(In, 0, 32 * sizeof(unsigned));
  printf("launch baseline\n");
  fflush(stdout);
  baseline<<<1, 32>>>(In);
  strides<1, false>(In);
  strides<1, true>(In);
  strides<2, false>(In);
  strides<2, true>(In);
  strides<4, false>(In);
  strides<4, true>(In);
  cudaError_t E = cudaDeviceSynchronize();
  printf("stmatrix_ptx: %s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
