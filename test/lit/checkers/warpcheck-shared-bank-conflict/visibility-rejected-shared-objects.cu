// nvcc accepts a __shared__ object whose constructor does work (it warns and
// skips the initialization: `__shared__ cuda::barrier<...> bar;`), clang
// rejects it. The kernel is still analyzed: every operation on the object is
// reported as an access warpcheck cannot see, classified by its syntax (a
// store, a load and a store, an atomic, or what the member function called
// does), and the other accesses are decided.
// RUN: not %warpcheck %s -- 2>&1 | %check-messages

struct Counter {
  int Value;
  __device__ Counter() : Value(0) {}
  __device__ void bump() { atomicAdd(&Value, 1); }
};

struct Table {
  int V[1024];
  double D[64];
  __device__ Table() { V[0] = 0; }
  __device__ int &at(int I) { return V[I & 1023]; }
  __device__ int get(int I) const { return V[I & 1023]; }
  __device__ void clear(int I) { V[I] = 0; }
  __device__ void copyTo(int *Dst) { Dst[threadIdx.x * 32] = V[threadIdx.x]; }
};

__global__ void counted(int *p) {
  __shared__ int s[64];
  __shared__ Counter c;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: initialization is not supported for __shared__ variables (and 2 more errors); every kernel was analyzed, without the device code clang could not parse
  s[threadIdx.x] = p[threadIdx.x];
  c.bump();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of atomic update of 'c' cannot be decided: it depends on an operation on 'c', a __shared__ 'Counter' that clang rejects (its constructor does work; nvcc skips it) [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'counted'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:22: note: no layout fix offered: {{.*}}
  p[threadIdx.x] = s[threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-11]]:18: note: swizzle{{.*}}
  // CHECK-MESSAGES: :[[@LINE-12]]:18: note: or pad {{.*}}
}

__global__ void tables(int *p) {
  __shared__ Table t;
  __shared__ int s[1024];
  t.at(threadIdx.x) = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 't' cannot be decided: it depends on an operation on 't', a __shared__ 'Table' {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: up to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: no layout fix offered: {{.*}}
  t.V[threadIdx.x] += 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of load and store of 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'tables'{{.*}}
  //
  //
  ++t.V[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of load and store of 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in 'tables'{{.*}}
  //
  //
  atomicAdd(&t.V[threadIdx.x], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: bank conflicts of atomic update of 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: in 'tables'{{.*}}
  // The store to s is decided although its value comes from 't'.
  s[threadIdx.x * 32] = t.get(threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'tables'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-22]]:18: note: swizzle{{.*}}
  // CHECK-MESSAGES: :[[@LINE-23]]:18: note: or pad rows of 32 elements by 1: 'int s[1056]' {{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:25: warning: bank conflicts of load from 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:25: note: in 'tables'{{.*}}
  t.clear(threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'tables'{{.*}}
  // 8-byte elements: 2 wavefronts is the ideal.
  p[threadIdx.x] = t.D[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: bank conflicts of load from 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: up to 32 wavefronts per request, 2 ideal
}

// A shared array handed to a member function of the rejected object: what
// the call does with it is not known, so it is reported too.
__global__ void handsOver(int *p) {
  __shared__ Table t;
  __shared__ int s[1024];
  t.copyTo(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 't' cannot be decided: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'handsOver'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: no layout fix offered: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:12: warning: bank conflicts of store to 's' cannot be decided: it depends on an operation on 't', a __shared__ 'Table' {{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: in 'handsOver'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:18: note: no layout fix offered: the wavefronts of 's' cannot be decided {{.*}}
  p[threadIdx.x] = s[threadIdx.x];
}

int main() {
  counted<<<1, 64>>>(nullptr);
  tables<<<1, 32>>>(nullptr);
  handsOver<<<1, 32>>>(nullptr);
}
