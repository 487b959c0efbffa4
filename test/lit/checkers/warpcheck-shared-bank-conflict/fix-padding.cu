// --fix-style=pad pads the declaration; the notes name both fixes.
// RUN: cp %s %t.cu
// RUN: %warpcheck --fix --fix-style=pad %t.cu -- 2>&1 | FileCheck %s -check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | count 0

#define TILE 32
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  // CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 32-way bank conflict on load from 'tile': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: note: pad each row by 1 element: 'float tile[32][33]' makes all 2 accesses conflict-free (+128 bytes)
  // CHECK-MESSAGES: note: or swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes)
}

int main() { transpose<<<1, dim3(TILE, TILE)>>>(nullptr, nullptr); }
