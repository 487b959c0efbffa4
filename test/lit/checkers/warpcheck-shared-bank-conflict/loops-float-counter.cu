// Issue 25: a `for` loop whose counter is a float that only takes integer
// values it holds exactly (imageDenoising's NLM2: `for (float i = -R; i <=
// R + 1; i++)`) has the integer loop's trip count, and runs iteration by
// iteration. A counter whose values are not exact (steps of 0.1f, or past
// 2^24) leaves the trip count unknown.
// RUN: %warpcheck %s --block-dim 64 -- 2>&1 | %check-messages
#define R 3

// NLM2: every request reads one word (idx is the same in every lane).
__global__ void nlm(float *out) {
  __shared__ float w[64];
  w[threadIdx.x] = 1.f;
  __syncthreads();
  float sum = 0.f;
  int idx = 0;
  for (float i = -R; i <= R + 1; i++)
    for (float j = -R; j <= R + 1; j++)
      sum += w[idx++];
  out[threadIdx.x] = sum;
}

// The trip count reaches the index: 8 iterations of `k += 4`, lane*32.
__global__ void tripCount(float *out) {
  __shared__ float s[2048];
  int k = 0;
  for (float f = -3.f; f <= 4.f; f += 1.f)
    k += 4;
  out[threadIdx.x] = s[(threadIdx.x * k) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in 'tripCount'
  // Counting down, the counter on the right: 8 iterations too.
  k = 0;
  for (double d = 8; 0 < d; --d)
    k += 4;
  out[threadIdx.x] += s[(threadIdx.x * k) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'tripCount'
}

// Steps of 0.1f are rounded: the trip count is not followed.
__global__ void inexact(float *out) {
  __shared__ float s[2048];
  int k = 0;
  for (float f = 0.1f; f < 1.0f; f += 0.1f)
    k += 4;
  out[threadIdx.x] = s[(threadIdx.x * k) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: bank conflicts of load from 's' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in 'inexact'
  // Past 2^24 a float does not hold every integer (16777217 + 1 rounds).
  k = 0;
  for (float f = 16777216.f; f < 16777220.f; f += 2.f)
    k += 4;
  out[threadIdx.x] += s[(threadIdx.x * k) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: bank conflicts of load from 's' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'inexact'
  // The body changes the counter: not the increment's alone.
  k = 0;
  for (float f = 0.f; f < 8.f; f++) {
    k += 4;
    f += out[0];
  }
  out[threadIdx.x] += s[(threadIdx.x * k) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: bank conflicts of load from 's' cannot be decided
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'inexact'
}
