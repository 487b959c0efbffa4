// Realistic corpus, part 2: integer parameters used as strides and pitches
// (`s[tx * d + x]`, a SharedPitch), each kernel launched with several values
// (odd, even, multiples of 8, 16 and 32). A kernel launched with several
// values is a template with an unused tag, so every value is its own kernel
// for Nsight Compute and for warpcheck; the value itself stays a run-time
// kernel argument. An attention kernel in the style of a minimal
// flash-attention forward pass (Q/K tiles of Bc rows of d floats, a tile loop
// over Tc = N / Bc) and a row-pitched 2-D tile read transposed.
// Tags: // CLASS <class>: <what it is> (see loops.cu).
#include "realistic.cuh"
#include <algorithm>

// CLASS param: each lane walks its own row of d words (s[tx * d + x]): gcd(d, 32)-way.
template <int Tag>
__global__ void pitch_rows(const float *in, float *out, int d) {
  extern __shared__ float s[];
  int tx = threadIdx.x;
  const float *g = in + blockIdx.x * blockDim.x * d;
  for (int x = 0; x < d; ++x)
    s[tx * d + x] = g[tx * d + x];
  __syncthreads();
  float acc = 0.0f;
  for (int x = 0; x < d; ++x)
    acc += s[tx * d + x] * float(x + 1);
  out[blockIdx.x * blockDim.x + tx] = acc;
}

// CLASS param: lanes walk a column of a d-word pitched tile (s[x * d + tx]): conflict-free for every d >= 32.
template <int Tag>
__global__ void pitch_columns(const float *in, float *out, int d, int rows) {
  extern __shared__ float s[];
  int tx = threadIdx.x;
  for (int x = 0; x < rows; ++x)
    s[x * d + tx] = in[x * blockDim.x + tx];
  __syncthreads();
  float acc = 0.0f;
  for (int x = 0; x < rows; ++x)
    acc += s[x * d + tx];
  out[tx] = acc;
}

// CLASS param: 16x16 block writes rows of a pitched tile and reads it transposed (s[tx * pitch + ty]).
template <int Tag>
__global__ void shared_pitch_transpose(const int *in, int *out, int pitch) {
  extern __shared__ int tile[];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty * pitch + tx] = in[ty * 16 + tx];
  __syncthreads();
  out[ty * 16 + tx] = tile[tx * pitch + ty];
}

// CLASS param: plain strided store and load s[tid * stride].
template <int Tag>
__global__ void stride_store(int *out, int stride) {
  extern __shared__ int slots[];
  int tid = threadIdx.x;
  slots[tid * stride] = tid * 3 + 1;
  __syncthreads();
  out[tid] = slots[tid * stride];
}

// CLASS param: 8-byte elements at a run-time stride (float2 s2[tid * d]).
template <int Tag>
__global__ void pitch_float2(const float2 *in, float2 *out, int d) {
  extern __shared__ float2 s2[];
  int tid = threadIdx.x;
  s2[tid * d] = in[tid];
  __syncthreads();
  float2 v = s2[tid * d];
  out[tid] = make_float2(v.y, v.x);
}

// CLASS param: attention scores, Q and K tiles of Bc rows of d floats (Qi[tx * d + x], Kj[y * d + x]), tile loop over Tc.
template <int Tag>
__global__ void attention_scores(const float *Q, const float *K, float *O,
                                 int d, int Tc, int Bc) {
  extern __shared__ float sram[];
  float *Qi = sram;
  float *Kj = sram + Bc * d;
  int tx = threadIdx.x;
  int row = blockIdx.x * Bc + tx;
  for (int x = 0; x < d; ++x)
    Qi[tx * d + x] = Q[row * d + x];
  float best = -INFINITY;
  for (int j = 0; j < Tc; ++j) {
    __syncthreads();
    for (int x = 0; x < d; ++x)
      Kj[tx * d + x] = K[(j * Bc + tx) * d + x];
    __syncthreads();
    for (int y = 0; y < Bc; ++y) {
      float sum = 0.0f;
      for (int x = 0; x < d; ++x)
        sum += Qi[tx * d + x] * Kj[y * d + x];
      best = fmaxf(best, sum);
    }
  }
  O[row] = best;
}

// CLASS param: a per-warp row cache with a run-time row length C (s[warp * C + i]).
template <int Tag>
__global__ void warp_rows(const float *in, float *out, int C) {
  extern __shared__ float s[];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = blockIdx.x * (blockDim.x / 32) + warp;
  for (int i = lane; i < C; i += 32)
    s[warp * C + i] = in[row * C + i];
  __syncwarp();
  float acc = 0.0f;
  for (int i = lane; i < C; i += 32)
    acc += s[warp * C + (C - 1 - i)] * float(i % 3);
  for (int o = 16; o > 0; o /= 2)
    acc += __shfl_xor_sync(0xffffffffu, acc, o);
  if (lane == 0)
    out[row] = acc;
}

int main() {
  Checker Check;
  const int Big = 1 << 18;
  Buf<float> FIn(Big), FOut(Big), FB(Big);
  Buf<int> IIn(Big), IOut(Big);
  FIn.fill([](int I) { return float(I % 17 - 8); });

  // pitch_rows: 2 blocks of 64 threads, each lane a row of d words.
  auto CheckRows = [&](const char *Name, int d) {
    auto R = FOut.result();
    Check.allNear(Name, R, 128, [&](int I) {
      double S = 0;
      for (int x = 0; x < d; ++x)
        S += FIn.H[I * d + x] * (x + 1);
      return S;
    });
  };
  pitch_rows<1><<<2, 64, 64 * 7 * sizeof(float)>>>(FIn.D, FOut.D, 7);
  CheckRows("pitch_rows<1>", 7);
  pitch_rows<2><<<2, 64, 64 * 12 * sizeof(float)>>>(FIn.D, FOut.D, 12);
  CheckRows("pitch_rows<2>", 12);
  pitch_rows<3><<<2, 64, 64 * 8 * sizeof(float)>>>(FIn.D, FOut.D, 8);
  CheckRows("pitch_rows<3>", 8);
  pitch_rows<4><<<2, 64, 64 * 16 * sizeof(float)>>>(FIn.D, FOut.D, 16);
  CheckRows("pitch_rows<4>", 16);
  pitch_rows<5><<<2, 64, 64 * 32 * sizeof(float)>>>(FIn.D, FOut.D, 32);
  CheckRows("pitch_rows<5>", 32);
  pitch_rows<6><<<2, 64, 64 * 33 * sizeof(float)>>>(FIn.D, FOut.D, 33);
  CheckRows("pitch_rows<6>", 33);

  // pitch_columns: one warp, 24 rows of a d-word pitched tile.
  const int ColRows = 24;
  auto CheckColumns = [&](const char *Name) {
    auto R = FOut.result();
    Check.allNear(Name, R, 32, [&](int I) {
      double S = 0;
      for (int x = 0; x < ColRows; ++x)
        S += FIn.H[x * 32 + I];
      return S;
    });
  };
  pitch_columns<1><<<1, 32, ColRows * 32 * sizeof(float)>>>(FIn.D, FOut.D, 32,
                                                           ColRows);
  CheckColumns("pitch_columns<1>");
  pitch_columns<2><<<1, 32, ColRows * 37 * sizeof(float)>>>(FIn.D, FOut.D, 37,
                                                           ColRows);
  CheckColumns("pitch_columns<2>");
  pitch_columns<3><<<1, 32, ColRows * 48 * sizeof(float)>>>(FIn.D, FOut.D, 48,
                                                           ColRows);
  CheckColumns("pitch_columns<3>");

  // shared_pitch_transpose: a 16x16 block, pitch 16, 17, 24, 32.
  IIn.fill([](int I) { return I * 5 + 3; });
  auto CheckPitch = [&](const char *Name) {
    auto R = IOut.result();
    Check.all(Name, R, 256, [&](int I) {
      int ty = I / 16, tx = I % 16;
      return IIn.H[tx * 16 + ty];
    });
  };
  dim3 Square(16, 16);
  shared_pitch_transpose<1><<<1, Square, 16 * 16 * sizeof(int)>>>(IIn.D, IOut.D, 16);
  CheckPitch("shared_pitch_transpose<1>");
  shared_pitch_transpose<2><<<1, Square, 16 * 17 * sizeof(int)>>>(IIn.D, IOut.D, 17);
  CheckPitch("shared_pitch_transpose<2>");
  shared_pitch_transpose<3><<<1, Square, 16 * 24 * sizeof(int)>>>(IIn.D, IOut.D, 24);
  CheckPitch("shared_pitch_transpose<3>");
  shared_pitch_transpose<4><<<1, Square, 16 * 32 * sizeof(int)>>>(IIn.D, IOut.D, 32);
  CheckPitch("shared_pitch_transpose<4>");

  // stride_store: 128 threads, stride 1, 2, 3, 4, 32.
  auto CheckStride = [&](const char *Name) {
    auto R = IOut.result();
    Check.all(Name, R, 128, [](int I) { return I * 3 + 1; });
  };
  stride_store<1><<<1, 128, 128 * 1 * sizeof(int)>>>(IOut.D, 1);
  CheckStride("stride_store<1>");
  stride_store<2><<<1, 128, 128 * 2 * sizeof(int)>>>(IOut.D, 2);
  CheckStride("stride_store<2>");
  stride_store<3><<<1, 128, 128 * 3 * sizeof(int)>>>(IOut.D, 3);
  CheckStride("stride_store<3>");
  stride_store<4><<<1, 128, 128 * 4 * sizeof(int)>>>(IOut.D, 4);
  CheckStride("stride_store<4>");
  stride_store<5><<<1, 128, 128 * 32 * sizeof(int)>>>(IOut.D, 32);
  CheckStride("stride_store<5>");

  // pitch_float2: 64 threads, d = 1, 2, 16.
  const float2 *F2In = reinterpret_cast<const float2 *>(FIn.D);
  float2 *F2Out = reinterpret_cast<float2 *>(FOut.D);
  auto CheckFloat2 = [&](const char *Name) {
    auto R = FOut.result();
    Check.all(Name, R, 128, [&](int I) { return FIn.H[I ^ 1]; });
  };
  pitch_float2<1><<<1, 64, 64 * 1 * sizeof(float2)>>>(F2In, F2Out, 1);
  CheckFloat2("pitch_float2<1>");
  pitch_float2<2><<<1, 64, 64 * 2 * sizeof(float2)>>>(F2In, F2Out, 2);
  CheckFloat2("pitch_float2<2>");
  pitch_float2<3><<<1, 64, 64 * 16 * sizeof(float2)>>>(F2In, F2Out, 16);
  CheckFloat2("pitch_float2<3>");

  // attention_scores: N = 128 rows, Bc = 32 rows per tile, Tc = N / Bc.
  FB.fill([](int I) { return float(I % 5 - 2); });
  const int N = 128, Bc = 32, Tc = N / Bc;
  auto CheckAttention = [&](const char *Name, int d) {
    auto R = FOut.result();
    Check.allNear(Name, R, N, [&](int Row) {
      double Best = -1e30;
      for (int y = 0; y < N; ++y) {
        double S = 0;
        for (int x = 0; x < d; ++x)
          S += FIn.H[Row * d + x] * FB.H[y * d + x];
        Best = std::max(Best, S);
      }
      return Best;
    });
  };
  attention_scores<1><<<N / Bc, Bc, 2 * Bc * 16 * sizeof(float)>>>(FIn.D, FB.D, FOut.D, 16, Tc, Bc);
  CheckAttention("attention_scores<1>", 16);
  attention_scores<2><<<N / Bc, Bc, 2 * Bc * 24 * sizeof(float)>>>(FIn.D, FB.D, FOut.D, 24, Tc, Bc);
  CheckAttention("attention_scores<2>", 24);
  attention_scores<3><<<N / Bc, Bc, 2 * Bc * 32 * sizeof(float)>>>(FIn.D, FB.D, FOut.D, 32, Tc, Bc);
  CheckAttention("attention_scores<3>", 32);
  attention_scores<4><<<N / Bc, Bc, 2 * Bc * 33 * sizeof(float)>>>(FIn.D, FB.D, FOut.D, 33, Tc, Bc);
  CheckAttention("attention_scores<4>", 33);
  attention_scores<5><<<N / Bc, Bc, 2 * Bc * 64 * sizeof(float)>>>(FIn.D, FB.D, FOut.D, 64, Tc, Bc);
  CheckAttention("attention_scores<5>", 64);

  // warp_rows: 2 blocks of 4 warps, a row of C floats per warp.
  auto CheckWarpRows = [&](const char *Name, int C) {
    auto R = FOut.result();
    Check.allNear(Name, R, 8, [&](int Row) {
      double S = 0;
      for (int i = 0; i < C; ++i)
        S += FIn.H[Row * C + (C - 1 - i)] * (i % 3);
      return S;
    });
  };
  warp_rows<1><<<2, 128, 4 * 100 * sizeof(float)>>>(FIn.D, FOut.D, 100);
  CheckWarpRows("warp_rows<1>", 100);
  warp_rows<2><<<2, 128, 4 * 256 * sizeof(float)>>>(FIn.D, FOut.D, 256);
  CheckWarpRows("warp_rows<2>", 256);
  return Check.finish("params");
}
