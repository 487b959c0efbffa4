// 8- and 16-byte accesses through casts of a 4-byte array (seed 000).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cstdint>

__global__ void vectorLoads(uint32_t *a) {
  __shared__ uint32_t smem[128];
  uint32_t tid = threadIdx.x;
  for (int i = 0; i < 4; i++)
    smem[i * 32 + tid] = tid;
  __syncthreads();
  // Lane i and i^1 read the same address: the two half-warps merge.
  uint2 v = reinterpret_cast<const uint2 *>(smem)[tid / 2];
  // 16 lanes read 16 distinct uint2: two passes, no conflict.
  uint2 w = reinterpret_cast<const uint2 *>(smem)[tid % 16];
  int4 x = reinterpret_cast<const int4 *>(smem)[(tid % 4) * 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 4-way bank conflict on load from 'smem': 16 wavefronts per request, 4 ideal
  a[tid] = v.x + w.y + x.z;
}

__global__ void doubleTwo(double *out) {
  __shared__ double d[256];
  d[threadIdx.x] = threadIdx.x;
  __syncthreads();
  double2 p = reinterpret_cast<const double2 *>(d)[threadIdx.x];
  out[threadIdx.x] = p.x + p.y;
}

__global__ void floatFourStore(float *out) {
  __shared__ float f[1024];
  reinterpret_cast<float4 *>(f)[threadIdx.x * 4] = make_float4(1, 2, 3, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 'f': 16 wavefronts per request, 4 ideal
  __syncthreads();
  out[threadIdx.x] = f[threadIdx.x];
}

int main() {
  vectorLoads<<<1, 32>>>(nullptr);
  doubleTwo<<<1, 32>>>(nullptr);
  floatFourStore<<<1, 32>>>(nullptr);
}
