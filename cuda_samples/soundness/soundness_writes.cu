// Soundness suite, part 7 (see soundness.cu): what a loop with a run-time
// trip count writes in per-thread objects. Before its generic iteration the
// engine forgets only the bytes the loop (and what it calls, followed into
// the callees' bodies) may write: members written through a reference
// parameter, a method's `this`, a base class, a returned reference or a
// local reference; a loop in a callee writes through the callee's
// reference parameter. A member the loop never writes keeps its value. The
// data (n = in[0] = 7 iterations) makes a rule that forgot too little show:
// the member the loop does write moves the index from conflict-free to a
// 32-way conflict after the first iteration.
#include "soundness.cuh"

struct Walker {
  int Off; // the index into shared memory
  int Acc; // what the loop accumulates
};

__device__ void stepBy(Walker &W, const int *S, int Lane) {
  W.Acc += S[W.Off & 2047];
  W.Off += Lane * 31;
}

__device__ void accumulate(Walker &W, int V) { W.Acc += V; }

// PROBE load unknown: W.Off += lane*31 through a reference parameter each iteration (lane, then lane*32: 32-way).
__global__ void wr_reference_param(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  Walker W = {(int)threadIdx.x, 0};
#pragma unroll 1
  for (int I = 0; I < N; ++I)
    stepBy(W, S, threadIdx.x);
  out[threadIdx.x] = W.Acc;
}

// PROBE load exact 2: the callee writes only W.Acc; W.Off stays lane*2 (2 wavefronts in every iteration).
__global__ void wr_member_kept(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  Walker W = {(int)threadIdx.x * 2, 0};
#pragma unroll 1
  for (int I = 0; I < N; ++I)
    accumulate(W, S[W.Off & 2047]);
  out[threadIdx.x] = W.Acc;
}

struct Cursor {
  int Pad;
  int Off;
  __device__ void advance(int Lane) { Off += Lane * 31; }
};
struct Column : Cursor {
  int Sum;
};

// PROBE load unknown: a method of the base class at offset 4 moves Off (lane, then lane*32: 32-way).
__global__ void wr_base_method(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  Column C;
  C.Pad = 0;
  C.Off = threadIdx.x;
  C.Sum = 0;
#pragma unroll 1
  for (int I = 0; I < N; ++I) {
    C.Sum += S[C.Off & 2047];
    C.advance(threadIdx.x);
  }
  out[threadIdx.x] = C.Sum;
}

struct Tile {
  int Vals[4];
  int Off;
  __device__ int &at(int I) { return Vals[I & 3]; }
  __device__ int &offset() { return Off; }
};

// PROBE load exact 2: writes through at()'s reference reach Vals only; Off stays lane*2.
__global__ void wr_returned_kept(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  Tile T = {{0, 0, 0, 0}, (int)threadIdx.x * 2};
#pragma unroll 1
  for (int I = 0; I < N; ++I)
    T.at(I) += S[T.Off & 2047];
  out[threadIdx.x] = T.Vals[0] + T.Vals[1] + T.Vals[2] + T.Vals[3];
}

// PROBE load unknown: offset() returns a reference to Off, moved by lane*31 (lane, then lane*32: 32-way).
__global__ void wr_returned_moved(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  Tile T = {{0, 0, 0, 0}, (int)threadIdx.x};
#pragma unroll 1
  for (int I = 0; I < N; ++I) {
    T.Vals[0] += S[T.Off & 2047];
    T.offset() += threadIdx.x * 31;
  }
  out[threadIdx.x] = T.Vals[0];
}

// PROBE load unknown: a local reference bound to W.Off moves it (lane, then lane*32: 32-way).
__global__ void wr_local_reference(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  Walker W = {(int)threadIdx.x, 0};
#pragma unroll 1
  for (int I = 0; I < N; ++I) {
    W.Acc += S[W.Off & 2047];
    int &O = W.Off;
    O += threadIdx.x * 31;
  }
  out[threadIdx.x] = W.Acc;
}

__device__ int walkByReference(Walker &W, const int *S, int N) {
  int Acc = 0;
#pragma unroll 1
  for (int I = 0; I < N; ++I) {
    Acc += S[W.Off & 2047];
    W.Off += threadIdx.x * 31;
  }
  return Acc;
}

// PROBE load unknown: the loop is in a callee and writes W.Off through its reference parameter (lane, then lane*32: 32-way).
__global__ void wr_loop_in_callee(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  Walker W = {(int)threadIdx.x, 0};
  out[threadIdx.x] = walkByReference(W, S, in[0]);
}

/// Lane T's sum over 7 iterations of S[(T + 31 * T * K) & 2047].
static int movedSum(int T) {
  int Sum = 0;
  for (int K = 0; K < 7; ++K)
    Sum += (T + 31 * T * K) & 2047;
  return Sum;
}

int main() {
  Harness H;
  auto Seven = [](int I) { return I == 0 ? 7 : 0; };
  H.input(Seven);
  wr_reference_param<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_reference_param", 32, movedSum);
  H.input(Seven);
  wr_member_kept<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_member_kept", 32, [](int T) { return 7 * T * 2; });
  H.input(Seven);
  wr_base_method<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_base_method", 32, movedSum);
  H.input(Seven);
  wr_returned_kept<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_returned_kept", 32, [](int T) { return 7 * T * 2; });
  H.input(Seven);
  wr_returned_moved<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_returned_moved", 32, movedSum);
  H.input(Seven);
  wr_local_reference<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_local_reference", 32, movedSum);
  H.input(Seven);
  wr_loop_in_callee<<<1, 32>>>(H.In, H.Out);
  H.expect("wr_loop_in_callee", 32, movedSum);
  return H.Check.finish("soundness_writes");
}
