// nvcc accepts a __shared__ object whose constructor does work (it warns and
// skips the initialization: `__shared__ cuda::barrier<...> bar;`), clang
// rejects it. The kernel is still analyzed: every operation on the object is
// reported as an access warpcheck cannot see, and the other accesses are
// decided.
// RUN: not %warpcheck %s -- 2>&1 | %check-messages

struct Counter {
  int Value;
  __device__ Counter() : Value(0) {}
  __device__ void bump() { atomicAdd(&Value, 1); }
};

__global__ void counted(int *p) {
  __shared__ int s[64];
  __shared__ Counter c;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: initialization is not supported for __shared__ variables; every kernel was analyzed, without the device code clang could not parse
  s[threadIdx.x] = p[threadIdx.x];
  c.bump();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of atomic update of 'c' cannot be decided: it depends on an operation on 'c', a __shared__ 'Counter' that clang rejects (its constructor does work; nvcc skips it) [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'counted' {{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:22: note: no layout fix offered: {{.*}}
  p[threadIdx.x] = s[threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-11]]:18: note: pad {{.*}}
  // CHECK-MESSAGES: :[[@LINE-12]]:18: note: or swizzle{{.*}}
}

int main() { counted<<<1, 64>>>(nullptr); }
