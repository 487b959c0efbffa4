// Soundness suite, part 3 (see soundness.cu): the access itself and the
// launch it runs under: block shapes built member by member, warp-uniform
// and lane-varying 1/2/8/16-byte loads and stores, 4- and 8-byte atomics,
// histogram counters indexed by data, extern __shared__ with an offset,
// template kernels, loops and branches whose trip counts or lanes depend on
// data, switches and ternaries.
#include "soundness.cuh"
#include <cuda_fp16.h>

struct P {
  int a, b;
};

// ---- launch shapes -------------------------------------------------------------
// PROBE load exact 32: lane*32 in a block from `dim3 B; B.x = 64;` (two warps, not one thread).
__global__ void acc_dim3_member_x(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE store exact 16: x*64 + y in a 16x2 block from `dim3 B(1, 1, 1); B.x = 16; B.y = 2;`.
__global__ void acc_dim3_member_xy(int *out) {
  __shared__ int s[1024];
  int I = (threadIdx.x * 64 + threadIdx.y) & 1023;
  s[I] = linearTid() + 1;
  __syncthreads();
  out[linearTid()] = s[I ^ 0];
}
// PROBE load exact 32: lane*32 in a 32x2 block from a copied dim3 with y assigned.
__global__ void acc_dim3_copy_assign(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[linearTid()] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load exact 32: lane*32 in a block sized by a const int variable (64).
__global__ void acc_const_variable_block(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load exact 24: lane * (blockIdx.x + 1) * 32 in 2 blocks: 32 in block 0, 16 in block 1.
__global__ void acc_block_index(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[(threadIdx.x * (blockIdx.x + 1) * 32) & 1023];
}

// ---- 8-byte loads and stores -------------------------------------------------------
// PROBE load exact 1: a warp-uniform double load.
__global__ void acc_ld64_uniform(int *out) {
  __shared__ double s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  out[threadIdx.x] = int(s[3]);
}
// PROBE store exact 2: a warp-uniform double store (the H100 takes 2).
__global__ void acc_st64_uniform_double(int *out) {
  __shared__ double s[512];
  s[3] = 3.0;
  __syncthreads();
  out[threadIdx.x] = int(s[(threadIdx.x >> 5) + 3]);
}
// PROBE store exact 2: a warp-uniform long long store.
__global__ void acc_st64_uniform_ll(int *out) {
  __shared__ long long s[512];
  s[5] = 5;
  __syncthreads();
  out[threadIdx.x] = int(s[(threadIdx.x >> 5) + 5]);
}
// PROBE store exact 2: int2 stores at stride 1 (256 bytes per warp).
__global__ void acc_st64_stride1_int2(int *out) {
  __shared__ int2 s[64];
  s[threadIdx.x] = make_int2(threadIdx.x, threadIdx.x + 1);
  __syncthreads();
  int2 V = s[threadIdx.x];
  out[threadIdx.x] = V.x + V.y;
}
// PROBE store exact 32: long long stores at stride 16 (every lane on banks 0-1).
__global__ void acc_st64_stride16_ll(int *out) {
  __shared__ long long s[512];
  s[threadIdx.x * 16] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = int(s[threadIdx.x * 16]);
}
// PROBE load exact 32: long long loads at stride 16.
__global__ void acc_ld64_stride16_ll(int *out) {
  __shared__ long long s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  long long V = s[threadIdx.x * 16];
  out[threadIdx.x] = int(V ^ (V >> 32));
}
// PROBE load unknown: double loads at a data index (data lane*16: 32).
__global__ void acc_ld64_data(const int *in, int *out) {
  __shared__ double s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  out[threadIdx.x] = int(s[in[threadIdx.x] & 511]);
}

// ---- 16-byte loads and stores -------------------------------------------------------
// PROBE store exact 4: a warp-uniform float4 store (the H100 takes 4).
__global__ void acc_st128_uniform(int *out) {
  __shared__ float4 s[64];
  s[2] = make_float4(1.f, 2.f, 3.f, 4.f);
  __syncthreads();
  float4 V = s[2];
  out[threadIdx.x] = int(V.x + V.y + V.z + V.w);
}
// PROBE load exact 2: a warp-uniform float4 load.
__global__ void acc_ld128_uniform(int *out) {
  __shared__ float4 s[64];
  for (int I = threadIdx.x; I < 64; I += blockDim.x)
    s[I] = make_float4(I, 1.f, 2.f, 3.f);
  __syncthreads();
  float4 V = s[2];
  out[threadIdx.x] = int(V.x + V.y + V.z + V.w);
}
// PROBE store exact 4: int4 stores at stride 1 (512 bytes per warp).
__global__ void acc_st128_stride1_int4(int *out) {
  __shared__ int4 s[64];
  s[threadIdx.x] = make_int4(threadIdx.x, 1, 2, 3);
  __syncthreads();
  int4 V = s[threadIdx.x];
  out[threadIdx.x] = V.x + V.y + V.z + V.w;
}
// PROBE load exact 32: int4 loads at stride 8 (every lane on banks 0-3).
__global__ void acc_ld128_stride8(int *out) {
  __shared__ int4 s[256];
  for (int I = threadIdx.x; I < 256; I += blockDim.x)
    s[I] = make_int4(I, 1, 2, 3);
  __syncthreads();
  int4 V = s[threadIdx.x * 8];
  out[threadIdx.x] = V.x + V.y + V.z + V.w;
}
// PROBE store unknown: int4 stores at a data index (data lane*8: 32).
__global__ void acc_st128_data(const int *in, int *out) {
  __shared__ int4 s[256];
  s[in[threadIdx.x] & 255] = make_int4(threadIdx.x, 1, 2, 3);
  __syncthreads();
  int4 V = s[threadIdx.x * 8];
  out[threadIdx.x] = V.x + V.y + V.z + V.w;
}

// ---- 1- and 2-byte loads and stores ---------------------------------------------------
// PROBE load exact 32: byte loads at stride 128.
__global__ void acc_ld8_stride128(int *out) {
  __shared__ int w[1024];
  fillIota(w, 1024);
  __syncthreads();
  const unsigned char *s = reinterpret_cast<const unsigned char *>(w);
  out[threadIdx.x] = s[threadIdx.x * 128];
}
// PROBE store exact 1: byte stores at stride 4.
__global__ void acc_st8_stride4(int *out) {
  __shared__ int w[1024];
  unsigned char *s = reinterpret_cast<unsigned char *>(w);
  s[threadIdx.x * 4] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = w[threadIdx.x] & 255;
}
// PROBE store unknown: byte stores at a data index (data lane*128: 32).
__global__ void acc_st8_data(const int *in, int *out) {
  __shared__ int w[1024];
  unsigned char *s = reinterpret_cast<unsigned char *>(w);
  s[in[threadIdx.x] & 4095] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = w[threadIdx.x * 32] & 255;
}
// PROBE load exact 32: 2-byte loads at stride 64.
__global__ void acc_ld16_stride64(int *out) {
  __shared__ int w[1024];
  fillIota(w, 1024);
  __syncthreads();
  const unsigned short *s = reinterpret_cast<const unsigned short *>(w);
  out[threadIdx.x] = s[threadIdx.x * 64];
}
// PROBE store exact 32: __half stores at stride 64.
__global__ void acc_st16_stride64_half(int *out) {
  __shared__ __half s[2048];
  s[threadIdx.x * 64] = __int2half_rn(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = int(__half2float(s[threadIdx.x * 64]));
}
// PROBE load exact 1: __half loads at stride 1.
__global__ void acc_ld16_half_stride1(int *out) {
  __shared__ __half s[2048];
  for (int I = threadIdx.x; I < 2048; I += blockDim.x)
    s[I] = __int2half_rn(I & 1023);
  __syncthreads();
  out[threadIdx.x] = int(__half2float(s[threadIdx.x]));
}

// ---- atomics ------------------------------------------------------------------------------
// PROBE atomic exact 32: 4-byte atomicAdd at stride 32.
__global__ void acc_atom32_lane32(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  atomicAdd(&s[threadIdx.x * 32], 1);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}
// PROBE atomic exact 1: 4-byte atomicAdd, every lane on one word.
__global__ void acc_atom32_uniform(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  atomicAdd(&s[7], 1);
  __syncthreads();
  out[threadIdx.x] = s[7];
}
// PROBE atomic unknown: 4-byte atomicAdd at a data index (data lane*32: 32).
__global__ void acc_atom32_data(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  atomicAdd(&s[in[threadIdx.x] & 1023], 1);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}
// An 8-byte atomicAdd on shared memory is a loop around LDS.64 and
// ATOMS.CAST.SPIN.64 on sm_90; the probe is the CAS, one instruction.
// PROBE atomic exact 4: 8-byte atomicAdd at stride 16 (the CAS takes 4, not 32).
__global__ void acc_atom64_lane16(int *out) {
  __shared__ unsigned long long s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  atomicAdd(&s[threadIdx.x * 16], 1ull);
  __syncthreads();
  out[threadIdx.x] = int(s[threadIdx.x * 16]);
}
// PROBE atomic exact 2: 8-byte atomicAdd, every lane on one word (each pass of the CAS loop takes 2).
__global__ void acc_atom64_uniform(int *out) {
  __shared__ unsigned long long s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  atomicAdd(&s[3], 1ull);
  __syncthreads();
  out[threadIdx.x] = int(s[3]);
}
// PROBE atomic exact 4: 8-byte atomicAdd at stride 1 (the CAS takes 4).
__global__ void acc_atom64_stride1(int *out) {
  __shared__ unsigned long long s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  atomicAdd(&s[threadIdx.x], 1ull);
  __syncthreads();
  out[threadIdx.x] = int(s[threadIdx.x]);
}

// PROBE atomic exact 32: 8-byte atomicExch at stride 16.
__global__ void acc_atom64_exch_lane16(int *out) {
  __shared__ unsigned long long s[512];
  unsigned long long Old = atomicExch(&s[threadIdx.x * 16], threadIdx.x + 1ull);
  __syncthreads();
  long long V = s[threadIdx.x * 16];
  out[threadIdx.x] = int(V ^ (V >> 32)) + int(Old & 0);
}
// PROBE atomic exact 4: 8-byte atomicCAS at stride 1 (ATOMS.CAS.64 takes 4, not 2).
__global__ void acc_atom64_cas_stride1(int *out) {
  __shared__ unsigned long long s[512];
  for (int I = threadIdx.x; I < 512; I += blockDim.x)
    s[I] = I;
  __syncthreads();
  atomicCAS(&s[threadIdx.x], threadIdx.x + 0ull, threadIdx.x + 7ull);
  __syncthreads();
  long long V = s[threadIdx.x];
  out[threadIdx.x] = int(V ^ (V >> 32));
}

// ---- histograms ------------------------------------------------------------------------------
// NVIDIA's histogram64: byte counters, one column of 64 bytes per bin, the
// thread's byte shuffled so 16 lanes share no word.
// PROBE load+store unknown: s_ThreadBase[bin * 64]++ with bin from a uint4 loaded from global (lanes 16-31 bin 2: 2).
__global__ void acc_histogram64_bytes(const uint4 *in, int *out) {
  __shared__ int w[1024];
  unsigned char *s_Hist = reinterpret_cast<unsigned char *>(w);
  for (int I = threadIdx.x; I < 1024; I += blockDim.x)
    atomicExch(&w[I], 0);
  __syncthreads();
  const unsigned threadPos = ((threadIdx.x & ~63u) << 0) |
                             ((threadIdx.x & 15u) << 2) |
                             ((threadIdx.x & 48u) >> 4);
  unsigned char *s_ThreadBase = s_Hist + threadPos;
  uint4 data = in[threadIdx.x];
  s_ThreadBase[((data.x >> 2) & 0x3fu) * 64]++;
  __syncthreads();
  out[threadIdx.x] = atomicOr(&w[(threadIdx.x & 15) + 32 * ((threadIdx.x >> 4) & 1)], 0);
}
// PROBE load+store unknown: 4-byte counters s[data * 64]++ (data lane: 32).
__global__ void acc_histogram_word_counters(const int *in, int *out) {
  __shared__ int s[2048];
  for (int I = threadIdx.x; I < 2048; I += blockDim.x)
    atomicExch(&s[I], 0);
  __syncthreads();
  s[(in[threadIdx.x] & 31) * 64]++;
  __syncthreads();
  out[threadIdx.x] = atomicOr(&s[threadIdx.x * 64], 0);
}

// ---- extern __shared__ with an offset ----------------------------------------------------------
// PROBE load exact 32: extern __shared__ + 32 words, lane*32.
__global__ void acc_extern_offset(int *out) {
  extern __shared__ int dyn[];
  int *s = dyn + 32;
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}
// PROBE load exact 1: extern __shared__ + a data offset (warp-uniform), stride 1: conflict-free whatever the offset.
__global__ void acc_extern_data_offset_stride1(const int *in, int *out) {
  extern __shared__ int dyn[];
  fillIota(dyn, 1536);
  __syncthreads();
  const int *s = dyn + (in[0] & 511);
  out[threadIdx.x] = s[threadIdx.x];
}
// PROBE store exact 32: extern __shared__ + a data offset (warp-uniform), stride 32: one bank whatever the offset.
__global__ void acc_extern_data_offset_stride32(const int *in, int *out) {
  extern __shared__ int dyn[];
  int *s = dyn + (in[0] & 31);
  s[threadIdx.x * 32] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}

// ---- templates ----------------------------------------------------------------------------------
// PROBE acc_template_stride<32> load exact 32: lane*Stride with Stride 32.
// PROBE acc_template_stride<33> load exact 1: lane*Stride with Stride 33.
template <int Stride> __global__ void acc_template_stride(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * Stride) & 1023];
}
// PROBE load unknown: a member of a template-typed element loaded from global (data a = lane*32: 32).
template <typename T> __global__ void acc_template_struct(const T *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  T V = in[threadIdx.x];
  out[threadIdx.x] = s[V.a & 1023];
}

// ---- loops, branches, switches, ternaries ----------------------------------------------------------
// PROBE load unknown: a loop whose trip count is data (3 iterations of lane*32 + i: 32).
__global__ void acc_data_loop_trip(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int Acc = 0;
  int N = in[threadIdx.x];
#pragma unroll 1
  for (int I = 0; I < N; ++I)
    Acc += s[(threadIdx.x * 32 + I) & 1023];
  out[threadIdx.x] = Acc;
}
// PROBE store unknown: lanes active on a data predicate (data all positive: lane*32, 32).
__global__ void acc_data_branch_activity(const int *in, int *out) {
  __shared__ int s[1024];
  if (in[threadIdx.x] > 0)
    s[threadIdx.x * 32] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}
// PROBE load unknown: the index chosen by a data branch: lane*32 or lane (data odd: 32).
__global__ void acc_data_branch_value(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int X;
  if (in[threadIdx.x] & 1)
    X = threadIdx.x * 32;
  else
    X = threadIdx.x;
  out[threadIdx.x] = s[X & 1023];
}
// PROBE load exact 8: a switch on lane & 3 picks lane*32, lane, 0 or lane*33: 8 words on bank 0.
__global__ void acc_switch_lane(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int X;
  switch (threadIdx.x & 3) {
  case 0:
    X = threadIdx.x * 32;
    break;
  case 1:
    X = threadIdx.x;
    break;
  case 2:
    X = 0;
    break;
  default:
    X = threadIdx.x * 33;
    break;
  }
  out[threadIdx.x] = s[X & 1023];
}
// PROBE store unknown: a switch on data picks lane*32 or lane (data 0: lane*32, 32).
__global__ void acc_switch_data(const int *in, int *out) {
  __shared__ int s[1024];
  int X;
  switch (in[threadIdx.x] & 3) {
  case 0:
    X = threadIdx.x * 32;
    break;
  case 1:
    X = threadIdx.x;
    break;
  default:
    X = threadIdx.x * 2;
    break;
  }
  s[X & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: a ternary whose both arms load data (data lane*32: 32).
__global__ void acc_ternary_load_arms(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int X = (threadIdx.x & 1) ? in[threadIdx.x] : in[threadIdx.x + 32];
  out[threadIdx.x] = s[X & 1023];
}
// PROBE load exact 3.75: a loop-carried index lane, 2*lane, 4*lane, 8*lane: 1, 2, 4, 8 wavefronts.
__global__ void acc_loop_growing_index(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int Acc = 0;
  int X = threadIdx.x;
#pragma unroll 1
  for (int I = 0; I < 4; ++I) {
    Acc += s[X & 1023];
    X *= 2;
  }
  out[threadIdx.x] = Acc;
}

// PROBE store unknown: x = lane, then a loop sets x = lane*32 after a data-dependent break (data 0: no lane breaks, 32).
__global__ void acc_data_break_before_assign(const int *in, int *out) {
  __shared__ int s[1024];
  int X = threadIdx.x;
#pragma unroll 1
  for (int J = 0; J < 2; ++J) {
    if (in[threadIdx.x + J] > 0)
      break;
    X = threadIdx.x * 32;
  }
  s[X & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE store exact 1: a data-dependent break leaves an inner loop, then every lane sets x = lane*33 (data: odd words positive).
__global__ void acc_data_break_then_assign(const int *in, int *out) {
  __shared__ int s[1024];
  int Hits = 0;
#pragma unroll 1
  for (int J = 0; J < 4; ++J) {
    if (in[threadIdx.x + J] > 0)
      break;
    ++Hits;
  }
  int X = threadIdx.x * 33;
  s[X & 1023] = Hits + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 33) & 1023];
}
// PROBE store unknown: lanes whose data is positive return early, the rest store at lane*32 (data 0: none return, 32).
__global__ void acc_data_return_before_store(const int *in, int *out) {
  __shared__ int s[1024];
  out[threadIdx.x] = threadIdx.x + 1;
  if (in[threadIdx.x] > 0)
    return;
  s[(threadIdx.x * 32) & 1023] = threadIdx.x + 1;
  __syncwarp();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}

int main() {
  Harness H;
  auto Lane32 = [](int T) { return (T & 31) * 32; };
  auto Plus1 = [](int T) { return T + 1; };

  dim3 B;
  B.x = 64;
  acc_dim3_member_x<<<1, B>>>(H.Out);
  H.expect("acc_dim3_member_x", 64, Lane32);
  dim3 B2(1, 1, 1);
  B2.x = 16;
  B2.y = 2;
  acc_dim3_member_xy<<<1, B2>>>(H.Out);
  H.expect("acc_dim3_member_xy", 32, Plus1);
  dim3 A(32);
  dim3 B3 = A;
  B3.y = 2;
  acc_dim3_copy_assign<<<1, B3>>>(H.Out);
  H.expect("acc_dim3_copy_assign", 64, Lane32);
  const int Threads = 64;
  acc_const_variable_block<<<1, Threads>>>(H.Out);
  H.expect("acc_const_variable_block", 64, Lane32);
  acc_block_index<<<2, 32>>>(H.Out);
  H.expect("acc_block_index", 64,
           [](int T) { return ((T & 31) * (T / 32 + 1) * 32) & 1023; });

  acc_ld64_uniform<<<1, 32>>>(H.Out);
  H.expect("acc_ld64_uniform", 32, [](int) { return 3; });
  acc_st64_uniform_double<<<1, 32>>>(H.Out);
  H.expect("acc_st64_uniform_double", 32, [](int) { return 3; });
  acc_st64_uniform_ll<<<1, 32>>>(H.Out);
  H.expect("acc_st64_uniform_ll", 32, [](int) { return 5; });
  acc_st64_stride1_int2<<<1, 32>>>(H.Out);
  H.expect("acc_st64_stride1_int2", 32, [](int T) { return 2 * T + 1; });
  acc_st64_stride16_ll<<<1, 32>>>(H.Out);
  H.expect("acc_st64_stride16_ll", 32, [](int T) { return T; });
  acc_ld64_stride16_ll<<<1, 32>>>(H.Out);
  H.expect("acc_ld64_stride16_ll", 32, [](int T) { return T * 16; });
  H.input([](int I) { return (I * 16) & 511; });
  acc_ld64_data<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_ld64_data", 32, [](int T) { return T * 16; });

  acc_st128_uniform<<<1, 32>>>(H.Out);
  H.expect("acc_st128_uniform", 32, [](int) { return 10; });
  acc_ld128_uniform<<<1, 32>>>(H.Out);
  H.expect("acc_ld128_uniform", 32, [](int) { return 8; });
  acc_st128_stride1_int4<<<1, 32>>>(H.Out);
  H.expect("acc_st128_stride1_int4", 32, [](int T) { return T + 6; });
  acc_ld128_stride8<<<1, 32>>>(H.Out);
  H.expect("acc_ld128_stride8", 32, [](int T) { return T * 8 + 6; });
  H.input([](int I) { return (I * 8) & 255; });
  acc_st128_data<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_st128_data", 32, [](int T) { return T + 6; });

  acc_ld8_stride128<<<1, 32>>>(H.Out);
  H.expect("acc_ld8_stride128", 32, [](int T) { return (T * 32) & 255; });
  acc_st8_stride4<<<1, 32>>>(H.Out);
  H.expect("acc_st8_stride4", 32, [](int T) { return T; });
  H.input([](int I) { return (I * 128) & 4095; });
  acc_st8_data<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_st8_data", 32, [](int T) { return T; });
  acc_ld16_stride64<<<1, 32>>>(H.Out);
  H.expect("acc_ld16_stride64", 32, Lane32);
  acc_st16_stride64_half<<<1, 32>>>(H.Out);
  H.expect("acc_st16_stride64_half", 32, [](int T) { return T; });
  acc_ld16_half_stride1<<<1, 32>>>(H.Out);
  H.expect("acc_ld16_half_stride1", 32, [](int T) { return T; });

  acc_atom32_lane32<<<1, 32>>>(H.Out);
  H.expect("acc_atom32_lane32", 32, [](int T) { return T * 32 + 1; });
  acc_atom32_uniform<<<1, 32>>>(H.Out);
  H.expect("acc_atom32_uniform", 32, [](int) { return 7 + 32; });
  H.input([](int I) { return (I * 32) & 1023; });
  acc_atom32_data<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_atom32_data", 32, [](int T) { return T * 32 + 1; });
  acc_atom64_lane16<<<1, 32>>>(H.Out);
  H.expect("acc_atom64_lane16", 32, [](int T) { return T * 16 + 1; });
  acc_atom64_uniform<<<1, 32>>>(H.Out);
  H.expect("acc_atom64_uniform", 32, [](int) { return 3 + 32; });
  acc_atom64_stride1<<<1, 32>>>(H.Out);
  H.expect("acc_atom64_stride1", 32, [](int T) { return T + 1; });
  acc_atom64_exch_lane16<<<1, 32>>>(H.Out);
  H.expect("acc_atom64_exch_lane16", 32, Plus1);
  acc_atom64_cas_stride1<<<1, 32>>>(H.Out);
  H.expect("acc_atom64_cas_stride1", 32, [](int T) { return T + 7; });

  // Bin 0 for lanes 0-15 of each warp, bin 2 for lanes 16-31: each word
  // holds the counts of two lanes of each of the two warps.
  H.input([](int I) { return (I % 4 == 0 && (I / 4) % 32 >= 16) ? 2 << 2 : 0; });
  acc_histogram64_bytes<<<1, 64>>>(reinterpret_cast<const uint4 *>(H.In), H.Out);
  H.expect("acc_histogram64_bytes", 64,
           [](int T) { return (T & 16) ? 0x01000100 : 0x00010001; });
  H.input([](int I) { return I & 31; });
  acc_histogram_word_counters<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_histogram_word_counters", 32, [](int) { return 1; });

  acc_extern_offset<<<1, 32, (32 + 1024) * sizeof(int)>>>(H.Out);
  H.expect("acc_extern_offset", 32, Lane32);
  H.input([](int I) { return I == 0 ? 77 : 0; });
  acc_extern_data_offset_stride1<<<1, 32, 1536 * sizeof(int)>>>(H.In, H.Out);
  H.expect("acc_extern_data_offset_stride1", 32, [](int T) { return 77 + T; });
  acc_extern_data_offset_stride32<<<1, 32, 1056 * sizeof(int)>>>(H.In, H.Out);
  H.expect("acc_extern_data_offset_stride32", 32, Plus1);

  acc_template_stride<32><<<1, 32>>>(H.Out);
  H.expect("acc_template_stride<32>", 32, Lane32);
  acc_template_stride<33><<<1, 32>>>(H.Out);
  H.expect("acc_template_stride<33>", 32, [](int T) { return T * 33; });
  H.input([](int I) { return ((I / 2) * 32) & 1023; });
  acc_template_struct<P><<<1, 32>>>(reinterpret_cast<const P *>(H.In), H.Out);
  H.expect("acc_template_struct<P>", 32, Lane32);

  H.input([](int) { return 3; });
  acc_data_loop_trip<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_data_loop_trip", 32, [](int T) { return 3 * T * 32 + 3; });
  acc_data_branch_activity<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_data_branch_activity", 32, Plus1);
  acc_data_branch_value<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_data_branch_value", 32, Lane32);
  acc_switch_lane<<<1, 32>>>(H.Out);
  H.expect("acc_switch_lane", 32, [](int T) {
    int C[4] = {T * 32, T, 0, (T * 33) & 1023};
    return C[T & 3];
  });
  H.input([](int I) { return (I * 32) & 1023; });
  acc_switch_data<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_switch_data", 32, Plus1);
  acc_ternary_load_arms<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_ternary_load_arms", 32, Lane32);
  acc_loop_growing_index<<<1, 32>>>(H.Out);
  H.expect("acc_loop_growing_index", 32, [](int T) { return 15 * T; });
  H.input([](int) { return 0; });
  acc_data_break_before_assign<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_data_break_before_assign", 32, Plus1);
  acc_data_return_before_store<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_data_return_before_store", 32, Plus1);
  H.input([](int I) { return I & 1; });
  acc_data_break_then_assign<<<1, 32>>>(H.In, H.Out);
  H.expect("acc_data_break_then_assign", 32,
           [](int T) { return (T & 1) ? 1 : 2; });
  return H.Check.finish("soundness_access");
}
