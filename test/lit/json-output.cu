// --format=json lists every analyzed access, conflicted or not.
// RUN: %warpcheck --format=json %s -- | FileCheck %s

__global__ void rows(int *out, int n) {
  __shared__ int tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < n)
    out[0] = tile[threadIdx.x][threadIdx.y];
}

int main() { rows<<<1, dim3(32, 8)>>>(nullptr, 4); }

// CHECK: "accesses": [
// CHECK: "active_lanes": [
// CHECK-NEXT: 0,
// CHECK: "block_dim": [
// CHECK-NEXT: 32,
// CHECK-NEXT: 8,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block_dim_origin": "from launch at json-output.cu:12",
// CHECK-NEXT: "block_dim_source": "launch",
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "counts_exact": true,
// CHECK-NEXT: "depends_on": [],
// CHECK-NEXT: "end_line": 6,
// CHECK: "function": "rows",
// CHECK-NEXT: "ideal_wavefronts": 1,
// CHECK-NEXT: "instances": 1,
// CHECK-NEXT: "instructions": 8,
// CHECK-NEXT: "kernel": "rows",
// CHECK-NEXT: "kind": "store",
// CHECK-NEXT: "line": 6,
// CHECK-NEXT: "min_wavefronts": 1,
// CHECK-NEXT: "requests": 8,
// CHECK-NEXT: "space": "shared",
// CHECK-NEXT: "status": "exact",
// CHECK-NEXT: "total_ideal_wavefronts": 8,
// CHECK-NEXT: "total_wavefronts": 8,
// CHECK-NEXT: "variable": "tile",
// CHECK-NEXT: "wavefronts": 1,
// CHECK-NEXT: "width_bytes": 4
// CHECK: "depends_on": [
// CHECK-NEXT: "'threadIdx.x < n'"
// CHECK-NEXT: ],
// CHECK: "kind": "load",
// CHECK-NEXT: "line": 9,
// CHECK-NEXT: "min_wavefronts": 1,
// CHECK: "status": "range",
// CHECK: "wavefronts": 32,
// CHECK: "diagnostics": [
// CHECK: "check": "warpcheck-shared-bank-conflict",
// CHECK-NEXT: "column": 14,
// CHECK: "level": "warning",
// CHECK-NEXT: "line": 9,
// CHECK-NEXT: "message": "up to 32-way bank conflict on load from 'tile': 1 to 32 wavefronts per request, 1 ideal",
// CHECK-NEXT: "notes": [
// CHECK: "files": [
// CHECK: "version": 1
