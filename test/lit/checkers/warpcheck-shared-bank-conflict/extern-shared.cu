// Dynamic shared memory: extern arrays and pointers carved out of them.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void dynamicColumns(int *out) {
  extern __shared__ int tile[];
  int idx = threadIdx.y * blockDim.x + threadIdx.x;
  int colIdx = threadIdx.x * blockDim.y + threadIdx.y;
  tile[colIdx] = idx;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'tile': 32 wavefronts per request, 1 ideal
  __syncthreads();
  out[idx] = tile[colIdx];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 32-way bank conflict on load from 'tile': 32 wavefronts per request, 1 ideal
}

__global__ void carved(float *out) {
  extern __shared__ char pool[];
  float *a = reinterpret_cast<float *>(pool);
  double *b = reinterpret_cast<double *>(pool + 1024);
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x * 16] = 2.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 'pool': 32 wavefronts per request, 2 ideal
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x];
}

int main() {
  dynamicColumns<<<1, dim3(32, 32), 32 * 32 * sizeof(int)>>>(nullptr);
  carved<<<1, 32, 8192>>>(nullptr);
}
