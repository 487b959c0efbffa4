// Issue 25: a loop with several counters stepped in one comma increment
// (`a += aStep, b += bStep, ++i`, globalToShmemAsyncCopy): each counter is
// start + k * step in the symbolic iteration, so a test on them is
// warp-uniform and does not change which lanes of a request run, and a
// stage index `i % 4` shifts an array by whole 128-byte rows.
// RUN: %warpcheck %s --block-dim 16x16 -- 2>&1 | %check-messages

__global__ void naive(float *out, const float *A, int wA) {
  __shared__ float As[16][32];
  int aBegin = wA * 16 * blockIdx.y;
  int aEnd = aBegin + wA - 1;
  float sum = 0.f;
  for (int a = aBegin, b = 0; a <= aEnd; a += 16, b += 2) {
    // Lanes tx < 4 of two rows store, always these 8: banks 0, 8, 16, 24
    // twice (a test deciding lanes would make it a range, 1-2).
    if (threadIdx.x < 4)
      As[threadIdx.y][threadIdx.x * 8] = A[a + threadIdx.x];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 2-way bank conflict on store to 'As': 2 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: in 'naive'
    __syncthreads();
    sum += As[threadIdx.y][threadIdx.x];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on load from 'As': 2 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'naive'
    __syncthreads();
  }
  out[threadIdx.x] = sum;
}

__global__ void stages(float *out, int n) {
  __shared__ float As[4][16][16];
  float sum = 0.f;
  // i is k in the symbolic iteration: As[i % 4] moves by 1024 bytes.
  for (int a = 0, i = 0; a < n; a += 16, ++i)
    sum = sum + As[i % 4][threadIdx.y][threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 2-way bank conflict on load from 'As': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: in 'stages'
  out[threadIdx.x] = sum;
}

// A counter the body changes too is not stepped by the increment alone.
__global__ void changedInBody(float *out, int n) {
  __shared__ float s[2048];
  float sum = 0.f;
  for (int a = 0, i = 0; a < n; a += 16, ++i) {
    if (threadIdx.x < 8)
      ++i;
    sum += s[(threadIdx.x + i * 32) & 2047];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: bank conflicts of load from 's' cannot be decided
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'changedInBody'
  }
  out[threadIdx.x] = sum;
}
