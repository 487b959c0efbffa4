// Soundness suite, part 4 (see soundness.cu): __shared__ objects whose
// constructor does work. nvcc accepts them (it warns and skips the
// initialization, as with `__shared__ cuda::barrier<...> bar;`); clang
// rejects the declaration, so warpcheck cannot see what an operation on such
// an object touches. Every operation on one must be reported unknown, never
// decided, and the other accesses of the kernel must still be decided.
// The operations below are lane*32 (32 wavefronts) or one uniform address.
#include "soundness.cuh"

/// A table of 1024 words whose constructor does work: clang rejects it as a
/// __shared__ variable, nvcc skips the constructor.
struct LaneTable {
  int V[1024];
  __device__ LaneTable() { V[0] = 0; }
  __device__ int &at(int I) { return V[I & 1023]; }
};

/// A counter with the same kind of constructor.
struct Counter {
  int Value;
  __device__ Counter() : Value(0) {}
  __device__ int bump(int By) { return atomicAdd(&Value, By); }
};

// PROBE store unknown: a member function of a rejected __shared__ object returns V[lane*32], stored to (32).
__global__ void obj_rejected_member_store(int *out) {
  __shared__ LaneTable T;
  T.at(threadIdx.x * 32) = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = T.V[(threadIdx.x * 32) & 1023];
}

// PROBE load unknown: a rejected __shared__ object's array member read at lane*32 (32).
__global__ void obj_rejected_member_load(int *out) {
  __shared__ LaneTable T;
  for (int I = threadIdx.x; I < 1024; I += blockDim.x)
    T.V[I] = I;
  __syncthreads();
  out[threadIdx.x] = T.V[(threadIdx.x * 32) & 1023];
}

// PROBE atomic unknown: atomicAdd on a rejected __shared__ counter, one address for every lane.
__global__ void obj_rejected_counter(const int *in, int *out) {
  __shared__ Counter C;
  __shared__ int s[1024];
  if (threadIdx.x == 0)
    C.Value = 0;
  __syncthreads();
  C.bump(in[threadIdx.x]);
  __syncthreads();
  s[threadIdx.x] = C.Value;
  __syncwarp();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}

int main() {
  Harness H;
  auto Plus1 = [](int T) { return T + 1; };
  auto Lane32 = [](int T) { return (T & 31) * 32; };

  obj_rejected_member_store<<<1, 32>>>(H.Out);
  H.expect("obj_rejected_member_store", 32, Plus1);
  obj_rejected_member_load<<<1, 32>>>(H.Out);
  H.expect("obj_rejected_member_load", 32, Lane32);
  H.input([](int I) { return I + 1; });
  obj_rejected_counter<<<1, 32>>>(H.In, H.Out);
  H.expect("obj_rejected_counter", 32, [](int) { return 32 * 33 / 2; });
  return H.Check.finish("soundness_objects");
}
