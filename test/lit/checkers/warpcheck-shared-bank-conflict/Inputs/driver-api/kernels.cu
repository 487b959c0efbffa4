// Kernels loaded by name (a cubin, a fatbin or NVRTC) and launched by
// main.cpp through the driver API.
extern "C" __global__ void tile16(float *out) {
  __shared__ float s[16][17 * 2];
  s[threadIdx.y][threadIdx.x * 2] = 1;
  out[threadIdx.x] = s[0][0];
}

extern "C" __global__ void tile32(float *out) {
  __shared__ float s[32][32 * 2];
  s[threadIdx.y][threadIdx.x * 2] = 1;
  out[threadIdx.x] = s[0][0];
}

extern "C" __global__ void fromTable(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 4] = 1;
  out[threadIdx.x] = s[0];
}

extern "C" __global__ void handedOn(float *out) {
  __shared__ float s[32 * 1024];
  s[threadIdx.x * 8] = 1;
  out[threadIdx.x] = s[0];
}
