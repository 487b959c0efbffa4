// 1-, 2-, 4-, 8- and 16-byte elements: narrow elements share 4-byte words,
// 8-byte accesses are served per half-warp, 16-byte per quarter-warp.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cstdint>

struct Pair { float a, b; };

__global__ void elements(uint32_t *out) {
  __shared__ uint8_t bytes[4096];
  __shared__ short halves[2048];
  __shared__ double doubles[512];
  __shared__ Pair pairs[64];
  __shared__ float4 quads[64];
  unsigned t = threadIdx.x;
  out[t] = bytes[t];              // four lanes per word: conflict-free
  out[t] += bytes[t * 128];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on load from 'bytes': 32 wavefronts per request, 1 ideal
  out[t] += halves[t * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 16-way bank conflict on load from 'halves': 16 wavefronts per request, 1 ideal
  out[t] += doubles[t];           // two half-warp passes: 2 is ideal
  out[t] += doubles[t * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on load from 'doubles': 4 wavefronts per request, 2 ideal
  out[t] += pairs[t].b;           // 4-byte load of a member, stride 8 bytes
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on load from 'pairs': 2 wavefronts per request, 1 ideal
  float4 q = quads[t];            // 4 quarter-warp passes
  out[t] += q.x;
  float4 r = quads[2 * t];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on load from 'quads': 8 wavefronts per request, 4 ideal
  out[t] += r.y;
}

int main() { elements<<<1, 32>>>(nullptr); }
