// A '// warpcheck: block XxY[xZ] ...' comment on the line before a kernel
// (or its template header) gives its shapes; it comes after the per-kernel
// option and before the launches.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

// warpcheck: block 16x16
__global__ void commented(int *out) {
  __shared__ int s[4096];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'commented', block 16x16x1 (from the comment 'warpcheck: block 16x16' at block-shapes-comment.cu:[[@LINE-5]])
}

// warpcheck: block 32 64x2
template <typename T> __global__ void twoShapes(T *out) {
  __shared__ T s[4096];
  s[threadIdx.y * 64 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'twoShapes<int>', block 32x1x1 (from the comment 'warpcheck: block 32 64x2' at block-shapes-comment.cu:[[@LINE-5]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'twoShapes<int>', block 64x2x1 (from the comment 'warpcheck: block 32 64x2' at block-shapes-comment.cu:[[@LINE-6]])
}

// An unrelated comment.
__global__ void plainComment(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'plainComment', block 64x1x1 (from launch at block-shapes-comment.cu:[[@LINE+7]])
}

int main(int argc, char **argv) {
  int n = argc * 32;
  commented<<<1, n>>>(nullptr);
  twoShapes<<<1, n>>>((int *)nullptr);
  plainComment<<<1, 64>>>(nullptr);
}
