// Host values through a variadic pack and std::forward (issue 25), the way
// llm.c's dev/cuda benchmarks run a kernel: benchmark_kernel(repeats,
// attention_forward, kernel_num, ..., C, NH, block_size). The expanded
// parameters of the instantiation are the call's arguments by index;
// std::forward(x) and std::move(x) are x; main's locals bound to the
// forwarding references are only forwarded by value, so not changed.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

#include <utility>

__global__ void attention(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // d = 768 / 12 = 64 at both calls of forward2 (directly and through the
  // benchmark).
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'attention', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: 'd' is 64 at the launch at host-values-variadic-forward.cu:[[@LINE+22]]
  out[threadIdx.x] = s[0];
}

__global__ void moved(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'moved', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'd' is 2 at the launch at host-values-variadic-forward.cu:[[@LINE+24]]
  out[threadIdx.x] = s[0];
}

template <class Kernel, class... KernelArgs>
float benchmark_kernel(int repeats, Kernel kernel, KernelArgs &&...args) {
  for (int i = 0; i < repeats; i++)
    kernel(std::forward<KernelArgs>(args)...);
  return 0;
}

void forward2(float *out, int C, int NH) {
  const int d = C / NH;
  attention<<<1, 32>>>(out, d);
}

void dispatch(int kernel_num, float *out, int C, int NH) {
  switch (kernel_num) {
  case 2:
    forward2(out, C, NH);
    break;
  }
}

void runMoved(int d) { moved<<<1, 32>>>(nullptr, d); }

int main(int argc, char **argv) {
  int C = 768;
  int NH = 12;
  int kernel_num = argc > 1 ? 2 : 1;
  float *out = nullptr;
  dispatch(kernel_num, out, C, NH);
  benchmark_kernel(100, dispatch, kernel_num, out, C, NH);
  int two = 2;
  benchmark_kernel(1, runMoved, std::move(two));
}
