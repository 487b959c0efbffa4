// Seed 000, smem_64bit.cu: 8-byte (LDS.64) shared loads. The index expressions
// and active lanes are the seed's; the host checks what every lane read.
// Seed (Turing) wavefronts per load request: 1, 2, 1, 2, 2.
#include "sample_check.cuh"

__global__ void smem64_case1(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  if (tid < 16) {
    reinterpret_cast<uint2 *>(a)[tid] =
        reinterpret_cast<const uint2 *>(smem)[tid];
  }
}

__global__ void smem64_case2(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  if (tid < 15 || tid == 16) {
    reinterpret_cast<uint2 *>(a)[tid] =
        reinterpret_cast<const uint2 *>(smem)[tid == 16 ? 15 : tid];
  }
}

__global__ void smem64_case3(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  reinterpret_cast<uint2 *>(a)[tid] =
      reinterpret_cast<const uint2 *>(smem)[tid / 2];
}

__global__ void smem64_case4(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  uint32_t addr;
  if (tid < 16) {
    addr = tid / 2;
  } else {
    addr = (tid / 4) * 4 + (tid % 4) % 2;
  }
  reinterpret_cast<uint2 *>(a)[tid] =
      reinterpret_cast<const uint2 *>(smem)[addr];
}

__global__ void smem64_case5(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  reinterpret_cast<uint2 *>(a)[tid] =
      reinterpret_cast<const uint2 *>(smem)[tid % 16];
}

// Host model of the shared array after the fill loop: word w holds w % 32.
static uint32_t filled(uint32_t Word) { return Word % 32; }

static uint32_t case4Index(uint32_t Tid) {
  return Tid < 16 ? Tid / 2 : (Tid / 4) * 4 + (Tid % 4) % 2;
}

/// Checks what every lane of one launch wrote: lane T read element Index(T)
/// of the filled array when Active(T), and wrote nothing otherwise.
template <class ActiveFn, class IndexFn>
static void checkLaunch(const char *Name, uint32_t *DevA, ResultChecker &Check,
                        ActiveFn Active, IndexFn Index) {
  CHECK_CUDA(cudaGetLastError());
  uint32_t Host[64];
  CHECK_CUDA(cudaMemcpy(Host, DevA, sizeof(Host), cudaMemcpyDeviceToHost));
  for (uint32_t T = 0; T < 32; ++T)
    for (uint32_t Part = 0; Part < 2; ++Part) {
      long long Want =
          Active(T) ? filled(Index(T) * 2 + Part) : 0xffffffffLL;
      Check.expect(Name, T * 2 + Part, Host[T * 2 + Part], Want);
    }
  CHECK_CUDA(cudaMemset(DevA, 0xff, sizeof(Host)));
}

int main() {
  uint32_t *DevA;
  CHECK_CUDA(cudaMalloc(&DevA, sizeof(uint32_t) * 64));
  CHECK_CUDA(cudaMemset(DevA, 0xff, sizeof(uint32_t) * 64));
  ResultChecker Check;
  smem64_case1<<<1, 32>>>(DevA);
  checkLaunch("smem64_case1", DevA, Check, [](uint32_t T) { return T < 16; },
              [](uint32_t T) { return T; });
  smem64_case2<<<1, 32>>>(DevA);
  checkLaunch("smem64_case2", DevA, Check, [](uint32_t T) { return T < 15 || T == 16; },
              [](uint32_t T) { return T == 16 ? 15u : T; });
  smem64_case3<<<1, 32>>>(DevA);
  checkLaunch("smem64_case3", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return T / 2; });
  smem64_case4<<<1, 32>>>(DevA);
  checkLaunch("smem64_case4", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return case4Index(T); });
  smem64_case5<<<1, 32>>>(DevA);
  checkLaunch("smem64_case5", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return T % 16; });
  CHECK_CUDA(cudaFree(DevA));
  return Check.finish("bank_vec64");
}
