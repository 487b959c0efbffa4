// A local dim3's member assigned a value that is not a compile-time
// constant (issue 25; Rodinia huffman's `block_size.x = num_block_threads`):
// the host evaluator gives the value, here a parameter every call passes
// 256, or 64 and 128 from two calls. A parameter of a function called
// nowhere gives none, and the reason says so.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --fix-style=none %s -- 2>&1 | %check-messages

__global__ void fromParameter(float *out) {
  __shared__ float s[32 * 256];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'fromParameter', block 256x1x1 (from launch at host-values-dim3-member-assigned.cu:{{[0-9]+}}, 'threads' from the call at host-values-dim3-member-assigned.cu:{{[0-9]+}})
  out[threadIdx.x] = s[0];
}

__global__ void twoCalls(float *out) {
  __shared__ float s[32 * 256];
  s[threadIdx.x * 4] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'twoCalls', block 64x1x1 (from launch at {{.*}}, 'n' from the call at host-values-dim3-member-assigned.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'twoCalls', block 128x1x1 (from launch at {{.*}}, 'n' from the call at {{.*}})
  out[threadIdx.x] = s[0];
}

__global__ void notCalled(float *out) {
  __shared__ float s[32 * 256];
  s[threadIdx.x * 8] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request in every assumed block shape, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'notCalled', block 256x1x1 (one of 6 shapes assumed, {{.*}}is not used: 'b.x' is assigned 'n', which is not a compile-time constant ('n' is a parameter of 'orphan', which is not called in this file))
  out[threadIdx.x] = s[0];
}

void work();

void run(char *file, unsigned threads, unsigned blocks = 1) {
  dim3 grid(blocks, 1, 1);
  dim3 block(threads, 1, 1);
  work();
  grid.x = blocks;
  block.x = threads;
  for (int i = 0; i < 10; i++)
    fromParameter<<<grid, block>>>(nullptr);
}

void both(unsigned n) {
  dim3 b;
  b.x = n;
  twoCalls<<<1, b>>>(nullptr);
}

void orphan(unsigned n) {
  dim3 b;
  b.x = n;
  notCalled<<<1, b>>>(nullptr);
}

int main(int argc, char **argv) {
  unsigned threads = 256;
  if (argc > 1)
    for (int i = 1; i < argc; i++)
      run(argv[i], threads);
  else
    run(nullptr, threads, 1024);
  both(64);
  both(128);
  return 0;
}
