// --format=html: one site launched with two block shapes has a warning per
// verdict; each section is headed by the warning of its own shape, beside
// the map of that shape (a section once took the first warning at its line
// and column, the 2-way one, over the 4-wavefront map).
// RUN: %warpcheck --format=html %s -- > %t.html
// RUN: FileCheck %s < %t.html

__global__ void k(float *o) {
  __shared__ float s[4096];
  o[threadIdx.x] = s[threadIdx.x * blockDim.y];
}
int main() { k<<<1, dim3(32, 2)>>>(0); k<<<1, dim3(32, 4)>>>(0); }

// CHECK: <h2>html-shapes.cu:10:20: 2-way bank conflict on load from &#39;s&#39;: 2 wavefronts per request
// CHECK-NOT: <h2>
// CHECK: warp 0: 2 wavefronts
// CHECK-NOT: <h2>
// CHECK: block 32x2x1 (from
// CHECK: <h2>html-shapes.cu:10:20: 4-way bank conflict on load from &#39;s&#39;: 4 wavefronts per request
// CHECK-NOT: <h2>
// CHECK: warp 0: 4 wavefronts
// CHECK-NOT: <h2>
// CHECK: block 32x4x1 (from
