// A loop the compiler keeps that reads a per-thread array in the order
// constant-index stores wrote it: NVVM may fuse the loops and forward each
// stored value (nvcc 13, sm_90: char[512] and short[1024] kept no depot,
// char[1024] kept a 1024-byte frame; cuda_samples/local_calibration). The
// verdict is "may", never "will live in local memory". Under
// `#pragma unroll 1` nothing is fused and the array stays in local memory.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages
// RUN: %warpcheck --checks='-*,warpcheck-local-*' --format=json %s -- | FileCheck %s --check-prefix=JSON

__global__ void fused(const float *in, float *out) {
  char a[512];
#pragma unroll
  for (int j = 0; j < 512; ++j)
    a[j] = (char)in[j * blockDim.x + threadIdx.x];
  char r = 0;
  for (int j = 0; j < 512; ++j)
    r += a[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'a' (512 bytes) may live in local memory: index 'j' depends on the counter of the loop at line [[@LINE-2]], which the compiler does not unroll, but it reads the elements in the order they were stored at constant indices: the compiler may forward the stored values and keep no array [warpcheck-local-memory-array]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: loop at line [[@LINE-3]]: its 512 iterations exceed the compiler's full-unroll budget
  // CHECK-MESSAGES: :[[@LINE-9]]:8: note: 'a' declared here, in 'fused'; add #pragma unroll to the loop at line [[@LINE-4]]
  out[threadIdx.x] = r;
}
// JSON: "final_reason": "whether the PTX has a depot is not known",
// JSON-NEXT: "final_status": "unknown",
// JSON-NEXT: "function": "fused",

// The same reads after a store with a run-time index: no forwarding.
__global__ void storedDynamically(const float *in, float *out, int k) {
  char a[512];
#pragma unroll
  for (int j = 0; j < 512; ++j)
    a[j] = (char)in[j * blockDim.x + threadIdx.x];
  a[k & 511] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'a' (512 bytes) will live in local memory: index 'k & 511' is not known at compile time [warpcheck-local-memory-array]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the index depends on kernel parameter 'k'
  // CHECK-MESSAGES: :[[@LINE-7]]:8: note: ptxas keeps the 512-byte depot{{.*}}
  // CHECK-MESSAGES: :[[@LINE-8]]:8: note: 'a' declared here, in 'storedDynamically'{{.*}}
  char r = 0;
  for (int j = 0; j < 512; ++j)
    r += a[j];
  out[threadIdx.x] = r;
}

__global__ void kept(const float *in, float *out) {
  char a[512];
#pragma unroll
  for (int j = 0; j < 512; ++j)
    a[j] = (char)in[j * blockDim.x + threadIdx.x];
  char r = 0;
#pragma unroll 1
  for (int j = 0; j < 512; ++j)
    r += a[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'a' (512 bytes) will live in local memory: index 'j' depends on the counter of the loop at line [[@LINE-2]], which the compiler does not unroll [warpcheck-local-memory-array]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: loop at line [[@LINE-3]]: #pragma unroll 1 keeps it a loop
  // CHECK-MESSAGES: :[[@LINE-10]]:8: note: ptxas keeps the 512-byte depot: its elements are 1 byte wide, and ptxas moves only depots of 4-byte elements to registers
  // CHECK-MESSAGES: :[[@LINE-11]]:8: note: 'a' declared here, in 'kept'; add #pragma unroll to the loop at line [[@LINE-5]]
  out[threadIdx.x] = r;
}
