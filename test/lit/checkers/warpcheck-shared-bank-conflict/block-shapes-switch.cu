// A run-time block size fixed on the path to the launch: the labels of the
// `case`s of a `switch (threads)` the launch sits in (with the cases that
// fall through into it), or the constant of an enclosing `if (threads ==
// C)` (`!=` in the else branch). Only a variable never written in its
// function counts: its value at the launch is its value where the block
// was built. This is how cuda-samples' reduction picks its kernels.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

int atoi(const char *);
void note(int);

template <int BlockSize> __global__ void reduceBlock(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * (BlockSize / 32)] = BlockSize;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'reduceBlock<64>', block 32x1x1 (from launch at block-shapes-switch.cu:[[@LINE+46]], 'threads' is 32 or 64 in the cases 32, 64 of the switch at block-shapes-switch.cu:[[@LINE+40]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'reduceBlock<64>', block 64x1x1 (from launch at block-shapes-switch.cu:[[@LINE+45]], 'threads' is 32 or 64 in the cases 32, 64 of the switch at block-shapes-switch.cu:[[@LINE+39]])
  // CHECK-MESSAGES: :[[@LINE-4]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: in 'reduceBlock<128>', block 128x1x1 (from launch at block-shapes-switch.cu:[[@LINE+39]], 'threads' is 128 in 'case 128' of the switch at block-shapes-switch.cu:[[@LINE+37]])
}

__global__ void fallThrough(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'fallThrough', block 96x1x1 (from launch at block-shapes-switch.cu:[[@LINE+41]], 'threads' is 96 or 160 in the cases 96, 160 of the switch at block-shapes-switch.cu:[[@LINE+30]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'fallThrough', block 160x1x1 (from launch at block-shapes-switch.cu:[[@LINE+40]], 'threads' is 96 or 160 in the cases 96, 160 of the switch at block-shapes-switch.cu:[[@LINE+29]])
}

__global__ void underIf(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'underIf', block 256x1x1 (from launch at block-shapes-switch.cu:[[@LINE+39]], 'threads' is 256 or 192 under the condition at block-shapes-switch.cu:[[@LINE+38]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'underIf', block 192x1x1 (from launch at block-shapes-switch.cu:[[@LINE+38]], 'threads' is 256 or 192 under the condition at block-shapes-switch.cu:[[@LINE+37]])
}

__global__ void inElse(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 16] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'inElse', block 512x1x1 (from launch at block-shapes-switch.cu:[[@LINE+34]], 'threads' is 512 in the else of the condition at block-shapes-switch.cu:[[@LINE+32]])
}

// Neither `default:` nor an unforcing condition gives a shape; `threads *=
// 2` in a statement before the switch's still lets `case 64` fix it.
__global__ void notFixed(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 32] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 's': 32 wavefronts per request in the assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'notFixed', block 64x1x1 (from launch at block-shapes-switch.cu:[[@LINE+37]], 'threads' is 64 in 'case 64' of the switch at block-shapes-switch.cu:[[@LINE+35]]; the 2 launches are not used; the one at block-shapes-switch.cu:[[@LINE+19]]: 'threads' of 'launch' at the call at block-shapes-switch.cu:[[@LINE+43]]: the block argument is 'atoi(argv[1])', which is not a compile-time constant; what is reported holds for the launched shape, not for that launch)
}

void launch(int threads, int kind) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 128:
    reduceBlock<128><<<1, block>>>(nullptr);
    break;
  case 64:
  case 32:
    reduceBlock<64><<<1, block>>>(nullptr);
    break;
  case 96:
    note(threads);
  case 160:
    fallThrough<<<1, block>>>(nullptr);
    break;
  default:
    notFixed<<<1, block>>>(nullptr);
  }
  if (threads == 256 || threads == 192)
    underIf<<<1, threads>>>(nullptr);
  if (threads != 512) {
  } else {
    inElse<<<1, threads>>>(nullptr);
  }
  if (kind != 0 && threads != 64) {
  } else {
    notFixed<<<1, threads>>>(nullptr);
  }
}

void launchChanged(int threads) {
  threads *= 2;
  switch (threads) {
  case 64:
    notFixed<<<1, threads>>>(nullptr);
    break;
  }
}

int main(int argc, char **argv) {
  launch(atoi(argv[1]), atoi(argv[2]));
  launchChanged(atoi(argv[1]));
}
