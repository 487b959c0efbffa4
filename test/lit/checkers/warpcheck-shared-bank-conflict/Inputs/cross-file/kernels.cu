// Kernels launched from host code in main.cpp (block-shapes-cross-file.test).
__global__ void scan(int *out) {
  __shared__ int s[4096];
  s[threadIdx.y * 64 + threadIdx.x * 2] = 0;
}

__global__ void launchedThere(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
}

__global__ void runtimeThere(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
}

// The wrapper main.cpp calls: its block comes from there.
void launchScan(int *out, dim3 block) { scan<<<1, block>>>(out); }
void launchRuntime(int *out, int threads) {
  runtimeThere<<<1, threads>>>(out);
}

// A kernel argument main.cpp passes through the wrapper.
__global__ void strided(int *out, int d) {
  __shared__ int s[4096];
  s[threadIdx.x * d] = 0;
}
void launchStrided(int *out, int d) { strided<<<1, 32>>>(out, d / 2); }
