// The load reads back what the same thread just stored, with no barrier in
// between: nvcc forwards the stored value and emits no LDS for it.
__global__ void forward(const float *in, float *out) {
  __shared__ float s[64 * 32];
  int t = threadIdx.x;
  s[t * 32] = in[t];
  float v = s[t * 32];
  out[t] = v * 2.f;
}

void launch(const float *in, float *out) { forward<<<1, 64>>>(in, out); }
