// Constructors that decide where a member points (issue 22): an anonymous
// union's or struct's member, an array of objects (each element
// constructed), a user-written copy constructor that moves the pointer; and
// objects the engine loses (one of two returned by reference, a ?: between
// two objects), whose accesses are unknown, never dropped or decided on one
// of them. Measured: cuda_samples/soundness/soundness_members.cu.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

struct H {
  union {
    int *p;
    float *q;
  };
  __device__ H(int *s) : p(s) {}
  __device__ void put(int i) { p[i * 32] = 1; }
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 32-way bank conflict on store to 'A': 32 wavefronts per request, 1 ideal
};
struct G {
  struct {
    int *p;
  };
  __device__ G(int *s) : p(s) {}
};
__shared__ int Z[2048];
struct Slot {
  int *p;
  __device__ Slot() : p(Z) {}
};
struct C {
  int *p;
  __device__ C(int *s) : p(s) {}
  __device__ C(const C &o) : p(o.p + (threadIdx.x & 1) * 33) {}
};
struct P {
  int *p;
};
__device__ P &pick(P &a, P &b, bool c) {
  if (c)
    return a;
  return b;
}

__global__ void k(int *out) {
  __shared__ int A[2048];
  A[threadIdx.x] = 0;
  H h(A);
  h.put(threadIdx.x);
  G g(A);
  g.p[threadIdx.x * 16] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 'A': 16 wavefronts per request, 1 ideal
  Slot slots[2];
  slots[1].p[threadIdx.x * 8] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 'Z': 8 wavefronts per request, 1 ideal
  C c1(A);
  C c2(c1);
  out[threadIdx.x] = c2.p[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on load from 'A': 2 wavefronts per request, 1 ideal
  P a{A}, b{A + 33};
  out[threadIdx.x] = pick(a, b, threadIdx.x & 1).p[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: bank conflicts of load from shared memory cannot be decided: it depends on 'an address warpcheck does not follow, which may be one of the __shared__ pointers objects hold'
  out[threadIdx.x] = ((threadIdx.x & 1) ? a : b).p[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: bank conflicts of load from shared memory cannot be decided: it depends on 'an address warpcheck does not follow, which may be one of the __shared__ pointers objects hold'
}

int main() { k<<<1, 32>>>(nullptr); }
