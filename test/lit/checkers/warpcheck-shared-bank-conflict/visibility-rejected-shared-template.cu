// In a kernel template, clang rejects a __shared__ object whose constructor
// does work and then does not instantiate the kernel's body: the kernel is
// reported as not analyzed (a note naming the object, the file's error line
// counting it), never silently dropped. A plain kernel of the same file is
// analyzed.
// RUN: not %warpcheck %s -- 2>&1 | %check-messages

struct Counter {
  int Value;
  __device__ Counter() : Value(0) {}
};

template <int N>
__global__ void counted(int *p) {
  __shared__ int s[32 * N];
  __shared__ Counter c;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: initialization is not supported for __shared__ variables; 1 of 2 kernels analyzed, code that did not parse was not (see the notes)
  s[threadIdx.x * N] = p[threadIdx.x];
  p[threadIdx.x] = s[threadIdx.x] + c.Value;
}

__global__ void plain(int *p) {
  __shared__ int t[64];
  t[threadIdx.x * 2] = p[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 't': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'plain'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:18: note: swizzle{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:18: note: or pad {{.*}}
}
// CHECK-MESSAGES: :14:17: note: kernel 'counted<32>' not analyzed: clang rejected its instantiation: its __shared__ 'c' (line 16) has a constructor that does work, which nvcc skips

int main() {
  counted<32><<<1, 32>>>(nullptr);
  plain<<<1, 32>>>(nullptr);
}
