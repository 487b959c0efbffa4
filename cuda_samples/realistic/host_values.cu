// Realistic corpus, part 6: constructs decided since the fourth session of
// issue 10, each with data chosen against it: one thread reading at indices
// loaded from memory (an adversarial permutation), __half2 operators taking
// their operands by const reference, and a byte pitch the host computes from
// locals and a host function's parameter (cuda-samples' SobelFilter).
// Tags: // CLASS <class>: <what it is> (see loops.cu).
#include "realistic.cuh"
#include <cuda_fp16.h>

// CLASS data: one thread reads 4-, 8- and 16-byte elements at indices loaded from memory: 1 wavefront per request whatever the index.
__global__ void one_lane_data(const int *perm, const float *in, float *out,
                              int n) {
  __shared__ float s[1024];
  __shared__ double d[512];
  __shared__ float4 q[256];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    s[i] = in[i];
  for (int i = threadIdx.x; i < 512; i += blockDim.x)
    d[i] = in[i];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    q[i] = make_float4(in[i], in[i], in[i], in[i]);
  __syncthreads();
  if (threadIdx.x == 0) {
    float a = 0;
    for (int i = 0; i < n; ++i) {
      int p = perm[i];
      float4 v = q[p % 256];
      a += s[p] + float(d[p % 512]) + v.x + v.w;
    }
    out[0] = a;
  }
}

// CLASS vector: __half2 operator+ and * through const references: one 4-byte load per operand, consecutive (conflict-free; no operand repeated, so the compiler merges no load) and a column of a 32-wide tile (32-way).
__global__ void half2_operators(const __half2 *in, float *out) {
  __shared__ __half2 v[32 * 33];
  for (int i = threadIdx.x; i < 32 * 33; i += blockDim.x)
    v[i] = in[i];
  __syncthreads();
  int t = threadIdx.x;
  float2 a = __half22float2(v[t] + v[t + 32]);
  float2 b = __half22float2(v[t * 32] * v[t + 64]);
  out[4 * t] = a.x;
  out[4 * t + 1] = a.y;
  out[4 * t + 2] = b.x;
  out[4 * t + 3] = b.y;
}

// CLASS param: a 16x4 block reads bytes at a pitch the host computes from locals and a host function's parameter (~0x3f & (4 * (Width + 2) + 0x3f) = 384): 2-way.
__global__ void host_pitch(const unsigned char *in, int *out, short pitch) {
  __shared__ unsigned char b[1600];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int i = ty * 16 + tx; i < 1600; i += 64)
    b[i] = in[i];
  __syncthreads();
  out[ty * 16 + tx] = b[ty * pitch + 4 * tx] + b[ty * pitch + 4 * tx + 1];
}

void launchPitch(const unsigned char *in, int *out, int Width) {
  int Pitch = ~0x3f & (4 * (Width + 2) + 0x3f);
  host_pitch<<<1, dim3(16, 4)>>>(in, out, Pitch);
}

int main() {
  Checker Check;
  {
    const int N = 64;
    Buf<int> Perm(N);
    // Indices that put every lane's word in bank 0 if many lanes read them.
    Perm.fill([](int I) { return (I * 32) % 1024; });
    Buf<float> In(1024), Out(1);
    In.fill([](int I) { return float(I % 7); });
    int Count = N;
    one_lane_data<<<1, 256>>>(Perm.D, In.D, Out.D, Count);
    auto R = Out.result();
    double Want = 0;
    for (int I = 0; I < N; ++I) {
      int P = Perm.H[I];
      Want += In.H[P] + In.H[P % 512] + 2 * In.H[P % 256];
    }
    Check.allNear("one_lane_data", R, 1, [&](int) { return Want; });
  }
  {
    Buf<__half2> In(32 * 33);
    std::vector<float> Lo(32 * 33), Hi(32 * 33);
    for (int I = 0; I < 32 * 33; ++I) {
      Lo[I] = float(I % 5);
      Hi[I] = float(I % 3 + 1);
      In.H[I] = __floats2half2_rn(Lo[I], Hi[I]);
    }
    CHECK_CUDA(cudaMemcpy(In.D, In.H.data(), In.H.size() * sizeof(__half2),
                          cudaMemcpyHostToDevice));
    Buf<float> Out(128);
    half2_operators<<<1, 32>>>(In.D, Out.D);
    auto R = Out.result();
    Check.allNear("half2_operators", R, 128, [&](int I) {
      int T = I / 4, K = I % 4;
      switch (K) {
      case 0: return double(Lo[T] + Lo[T + 32]);
      case 1: return double(Hi[T] + Hi[T + 32]);
      case 2: return double(Lo[T * 32] * Lo[T + 64]);
      default: return double(Hi[T * 32] * Hi[T + 64]);
      }
    });
  }
  {
    Buf<unsigned char> In(1600);
    In.fill([](int I) { return (unsigned char)(I % 251); });
    Buf<int> Out(64);
    launchPitch(In.D, Out.D, 80);
    auto R = Out.result();
    Check.all("host_pitch", R, 64, [&](int I) {
      int ty = I / 16, tx = I % 16, P = ty * 384 + 4 * tx;
      return int(In.H[P]) + int(In.H[P + 1]);
    });
  }
  return Check.finish("host_values");
}
