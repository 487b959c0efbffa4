// The runtime launch APIs give shapes as <<<>>> does: cudaLaunchKernel,
// cudaLaunchCooperativeKernel, and cudaLaunchKernelEx with the blockDim of
// its cudaLaunchConfig_t (assigned, or in a designated initializer).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cuda_runtime.h>

__global__ void plain(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'plain', block 64x1x1 (from cudaLaunchKernel at block-shapes-launch-apis.cu:[[@LINE+34]])
}

__global__ void cooperative(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'cooperative', block 128x1x1 (from cudaLaunchCooperativeKernel at block-shapes-launch-apis.cu:[[@LINE+28]])
}

__global__ void extended(int *out) {
  __shared__ int s[4096];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'extended', block 16x16x1 (from cudaLaunchKernelEx at block-shapes-launch-apis.cu:[[@LINE+25]])
}

__global__ void designated(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'designated', block 32x1x1 (from cudaLaunchKernelEx at block-shapes-launch-apis.cu:[[@LINE+20]])
}

__global__ void unset(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'unset', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-launch-apis.cu:[[@LINE+16]] is not used: 'none.blockDim.x' is assigned)
}

int main() {
  int *p = nullptr;
  void *args[] = {&p};
  cudaLaunchKernel((const void *)plain, dim3(1), dim3(64), args, 0, 0);
  cudaLaunchCooperativeKernel((void *)cooperative, 1, 128, args);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(4);
  config.blockDim = dim3(16, 16);
  cudaLaunchKernelEx(&config, extended, p);
  cudaLaunchConfig_t other = {.gridDim = dim3(2), .blockDim = dim3(32)};
  cudaLaunchKernelEx(&other, designated, p);
  cudaLaunchConfig_t none = {};
  none.blockDim.x = 64;
  cudaLaunchKernelEx(&none, unset, p);
}
