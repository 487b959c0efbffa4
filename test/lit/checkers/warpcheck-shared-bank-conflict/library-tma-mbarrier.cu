// The library forms of cp.async, mbarrier and TMA (cuda_pipeline_primitives.h,
// cuda_awbarrier_primitives.h, cuda::ptx), as measured on an H100
// (cuda_samples/library_calls/pipeline_copies.cu, tma_mbarrier.cu):
// __pipeline_memcpy_async of 4 and 8 bytes becomes LDGSTS.E / .E.64 and
// follows the store rule of its width; of 16 bytes LDGSTS.E.BYPASS.128,
// judged at 16 bytes by the measured bypass rule (Model/BypassCopy.h); the
// mbarrier operations (SYNCS) and the bulk tensor copy (UTMALDG) make no
// shared-memory load or store request: silent.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages
#include <cuda.h>
#include <cuda/ptx>
#include <cuda_awbarrier_primitives.h>
#include <cuda_pipeline.h>

__global__ void primitives(const char *g, unsigned *out) {
  __shared__ __align__(128) char tile[32 * 16 * 8];
  __pipeline_memcpy_async(tile + threadIdx.x * 4, g + threadIdx.x * 4, 4); // silent
  __pipeline_memcpy_async(tile + threadIdx.x * 8 * 4, g + threadIdx.x * 8, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 'tile': 8 wavefronts per request, 2 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: '__pipeline_memcpy_async' of 8 bytes: LDGSTS writes shared memory with the bank rule of a store of the same width at the same addresses (measured on an H100: cuda_samples/library_calls/measurements/h100-pipeline-copies)
  // CHECK-MESSAGES: :[[@LINE-5]]:34: note: no layout fix offered: not every access to 'tile' could be followed
  __pipeline_memcpy_async(tile + threadIdx.x * 32, g + threadIdx.x * 16, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 'tile': 32 wavefronts per request, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: '__pipeline_memcpy_async' of 16 bytes (LDGSTS.E.BYPASS.128): the measured rule of 16-byte L1-bypassing copies{{.*}}
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __shared__ __mbarrier_t bar;
  if (threadIdx.x == 0)
    __mbarrier_init(&bar, blockDim.x); // silent
  __syncthreads();
  __mbarrier_token_t t = __mbarrier_arrive(&bar); // silent
  while (!__mbarrier_test_wait(&bar, t)) { // silent
  }
  out[threadIdx.x] = unsigned(t);
}

__global__ void tensorCopy(const __grid_constant__ CUtensorMap map, unsigned *out) {
  __shared__ __align__(1024) unsigned char box[32 * 128];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(&bar, 1); // silent
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, &bar, 4096u); // silent
    const int32_t coords[2] = {0, 0};
    cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global,
                                    box, &map, coords, &bar); // no request: silent
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(&bar, 0u)) { // silent
  }
  out[threadIdx.x] = box[threadIdx.x * 128];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 'box': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-15]]:44: note: {{.*}}
}

int main() {
  primitives<<<1, 32>>>(nullptr, nullptr);
  CUtensorMap map{};
  tensorCopy<<<1, 32>>>(map, nullptr);
}
