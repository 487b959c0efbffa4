// Host values from a `for` loop (issue 25). A launch in the loop's body
// takes every value its counter takes (`for (bs = 64; bs <= 256; bs *= 2)`);
// a use after the loop takes the value the loop leaves (cuda-samples'
// fastWalshTransform: `for (; log2N > 11; log2N -= 2, N >>= 2)`, then a
// launch with `N / 4` threads and `log2N`). A loop that can leave by
// `break`, or whose counter its body changes, gives no value.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --fix-style=none %s -- 2>&1 | %check-messages

__global__ void eachSize(float *out) {
  __shared__ float s[1024 * 2];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'eachSize', block 64x1x1 (from launch at host-values-loop-counter.cu:{{[0-9]+}}, 'bs' from the loop at host-values-loop-counter.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'eachSize', block 128x1x1 (from launch at {{.*}}, 'bs' from the loop at {{.*}})
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'eachSize', block 256x1x1 (from launch at {{.*}}, 'bs' from the loop at {{.*}})
  out[threadIdx.x] = s[0];
}

__global__ void stage(float *out) { out[threadIdx.x] = 0; }

__global__ void afterLoop(float *out, int log2N) {
  __shared__ float s[4096];
  s[threadIdx.x << (log2N - 9)] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'afterLoop', block 512x1x1 (from launch at host-values-loop-counter.cu:{{[0-9]+}}, 'N' is 2048 after the loop at host-values-loop-counter.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'log2N' is 11 at the launch at {{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void leftByBreak(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 8] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request in every assumed block shape, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'leftByBreak', block 256x1x1 (one of 6 shapes assumed, {{.*}}the launch at {{.*}} is not used: the block size 'bs' may be changed before the launch)
  out[threadIdx.x] = s[0];
}

__global__ void changedInBody(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 16] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request in every assumed block shape, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'changedInBody', block 256x1x1 (one of 6 shapes assumed, {{.*}}the launch at {{.*}} is not used: the block size 'bs' may be changed before the launch)
  out[threadIdx.x] = s[0];
}

void powers() {
  for (int bs = 64; bs <= 256; bs *= 2)
    eachSize<<<1, bs>>>(nullptr);
}

void fwt(int M, int log2N) {
  int N = 1 << log2N;
  for (; log2N > 11; log2N -= 2, N >>= 2, M <<= 2)
    stage<<<M, 256>>>(nullptr);
  afterLoop<<<M, N / 4>>>(nullptr, log2N);
}

void callFwt() { fwt(1, 23); }

void broken(int n) {
  int bs = 32;
  for (; bs < 512; bs *= 2)
    if (n == bs)
      break;
  leftByBreak<<<1, bs>>>(nullptr);
}

void callBroken() { broken(7); }

void changing(bool b) {
  for (int bs = 32; bs <= 128; bs *= 2) {
    if (b)
      bs = 64;
    changedInBody<<<1, bs>>>(nullptr);
  }
}
