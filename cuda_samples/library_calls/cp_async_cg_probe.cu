// Probe campaign for the shared-memory writes of `cp.async.cg` 16-byte
// copies (LDGSTS.E.BYPASS.128), next to `cp.async.ca` (LDGSTS.E.128) under
// the same addresses. One warp per launch; lane L copies 16 bytes from
// g + src(L) to smem + dst(L), then waits for the copy. Destination
// families (Fam, A, B):
//   0: lane stride of A 16-byte chunks: dst = L * A * 16;
//   1: a tile of A chunks per row at a row pitch of B bytes: row L / A,
//      chunk L % A, dst = row * B + chunk * 16;
//   2: the same tile with the chunk XOR-swizzled by the row:
//      chunk (L % A) ^ (row % A);
//   3: the same with chunk (L % A) ^ ((row / 2) % A).
// Sources (Src): 0 contiguous (L * 16), 1 the destination offset, 2 lanes
// reversed ((31 - L) * 16). Forms: cg (lanes below Act copy, the others
// branch around it), cgz (every lane issues the copy, with src-size 16
// below Act and 0 above: a zero fill), ca (as cg, the .ca form). One
// manifest line per launch, in launch order.
// Usage: cp_async_cg_probe. Built with nvcc -arch=sm_90 -std=c++17.
#include <cstdio>

extern __shared__ __align__(128) unsigned char smem[];

enum Form { Cg, Cgz, Ca };

template <int Fam, int A, int B> __device__ unsigned dstOffset(unsigned L) {
  if (Fam == 0)
    return L * A * 16;
  unsigned Row = L / A, Chunk = L % A;
  if (Fam == 2)
    Chunk = Chunk ^ (Row % A);
  if (Fam == 3)
    Chunk = Chunk ^ ((Row / 2) % A);
  return Row * B + Chunk * 16;
}

template <int F, int Fam, int A, int B, int Act, int Src>
__global__ void copy(const char *g) {
  unsigned L = threadIdx.x;
  unsigned Off = dstOffset<Fam, A, B>(L);
  unsigned Dst = static_cast<unsigned>(__cvta_generic_to_shared(smem + Off));
  const char *S = g + (Src == 0 ? L * 16 : Src == 1 ? Off : (31 - L) * 16);
  if (F == Cgz) {
    unsigned Size = L < Act ? 16 : 0;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(Dst),
                 "l"(S), "r"(Size));
  } else if (L < Act) {
    if (F == Cg)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(Dst),
                   "l"(S));
    else
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(Dst),
                   "l"(S));
  }
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_all;\n" ::);
}

const char *FormName[] = {"cg", "cgz", "ca"};

template <int F, int Fam, int A, int B, int Act = 32, int Src = 0>
void run(const char *G) {
  printf("launch copy form=%s fam=%d a=%d b=%d act=%d src=%d\n", FormName[F],
         Fam, A, B, Act, Src);
  fflush(stdout);
  copy<F, Fam, A, B, Act, Src><<<1, 32, 20 * 1024>>>(G);
}

/// Lane strides, .cg and .ca.
template <int A> void stride(const char *G) {
  run<Cg, 0, A, 0>(G);
  run<Ca, 0, A, 0>(G);
}

/// A tile of A chunks per row at pitch B, .cg and .ca.
template <int A, int B> void tile(const char *G) {
  run<Cg, 1, A, B>(G);
  run<Ca, 1, A, B>(G);
}

template <int A> void pitches(const char *G) {
  if (A * 16 <= 64)
    tile<A, 64>(G);
  if (A * 16 <= 80)
    tile<A, 80>(G);
  if (A * 16 <= 96)
    tile<A, 96>(G);
  if (A * 16 <= 112)
    tile<A, 112>(G);
  tile<A, 128>(G);
  tile<A, 144>(G);
  tile<A, 160>(G);
  tile<A, 176>(G);
  tile<A, 192>(G);
  tile<A, 208>(G);
  tile<A, 224>(G);
  tile<A, 240>(G);
  tile<A, 256>(G);
  tile<A, 272>(G);
  tile<A, 288>(G);
}

/// Partial warps: lanes below Act copy.
template <int F, int Fam, int A, int B> void partial(const char *G) {
  run<F, Fam, A, B, 1>(G);
  run<F, Fam, A, B, 2>(G);
  run<F, Fam, A, B, 3>(G);
  run<F, Fam, A, B, 4>(G);
  run<F, Fam, A, B, 5>(G);
  run<F, Fam, A, B, 7>(G);
  run<F, Fam, A, B, 8>(G);
  run<F, Fam, A, B, 9>(G);
  run<F, Fam, A, B, 12>(G);
  run<F, Fam, A, B, 15>(G);
  run<F, Fam, A, B, 16>(G);
  run<F, Fam, A, B, 17>(G);
  run<F, Fam, A, B, 20>(G);
  run<F, Fam, A, B, 24>(G);
  run<F, Fam, A, B, 25>(G);
  run<F, Fam, A, B, 28>(G);
  run<F, Fam, A, B, 31>(G);
}

int main() {
  char *G;
  cudaMalloc(&G, 64 * 1024);
  cudaMemset(G, 1, 64 * 1024);
  stride<1>(G);
  stride<2>(G);
  stride<3>(G);
  stride<4>(G);
  stride<5>(G);
  stride<6>(G);
  stride<7>(G);
  stride<8>(G);
  stride<9>(G);
  stride<16>(G);
  stride<17>(G);
  stride<32>(G);
  pitches<2>(G);
  pitches<4>(G);
  pitches<8>(G);
  // XOR-swizzled tiles.
  run<Cg, 2, 8, 128>(G);
  run<Ca, 2, 8, 128>(G);
  run<Cg, 2, 4, 64>(G);
  run<Ca, 2, 4, 64>(G);
  run<Cg, 2, 4, 128>(G);
  run<Ca, 2, 4, 128>(G);
  run<Cg, 3, 4, 64>(G);
  run<Ca, 3, 4, 64>(G);
  run<Cg, 3, 8, 128>(G);
  run<Ca, 3, 8, 128>(G);
  run<Cg, 2, 8, 144>(G);
  run<Ca, 2, 8, 144>(G);
  // Sources: the destination's offsets, and lanes reversed.
  run<Cg, 0, 1, 0, 32, 1>(G);
  run<Cg, 0, 2, 0, 32, 1>(G);
  run<Cg, 0, 3, 0, 32, 1>(G);
  run<Cg, 0, 4, 0, 32, 1>(G);
  run<Cg, 0, 8, 0, 32, 1>(G);
  run<Cg, 1, 4, 80, 32, 1>(G);
  run<Cg, 1, 8, 144, 32, 1>(G);
  run<Cg, 0, 1, 0, 32, 2>(G);
  run<Cg, 0, 2, 0, 32, 2>(G);
  run<Cg, 1, 4, 80, 32, 2>(G);
  // Partial warps: branch, zero fill, and .ca.
  partial<Cg, 0, 1, 0>(G);
  partial<Cg, 0, 2, 0>(G);
  partial<Cg, 0, 3, 0>(G);
  partial<Cg, 1, 4, 80>(G);
  partial<Cg, 1, 8, 144>(G);
  partial<Cgz, 0, 1, 0>(G);
  partial<Cgz, 0, 2, 0>(G);
  partial<Cgz, 1, 4, 80>(G);
  partial<Ca, 0, 2, 0>(G);
  // Repeats: the counters are the same launch after launch.
  run<Cg, 0, 1, 0>(G);
  run<Cg, 0, 2, 0>(G);
  run<Cg, 0, 3, 0>(G);
  run<Cg, 1, 4, 80>(G);
  run<Cg, 1, 8, 144>(G);
  cudaError_t E = cudaDeviceSynchronize();
  printf("cp_async_cg_probe: %s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
