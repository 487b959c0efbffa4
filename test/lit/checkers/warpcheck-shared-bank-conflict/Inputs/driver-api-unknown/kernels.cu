// Kernels loaded by name and launched by main.cpp through the driver API.
extern "C" __global__ void named(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 4] = 1;
  out[threadIdx.x] = s[0];
}

extern "C" __global__ void unnamed(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 8] = 1;
  out[threadIdx.x] = s[0];
}
