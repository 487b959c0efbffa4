// Host min/max/isfinite overloads nvcc declares: host code that uses them
// parses without a note.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>

__global__ void k(float *o) {
  __shared__ float s[32][32];
  o[threadIdx.x] = max(s[threadIdx.x][0], 0.f);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 32-way bank conflict on load from 's'
}

int main() {
  int a = 3, b = 4;
  unsigned ua = 1;
  long long la = 1, lb = 2;
  float f = 1.f;
  double d = 2.0;
  int m = min(a, b) + max(a, b);
  unsigned um = min(ua, b) + max(a, ua);
  long long lm = min(la, lb) + max(la, lb);
  double dm = min(f, 2.f) + max(d, 1.0) + max(d, f);
  bool fin = isfinite(f) && isfinite(d) && !isnan(f) && !isinf(d);
  printf("%d %u %lld %f %d\n", m, um, lm, dm, (int)fin);
  k<<<1, 32>>>(nullptr);
}
