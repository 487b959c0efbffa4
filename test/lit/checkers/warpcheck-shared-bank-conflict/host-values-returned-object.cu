// A field of an object a helper returns: `std::pair<dim3, dim3> dims =
// calc(n, 4); k<<<dims.first, dims.second>>>` (ggml's mmvq), through the
// return statement and std::pair's constructor, with the helper's
// parameters bound to the call.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

#include <utility>

__global__ void k(float *out) {
  __shared__ float s[2048];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'k', block 32x4x1 (from launch at host-values-returned-object.cu:[[@LINE+11]], returned by 'calc', '__b' from the call at host-values-returned-object.cu:[[@LINE+6]], 'nwarps' from the call at host-values-returned-object.cu:[[@LINE+10]])
}

static std::pair<dim3, dim3> calc(int n, int nwarps) {
  const dim3 block_nums(n, 1, 1);
  const dim3 block_dims(32, nwarps, 1);
  return {block_nums, block_dims};
}

void launch(int n) {
  std::pair<dim3, dim3> dims = calc(n, 4);
  k<<<dims.first, dims.second>>>(nullptr);
}
