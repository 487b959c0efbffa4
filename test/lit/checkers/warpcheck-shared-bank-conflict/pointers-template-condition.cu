// A pointer chosen by a template argument (ggml's softmax: `vals = use_shared
// ? buf_iw + WARP_SIZE : dst`) points where the instance's argument says:
// shared memory in soft<true>, global memory in soft<false>, which has no
// shared access at all (issue 22: it was reported unknown there).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --format=json %s -- | FileCheck %s -check-prefix=JSON

template <bool use_shared>
__global__ void soft(float *dst) {
  __shared__ float buf_iw[1024];
  float *vals = use_shared ? buf_iw + 32 : dst;
  vals[threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 'buf_iw': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'soft<true>', block 32x1x1
  __syncthreads();
  dst[threadIdx.x] = vals[threadIdx.x];
}

int main() {
  soft<false><<<1, 32>>>(nullptr);
  soft<true><<<1, 32>>>(nullptr);
}
// JSON-NOT: "kernel": "soft<false>"
