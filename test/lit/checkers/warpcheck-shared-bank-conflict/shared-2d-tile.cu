// A 32x32 tile written by rows and read by columns, on the launch's block.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on load from 'tile': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:41: note: warp 0: lanes 0..31 hit bank 0, 32 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:41: note: in 'transposeTile', block 32x32x1 (from launch at shared-2d-tile.cu:[[@LINE+12]])
}

__global__ void transposeTilePadded(float *out, const float *in) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out, const float *in) {
  dim3 block(32, 32);
  transposeTile<<<1, block>>>(out, in);
  transposeTilePadded<<<1, block>>>(out, in);
}
