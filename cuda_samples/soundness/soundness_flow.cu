// Soundness suite, part 6 (see soundness.cu): control flow the engine runs
// in worlds or element by element (issue 25). A range-based for over a
// braced list or an array is unrolled like the loop it is; a variable set
// under a warp-uniform condition the engine cannot decide (a value loaded
// from memory) holds one of the values of the condition's outcomes, and an
// access after it is decided in each; a function pointer the compiler folds
// (a template argument, a static constexpr member, a constexpr function's
// result) is followed. The data makes a rule that kept one outcome show:
// the outcome taken at run time is the more conflicted one (or, where the
// answer is a range, the one a rule that kept the other arm would miss).
#include "soundness.cuh"
#include <initializer_list>

// ---- range-based for -----------------------------------------------------------
// PROBE load exact 32: an index summed over a braced list {16, 8, 8}: lane*32 (missing an element gives 8 or 16).
__global__ void cf_range_braced(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Idx = 0;
  for (int St : {16, 8, 8})
    Idx += threadIdx.x * St;
  out[threadIdx.x] = S[Idx & 2047];
}
// PROBE load exact 16: an index summed over a local array {2, 4, 10}: lane*16.
__global__ void cf_range_array(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Arr[3] = {2, 4, 10};
  int Idx = 0;
  for (int St : Arr)
    Idx += threadIdx.x * St;
  out[threadIdx.x] = S[Idx & 2047];
}

// ---- a warp-uniform condition the engine cannot decide ----------------------------
// PROBE load unknown: c = lane, or lane*32 when n > 5 (n = In[0] = 7: 32; keeping the first value says 1).
__global__ void cf_if_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int C = threadIdx.x;
  if (N > 5)
    C = threadIdx.x * 32;
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load exact 2: c = lane*2, or lane*2 + 64 when n > 5: 2 either way (n = 7).
__global__ void cf_if_uniform_agree(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int C = threadIdx.x * 2;
  if (N > 5)
    C = threadIdx.x * 2 + 64;
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load unknown: c = lane*2 when n > 5, else lane*32 (n = 7: 2; the else arm alone says 32).
__global__ void cf_if_else_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int C;
  if (N > 5)
    C = threadIdx.x * 2;
  else
    C = threadIdx.x * 32;
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load exact 32: a C-style counter declared without a value and run under n > 5: lane*32 (n = 7).
__global__ void cf_uniform_counter(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int I;
  int Idx = threadIdx.x;
  if (N > 5) {
    for (I = 1; I <= 16; I = 2 * I)
      Idx += threadIdx.x * I;
    out[threadIdx.x] = S[Idx & 2047];
  }
}
// PROBE load unknown: c = lane*32 when n > 5, and a return when n > 7 (n = 7: no return, 32).
__global__ void cf_uniform_return(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int C = threadIdx.x;
  if (N > 5) {
    C = threadIdx.x * 32;
    if (N > 7)
      return;
  }
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load unknown: two warps, each its own n (In[0] = 7: lane*32, In[1] = 0: lane): 32 and 1.
__global__ void cf_uniform_per_warp(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[threadIdx.x / 32];
  int C = threadIdx.x;
  if (N > 5)
    C = threadIdx.x * 32;
  out[threadIdx.x] = S[C & 2047];
}
// ---- a comparison decided alike by every lane of a warp ---------------------------
// PROBE load exact 32: 32 * n + lane >= 224 holds in every lane or none (n = In[0] = 7: all); lane*32.
__global__ void cf_threshold_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int V = 0;
  if (32 * N + (int)threadIdx.x >= 224)
    V = S[(threadIdx.x * 32) & 2047];
  out[threadIdx.x] = V;
}
// PROBE load unknown: 32 * n + lane >= 230 splits the warp (n = 7: lanes 6..31, 26 wavefronts).
__global__ void cf_threshold_split(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int V = 0;
  if (32 * N + (int)threadIdx.x >= 230)
    V = S[(threadIdx.x * 32) & 2047];
  out[threadIdx.x] = V;
}
// PROBE load exact 32: llm.c's `if (i * Br + tx >= N) break;` in a loop of n = 7 iterations: iterations 0..3 run in every lane.
__global__ void cf_threshold_loop(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int Acc = 0;
  for (int I = 0; I < N; ++I) {
    if (I * 32 + (int)threadIdx.x >= 128)
      break;
    Acc += S[(threadIdx.x * 32 + I) & 2047];
  }
  out[threadIdx.x] = Acc;
}
// PROBE load unknown: switch on a loaded mode: lane, lane*2 or (default) lane*32 (mode = 7: 32).
__global__ void cf_switch_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Mode = in[0];
  int C;
  switch (Mode) {
  case 0:
    C = threadIdx.x;
    break;
  case 1:
    C = threadIdx.x * 2;
    break;
  default:
    C = threadIdx.x * 32;
  }
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load exact 4: switch on a loaded mode, every case a stride of 4 words (mode = 1).
__global__ void cf_switch_agree(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Mode = in[0];
  int C;
  switch (Mode) {
  case 0:
    C = threadIdx.x * 4;
    break;
  case 1:
    C = threadIdx.x * 4 + 128;
    break;
  default:
    C = threadIdx.x * 4 + 256;
  }
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load unknown: c = n > 5 ? lane*32 : lane (n = 7: 32).
__global__ void cf_ternary_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int C = N > 5 ? threadIdx.x * 32 : threadIdx.x;
  out[threadIdx.x] = S[C & 2047];
}
// PROBE load exact 1: c = n > 5 ? lane + 1 : lane + 33: 1 either way (n = 7).
__global__ void cf_ternary_agree(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int C = N > 5 ? threadIdx.x + 1 : threadIdx.x + 33;
  out[threadIdx.x] = S[C & 2047];
}

// ---- function pointers the compiler folds ------------------------------------------
__device__ int read32(const int *S, int I) { return S[(I * 32) & 2047]; }
__device__ int read1(const int *S, int I) { return S[I & 2047]; }
typedef int (*Reader)(const int *, int);
template <int K> __device__ constexpr Reader chooseReader() {
  return K == 0 ? read1 : read32;
}
struct Traits {
  static constexpr Reader Read = read32;
};

// PROBE load exact 32: a constexpr pointer from a constexpr function, chooseReader<1>() = read32.
__global__ void cf_constexpr_call(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  constexpr Reader R = chooseReader<1>();
  out[threadIdx.x] = R(S, threadIdx.x);
}
// PROBE load exact 32: a static constexpr member of a traits class, read32.
__global__ void cf_static_member(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  constexpr Reader R = Traits::Read;
  out[threadIdx.x] = R(S, threadIdx.x);
}
// PROBE load exact 32: a function pointer given as a template argument.
template <Reader R> __global__ void cf_template_pointer(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  out[threadIdx.x] = R(S, threadIdx.x);
}

int main() {
  Harness H;
  auto Seven = [](int I) { return I == 0 ? 7 : 0; };
  auto One = [](int I) { return I == 0 ? 1 : 0; };
  cf_range_braced<<<1, 32>>>(H.Out);
  H.expect("cf_range_braced", 32, [](int T) { return (T * 32) & 2047; });
  cf_range_array<<<1, 32>>>(H.Out);
  H.expect("cf_range_array", 32, [](int T) { return (T * 16) & 2047; });
  H.input(Seven);
  cf_if_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_if_uniform", 32, [](int T) { return (T * 32) & 2047; });
  H.input(Seven);
  cf_if_uniform_agree<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_if_uniform_agree", 32, [](int T) { return T * 2 + 64; });
  H.input(Seven);
  cf_if_else_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_if_else_uniform", 32, [](int T) { return T * 2; });
  H.input(Seven);
  cf_uniform_counter<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_uniform_counter", 32, [](int T) { return (T * 32) & 2047; });
  H.input(Seven);
  cf_uniform_return<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_uniform_return", 32, [](int T) { return (T * 32) & 2047; });
  H.input(Seven);
  cf_uniform_per_warp<<<1, 64>>>(H.In, H.Out);
  H.expect("cf_uniform_per_warp", 64,
           [](int T) { return T < 32 ? (T * 32) & 2047 : T; });
  H.input(Seven);
  cf_threshold_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_threshold_uniform", 32, [](int T) { return (T * 32) & 2047; });
  H.input(Seven);
  cf_threshold_split<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_threshold_split", 32,
           [](int T) { return T >= 6 ? (T * 32) & 2047 : 0; });
  H.input(Seven);
  cf_threshold_loop<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_threshold_loop", 32, [](int T) { return 4 * T * 32 + 6; });
  H.input(Seven);
  cf_switch_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_switch_uniform", 32, [](int T) { return (T * 32) & 2047; });
  H.input(One);
  cf_switch_agree<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_switch_agree", 32, [](int T) { return T * 4 + 128; });
  H.input(Seven);
  cf_ternary_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_ternary_uniform", 32, [](int T) { return (T * 32) & 2047; });
  H.input(Seven);
  cf_ternary_agree<<<1, 32>>>(H.In, H.Out);
  H.expect("cf_ternary_agree", 32, [](int T) { return T + 1; });
  cf_constexpr_call<<<1, 32>>>(H.Out);
  H.expect("cf_constexpr_call", 32, [](int T) { return (T * 32) & 2047; });
  cf_static_member<<<1, 32>>>(H.Out);
  H.expect("cf_static_member", 32, [](int T) { return (T * 32) & 2047; });
  cf_template_pointer<read32><<<1, 32>>>(H.Out);
  H.expect("cf_template_pointer", 32,
           [](int T) { return (T * 32) & 2047; });
  return H.Check.finish("soundness_flow");
}
