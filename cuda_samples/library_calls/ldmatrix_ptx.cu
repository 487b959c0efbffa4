// Measurement program for ldmatrix (LDSM) bank behaviour, ahead of a model
// rule: one warp runs one `ldmatrix.sync.aligned.m8n8.xX[.trans].shared.b16`
// where lane L names row L of the matrices (lanes 0-7 matrix 0, 8-15 matrix
// 1, ...) at smem + L * Stride bytes. The registers go to global memory, so
// the kernel's only shared loads are the ldmatrix. A baseline kernel with no
// ldmatrix gives the constant the counters add. One manifest line per launch,
// in launch order.
// Usage: ldmatrix_ptx. Built with nvcc -arch=sm_90 -std=c++17.
#include <cstdio>

extern __shared__ __align__(128) unsigned char smem[];

template <int X, bool Trans, int Stride>
__global__ void ldsm(unsigned *out) {
  unsigned Addr = static_cast<unsigned>(
      __cvta_generic_to_shared(smem + threadIdx.x * Stride));
  unsigned R0 = 0, R1 = 0, R2 = 0, R3 = 0;
  if (X == 1) {
    if (Trans)
      asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];"
                   : "=r"(R0) : "r"(Addr));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
                   : "=r"(R0) : "r"(Addr));
  } else if (X == 2) {
    if (Trans)
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                   : "=r"(R0), "=r"(R1) : "r"(Addr));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                   : "=r"(R0), "=r"(R1) : "r"(Addr));
  } else {
    if (Trans)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(Addr));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(Addr));
  }
  out[threadIdx.x] = R0 ^ R1 ^ R2 ^ R3;
}

__global__ void baseline(unsigned *out) { out[threadIdx.x] = threadIdx.x; }

template <int X, bool Trans, int Stride> void run(unsigned *Out) {
  printf("launch ldsm X=%d trans=%d stride=%d\n", X, int(Trans), Stride);
  fflush(stdout);
  ldsm<X, Trans, Stride><<<1, 32, 32 * Stride + 128>>>(Out);
}

template <int X, bool Trans> void strides(unsigned *Out) {
  run<X, Trans, 16>(Out);
  run<X, Trans, 32>(Out);
  run<X, Trans, 48>(Out);
  run<X, Trans, 64>(Out);
  run<X, Trans, 80>(Out);
  run<X, Trans, 128>(Out);
  run<X, Trans, 144>(Out);
  run<X, Trans, 256>(Out);
}

int main() {
  unsigned *Out;
  cudaMalloc(&Out, 32 * sizeof(unsigned));
  printf("launch baseline\n");
  fflush(stdout);
  baseline<<<1, 32>>>(Out);
  strides<1, false>(Out);
  strides<1, true>(Out);
  strides<2, false>(Out);
  strides<2, true>(Out);
  strides<4, false>(Out);
  strides<4, true>(Out);
  cudaError_t E = cudaDeviceSynchronize();
  printf("ldmatrix_ptx: %s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
