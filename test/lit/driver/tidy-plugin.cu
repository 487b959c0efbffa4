// The clang-tidy plugin runs the same check as the standalone tool, with
// options from clang-tidy's configuration.
// REQUIRES: tidy-plugin
// RUN: %clang-tidy-cuda %s -- %cuda-prelude-args 2>&1 | %check-messages
// RUN: %clang-tidy-cuda --config="{CheckOptions: {warpcheck-shared-bank-conflict.MinWays: '4'}}" %s -- %cuda-prelude-args 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefix=MIN4 -implicit-check-not='{{warning|error}}:'

__global__ void strides(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  out[threadIdx.x] += s[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // MIN4: :[[@LINE-2]]:23: warning: 32-way bank conflict on load from 's'
}

int main() { strides<<<1, 32>>>(nullptr); }
