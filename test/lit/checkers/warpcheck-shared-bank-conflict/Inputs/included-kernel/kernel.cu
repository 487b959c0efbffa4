// A kernel file compiled on its own and also #included by main.cu, which
// launches the (static) kernel with a block its caller's argument fixes.
#ifndef KERNEL_CU
#define KERNEL_CU
__global__ static void encode(unsigned *out) {
  __shared__ unsigned s[32 * 256];
  s[threadIdx.x * 4] = 1;
  out[threadIdx.x] = s[0];
}

__global__ static void neverLaunched(unsigned *out) {
  __shared__ unsigned s[32 * 256];
  s[threadIdx.x * 2] = 1;
  out[threadIdx.x] = s[0];
}
#endif
