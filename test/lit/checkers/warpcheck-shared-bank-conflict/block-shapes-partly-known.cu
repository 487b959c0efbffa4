// A kernel launched with a shape the host code fixes and again with one it
// does not: the launched shape is analyzed as an assumption (a range, never
// exact), and the note names the other launch (issue 25; Rodinia huffman's
// `uniformAdd`, launched with 256 threads and with a size from the input).
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --fix-style=none %s -- 2>&1 | %check-messages
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --format=json %s -- | FileCheck %s -check-prefix=JSON

__global__ void add(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in the assumed block shape, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'add', block 256x1x1 (from launch at block-shapes-partly-known.cu:[[@LINE+10]]; the launch at block-shapes-partly-known.cu:[[@LINE+11]] is not used: the block size is 'n', which is not a compile-time constant; what is reported holds for the launched shape, not for that launch)
  // JSON: "block_dim_assumed": true
  // JSON: "status": "range"
  out[threadIdx.x] = s[0];
}

int count();

void run(float *out) {
  int n = count();
  add<<<4, 256>>>(out);
  add<<<1, n>>>(out);
}
