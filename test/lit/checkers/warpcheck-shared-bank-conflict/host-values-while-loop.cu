// A `while` loop whose body only steps its counter is run by hand like a
// `for` loop (ggml's softmax: `while (nth < ncols && nth < 1024) nth *=
// 2;`). A conjunct of its condition that is a run-time value may end it at
// any test, so the block may be any value the known conjunct lets through,
// or the first it stops: 32, 64 or 128 here. A body that does more than
// step the counter gives no value.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages

void note(int);

__global__ void rows(float *out) {
  __shared__ float s[2048];
  s[threadIdx.x * 2] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'rows', block 32x1x1 (from launch at host-values-while-loop.cu:[[@LINE+17]], 'nth' may be 32 after the loop at host-values-while-loop.cu:[[@LINE+14]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'rows', block 64x1x1 (from launch at host-values-while-loop.cu:[[@LINE+16]], 'nth' may be 64 after the loop at host-values-while-loop.cu:[[@LINE+13]])
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'rows', block 128x1x1 (from launch at host-values-while-loop.cu:[[@LINE+15]], 'nth' is 128 after the loop at host-values-while-loop.cu:[[@LINE+12]])
}

__global__ void open(float *out) {
  __shared__ float s[2048];
  s[threadIdx.x * 2] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'open', block 256x1x1 (one of 6 shapes assumed, {{.*}}; the launch at host-values-while-loop.cu:[[@LINE+17]] is not used: the block size 'nth' may be changed before the launch){{.*}}
}

void softmax(int ncols, float *out) {
  int nth = 32;
  while (nth < ncols && nth < 128)
    nth *= 2;
  const dim3 block(nth, 1, 1);
  rows<<<1, block>>>(out);
}

void withCall(int ncols, float *out) {
  int nth = 32;
  while (nth < ncols) {
    nth *= 2;
    note(nth);
  }
  open<<<1, nth>>>(out);
}

int main(int argc, char **) {
  softmax(argc, nullptr);
  withCall(argc, nullptr);
}
