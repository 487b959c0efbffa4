// The address escaping to a call that stays a call, or through a pointer
// moved by a thread-dependent amount; and constant-indexed arrays too large
// for the register file.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages

__noinline__ __device__ float sum4(const float *a) {
  return a[0] + a[1] + a[2] + a[3];
}

__global__ void escapes(const float *in, float *out) {
  float a[4], b[4];
  for (int j = 0; j < 4; ++j) {
    a[j] = in[j];
    b[j] = in[j];
  }
  out[0] = sum4(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'a' (16 bytes) will live in local memory: its address escapes to code that is not inlined
  // CHECK-MESSAGES: :[[@LINE-7]]:9: note: 'a' declared here, in 'escapes'; pass the elements by value, or make the callee __forceinline__
  const float *p = b + (threadIdx.x % 2);
  out[1] = p[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'b' (16 bytes) will live in local memory: it is reached through a pointer whose offset is not known at compile time
}

__global__ void tooLarge(const float *in, float *out) {
  float big[512];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'big' (2048 bytes) is indexed only with constants, but needs 512 registers, more than the 255 a thread has: likely spilled to local memory
#pragma unroll
  for (int j = 0; j < 512; ++j)
    big[j] = in[j * threadIdx.x];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 512; ++j)
    s += big[j] * big[511 - j];
  out[threadIdx.x] = s;
}

int main() {
  escapes<<<1, 32>>>(nullptr, nullptr);
  tooLarge<<<1, 32>>>(nullptr, nullptr);
}
