// A ring buffer in a run-time loop (ssm-conv.cu's ssm_conv_f32): stored at
// one index and read at others, both changing with the loop's counter.
// ptxas promoted 16 to 44 bytes and kept 48 to 64
// (cuda_samples/local_calibration/ggml/ggml_patterns.cu: ring<N>). A
// read-modify-write of the same element (`a[j % 8] += x`) is kept over 16
// bytes.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages

template <int N>
__global__ void ring(const float *xb, const float *wb, float *y, long n_t,
                     int sx) {
  float x[N] = {0.0f}, w[N] = {0.0f};
  const int tid = threadIdx.x;
#pragma unroll
  for (int j = 0; j < N; j++)
    w[j] = wb[tid * N + j];
  for (long i = 0; i < n_t; i++) {
    float sumf = 0.0f;
    if (i == 0) {
      for (int j = 0; j < N; j++)
        x[j] = xb[tid * sx + j];
    } else {
      x[(i - 1) % N] = xb[tid * sx + i + N - 1];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'x' (60 bytes) will live in local memory: index '(i - 1) % N' depends on the counter of the loop at line 17
    }
#pragma unroll
    for (int j = 0; j < N; j++)
      sumf += x[(i + j) % N] * w[j];
    y[i * 128 + tid] = sumf;
  }
}
template __global__ void ring<9>(const float *, const float *, float *, long, int);
template __global__ void ring<11>(const float *, const float *, float *, long, int);
template __global__ void ring<15>(const float *, const float *, float *, long, int);

__global__ void rmw(const float *in, float *out, int n) {
  float a[8] = {};
  for (int j = 0; j < n; ++j)
    a[j % 8] += in[threadIdx.x + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'a' (32 bytes) will live in local memory: index 'j % 8' depends on the counter of the loop at line 38
  out[threadIdx.x] = a[0] + a[7];
}
