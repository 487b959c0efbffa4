// Compile-only kernels that locate the compiler's limits warpcheck models
// (nvcc 13, sm_90): NVVM's full-unroll budget (trip count x loop cost, and
// the longest trip count it unrolls), partial unrolling of periodic indices,
// ptxas's promotion of small depots, and store-to-load forwarding.
// cuda_samples/compile_nvcc.sh records their PTX and ptxas output;
// test/lit/local-memory-limits.test compares warpcheck with it.
template <int W> __global__ void regs(const float *in, float *out, int n) {
  float w[W];
  for (int j = 0; j < W; ++j) w[j] = in[threadIdx.x + j];
  float s = 0;
  for (int j = 0; j < W; ++j) s += w[j];
  out[threadIdx.x] = s;
}
template __global__ void regs<8>(const float*, float*, int);
template __global__ void regs<32>(const float*, float*, int);
template __global__ void regs<64>(const float*, float*, int);
template __global__ void regs<128>(const float*, float*, int);
template __global__ void regs<256>(const float*, float*, int);
template __global__ void regs<512>(const float*, float*, int);
template <int W> __global__ void regsNoPragmaBody(const float *in, float *out, int n) {
  float w[W];
  for (int j = 0; j < W; ++j) w[j] = in[threadIdx.x * j] * in[j] + in[j+1] / in[j + 2];
  float s = 0;
  for (int j = 0; j < W; ++j) s += w[j] * w[(j + 1) % W];
  out[threadIdx.x] = s;
}
template __global__ void regsNoPragmaBody<16>(const float*, float*, int);
template __global__ void regsNoPragmaBody<64>(const float*, float*, int);
__global__ void unroll1(const float *in, float *out) {
  float w[8];
#pragma unroll 1
  for (int j = 0; j < 8; ++j) w[j] = in[j];
  float s = 0;
  for (int j = 0; j < 8; ++j) s += w[j];
  out[threadIdx.x] = s;
}
__global__ void selectIdx(const float *in, float *out) {
  float w[4];
  for (int j = 0; j < 4; ++j) w[j] = in[j];
  out[threadIdx.x] = w[threadIdx.x & 1 ? 1 : 2];
}
__global__ void maskedConst(const float *in, float *out) {
  float w[4];
  for (int j = 0; j < 4; ++j) w[j] = in[j];
  if (threadIdx.x < 5) w[3] = 7;
  out[threadIdx.x] = w[3] + w[1];
}
__global__ void tidIdx(const float *in, float *out) {
  float w[4];
  for (int j = 0; j < 4; ++j) w[j] = in[j];
  out[threadIdx.x] = w[threadIdx.x % 4];
}
__global__ void dynStore(const float *in, float *out) {
  float w[4] = {0, 0, 0, 0};
  w[threadIdx.x % 4] = in[0];
  out[threadIdx.x] = w[0] + w[1] + w[2] + w[3];
}
__global__ void bigConst(const float *in, float *out) {
  float w[512];
#pragma unroll
  for (int j = 0; j < 512; ++j) w[j] = in[j * threadIdx.x];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 512; ++j) s += w[j] * w[511 - j];
  out[threadIdx.x] = s;
}
__noinline__ __device__ float sum4(const float *a) { return a[0] + a[1] + a[2] + a[3]; }
__global__ void escape(const float *in, float *out) {
  float w[4];
  for (int j = 0; j < 4; ++j) w[j] = in[j];
  out[threadIdx.x] = sum4(w);
}
template <int W> __global__ void tidIdxSized(const float *in, float *out) {
  float w[W];
#pragma unroll
  for (int j = 0; j < W; ++j) w[j] = in[j * threadIdx.y];
  out[threadIdx.x] = w[threadIdx.x % W];
}
template __global__ void tidIdxSized<2>(const float*, float*);
template __global__ void tidIdxSized<4>(const float*, float*);
template __global__ void tidIdxSized<8>(const float*, float*);
template __global__ void tidIdxSized<16>(const float*, float*);
template __global__ void tidIdxSized<32>(const float*, float*);
template __global__ void tidIdxSized<64>(const float*, float*);
template <int W> __global__ void trip(const float *in, float *out) {
  float w[8];
  for (int j = 0; j < 8; ++j) w[j] = in[j];
  float s = 0;
  for (int j = 0; j < W; ++j) s += w[j % 8] * in[j];
  out[threadIdx.x] = s;
}
template __global__ void trip<64>(const float*, float*);
template __global__ void trip<128>(const float*, float*);
template __global__ void trip<256>(const float*, float*);
template __global__ void trip<300>(const float*, float*);
template __global__ void trip<384>(const float*, float*);
template __global__ void trip<512>(const float*, float*);
template <int W> __global__ void tripHeavy(const float *in, float *out) {
  float w[8];
  for (int j = 0; j < 8; ++j) w[j] = in[j];
  float s = 0;
  for (int j = 0; j < W; ++j) s += w[j % 8] * in[j] + sqrtf(in[j + 1]) * in[j * 3] / (in[j + 7] + 1.0f);
  out[threadIdx.x] = s;
}
template __global__ void tripHeavy<16>(const float*, float*);
template __global__ void tripHeavy<32>(const float*, float*);
template __global__ void tripHeavy<64>(const float*, float*);
template __global__ void tripHeavy<128>(const float*, float*);
__global__ void loops(const float *in, float *out, int n) {
  float d[512];
  for (int j = 0; j < 512; ++j)
    d[j] = in[j];
  out[threadIdx.x] = d[4];
}
__global__ void loops2(const float *in, float *out, int n) {
  float d[512];
  for (int j = 0; j < 512; ++j)
    d[j] = in[j];
  float s = 0;
  for (int j = 0; j < 512; ++j)
    s += d[j] * d[511 - j];
  out[threadIdx.x] = s;
}
__global__ void loops3(const float *in, float *out, int n) {
  float d[400];
  for (int j = 0; j < 400; ++j)
    d[j] = in[j + threadIdx.x];
  float s = 0;
  for (int j = 0; j < 400; ++j)
    s += d[j] * d[399 - j];
  out[threadIdx.x] = s;
}
__global__ void rtA(const float *in, float *out, int n) {
  float a[8] = {};
  for (int j = 0; j < n; ++j) a[j % 8] += in[threadIdx.x + j];
  out[threadIdx.x] = a[0] + a[3];
}
__global__ void rtB(const float *in, float *out, int n) {
  float a[8];
  for (int j = 0; j < 8; ++j) a[j] = in[threadIdx.x + j];
  int j = 0;
  while (j < 7 && in[j] > 0) ++j;
  out[threadIdx.x] = a[j];
}
__global__ void rtC(const float *in, float *out, int n) {
  float a[8] = {};
  for (int j = 0; j < n; ++j) a[(j * 3) & 7] += in[threadIdx.x + j];
  out[threadIdx.x] = a[0] + a[3];
}
