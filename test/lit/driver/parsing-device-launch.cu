// Device-side launches (dynamic parallelism): nvcc compiles them with -rdc,
// clang 19 reports an error but keeps the launch; both kernels are
// analyzed and the file is not an error.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
#include <cuda_runtime.h>
#include <cstdio>

__global__ void child(int *d) {
  __shared__ int s[32][32];
  d[threadIdx.x] = s[threadIdx.x][0];
  // The device-side launches are not followed (clang rejects them): the
  // shape is assumed, the answer a range.
  // CHECK-MESSAGES: :[[@LINE-3]]:20: warning: 32-way bank conflict on load from 's'
}

__global__ void parent(int *d) {
  __shared__ int t[32][32];
  t[threadIdx.x][0] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 't'
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(d);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    child<<<1, 32, 0, s>>>(d);
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(d);
    cudaStreamDestroy(s);
    printf("%d\n", d[0]);
  }
}

int main() { parent<<<1, 32>>>(nullptr); }
