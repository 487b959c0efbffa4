// An array of one element is never in a depot, whatever indexes it: an index
// other than 0 is out of bounds, so NVVM takes 0 (lightning-indexer.cu's
// q_next[N_Q_NEXT] with N_Q_NEXT == 1; measured in
// cuda_samples/local_calibration/ggml/ggml_patterns.cu: one_lane, one_loop).
// No warning, and no remark of a PTX depot either:
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | FileCheck %s --allow-empty --implicit-check-not='{{warning|remark|error}}:'

__global__ void one_lane(const float *in, float *out) {
  float4 a[1];
  a[threadIdx.x % 4] = make_float4(in[0], in[1], in[2], in[threadIdx.x]);
  out[threadIdx.x] = a[0].x + a[0].w;
}

__global__ void one_loop(const float4 *in, float *out) {
  float4 a[1];
#pragma unroll
  for (int i = threadIdx.x, j = 0; i < 256; i += 256)
    a[j++] = in[i];
  out[threadIdx.x] = a[0].x;
}
