// Measurement program for warpcheck's model of inline-PTX cp.async into
// shared memory (`cp.async.ca.shared.global [dst], [src], 4|8|16;` and
// `cp.async.cg.shared.global [dst], [src], 16;`, as hand-written GEMM and
// attention kernels issue them), next to plain stores of the same per-lane
// pattern. One warp per launch; lane L writes S bytes at smem + L * S * K.
// Each launch prints one manifest line before it, in launch order.
// Usage: cp_async_ptx. Built with nvcc -arch=sm_90 -std=c++17.
#include <cstdio>

extern __shared__ __align__(128) unsigned char smem[];

template <int S> struct Vec;
template <> struct Vec<4> { using T = float; };
template <> struct Vec<8> { using T = float2; };
template <> struct Vec<16> { using T = float4; };

/// One cp.async of S bytes per lane; Bypass: the .cg form (16 bytes only).
template <int S, int K, bool Bypass>
__global__ void ptxCopy(const float *g, float *out) {
  unsigned Dst = static_cast<unsigned>(
      __cvta_generic_to_shared(smem + threadIdx.x * S * K));
  const char *Src = reinterpret_cast<const char *>(g) + threadIdx.x * S;
  if (Bypass)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(Dst),
                 "l"(Src));
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(Dst),
                 "l"(Src), "n"(S));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_all;\n" ::);
  __syncwarp();
  // Read back (4-byte loads of the first word of each chunk, stride S*K):
  // the check that the copy landed where the model says.
  out[threadIdx.x] = *reinterpret_cast<const float *>(smem + threadIdx.x * S * K);
}

/// The same addresses written by a plain store.
template <int S, int K>
__global__ void plainStore(const float *g, float *out) {
  using T = typename Vec<S>::T;
  T *Dst = reinterpret_cast<T *>(smem + threadIdx.x * S * K);
  *Dst = reinterpret_cast<const T *>(g)[threadIdx.x];
  __syncwarp();
  out[threadIdx.x] = *reinterpret_cast<const float *>(smem + threadIdx.x * S * K);
}

static int Failures = 0;

template <int S, int K, bool Bypass>
void runCopy(const float *G, float *Out, const float *Host) {
  printf("launch ptxCopy S=%d K=%d form=%s\n", S, K, Bypass ? "cg" : "ca");
  fflush(stdout);
  ptxCopy<S, K, Bypass><<<1, 32, 32 * S * K + 128>>>(G, Out);
  float R[32];
  cudaMemcpy(R, Out, sizeof R, cudaMemcpyDeviceToHost);
  for (int L = 0; L < 32; ++L)
    if (R[L] != Host[L * S / 4])
      ++Failures;
}

template <int S, int K> void runStore(const float *G, float *Out, const float *Host) {
  printf("launch plainStore S=%d K=%d form=st\n", S, K);
  fflush(stdout);
  plainStore<S, K><<<1, 32, 32 * S * K + 128>>>(G, Out);
  float R[32];
  cudaMemcpy(R, Out, sizeof R, cudaMemcpyDeviceToHost);
  for (int L = 0; L < 32; ++L)
    if (R[L] != Host[L * S / 4])
      ++Failures;
}

template <int S, int K> void runAll(const float *G, float *Out, const float *Host) {
  runCopy<S, K, false>(G, Out, Host);
  if (S == 16)
    runCopy<S, K, true>(G, Out, Host);
  runStore<S, K>(G, Out, Host);
}

template <int S> void runStrides(const float *G, float *Out, const float *Host) {
  runAll<S, 1>(G, Out, Host);
  runAll<S, 2>(G, Out, Host);
  runAll<S, 3>(G, Out, Host);
  runAll<S, 4>(G, Out, Host);
  runAll<S, 8>(G, Out, Host);
  runAll<S, 16>(G, Out, Host);
  runAll<S, 32>(G, Out, Host);
}

int main() {
  float Host[256];
  for (int I = 0; I < 256; ++I)
    Host[I] = float(I + 1);
  float *G, *Out;
  cudaMalloc(&G, sizeof Host);
  cudaMalloc(&Out, 32 * sizeof(float));
  cudaMemcpy(G, Host, sizeof Host, cudaMemcpyHostToDevice);
  runStrides<4>(G, Out, Host);
  runStrides<8>(G, Out, Host);
  runStrides<16>(G, Out, Host);
  cudaError_t E = cudaDeviceSynchronize();
  printf("cp_async_ptx: %s, %d wrong values\n", cudaGetErrorString(E), Failures);
  return E != cudaSuccess || Failures != 0;
}
