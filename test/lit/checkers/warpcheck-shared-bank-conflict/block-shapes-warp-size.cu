// The warp size read from the CUDA runtime is 32 on every NVIDIA GPU:
// `prop.warpSize` of a cudaDeviceProp, and a local that only
// cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev) writes, run before
// the launch. With a constant number of warps, `dim3(warp_size, nwarps)`
// (ggml's CUDA launches) is a fixed shape and its accesses are exact.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages
// RUN: %warpcheck --fix-style=none --format=json %s -- | FileCheck %s -check-prefix=JSON
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess)                                                      \
      return;                                                                  \
  } while (0)

// A row of 64 floats per warp, each lane writing every second word: 2-way.
template <int NWarps> __global__ void rows(float *out) {
  __shared__ float t[NWarps][64];
  t[threadIdx.y][threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 't': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0, 16 hit bank 0, 2 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'rows<4>', block 32x4x1 (from launch at block-shapes-warp-size.cu:{{[0-9]+}}, 'prop.warpSize' (cudaDeviceProp::warpSize) is 32 on every NVIDIA GPU)
}
// rows<2>'s warning is the same as rows<4>'s (one diagnostic); JSON has it.
// JSON: "block_dim_origin": "from launch at block-shapes-warp-size.cu:{{[0-9]+}}, 'warp_size' from the call at block-shapes-warp-size.cu:{{[0-9]+}}, 'info->warpSize' (cudaDeviceProp::warpSize) is 32 on every NVIDIA GPU",
// JSON-NEXT: "block_dim_source": "launch",
// JSON: "kernel": "rows<2>",
// JSON: "status": "exact",

// The device properties, through a constant initialized from them.
void launchRows(int dev) {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, dev));
  const int warp_size = prop.warpSize;
  constexpr int nwarps = 4;
  const dim3 block_dims(warp_size, nwarps, 1);
  rows<nwarps><<<1, block_dims>>>(nullptr);
}

// A helper given the warp size at its only call.
template <int NWarps> void launchRowsWith(int warp_size) {
  rows<NWarps><<<1, dim3(warp_size, NWarps)>>>(nullptr);
}
void callRows(const cudaDeviceProp *info) {
  launchRowsWith<2>(info->warpSize);
}

__global__ void attr(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'attr', block 32x1x1 (from launch at block-shapes-warp-size.cu:{{[0-9]+}}, 'ws' is the warp size cudaDeviceGetAttribute gives, 32 on every NVIDIA GPU)
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'attr', block 64x1x1 (from launch at block-shapes-warp-size.cu:{{[0-9]+}}, 'ws' is the warp size cudaDeviceGetAttribute gives, 32 on every NVIDIA GPU)
}

// The attribute, queried unconditionally (through CHECK's do-while) before
// the launches.
void launchAttr(int dev) {
  int ws;
  CHECK(cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev));
  attr<<<1, ws>>>(nullptr);
  attr<<<1, 2 * ws>>>(nullptr);
}

// Not followed: a query under a condition (ws may keep 64), another
// attribute, a field of another struct. The shape is assumed: a range.
__global__ void notWarpSize(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'notWarpSize', block 256x1x1 (one of 6 shapes assumed, {{.*}}; the 3 launches are not used; the one at block-shapes-warp-size.cu:{{[0-9]+}}: the block size 'ws' may be changed before the launch)
}

struct DeviceInfo {
  int warpSize;
};

void launchNotWarpSize(int dev, bool c, DeviceInfo info) {
  int ws = 64;
  if (c)
    cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev);
  notWarpSize<<<1, ws>>>(nullptr);
  int threads;
  cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, dev);
  notWarpSize<<<1, threads>>>(nullptr);
  notWarpSize<<<1, info.warpSize>>>(nullptr);
}
