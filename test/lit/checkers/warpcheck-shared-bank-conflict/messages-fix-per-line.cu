// Issue 29: a fix that changes several lines is shown one line at a time:
// the warning shows the replacement on its own line, each other line is
// shown under a note "apply the same swizzle here" with its replacement.
// The fix stays whole on the warning: --export-fixes lists both
// replacements under it, and --fix applies both.
// RUN: cp %s %t.cu
// RUN: %warpcheck %t.cu -- 2>&1 | FileCheck %s
// RUN: %warpcheck --export-fixes=%t.yaml %t.cu -- > /dev/null 2>&1
// RUN: FileCheck %s -check-prefix=YAML < %t.yaml
// RUN: %warpcheck --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck %s -check-prefix=CHECK-FIXES < %t.cu

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  unsigned x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  // CHECK-FIXES: tile[y][x ^ y] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
  // CHECK-FIXES: out[y * 32 + x] = tile[x][y ^ x];
}

int main() { transpose<<<1, dim3(32, 32)>>>(nullptr, nullptr); }

// The warning's snippet is its own line only, with its replacement.
// CHECK: :19:21: warning: 32-way bank conflict on load from 'tile'
// CHECK-NEXT: {{^}} 19 |   out[y * 32 + x] = tile[x][y];
// CHECK-NEXT: {{^}}      |                     ^       ~{{$}}
// CHECK-NEXT: {{^}}      |                             y ^ x{{$}}
// CHECK-NEXT: :19:21: note: warp 0: lanes 0..31 hit bank 0, 32 distinct words
// CHECK: :14:20: note: swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)
// CHECK: :16:11: note: apply the same swizzle here
// CHECK-NEXT: {{^}} 16 |   tile[y][x] = in[y * 32 + x];
// CHECK-NEXT: {{^}}      |           ^{{$}}
// CHECK-NEXT: {{^}}      |           x ^ y{{$}}

// YAML: Message: '32-way bank conflict on load from ''tile''
// YAML: Replacements:
// YAML-NEXT: FilePath:
// YAML-NEXT: Offset:
// YAML-NEXT: Length: 1
// YAML-NEXT: ReplacementText: {{'?}}x ^ y{{'?$}}
// YAML-NEXT: FilePath:
// YAML-NEXT: Offset:
// YAML-NEXT: Length: 1
// YAML-NEXT: ReplacementText: {{'?}}y ^ x{{'?$}}
// YAML: Message: apply the same swizzle here
// YAML-NEXT: FilePath:
// YAML-NEXT: FileOffset:
// YAML-NEXT: Replacements: []
