#include "scan.h"
extern "C" const uint MIN_SIZE = 4;
extern "C" const uint MAX_SIZE = 4 * 64;
__global__ void scanLike(uint *d, uint size) {
  __shared__ uint s[512];
  uint pos = 2 * threadIdx.x - (threadIdx.x & (size / 4 - 1));
  s[pos] = d[threadIdx.x];
  __syncthreads();
  d[threadIdx.x] = s[threadIdx.x];
}
extern "C" void scan(uint *d, uint n) { scanLike<<<1, 256>>>(d, n); }
