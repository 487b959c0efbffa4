// Launch wrappers and the fields they read, where warpcheck must not
// follow: a const reference to a struct with a mutable member, a
// constructor whose body reaches the object under construction, a
// configuration whose constructor may return before its last assignment,
// a configuration not held by a local (no crash). Nested wrappers keep
// each call's kernel with its own shape.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

#include <cuda_runtime.h>

#define KERNEL(NAME)                                                           \
  __global__ void NAME(float *out) {                                           \
    __shared__ float s[4096];                                                  \
    s[threadIdx.x * 2] = 0.0f;                                                 \
  }

KERNEL(nested64)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: in 'nested64', block 64x1x1 (from launch at block-shapes-launch-wrapper-limits.cu:[[@LINE+17]] (called at block-shapes-launch-wrapper-limits.cu:[[@LINE+18]]) (called at block-shapes-launch-wrapper-limits.cu:[[@LINE+51]]){{.*}}
KERNEL(nested128)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: in 'nested128', block 128x1x1 (from launch at block-shapes-launch-wrapper-limits.cu:[[@LINE+14]] (called at block-shapes-launch-wrapper-limits.cu:[[@LINE+15]]) (called at block-shapes-launch-wrapper-limits.cu:[[@LINE+49]]){{.*}}
KERNEL(viaMutable)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}} in every assumed block shape
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: in 'viaMutable'{{.*}}assumed{{.*}}
KERNEL(viaWidened)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}} in every assumed block shape
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: in 'viaWidened'{{.*}}assumed{{.*}}
KERNEL(viaEarlyReturn)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}} in every assumed block shape
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: in 'viaEarlyReturn'{{.*}}assumed{{.*}}
KERNEL(viaArray)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}} in every assumed block shape
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: in 'viaArray'{{.*}}assumed{{.*}}

template <typename K> void inner(K kernel, int bs) { kernel<<<1, bs>>>(nullptr); }
template <typename K> void outer(K kernel, int bs) { inner(kernel, bs); }

struct Mutable {
  mutable dim3 block;
  void grow() const { block.x = 128; }
};
void withMutable(const Mutable &m) {
  m.grow();
  viaMutable<<<1, m.block>>>(nullptr);
}

struct Widened {
  dim3 block;
  Widened(const dim3 &b) : block(b) { widen(); }
  void widen() { block.x *= 2; }
};

struct EarlyConfig {
  cudaLaunchConfig_t cfg;
  EarlyConfig(const dim3 &b, bool fast) {
    cfg = {};
    cfg.blockDim = dim3(32);
    if (fast)
      return;
    cfg.blockDim = b;
  }
};

struct Holder {
  cudaLaunchConfig_t cfg;
};

void run(bool fast, Holder *holders) {
  outer(nested64, 64);
  outer(nested128, 128);
  withMutable(Mutable{dim3(64)});
  Widened w(dim3(64));
  viaWidened<<<1, w.block>>>(nullptr);
  EarlyConfig e(dim3(64), fast);
  cudaLaunchKernelEx(&e.cfg, viaEarlyReturn, (float *)nullptr);
  cudaLaunchKernelEx(&holders[0].cfg, viaArray, (float *)nullptr);
}
