// The default fix style picks the swizzle (as few wavefronts, no extra
// memory) and rewrites every access of the array consistently.
// RUN: cp %s %t.cu
// RUN: %warpcheck --fix %t.cu -- 2>&1 | FileCheck %s -check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | count 0

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  unsigned x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  // CHECK-FIXES: tile[y][x ^ y] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 32-way bank conflict on load from 'tile'
  // CHECK-FIXES: out[y * 32 + x] = tile[x][y ^ x];
}

// A 16x16 block: pad 1 stays 2-way, no padding serves both the row write
// and the column read, and a swizzle with M=1 does.
__global__ void small(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on load from 't'
  // CHECK-MESSAGES: note: swizzle: Swizzle<3,1,4> (index [r][c ^ (((r >> 1) & 7) << 1)]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)
  // CHECK-MESSAGES: note: or pad each row by 2 elements: 'float t[16][18]' cuts the wavefronts of all 2 accesses from 72 to 24 (+128 bytes)
  // CHECK-FIXES: out[threadIdx.x] = t[threadIdx.x][threadIdx.y ^ (((threadIdx.x >> 1) & 7) << 1)];
}

// A 1-D tile indexed as rows: the swizzle applies to the flat index.
__global__ void flat(int *out) {
  __shared__ int m[32 * 32];
  m[threadIdx.y * 32 + threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = m[threadIdx.x * 32 + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 'm'
  // CHECK-MESSAGES: note: swizzle: Swizzle<5,0,5> (index [i ^ ((i >> 5) & 31)]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)
  // CHECK-MESSAGES: note: or pad rows of 32 elements by 1: 'int m[1056]' (i becomes i + i / 32) makes all 2 accesses conflict-free (+128 bytes)
  // CHECK-FIXES: out[threadIdx.x] = m[(threadIdx.x * 32 + threadIdx.y) ^ (((threadIdx.x * 32 + threadIdx.y) >> 5) & 31)];
}

int main() {
  transpose<<<1, dim3(32, 32)>>>(nullptr, nullptr);
  small<<<1, dim3(16, 16)>>>(nullptr);
  flat<<<1, dim3(32, 32)>>>(nullptr);
}
