// Issue 29: the layout --fix applies is listed first and says so; the
// alternative follows with "or". With --fix-style=pad the order turns.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --fix-style=pad %s -- 2>&1 | grep -v -E '^ *[0-9]* [|]' | FileCheck %s -check-prefix=PAD

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

int main() { transpose<<<1, dim3(32, 32)>>>(nullptr, nullptr); }

// CHECK-MESSAGES: :10:41: warning: 32-way bank conflict on load from 'tile': 32 wavefronts per request, 1 ideal
// CHECK-MESSAGES: :7:20: note: swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)
// CHECK-MESSAGES-NEXT: :7:20: note: or pad each row by 1 element: 'float tile[32][33]' makes all 2 accesses conflict-free (+128 bytes)
// CHECK-MESSAGES-NEXT: :8:21: note: apply the same swizzle here

// PAD: :10:41: warning: 32-way bank conflict on load from 'tile'
// PAD: :7:20: note: pad each row by 1 element: 'float tile[32][33]' makes all 2 accesses conflict-free (+128 bytes) (applied by --fix)
// PAD-NEXT: :7:20: note: or swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes)
// PAD-NOT: apply the same
