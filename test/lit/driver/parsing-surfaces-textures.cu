// Surface functions (clang 19's CUDA wrapper leaves them out) and texture
// objects parse with the toolkit and with the prelude; the kernel around
// them is analyzed.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
#include <cuda_runtime.h>

__global__ void filter(cudaSurfaceObject_t out, cudaTextureObject_t in) {
  __shared__ float tile[32][32];
  int x = threadIdx.x;
  tile[x][0] = tex2D<float>(in, x + 0.5f, 0.5f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'tile'
  float4 v = tex1Dfetch<float4>(in, x);
  float r;
  surf2Dread(&r, out, x * 4, 0);
  surf2Dwrite(tile[0][x] + r + v.x, out, x * 4, 0);
  surf1Dwrite(r, out, x * 4);
  surf3Dwrite(surf2Dread<float>(out, 0, 0), out, x * 4, 0, 0);
  surf2DLayeredwrite(make_uchar4(1, 2, 3, 4), out, x * 4, 0, 1,
                     cudaBoundaryModeZero);
}

int main() { filter<<<1, 32>>>(0, 0); }
