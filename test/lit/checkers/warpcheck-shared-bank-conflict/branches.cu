// Lane-dependent conditions decide which lanes are active (seed 000).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cstdint>

__global__ void activeLanes(uint32_t *a) {
  __shared__ uint32_t smem[1024];
  uint32_t tid = threadIdx.x;
  if (tid < 15 || tid == 16)
    a[tid] = smem[(tid == 16 ? 15 : tid) * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on load from 'smem': 16 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: {{.*}} lanes 0..14, 16 hit bank 0, 16 distinct words
  uint32_t addr;
  if (tid < 16)
    addr = tid / 2;
  else
    addr = (tid / 4) * 4 + (tid % 4) % 2;
  a[tid] += smem[addr * 64];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 16-way bank conflict on load from 'smem': 16 wavefronts per request, 1 ideal
  if (tid >= 8)
    return;
  a[tid] += smem[tid * 32];  // only lanes 0..7 are left
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 8-way bank conflict on load from 'smem': 8 wavefronts per request, 1 ideal
}

int main() { activeLanes<<<1, 32>>>(nullptr); }
