// A launch wrapper, as ggml's `ggml_cuda_kernel_launch(kernel, params,
// args...)`: the kernel and the launch parameters are its parameters, so
// each call launches its own kernel with its own shape. The launch is read
// call by call (never a mix of one call's kernel with another's shape),
// through the parameter struct's constructor, a configuration its holder's
// constructor fills (the cudaLaunchKernelEx path), `const dim3 &`
// parameters, and the `case` around the call that picked the size, even
// though a loop assigned it before the switch.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

#include <cuda_runtime.h>

struct Params {
  dim3 grid;
  dim3 block;
  size_t shmem;
  Params(const dim3 &grid_, const dim3 &block_, size_t shmem_)
      : grid(grid_), block(block_), shmem(shmem_) {}
};

struct PdlConfig {
  cudaLaunchConfig_t cfg;
  PdlConfig(const Params &p) {
    cfg = {};
    cfg.gridDim = p.grid;
    cfg.blockDim = p.block;
    cfg.dynamicSmemBytes = p.shmem;
  }
};

bool usePdl(const void *kernel);

template <typename Kernel, typename... Args>
void launchKernel(Kernel kernel, const Params &params, Args... args) {
  if (usePdl(reinterpret_cast<const void *>(kernel))) {
    auto pdl = PdlConfig(params);
    cudaLaunchKernelEx(&pdl.cfg, kernel, args...);
    return;
  }
  kernel<<<params.grid, params.block, params.shmem>>>(args...);
}

template <int BlockSize> __global__ void rows(float *out) {
  __shared__ float s[2048];
  s[threadIdx.x * (BlockSize / 32)] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'rows<64>', block 64x1x1 (from cudaLaunchKernelEx at block-shapes-launch-wrapper.cu:37 (called at block-shapes-launch-wrapper.cu:[[@LINE+17]]), 'p' from the call at block-shapes-launch-wrapper.cu:36, 'params' from the call at block-shapes-launch-wrapper.cu:[[@LINE+17]], 'block_' from the call at block-shapes-launch-wrapper.cu:[[@LINE+16]], 'block' from the call at block-shapes-launch-wrapper.cu:[[@LINE+29]], 'best' is 64 in 'case 64' of the switch at block-shapes-launch-wrapper.cu:[[@LINE+27]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'rows<128>', block 128x1x1 (from cudaLaunchKernelEx at block-shapes-launch-wrapper.cu:37 (called at block-shapes-launch-wrapper.cu:[[@LINE+15]]), 'p' from the call at block-shapes-launch-wrapper.cu:36, 'params' from the call at block-shapes-launch-wrapper.cu:[[@LINE+15]], 'block_' from the call at block-shapes-launch-wrapper.cu:[[@LINE+14]], 'block' from the call at block-shapes-launch-wrapper.cu:[[@LINE+30]], 'best' is 128 in 'case 128' of the switch at block-shapes-launch-wrapper.cu:[[@LINE+25]])
}

// Assigned after the block was built: the case says nothing about the
// block (a family is assumed).
__global__ void late(float *out) {
  __shared__ float s[2048];
  s[threadIdx.x * 2] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'late', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the 2 launches are not used; the one at block-shapes-launch-wrapper.cu:37 (called at block-shapes-launch-wrapper.cu:[[@LINE+27]]): 'block' of 'launchLate' at the call at block-shapes-launch-wrapper.cu:[[@LINE+36]]: 'size': 'n' is a parameter of 'caller', which is not called in this file)
}

template <int BlockSize>
void withSize(const dim3 &grid, const dim3 &block, float *out) {
  const Params params = {grid, block, 0};
  launchKernel(rows<BlockSize>, params, out);
}

void launchRows(int n, float *out) {
  int best = 32;
  for (int b = 64; b <= 128; b += 32)
    if (n % b == 0)
      best = b;
  const dim3 grid(n / best);
  const dim3 block(best);
  switch (best) {
  case 64:
    withSize<64>(grid, block, out);
    break;
  case 128:
    withSize<128>(grid, block, out);
    break;
  }
}

void launchLate(int n, const dim3 &block, float *out) {
  launchKernel(late, Params(dim3(1), block, 0), out);
}

void caller(int n, float *out) {
  int size = n;
  const dim3 block(size);
  size = 64;
  switch (size) {
  case 64:
    launchLate(n, block, out);
    break;
  }
}
