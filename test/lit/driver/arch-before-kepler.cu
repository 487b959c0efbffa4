// A compile command for an architecture older than clang parses CUDA for
// (Rodinia's Makefiles: -arch sm_13, -arch=sm_20): clang's driver stops
// there and the host code's launches would be lost (the kernel analyzed on
// assumed shapes, or nothing at all). warpcheck parses for sm_30 instead
// and says so once per file; the launch is used.
// RUN: %warpcheck %s -- nvcc -arch=sm_20 -c %s 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %warpcheck %s -- nvcc -arch sm_13 -c %s 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefix=SM13 -implicit-check-not='{{warning|error}}:'

__global__ void strided(float *out) {
  __shared__ float s[128];
  s[threadIdx.x * 2] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK: :[[@LINE-2]]:3: note: in 'strided', block 32x1x1 (from launch at arch-before-kepler.cu:[[@LINE+7]])
  // SM13: :[[@LINE-3]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}
// CHECK: arch-before-kepler.cu: note: sm_20 is older than clang parses CUDA for; parsed for sm_30 instead
// SM13: arch-before-kepler.cu: note: sm_13 is older than clang parses CUDA for; parsed for sm_30 instead

void run(float *o) { strided<<<1, 32>>>(o); }
