// Per-thread arrays: which stay in registers and which the compiler demotes
// to local memory (a PTX __local_depot), and why. Each kernel computes a
// value per thread that the host recomputes; docs/local-memory.md lists
// warpcheck's verdict, the PTX depot and the ptxas stack frame of each.
#include "sample_check.cuh"

constexpr int Threads = 64;

// ---- seed 003: the running mean, with window[j] and window[(j + n) % W] ----
template <int WindowSize>
__global__ void running_mean_register_array(float const *input, float *output,
                                            int n) {
  float window[WindowSize];
  int const thread_idx{static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x)};
  int const stride{static_cast<int>(blockDim.x * gridDim.x)};
  for (int i{thread_idx}; i < n; i += stride) {
    for (int j{0}; j < WindowSize; ++j) {
      int const idx{i - WindowSize / 2 + j};
      window[j] = (idx < 0 || idx >= n) ? 0 : input[idx];
    }
    float sum{0};
    for (int j{0}; j < WindowSize; ++j)
      sum += window[j];
    output[i] = sum / WindowSize;
  }
}

template <int WindowSize>
__global__ void running_mean_local_memory_array(float const *input,
                                                float *output, int n) {
  float window[WindowSize];
  int const thread_idx{static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x)};
  int const stride{static_cast<int>(blockDim.x * gridDim.x)};
  for (int i{thread_idx}; i < n; i += stride) {
    for (int j{0}; j < WindowSize; ++j) {
      int const idx{i - WindowSize / 2 + j};
      window[j] = (idx < 0 || idx >= n) ? 0 : input[idx];
    }
    float sum{0};
    for (int j{0}; j < WindowSize; ++j) {
      int const idx{(j + n) % WindowSize};
      sum += window[idx];
    }
    output[i] = sum / WindowSize;
  }
}

// ---- arrays that stay in registers -----------------------------------------
__global__ void constant_indices(const float *in, float *out, int n,
                                 const int *idx) {
  float a[4];
  a[0] = in[threadIdx.x];
  a[1] = a[0] * 2;
  a[2] = a[1] + 3;
  a[3] = a[2] - a[0];
  out[threadIdx.x] = a[0] + a[1] + a[2] + a[3];
}

__global__ void unrolled_loop(const float *in, float *out, int n,
                              const int *idx) {
  float a[8];
  for (int j = 0; j < 8; ++j)
    a[j] = in[threadIdx.x + j];
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += a[j] * (j + 1);
  out[threadIdx.x] = s;
}

__global__ void pragma_unroll(const float *in, float *out, int n,
                              const int *idx) {
  float a[16];
#pragma unroll
  for (int j = 0; j < 16; ++j)
    a[j] = in[threadIdx.x + j];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 16; ++j)
    s += a[15 - j] * j;
  out[threadIdx.x] = s;
}

__global__ void masked_constant_index(const float *in, float *out, int n,
                                      const int *idx) {
  float a[4] = {1, 2, 3, 4};
  if (threadIdx.x < 5)
    a[3] = in[threadIdx.x];
  if (threadIdx.x % 2)
    a[1] = a[3] * 2;
  out[threadIdx.x] = a[1] + a[3];
}

struct Accumulator {
  float v[4];
};

__global__ void struct_member_constant(const float *in, float *out, int n,
                                       const int *idx) {
  Accumulator acc;
  for (int j = 0; j < 4; ++j)
    acc.v[j] = in[threadIdx.x * 4 + j];
  out[threadIdx.x] = acc.v[0] * acc.v[3] + acc.v[1] * acc.v[2];
}

__device__ float pick(const float (&a)[4], int i) { return a[i]; }

__global__ void inlined_constant(const float *in, float *out, int n,
                                 const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[threadIdx.x + j];
  float s = 0;
  for (int j = 0; j < 4; ++j)
    s += pick(a, j) * j;
  out[threadIdx.x] = s;
}

template <int N>
__global__ void template_small(const float *in, float *out, int n,
                               const int *idx) {
  int a[N];
  for (int j = 0; j < N; ++j)
    a[j] = int(in[j]) + j;
  int s = 0;
  for (int j = 0; j < N; ++j)
    s += a[j];
  out[threadIdx.x] = float(s);
}

// The fix for a lane-dependent index: a switch over constant indices.
__global__ void switch_rewrite(const float *in, float *out, int n,
                               const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[j] * (threadIdx.x + 1);
  float v;
  switch (threadIdx.x % 4) {
  case 0: v = a[0]; break;
  case 1: v = a[1]; break;
  case 2: v = a[2]; break;
  default: v = a[3]; break;
  }
  out[threadIdx.x] = v;
}

// 512 floats with constant indices: no depot, but more than the 255
// registers a thread has, so ptxas spills.
__global__ void large_constant_indices(const float *in, float *out, int n,
                                       const int *idx) {
  float a[512];
#pragma unroll
  for (int j = 0; j < 512; ++j)
    a[j] = in[j * (threadIdx.x % 2)];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 512; ++j)
    s += a[j] * a[511 - j];
  out[threadIdx.x] = s;
}

// ---- arrays demoted to local memory -------------------------------------------
__global__ void pragma_unroll_1(const float *in, float *out, int n,
                                const int *idx) {
  float a[8];
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    a[j] = in[threadIdx.x + j];
  out[threadIdx.x] = a[0] + a[7];
}

__global__ void runtime_trip_count(const float *in, float *out, int n,
                                   const int *idx) {
  float a[8] = {};
  for (int j = 0; j < n; ++j)
    a[j % 8] += in[threadIdx.x + j];
  out[threadIdx.x] = a[0] + a[3];
}

__global__ void thread_index(const float *in, float *out, int n,
                             const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[j] + j;
  out[threadIdx.x] = a[threadIdx.x % 4];
}

__global__ void parameter_index(const float *in, float *out, int n,
                                const int *idx) {
  float a[8];
  for (int j = 0; j < 8; ++j)
    a[j] = in[threadIdx.x + j];
  out[threadIdx.x] = a[n % 8];
}

__global__ void memory_index(const float *in, float *out, int n,
                             const int *idx) {
  float a[8];
  for (int j = 0; j < 8; ++j)
    a[j] = in[threadIdx.x + j];
  out[threadIdx.x] = a[idx[threadIdx.x] & 7];
}

__global__ void lane_arithmetic(const float *in, float *out, int n,
                                const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[j] * 3;
  unsigned lane = threadIdx.x % 32;
  out[threadIdx.x] = a[lane >> 3];
}

__global__ void dynamic_store_constant_reads(const float *in, float *out,
                                             int n, const int *idx) {
  float a[4] = {0, 0, 0, 0};
  a[threadIdx.x % 4] = in[threadIdx.x];
  out[threadIdx.x] = a[0] + 2 * a[1] + 3 * a[2] + 4 * a[3];
}

__noinline__ __device__ float sum4(const float *a) {
  return a[0] + a[1] + a[2] + a[3];
}

__global__ void escape_to_call(const float *in, float *out, int n,
                               const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[threadIdx.x + j];
  out[threadIdx.x] = sum4(a);
}

__global__ void escape_through_pointer(const float *in, float *out, int n,
                                       const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[j] + 1;
  const float *p = a + (threadIdx.x % 2);
  out[threadIdx.x] = p[0] + p[2];
}

__global__ void struct_member_dynamic(const float *in, float *out, int n,
                                      const int *idx) {
  Accumulator acc;
  for (int j = 0; j < 4; ++j)
    acc.v[j] = in[j] * 5;
  out[threadIdx.x] = acc.v[threadIdx.x % 4];
}

__global__ void inlined_dynamic(const float *in, float *out, int n,
                                const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[j] - 1;
  out[threadIdx.x] = pick(a, threadIdx.x % 4);
}

__global__ void select_of_constants(const float *in, float *out, int n,
                                    const int *idx) {
  float a[4];
  for (int j = 0; j < 4; ++j)
    a[j] = in[j] * 7;
  out[threadIdx.x] = a[threadIdx.x & 1 ? 1 : 2];
}

__global__ void loop_too_long_to_unroll(const float *in, float *out, int n,
                                        const int *idx) {
  float a[512];
  for (int j = 0; j < 512; ++j)
    a[j] = in[threadIdx.x + j];
  float s = 0;
  for (int j = 0; j < 512; ++j)
    s += a[j];
  out[threadIdx.x] = s;
}

// ---- host ----------------------------------------------------------------------
using Kernel = void (*)(const float *, float *, int, const int *);

int main() {
  const int N = 2048, Param = 13;
  float *In = new float[N], *Out = new float[Threads];
  int Idx[Threads];
  for (int I = 0; I < N; ++I)
    In[I] = float(I % 17) - 4.0f;
  for (int T = 0; T < Threads; ++T)
    Idx[T] = (T * 5 + 3) % 11;
  float *DevIn, *DevOut;
  int *DevIdx;
  CHECK_CUDA(cudaMalloc(&DevIn, sizeof(float) * N));
  CHECK_CUDA(cudaMalloc(&DevOut, sizeof(float) * N));
  CHECK_CUDA(cudaMalloc(&DevIdx, sizeof(int) * Threads));
  CHECK_CUDA(cudaMemcpy(DevIn, In, sizeof(float) * N, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DevIdx, Idx, sizeof(Idx), cudaMemcpyHostToDevice));
  ResultChecker Check;

  auto Compare = [&](const char *Name, auto Want) {
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(Out, DevOut, sizeof(float) * Threads,
                          cudaMemcpyDeviceToHost));
    for (int T = 0; T < Threads; ++T) {
      float W = Want(T);
      // Integral results in float: compare after rounding.
      Check.expect(Name, T, (long long)(Out[T] * 64.0f + (Out[T] < 0 ? -0.5f : 0.5f)),
                   (long long)(W * 64.0f + (W < 0 ? -0.5f : 0.5f)));
    }
  };

  constant_indices<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("constant_indices", [&](int T) {
    float A0 = In[T], A1 = A0 * 2, A2 = A1 + 3, A3 = A2 - A0;
    return A0 + A1 + A2 + A3;
  });
  unrolled_loop<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("unrolled_loop", [&](int T) {
    float S = 0;
    for (int J = 0; J < 8; ++J)
      S += In[T + J] * (J + 1);
    return S;
  });
  pragma_unroll<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("pragma_unroll", [&](int T) {
    float S = 0;
    for (int J = 0; J < 16; ++J)
      S += In[T + 15 - J] * J;
    return S;
  });
  masked_constant_index<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("masked_constant_index", [&](int T) {
    float A1 = 2, A3 = T < 5 ? In[T] : 4;
    if (T % 2)
      A1 = A3 * 2;
    return A1 + A3;
  });
  struct_member_constant<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("struct_member_constant", [&](int T) {
    const float *V = In + T * 4;
    return V[0] * V[3] + V[1] * V[2];
  });
  inlined_constant<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("inlined_constant", [&](int T) {
    float S = 0;
    for (int J = 0; J < 4; ++J)
      S += In[T + J] * J;
    return S;
  });
  template_small<4><<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("template_small<4>", [&](int) {
    int S = 0;
    for (int J = 0; J < 4; ++J)
      S += int(In[J]) + J;
    return float(S);
  });
  switch_rewrite<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("switch_rewrite",
          [&](int T) { return In[T % 4] * float(T + 1); });
  large_constant_indices<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("large_constant_indices", [&](int T) {
    float S = 0;
    for (int J = 0; J < 512; ++J)
      S += In[J * (T % 2)] * In[(511 - J) * (T % 2)];
    return S;
  });
  pragma_unroll_1<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("pragma_unroll_1", [&](int T) { return In[T] + In[T + 7]; });
  runtime_trip_count<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("runtime_trip_count", [&](int T) {
    float A[8] = {};
    for (int J = 0; J < Param; ++J)
      A[J % 8] += In[T + J];
    return A[0] + A[3];
  });
  thread_index<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("thread_index", [&](int T) { return In[T % 4] + T % 4; });
  parameter_index<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("parameter_index", [&](int T) { return In[T + Param % 8]; });
  memory_index<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("memory_index", [&](int T) { return In[T + (Idx[T] & 7)]; });
  lane_arithmetic<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("lane_arithmetic", [&](int T) { return In[(T % 32) >> 3] * 3; });
  dynamic_store_constant_reads<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("dynamic_store_constant_reads",
          [&](int T) { return In[T] * float(T % 4 + 1); });
  escape_to_call<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("escape_to_call", [&](int T) {
    return In[T] + In[T + 1] + In[T + 2] + In[T + 3];
  });
  escape_through_pointer<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("escape_through_pointer", [&](int T) {
    int O = T % 2;
    return (In[O] + 1) + (In[O + 2] + 1);
  });
  struct_member_dynamic<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("struct_member_dynamic", [&](int T) { return In[T % 4] * 5; });
  inlined_dynamic<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("inlined_dynamic", [&](int T) { return In[T % 4] - 1; });
  select_of_constants<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("select_of_constants",
          [&](int T) { return In[T & 1 ? 1 : 2] * 7; });
  loop_too_long_to_unroll<<<1, Threads>>>(DevIn, DevOut, Param, DevIdx);
  Compare("loop_too_long_to_unroll", [&](int T) {
    float S = 0;
    for (int J = 0; J < 512; ++J)
      S += In[T + J];
    return S;
  });

  // The seed's running means over the whole input.
  const int W = 32;
  running_mean_register_array<W><<<4, Threads>>>(DevIn, DevOut, N);
  float *Mean = new float[N];
  auto CompareMean = [&](const char *Name) {
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(Mean, DevOut, sizeof(float) * N,
                          cudaMemcpyDeviceToHost));
    for (int I = 0; I < N; ++I) {
      float Sum = 0;
      for (int J = 0; J < W; ++J) {
        int K = I - W / 2 + J;
        Sum += (K < 0 || K >= N) ? 0 : In[K];
      }
      float Want = Sum / W;
      Check.expect(Name, I, (long long)(Mean[I] * 1024.0f + 0.5f),
                   (long long)(Want * 1024.0f + 0.5f));
    }
  };
  CompareMean("running_mean_register_array");
  running_mean_local_memory_array<W><<<4, Threads>>>(DevIn, DevOut, N);
  CompareMean("running_mean_local_memory_array");

  delete[] In;
  delete[] Out;
  delete[] Mean;
  CHECK_CUDA(cudaFree(DevIn));
  CHECK_CUDA(cudaFree(DevOut));
  CHECK_CUDA(cudaFree(DevIdx));
  return Check.finish("local_memory");
}
