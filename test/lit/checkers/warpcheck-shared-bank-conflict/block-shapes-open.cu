// A shape left open (a run-time block size) is not silently 256: the
// blockDim values the kernel compares against, with __launch_bounds__
// filling the dimension not compared, then __launch_bounds__ as a 1-D
// block; the note says which shape was assumed and why.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void __launch_bounds__(256) squareTile(int *out) {
  if (blockDim.x != 16)
    return;
  __shared__ int s[4096];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'squareTile', block 16x16x1 (from the comparison 'blockDim.x != 16' at block-shapes-open.cu:[[@LINE-5]] and __launch_bounds__(256); the launch at block-shapes-open.cu:[[@LINE+28]] is not used: the block size is 'n', which is not a compile-time constant)
}

__global__ void twoWidths(int *out) {
  __shared__ int s[4096];
  if (blockDim.x == 64 || blockDim.x == 128)
    s[threadIdx.x * 2] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in 'twoWidths', block 64x1x1 (from the comparison 'blockDim.x == 64' at block-shapes-open.cu:[[@LINE-3]]; the launch at block-shapes-open.cu:[[@LINE+21]] is not used: the block size is 'n', which is not a compile-time constant)
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: in 'twoWidths', block 128x1x1 (from the comparison 'blockDim.x == 128' at block-shapes-open.cu:[[@LINE-4]]; the launch at block-shapes-open.cu:[[@LINE+20]] is not used: the block size is 'n', which is not a compile-time constant)
}

__global__ void __launch_bounds__(128) bounded(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'bounded', block 128x1x1 (one of 3 shapes assumed, 1-D blocks of 32, 64 or 128 threads (at most 128 threads: __launch_bounds__(128)); what is reported holds for all 3, not for a shape outside them; the launch at block-shapes-open.cu:[[@LINE+14]] is not used: the block size is 'n', which is not a compile-time constant)
}

__global__ void unknown(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'unknown', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-open.cu:[[@LINE+8]] is not used: the block size is 'n', which is not a compile-time constant)
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  squareTile<<<1, dim3(n, n)>>>(nullptr);
  twoWidths<<<1, n>>>(nullptr);
  bounded<<<1, n>>>(nullptr);
  unknown<<<1, n>>>(nullptr);
}
