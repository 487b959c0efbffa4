// Soundness suite, part 9 (see soundness.cu): the engine rules of issue 25's
// "E" rows of the cuda-samples trial. A float loop counter that only takes
// integers it holds exactly has the integer loop's trip count
// (imageDenoising); `x | m` with m's low bits ones is the same in the lanes
// whose x differs only there, and `__ffs` of one value is one value
// (SobolQRNG); counters stepped in one comma increment are start + k * step,
// so a test on them is warp-uniform (globalToShmemAsyncCopy); a
// `cg::thread_group` parameter holds the group its call passed
// (simpleCooperativeGroups). The data makes a wrong rule show: a counter
// that is not exact, a mask that does not cover the lane bits, a loop exit
// that differs between lanes, a counter the body changes too.
#include "soundness.cuh"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- float loop counters -------------------------------------------------------
// PROBE load exact 32: k += 4 in the 8 iterations of a float counter -3..4: lane*32 (7 or 9 iterations: 4-way).
__global__ void er_float_trip(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int K = 0;
  for (float F = -3.f; F <= 4.f; F++)
    K += 4;
  out[threadIdx.x] = S[(threadIdx.x * K) & 2047];
}
// PROBE load exact 4: steps of 0.1f run 9 times, not 10: lane*36, 4-way (ten steps would be 8-way).
__global__ void er_float_inexact(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int K = 0;
  for (float F = 0.1f; F < 1.0f; F += 0.1f)
    K += 4;
  out[threadIdx.x] = S[(threadIdx.x * K) & 2047];
}

// ---- or with a low mask, __ffs --------------------------------------------------
// PROBE load exact 1: ((lane + 64n) | (64g - 1)) >> 1 is one word per warp (n = In[0] = 7, g = In[1] = 1: 255).
__global__ void er_or_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int G = in[1];
  out[threadIdx.x] = S[(((threadIdx.x + 64 * N) | (64 * G - 1)) >> 1) & 2047];
}
// PROBE load exact 4: ((lane + 64n) | (8g - 1)) * 32, g = 1: four words of bank 0 (lanes 0-7, 8-15, ...).
__global__ void er_or_partial(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int G = in[1];
  out[threadIdx.x] = S[(((threadIdx.x + 64 * N) | (8 * G - 1)) * 32) & 2047];
}
// PROBE load exact 2: ((lane + 8n) | (64g - 1)) >> 1, n = 7, g = 1: lanes 0-7 carry into bit 6 apart from 8-31 (words 31 and 63).
__global__ void er_or_carry(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int N = in[0];
  int G = in[1];
  out[threadIdx.x] = S[(((threadIdx.x + 8 * N) | (64 * G - 1)) >> 1) & 2047];
}
// PROBE load exact 1: SobolQRNG's v[__ffs(~((i - stride) | (stride - 1))) - 1], stride 128: one word per request.
__global__ void er_ffs_stride(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  unsigned N = in[0];
  int I0 = threadIdx.x + blockIdx.x * blockDim.x;
  int Stride = gridDim.x * blockDim.x;
  unsigned Mask = Stride - 1;
  int Acc = 0;
#pragma unroll 1
  for (unsigned I = I0 + Stride; I < N; I += Stride)
    Acc += S[__ffs(~((I - Stride) | Mask)) - 1];
  out[I0] = Acc;
}
// PROBE load exact 2: mask 15 leaves lanes 0-15 and 16-31 apart: two words of bank 0 per request.
__global__ void er_ffs_partial(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  unsigned N = in[0];
  int I0 = threadIdx.x + blockIdx.x * blockDim.x;
  int Stride = gridDim.x * blockDim.x;
  int Acc = 0;
#pragma unroll 1
  for (unsigned I = I0 + Stride; I < N; I += Stride)
    Acc += S[((__ffs(~((I - Stride) | 15u)) - 1) * 32) & 2047];
  out[I0] = Acc;
}

// ---- counters of one comma increment ---------------------------------------------
// PROBE load exact 8: lanes 0-7 load at lane*32 + b, b = 32k, in a loop whose test a <= n is warp-uniform (n = 100).
__global__ void er_comma_uniform(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int End = in[0];
  int Acc = 0;
#pragma unroll 1
  for (int A = 0, B = 0; A <= End; A += 16, B += 32)
    if (threadIdx.x < 8)
      Acc += S[(threadIdx.x * 32 + B) & 2047];
  out[threadIdx.x] = Acc;
}
// PROBE store unknown: a = lane + 16k <= 40 leaves lanes at different iterations: 32, 25, 9 lanes of bank 0.
__global__ void er_comma_divergent(const int *in, int *out) {
  __shared__ int S[2048];
  int End = in[0];
#pragma unroll 1
  for (int A = threadIdx.x, B = 0; A <= End; A += 16, B += 32)
    S[(threadIdx.x * 32 + B) & 2047] = A;
  __syncthreads();
  out[threadIdx.x] = S[threadIdx.x * 32];
}
// PROBE load exact 2: stage j = i % 4 shifts by 1024 bytes: lane*2 in every stage (n = 100: 7 iterations).
__global__ void er_stage_shift(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int End = in[0];
  int Acc = 0;
#pragma unroll 1
  for (int A = 0, I = 0; A < End; A += 16, ++I) {
    int J = I % 4;
    Acc += S[J * 256 + threadIdx.x * 2];
  }
  out[threadIdx.x] = Acc;
}
// PROBE load exact 24: lanes 0-7 also step i in the body: banks 2k+1 and k, 24 lanes on one bank.
__global__ void er_comma_body(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int End = in[0];
  int Acc = 0;
#pragma unroll 1
  for (int A = 0, I = 0; A < End; A += 16, ++I) {
    if (threadIdx.x < 8)
      ++I;
    Acc += S[(threadIdx.x * 32 + I) & 2047];
  }
  out[threadIdx.x] = Acc;
}

// ---- a counter stepped by a loop inside its own ---------------------------------
// PROBE load exact 2: iStage stepped only by an inner loop's increment, the same in every lane: As[iStage % 4] moves by 1024 bytes, lane*2 (n = 100, a parameter the engine does not know).
__global__ void er_stepped_uniform(int End, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Acc = 0;
#pragma unroll 1
  for (int A = 0, AStage = 0, IStage = 0; A < End; A += 16) {
#pragma unroll 1
    for (; AStage <= A + 32; AStage += 16, ++IStage)
      Acc += S[(IStage % 4) * 256 + threadIdx.x * 2];
  }
  out[threadIdx.x] = Acc;
}
// PROBE load unknown: the inner loop's test reads the lane (lane & 3 steps per iteration k): words 8kc, c = 0-3, 1 to 4 wavefronts by k.
__global__ void er_stepped_lane(int End, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Acc = 0;
#pragma unroll 1
  for (int A = 0, IStage = 0; A < End; A += 16) {
#pragma unroll 1
    for (int K = 0; K < (int)(threadIdx.x & 3); ++K, ++IStage)
      ;
    Acc += S[(IStage * 8) & 2047];
  }
  out[threadIdx.x] = Acc;
}

// ---- a thread_group parameter -----------------------------------------------------
__device__ int readRank(cg::thread_group G, const int *S) {
  return S[(G.thread_rank() * 32) & 2047];
}
// PROBE load exact 16: a tile of 16 as a thread_group: rank = lane % 16, 16 words of bank 0 (the block's rank: 32).
__global__ void er_group_tile(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<16> Tile = cg::tiled_partition<16>(Block);
  out[threadIdx.x] = readRank(Tile, S);
}
// PROBE load exact 32: the block as a thread_group: rank = lane.
__global__ void er_group_block(int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  out[threadIdx.x] = readRank(cg::this_thread_block(), S);
}

/// The sum er_ffs_stride / er_ffs_partial compute in thread T (Mask 0:
/// stride - 1).
static int ffsSum(int T, int Blocks, int Threads, unsigned N, unsigned Mask,
                  int Scale) {
  int Stride = Blocks * Threads;
  int Acc = 0;
  for (unsigned I = T + Stride; I < N; I += Stride)
    Acc += ((__builtin_ffs(~((I - Stride) | (Mask ? Mask : Stride - 1))) - 1) *
            Scale) & 2047;
  return Acc;
}

/// What er_comma_divergent leaves in S[T * 32] (End = 40): the last store
/// there, by the lane t = T - k of iteration k, if it ran.
static int divergentLast(int T) {
  int Last = 0;
  for (int K = 0; K <= T; ++K) {
    int Lane = T - K;
    if (Lane < 32 && Lane + 16 * K <= 40)
      Last = Lane + 16 * K;
  }
  return Last;
}

int main() {
  Harness H;
  auto Value = [](int V) { return [V](int I) { return I == 0 ? V : 0; }; };
  auto SevenOne = [](int I) { return I == 0 ? 7 : I == 1 ? 1 : 0; };
  er_float_trip<<<1, 32>>>(H.Out);
  H.expect("er_float_trip", 32, [](int T) { return (T * 32) & 2047; });
  er_float_inexact<<<1, 32>>>(H.Out);
  H.expect("er_float_inexact", 32, [](int T) { return (T * 36) & 2047; });
  H.input(SevenOne);
  er_or_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("er_or_uniform", 32,
           [](int T) { return (((T + 448) | 63) >> 1) & 2047; });
  H.input(SevenOne);
  er_or_partial<<<1, 32>>>(H.In, H.Out);
  H.expect("er_or_partial", 32,
           [](int T) { return (((T + 448) | 7) * 32) & 2047; });
  H.input(SevenOne);
  er_or_carry<<<1, 32>>>(H.In, H.Out);
  H.expect("er_or_carry", 32,
           [](int T) { return (((T + 56) | 63) >> 1) & 2047; });
  H.input(Value(1024));
  er_ffs_stride<<<2, 64>>>(H.In, H.Out);
  H.expect("er_ffs_stride", 128,
           [](int T) { return ffsSum(T, 2, 64, 1024, 0, 1); });
  H.input(Value(1024));
  er_ffs_partial<<<2, 64>>>(H.In, H.Out);
  H.expect("er_ffs_partial", 128,
           [](int T) { return ffsSum(T, 2, 64, 1024, 15, 32); });
  H.input(Value(100));
  er_comma_uniform<<<1, 32>>>(H.In, H.Out);
  H.expect("er_comma_uniform", 32,
           [](int T) { return T < 8 ? 224 * T + 672 : 0; });
  H.input(Value(40));
  er_comma_divergent<<<1, 32>>>(H.In, H.Out);
  H.expect("er_comma_divergent", 32, divergentLast);
  H.input(Value(100));
  er_stage_shift<<<1, 32>>>(H.In, H.Out);
  H.expect("er_stage_shift", 32, [](int T) { return 2304 + 14 * T; });
  H.input(Value(100));
  er_comma_body<<<1, 32>>>(H.In, H.Out);
  H.expect("er_comma_body", 32, [](int T) {
    int Acc = 0;
    for (int K = 0, I = 0; K < 7; ++K, ++I) {
      if (T < 8)
        ++I;
      Acc += (T * 32 + I) & 2047;
    }
    return Acc;
  });
  volatile int Hundred = 100; // not a value the host evaluator knows
  er_stepped_uniform<<<1, 32>>>(Hundred, H.Out);
  H.expect("er_stepped_uniform", 32, [](int T) {
    int Acc = 0;
    for (int A = 0, AStage = 0, IStage = 0; A < 100; A += 16)
      for (; AStage <= A + 32; AStage += 16, ++IStage)
        Acc += (IStage % 4) * 256 + T * 2;
    return Acc;
  });
  er_stepped_lane<<<1, 32>>>(Hundred, H.Out);
  H.expect("er_stepped_lane", 32, [](int T) {
    int Acc = 0;
    for (int A = 0, IStage = 0; A < 100; A += 16) {
      IStage += T & 3;
      Acc += (IStage * 8) & 2047;
    }
    return Acc;
  });
  er_group_tile<<<1, 32>>>(H.Out);
  H.expect("er_group_tile", 32, [](int T) { return ((T % 16) * 32) & 2047; });
  er_group_block<<<1, 32>>>(H.Out);
  H.expect("er_group_block", 32, [](int T) { return (T * 32) & 2047; });
  return H.Check.finish("soundness_erows");
}
