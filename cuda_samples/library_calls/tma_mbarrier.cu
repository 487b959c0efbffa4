// Measurement program for what TMA and mbarrier operations cost in the
// shared-memory counters: kernels whose only shared-memory instructions are
// mbarrier operations (inline PTX, cuda::barrier, the __mbarrier_*
// primitives, cuda::ptx), a bulk copy (cp.async.bulk) and tensor copies
// (cp.async.bulk.tensor.2d with a cuTensorMapEncodeTiled map, swizzle none,
// 32, 64 and 128 bytes), each completing on an mbarrier. One warp per
// launch; one manifest line per launch, in launch order.
// Usage: tma_mbarrier. Built with nvcc -arch=sm_90 -std=c++17 ... -lcuda.
#include <cuda.h>
#include <cuda/barrier>
#include <cuda/ptx>
#include <cuda_awbarrier_primitives.h>
#include <cstdint>
#include <cstdio>

extern __shared__ __align__(1024) unsigned char smem[];

/// mbarrier init, arrive and try_wait in inline PTX.
__global__ void mbarPtx(unsigned *out) {
  __shared__ uint64_t Bar;
  unsigned B = static_cast<unsigned>(__cvta_generic_to_shared(&Bar));
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(B),
                 "r"(blockDim.x)
                 : "memory");
  __syncthreads();
  uint64_t State;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(State)
               : "r"(B)
               : "memory");
  asm volatile("{\n"
               ".reg .pred p;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
               "@!p bra WAIT;\n"
               "}\n" ::"r"(B),
               "r"(0)
               : "memory");
  out[threadIdx.x] = unsigned(State);
}

/// cuda::barrier: init, arrive_and_wait.
__global__ void mbarCuda(unsigned *out) {
  using Barrier = cuda::barrier<cuda::thread_scope_block>;
  __shared__ Barrier Bar;
  if (threadIdx.x == 0)
    init(&Bar, blockDim.x);
  __syncthreads();
  Bar.arrive_and_wait();
  out[threadIdx.x] = threadIdx.x;
}

/// The __mbarrier_* primitives.
__global__ void mbarPrimitives(unsigned *out) {
  __shared__ __mbarrier_t Bar;
  if (threadIdx.x == 0)
    __mbarrier_init(&Bar, blockDim.x);
  __syncthreads();
  __mbarrier_token_t T = __mbarrier_arrive(&Bar);
  while (!__mbarrier_test_wait(&Bar, T)) {
  }
  out[threadIdx.x] = unsigned(T);
}

/// cuda::ptx: mbarrier_init, arrive_expect_tx (0 bytes), try_wait_parity.
__global__ void mbarCudaPtx(unsigned *out) {
  __shared__ uint64_t Bar;
  if (threadIdx.x == 0)
    cuda::ptx::mbarrier_init(&Bar, blockDim.x);
  __syncthreads();
  uint64_t S = cuda::ptx::mbarrier_arrive_expect_tx(
      cuda::ptx::sem_release, cuda::ptx::scope_cta, cuda::ptx::space_shared,
      &Bar, 0u);
  while (!cuda::ptx::mbarrier_try_wait_parity(&Bar, 0u)) {
  }
  out[threadIdx.x] = unsigned(S);
}

/// cp.async.bulk of Bytes bytes by lane 0, completing on an mbarrier.
template <int Bytes> __global__ void bulkCopy(const char *g, unsigned *out) {
  __shared__ uint64_t Bar;
  unsigned B = static_cast<unsigned>(__cvta_generic_to_shared(&Bar));
  unsigned D = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(B) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(B),
                 "r"(Bytes)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
                 "bytes [%0], [%1], %2, [%3];" ::"r"(D),
                 "l"(g), "r"(Bytes), "r"(B)
                 : "memory");
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(
      reinterpret_cast<uint64_t *>(&Bar), 0u)) {
  }
  out[threadIdx.x] = threadIdx.x;
}

/// cp.async.bulk.tensor.2d of one box (Rows x 128 bytes, or the swizzle
/// span) by lane 0, completing on an mbarrier.
__global__ void tmaTile(const __grid_constant__ CUtensorMap Map, int Bytes,
                        unsigned *out) {
  __shared__ uint64_t Bar;
  unsigned B = static_cast<unsigned>(__cvta_generic_to_shared(&Bar));
  // The box lands at a 1024-byte boundary (the 128-byte swizzle's).
  unsigned D = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  D = (D + 1023) & ~1023u;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(B) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(B),
                 "r"(Bytes)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                 "complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(D),
                 "l"(&Map), "r"(0), "r"(0), "r"(B)
                 : "memory");
  }
  asm volatile("{\n"
               ".reg .pred p;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
               "@!p bra WAIT;\n"
               "}\n" ::"r"(B),
               "r"(0)
               : "memory");
  out[threadIdx.x] = threadIdx.x;
}

/// The same tensor copy through cuda::ptx.
__global__ void tmaTileCudaPtx(const __grid_constant__ CUtensorMap Map,
                               int Bytes, unsigned *out) {
  __shared__ uint64_t Bar;
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(&Bar, 1);
    cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release,
                                   cuda::ptx::scope_cluster);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release,
                                         cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, &Bar,
                                         unsigned(Bytes));
    const int32_t Coords[2] = {0, 0};
    unsigned D = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    unsigned char *Dst = smem + (((D + 1023) & ~1023u) - D);
    cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster,
                                    cuda::ptx::space_global, Dst, &Map,
                                    Coords, &Bar);
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(&Bar, 0u)) {
  }
  out[threadIdx.x] = threadIdx.x;
}

static CUtensorMap encode(void *G, CUtensorMapSwizzle Swizzle, unsigned BoxCols,
                          unsigned BoxRows) {
  CUtensorMap Map;
  cuuint64_t Dims[2] = {256, 256};     // bytes (uint8 elements), rows
  cuuint64_t Strides[1] = {256};       // row pitch in bytes
  cuuint32_t Box[2] = {BoxCols, BoxRows};
  cuuint32_t Elem[2] = {1, 1};
  CUresult R = cuTensorMapEncodeTiled(
      &Map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, G, Dims, Strides, Box, Elem,
      CU_TENSOR_MAP_INTERLEAVE_NONE, Swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (R != CUDA_SUCCESS)
    printf("cuTensorMapEncodeTiled failed: %d\n", int(R));
  return Map;
}

int main() {
  char *G;
  unsigned *Out;
  cudaMalloc(&G, 256 * 256);
  cudaMemset(G, 3, 256 * 256);
  cudaMalloc(&Out, 32 * sizeof(unsigned));
  printf("launch mbarPtx\n");
  fflush(stdout);
  mbarPtx<<<1, 32>>>(Out);
  printf("launch mbarCuda\n");
  fflush(stdout);
  mbarCuda<<<1, 32>>>(Out);
  printf("launch mbarPrimitives\n");
  fflush(stdout);
  mbarPrimitives<<<1, 32>>>(Out);
  printf("launch mbarCudaPtx\n");
  fflush(stdout);
  mbarCudaPtx<<<1, 32>>>(Out);
  printf("launch bulkCopy bytes=1024\n");
  fflush(stdout);
  bulkCopy<1024><<<1, 32, 1024>>>(G, Out);
  printf("launch bulkCopy bytes=4096\n");
  fflush(stdout);
  bulkCopy<4096><<<1, 32, 4096>>>(G, Out);
  struct {
    CUtensorMapSwizzle S;
    const char *Name;
    unsigned Cols;
  } Modes[] = {{CU_TENSOR_MAP_SWIZZLE_NONE, "none", 128},
               {CU_TENSOR_MAP_SWIZZLE_32B, "32B", 32},
               {CU_TENSOR_MAP_SWIZZLE_64B, "64B", 64},
               {CU_TENSOR_MAP_SWIZZLE_128B, "128B", 128}};
  for (auto &M : Modes) {
    CUtensorMap Map = encode(G, M.S, M.Cols, 32);
    int Bytes = int(M.Cols * 32);
    printf("launch tmaTile swizzle=%s box=%ux32 bytes=%d\n", M.Name, M.Cols,
           Bytes);
    fflush(stdout);
    tmaTile<<<1, 32, Bytes + 1024>>>(Map, Bytes, Out);
  }
  CUtensorMap Map = encode(G, CU_TENSOR_MAP_SWIZZLE_128B, 128, 32);
  printf("launch tmaTileCudaPtx swizzle=128B box=128x32 bytes=4096\n");
  fflush(stdout);
  tmaTileCudaPtx<<<1, 32, 4096 + 1024>>>(Map, 4096, Out);
  cudaError_t E = cudaDeviceSynchronize();
  printf("tma_mbarrier: %s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
