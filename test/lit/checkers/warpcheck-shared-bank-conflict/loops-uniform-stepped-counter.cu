// Issue 25: a counter of a for statement's init stepped only by the
// increment of a loop inside it (globalToShmemAsyncCopy's multi-stage
// pipeline: `for (; aStage <= a + aStep * stages; aStage += aStep,
// ++iStage)`) is the same in every thread when its start and steps are and
// every loop on the way tests a warp-uniform value, under uniform
// conditions, with nothing leaving early: one unknown, so `As[iStage % 4]`
// moves every lane by the same multiple of 1024 bytes. A step taken apart
// by lanes (a test or a branch on the lane) leaves it unknown.
// RUN: %warpcheck %s --block-dim 16x16 -- 2>&1 | %check-messages

__global__ void pipeline(float *out, const float *A, int wA) {
  __shared__ float As[4][16][16];
  int aBegin = wA * 16 * blockIdx.y;
  int aEnd = aBegin + wA - 1;
  float sum = 0.f;
  for (int a = aBegin, aStage = aBegin, iStage = 0; a <= aEnd; a += 16) {
    for (; aStage <= a + 64; aStage += 16, ++iStage)
      if (aStage <= aEnd)
        As[iStage % 4][threadIdx.y][threadIdx.x * 2] = A[aStage];
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 2-way bank conflict on store to 'As': 2 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-2]]:9: note: in 'pipeline'
    sum += As[0][threadIdx.y][threadIdx.x];
  }
  out[0] = sum;
}

// The inner loop's test reads the lane: threads step iStage apart.
__global__ void laneTest(float *out, int n) {
  __shared__ float s[2048];
  float sum = 0.f;
  for (int a = 0, iStage = 0; a < n; a += 16) {
    for (int k = 0; k < threadIdx.x % 4; ++k, ++iStage)
      ;
    sum += s[(iStage * 32 + threadIdx.x) & 2047];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: bank conflicts of load from 's' cannot be decided
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'laneTest'
  }
  out[0] = sum;
}

// Stepped under a branch on the lane.
__global__ void laneIf(float *out, int n) {
  __shared__ float s[2048];
  float sum = 0.f;
  for (int a = 0, i = 0; a < n; a += 16) {
    if (threadIdx.x < 8)
      for (int k = 0; k < 2; ++k, ++i)
        ;
    sum += s[(i * 32 + threadIdx.x) & 2047];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: bank conflicts of load from 's' cannot be decided
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'laneIf'
  }
  out[0] = sum;
}

// A lane-dependent break anywhere in the loop: threads may leave apart.
__global__ void laneBreak(float *out, const int *in, int n) {
  __shared__ float s[2048];
  float sum = 0.f;
  for (int a = 0, i = 0; a < n; a += 16) {
    for (int k = 0; k < 2; ++k, ++i)
      if (in[threadIdx.x] > k)
        break;
    sum += s[(i * 32 + threadIdx.x) & 2047];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: bank conflicts of load from 's' cannot be decided
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'laneBreak'
  }
  out[0] = sum;
}
