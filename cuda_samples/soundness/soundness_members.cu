// Soundness suite, part 5 (see soundness.cu): __shared__ storage reached
// through objects (issue 22): a copy constructor that moves the pointer it
// copies, a reference member, a temporary, a reference returned from one of
// two objects, an anonymous union's member, an array of objects. Each data
// choice makes a rule that ignored the construct show: a memberwise copy
// would read lane L at S[L] (1 wavefront), the copy constructor reads odd
// lanes 33 words further (2).
#include "soundness.cuh"

/// A view whose copy moves odd lanes 33 words on.
struct View {
  int *P;
  __device__ View(int *S) : P(S) {}
  __device__ View(const View &O) : P(O.P + (threadIdx.x & 1) * 33) {}
  __device__ int get(int I) const { return P[I]; }
};

/// A reference member bound by the constructor, as CUB keeps TempStorage.
struct Ref {
  int (&S)[2048];
  __device__ Ref(int (&A)[2048]) : S(A) {}
  __device__ int at(int I) const { return S[I & 2047]; }
};

struct Holder {
  int Off;
};

/// One of two objects, by reference.
__device__ const Holder &pick(const Holder &A, const Holder &B, bool First) {
  if (First)
    return A;
  return B;
}

/// An anonymous union's member set by the constructor.
struct Either {
  union {
    int *P;
    float *Q;
  };
  __device__ Either(int *S) : P(S) {}
};

__shared__ int Table[2048];

/// Default-constructed onto a __shared__ table: built once per element.
struct Slot {
  int *P;
  __device__ Slot() : P(Table) {}
};

// PROBE load exact 2: a user copy constructor moves odd lanes 33 words: lane L reads S[L + (L&1)*33] (2).
__global__ void mem_copy_constructor(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  View A(S);
  View B(A);
  out[threadIdx.x] = B.get(threadIdx.x);
}

// PROBE load exact 32: a reference member bound in the constructor, read at lane*32 (32).
__global__ void mem_reference_member(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  Ref R(S);
  out[threadIdx.x] = R.at(threadIdx.x * 32);
}

// PROBE load exact 32: a temporary holding a reference member, read at lane*64 (32).
__global__ void mem_temporary(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  out[threadIdx.x] = Ref(S).at(threadIdx.x * 64);
}

// PROBE load unknown: an offset read through a reference returned from one of two objects by lane parity: odd lanes read S[L+33] (2).
__global__ void mem_reference_return(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  Holder A{33}, B{0};
  out[threadIdx.x] = S[pick(A, B, threadIdx.x & 1).Off + threadIdx.x];
}

// PROBE load exact 32: an anonymous union's pointer member, read at lane*32 (32).
__global__ void mem_anonymous_union(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  Either E(S);
  out[threadIdx.x] = E.P[threadIdx.x * 32];
}

// PROBE load exact 32: the second of an array of default-constructed objects, read at lane*32 (32).
__global__ void mem_object_array(int *out) {
  fillIota(Table, 2048);
  __syncthreads();
  Slot Slots[2];
  out[threadIdx.x] = Slots[1].P[threadIdx.x * 32];
}

int main() {
  Harness H;
  mem_copy_constructor<<<1, 32>>>(H.Out);
  H.expect("mem_copy_constructor", 32, [](int T) { return T + (T & 1) * 33; });
  mem_reference_member<<<1, 32>>>(H.Out);
  H.expect("mem_reference_member", 32, [](int T) { return T * 32; });
  mem_temporary<<<1, 32>>>(H.Out);
  H.expect("mem_temporary", 32, [](int T) { return T * 64; });
  mem_reference_return<<<1, 32>>>(H.Out);
  H.expect("mem_reference_return", 32, [](int T) { return T + (T & 1) * 33; });
  mem_anonymous_union<<<1, 32>>>(H.Out);
  H.expect("mem_anonymous_union", 32, [](int T) { return T * 32; });
  mem_object_array<<<1, 32>>>(H.Out);
  H.expect("mem_object_array", 32, [](int T) { return T * 32; });
  return H.Check.finish("soundness_members");
}
