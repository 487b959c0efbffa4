// A layout fix the proof withholds (the padded array breaks a static_assert
// on its size) leaves no note that tells a line to take its edit, and its
// layout note no longer says --fix applies it.
// RUN: %warpcheck --fix-style=pad %s -- 2>&1 | FileCheck %s --implicit-check-not="apply the same" --implicit-check-not="applied by --fix"

__global__ void k(float *o) {
  __shared__ float s[1024];
  static_assert(sizeof(s) == 4096, "pinned");
  int t = threadIdx.x;
  s[t * 32] = t;
  __syncthreads();
  o[t] = s[t * 32 + 1];
}
int main() { k<<<1, 32>>>(0); }

// CHECK: fix-withheld-notes.cu:10:3: warning: 32-way bank conflict on store to 's'
// CHECK: note: pad rows of 32 elements by 1: 'float s[1056]'
// CHECK: fix-withheld-notes.cu:12:10: warning: 32-way bank conflict on load from 's'
// CHECK: fix-withheld-notes.cu:10:3: note: layout fix withheld: the edited source does not compile
