// An array reached through a pointer to a local object (`p->q[j]`): the
// one-element test walks members only through `.`, and an arrow ends the
// walk (it crashed on a member access through `->`).
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

struct S {
  float q[4];
};

__global__ void viaArrow(const float *in, float *out, int j) {
  S local[2];
  for (int i = 0; i < 4; ++i) {
    local[0].q[i] = in[i];
    local[1].q[i] = in[i + 4];
  }
  S *p = &local[threadIdx.x & 1];
  out[threadIdx.x] = p->q[j & 3];
  // CHECK: :[[@LINE-1]]:22: warning: 'local' (32 bytes) will live in local memory: index 'j & 3' is not known at compile time
}
