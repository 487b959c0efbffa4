// Loops: a constant trip count gives one instance per iteration and the
// worst is reported; an unknown trip count is one symbolic iteration.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void growingStride(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned sum = 0;
#pragma unroll
  for (int k = 0; k < 6; ++k)
    sum += s[threadIdx.x << k];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}; worst of 6 executions
  out[threadIdx.x] = sum;
}

__global__ void reduce(int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = tid;
  __syncthreads();
  // Interleaved addressing with divergent lanes: conflict-free.
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  // Interleaved addressing with a strided index: the stride doubles each
  // step; the worst step puts 8 lanes on one bank.
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way bank conflict on load and store of 'sdata': 8 wavefronts per request each, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: {{.*}}; worst of 8 executions
    //
    //
    // CHECK-MESSAGES: :[[@LINE-5]]:23: warning: 8-way bank conflict on load from 'sdata': 8 wavefronts per request, 1 ideal
    __syncthreads();
  }
  // Sequential addressing: conflict-free.
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void gridStride(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  // The trip count depends on n; every iteration shifts all lanes alike.
  for (int i = blockIdx.x; i < n; i += gridDim.x)
    tile[threadIdx.x][i % 1] = in[i * 32 + threadIdx.x];
  for (int j = 0; j < n; ++j)
    out[j] = tile[j % 32][threadIdx.x];
}

__global__ void unknownStride(float *out, int stride) {
  __shared__ float s[4096];
  for (int j = 0; j < 4; ++j)
    out[j] = s[threadIdx.x * stride + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: up to 32-way bank conflict on load from 's': 1 to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the count depends on 'stride' (1 wavefront when stride is odd; {{.*}}; 32 wavefronts when stride is a multiple of 32)
}

// A tile loop over a run-time count: one symbolic iteration stands for
// every tile, and the note says the worst covers every execution.
__global__ void tileLoop(const float *in, float *out, int n) {
  __shared__ float t[32][32];
  float sum = 0;
  for (int k = 0; k < n / 32; ++k) {
    t[threadIdx.y][threadIdx.x] = in[k * 32 + threadIdx.x];
    __syncthreads();
    sum += t[threadIdx.x][threadIdx.y];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 't': 32 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}; worst of every execution
    __syncthreads();
  }
  out[threadIdx.x] = sum;
}

// A constant bound inside the condition ends the loop after 8 iterations:
// they are followed one by one, as the compiler unrolls them. Each
// iteration's request is exact (1, 2, 4 or 8 wavefronts), but which of them
// run depends on n: the count per request is a range.
__global__ void boundedByConstant(float *out, int n) {
  __shared__ float s[1024];
  float sum = 0;
  for (int j = 0; j < n && j < 8; ++j)
    sum += s[threadIdx.x * (j + 1)];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: up to 8-way bank conflict on load from 's': 1 to 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the count depends on which executions run (a loop's trip count is not known)
  out[threadIdx.x] = sum;
}

int main(int argc, char **) {
  tileLoop<<<1, dim3(32, 32)>>>(nullptr, nullptr, argc);
  boundedByConstant<<<1, 32>>>(nullptr, argc);
  growingStride<<<1, 32>>>(nullptr);
  reduce<<<1, 256>>>(nullptr);
  gridStride<<<1, 32>>>(nullptr, nullptr, argc);
  unknownStride<<<1, 32>>>(nullptr, argc);
}
