// A tile's shuffles take the element by forwarding reference
// (`TyElem &&elem`): a struct member, an array element or a prvalue is
// passed without an lvalue-to-rvalue cast, and its value is what the tile
// shuffles. Minimized from the differential kernels k0047 (struct member),
// k1235 (array element), k0221 (prvalue), which warpcheck called unknown
// (issue 12; cuda_samples/measurements/h100-differential).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Pair {
  int a;
  int b;
};

__global__ void member(int *out) {
  __shared__ int s[2048];
  const int lin = int(threadIdx.x);
  Pair v;
  v.a = 1;
  v.b = lin * 8;
  const auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  // Lane L reads word (L ^ 16) * 8: 8 lanes per bank.
  out[lin] = s[tile.shfl_xor(v.b, 16) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 8-way bank conflict on load from 's': 8 wavefronts per request, 1 ideal
}

__global__ void element(int *out) {
  __shared__ int s[2048];
  const int lin = int(threadIdx.x);
  int v[4] = {7, 7, 7, 7};
  v[lin & 3] = lin * 2;
  const auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  // Lane L reads word (L ^ 1) * 2: lanes L and L + 16 share a bank.
  out[lin] = s[tile.shfl_xor(v[lin & 3], 1) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
}

__global__ void temporary(int *out) {
  __shared__ unsigned short s[2048];
  const int lin = int(threadIdx.x);
  const auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  // Lane L writes element ((L ^ 16) * 33) / 5 (2 bytes), in words 0, 3,
  // 6, ..., 99, 102: words 3 and 99, 6 and 102 share a bank.
  s[tile.shfl_xor(((lin & 31) * 33) / 5, 16) & 2047] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // A shared element handed to the shuffle is a load of it: 8 bytes
  // apart, lanes L and L + 16 share a bank.
  out[lin] = tile.shfl_xor(s[lin * 4], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
}

int main() {
  member<<<1, 64>>>(nullptr);
  element<<<1, 64>>>(nullptr);
  temporary<<<1, 64>>>(nullptr);
}
