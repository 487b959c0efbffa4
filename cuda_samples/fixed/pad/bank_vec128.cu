// Seed 000, smem_128bit.cu: 16-byte (LDS.128) shared loads. The index
// expressions and active lanes are the seed's (case 5 as corrected there);
// the host checks what every lane read.
// Seed (Turing) wavefronts per load request: 2, 1, 2, 4, 4, 4.
#include "sample_check.cuh"

__global__ void smem128_case1(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  if (tid == 15 || tid == 16) {
    reinterpret_cast<uint4 *>(a)[tid] =
        reinterpret_cast<const uint4 *>(smem)[4];
  }
}

__global__ void smem128_case2(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  if (tid == 0 || tid == 15) {
    reinterpret_cast<uint4 *>(a)[tid] =
        reinterpret_cast<const uint4 *>(smem)[4];
  }
}

__global__ void smem128_case3(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  reinterpret_cast<uint4 *>(a)[tid] = reinterpret_cast<const uint4 *>(
      smem)[(tid / 8) * 2 + ((tid % 8) / 2) % 2];
}

__global__ void smem128_case4(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  uint32_t addr;
  if (tid < 16) {
    addr = (tid / 8) * 2 + ((tid % 8) / 2) % 2;
  } else {
    addr = (tid / 8) * 2 + ((tid % 8) % 2);
  }
  reinterpret_cast<uint4 *>(a)[tid] =
      reinterpret_cast<const uint4 *>(smem)[addr];
}

__global__ void smem128_case5(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  reinterpret_cast<uint4 *>(a)[tid] = reinterpret_cast<const uint4 *>(
      smem)[(tid / 16) * 4 + (tid % 16) / 8 + (tid % 8) / 4 * 8];
}

__global__ void smem128_case6(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    smem[i * 32 + tid] = tid;
  }
  __syncthreads();
  uint32_t addr = (tid / 16) * 4 + (tid % 16 / 8) * 8;
  if (tid < 16) {
    addr += (tid % 4 / 2) * 2;
  } else {
    addr += (tid % 4 % 2) * 2;
  }
  reinterpret_cast<uint4 *>(a)[tid] =
      reinterpret_cast<const uint4 *>(smem)[addr];
}

static uint32_t filled(uint32_t Word) { return Word % 32; }

/// Checks what every lane of one launch wrote: lane T read element Index(T)
/// of the filled array when Active(T), and wrote nothing otherwise.
template <class ActiveFn, class IndexFn>
static void checkLaunch(const char *Name, uint32_t *DevA, ResultChecker &Check,
                        ActiveFn Active, IndexFn Index) {
  CHECK_CUDA(cudaGetLastError());
  uint32_t Host[128];
  CHECK_CUDA(cudaMemcpy(Host, DevA, sizeof(Host), cudaMemcpyDeviceToHost));
  for (uint32_t T = 0; T < 32; ++T)
    for (uint32_t Part = 0; Part < 4; ++Part) {
      long long Want =
          Active(T) ? filled(Index(T) * 4 + Part) : 0xffffffffLL;
      Check.expect(Name, T * 4 + Part, Host[T * 4 + Part], Want);
    }
  CHECK_CUDA(cudaMemset(DevA, 0xff, sizeof(Host)));
}

int main() {
  uint32_t *DevA;
  CHECK_CUDA(cudaMalloc(&DevA, sizeof(uint32_t) * 128));
  CHECK_CUDA(cudaMemset(DevA, 0xff, sizeof(uint32_t) * 128));
  ResultChecker Check;
  smem128_case1<<<1, 32>>>(DevA);
  checkLaunch("smem128_case1", DevA, Check, [](uint32_t T) { return T == 15 || T == 16; },
              [](uint32_t T) { return 4u; });
  smem128_case2<<<1, 32>>>(DevA);
  checkLaunch("smem128_case2", DevA, Check, [](uint32_t T) { return T == 0 || T == 15; },
              [](uint32_t T) { return 4u; });
  smem128_case3<<<1, 32>>>(DevA);
  checkLaunch("smem128_case3", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return (T / 8) * 2 + ((T % 8) / 2) % 2; });
  smem128_case4<<<1, 32>>>(DevA);
  checkLaunch("smem128_case4", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return T < 16 ? (T / 8) * 2 + ((T % 8) / 2) % 2 : (T / 8) * 2 + ((T % 8) % 2); });
  smem128_case5<<<1, 32>>>(DevA);
  checkLaunch("smem128_case5", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return (T / 16) * 4 + (T % 16) / 8 + (T % 8) / 4 * 8; });
  smem128_case6<<<1, 32>>>(DevA);
  checkLaunch("smem128_case6", DevA, Check, [](uint32_t T) { return true; },
              [](uint32_t T) { return (T / 16) * 4 + (T % 16 / 8) * 8 + (T < 16 ? (T % 4 / 2) * 2 : (T % 4 % 2) * 2); });
  CHECK_CUDA(cudaFree(DevA));
  return Check.finish("bank_vec128");
}
