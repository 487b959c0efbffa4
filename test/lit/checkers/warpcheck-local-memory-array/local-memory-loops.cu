// Loops: a constant trip count is unrolled (within the compiler's budget),
// a constant upper bound too; #pragma unroll 1 and unknown trip counts are
// not. The seed's running mean shows both sides.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages

template <int WindowSize>
__global__ void running_mean(float const *input, float *output, int n) {
  float window[WindowSize];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    for (int j = 0; j < WindowSize; ++j) {
      int const idx = i - WindowSize / 2 + j;
      window[j] = (idx < 0 || idx >= n) ? 0 : input[idx];
    }
    float sum = 0;
    for (int j = 0; j < WindowSize; ++j) {
      int const idx = (j + n) % WindowSize;
      sum += window[idx];
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'window' (128 bytes) will live in local memory: index 'idx' is not known at compile time
      // CHECK-MESSAGES: :[[@LINE-4]]:5: note: loop at line [[@LINE-4]] has a constant trip count and would be unrolled; the index depends on kernel parameter 'n'
      // CHECK-MESSAGES: :[[@LINE-13]]:9: note: 'window' declared here, in 'running_mean<32>'; make 'n' a template parameter
    }
    output[i] = sum / WindowSize;
  }
}

__global__ void loops(const float *in, float *out, int n) {
  float a[8], b[8] = {}, c[8] = {}, d[512];
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    a[j] = in[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'a' (32 bytes) will live in local memory: index 'j' depends on the counter of the loop at line [[@LINE-2]], which the compiler does not unroll
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: loop at line [[@LINE-3]]: #pragma unroll 1 keeps it a loop
  // CHECK-MESSAGES: :[[@LINE-6]]:9: note: 'a' declared here, in 'loops'; add #pragma unroll to the loop at line [[@LINE-4]]
  for (int j = 0; j < n; ++j)
    b[j % 8] += in[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'b' (32 bytes) will live in local memory: index 'j % 8' depends on the counter of the loop at line [[@LINE-2]], which the compiler does not unroll
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: loop at line [[@LINE-3]]: its trip count depends on 'n'
  // CHECK-MESSAGES: :[[@LINE-11]]:15: note: 'b' declared here, in 'loops'; give the loop a constant trip count, or keep the array in shared memory
  for (int j = 0; j < n && j < 8; ++j)     // a constant upper bound: unrolled
    c[j] = in[j];
  for (int j = 0; j < 512; ++j)            // too long to unroll fully
    d[j] = in[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'd' (2048 bytes) will live in local memory: index 'j' depends on the counter of the loop at line [[@LINE-2]], which the compiler does not unroll
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: loop at line [[@LINE-3]]: its 512 iterations exceed the compiler's full-unroll budget
  // CHECK-MESSAGES: :[[@LINE-18]]:37: note: 'd' declared here
  out[threadIdx.x] = a[1] + b[2] + c[3] + d[4];
}

int main(int argc, char **) {
  running_mean<32><<<4, 64>>>(nullptr, nullptr, argc);
  loops<<<1, 32>>>(nullptr, nullptr, argc);
}
