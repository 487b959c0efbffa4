// A kernel launched through a function pointer or a table of kernels: every
// kernel the pointer may hold gets the launch's shape.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void first(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'first', block 64x1x1 (from launch at block-shapes-kernel-pointers.cu:[[@LINE+26]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'first', block 32x1x1 (from launch at block-shapes-kernel-pointers.cu:[[@LINE+29]])
}

__global__ void second(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'second', block 64x1x1 (from launch at block-shapes-kernel-pointers.cu:[[@LINE+18]])
}

__global__ void third(float *out) {
  __shared__ float s[4096];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'third', block 16x8x1 (from launch at block-shapes-kernel-pointers.cu:[[@LINE+13]])
}

__global__ void fourth(float *out) {
  __shared__ float s[4096];
  s[threadIdx.x] = 0;
}

int main(int argc, char **argv) {
  void (*table[])(float *) = {first, second};
  for (int i = 0; i < 2; ++i)
    table[i]<<<1, 64>>>(nullptr);
  auto f = third;
  f<<<1, dim3(16, 8)>>>(nullptr);
  void (*g)(float *) = argc > 1 ? fourth : first;
  g<<<1, 32>>>(nullptr);
}
