// Every warp of the block is analyzed: with 16x16 threads a warp covers two
// rows, with 8x8x8 a warp is x 0..7, y 0..3 at one z.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void twoRowsPerWarp(unsigned *out) {
  __shared__ unsigned t[16][16];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 8-way bank conflict on load from 't': 8 wavefronts per request, 1 ideal
}

__global__ void cube(unsigned *out) {
  __shared__ unsigned s[8][8][8];
  s[threadIdx.z][threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y][threadIdx.z];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on load from 's': 8 wavefronts per request, 1 ideal
}

__global__ void lastWarpDiffers(unsigned *out) {
  __shared__ unsigned s[2048];
  // Warps 0..2 read rows, warp 3 reads a column.
  unsigned t = threadIdx.x;
  out[t] = s[t < 96 ? t : (t - 96) * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}warp 3: lanes 0..31 hit bank 0
}

int main() {
  twoRowsPerWarp<<<1, dim3(16, 16)>>>(nullptr);
  cube<<<1, dim3(8, 8, 8)>>>(nullptr);
  lastWarpDiffers<<<1, 128>>>(nullptr);
}
