// Pointers derived from shared arrays keep their bank behaviour.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__device__ float readColumn(const float *base, int row) { return base[row * 32]; }
// CHECK-MESSAGES: :[[@LINE-1]]:66: warning: 32-way bank conflict on load from 'tile': 32 wavefronts per request, 1 ideal
// CHECK-MESSAGES: :[[@LINE-2]]:66: note: in 'pointers', block 32x1x1

__global__ void pointers(float *out, int k) {
  __shared__ float tile[32 * 33];
  float *row = tile + 33 * k;     // k shifts every lane alike
  row[threadIdx.x] = 1.0f;
  float *p = &tile[threadIdx.x * 33];
  *p = 2.0f;                      // stride 33: conflict-free
  __syncthreads();
  out[threadIdx.x] = readColumn(tile, threadIdx.x);
}

int main() { pointers<<<1, 32>>>(nullptr, 3); }
