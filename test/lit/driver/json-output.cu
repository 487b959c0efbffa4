// --format=json lists every analyzed access, conflicted or not.
// RUN: %warpcheck --format=json %s -- > %t.json && FileCheck %s < %t.json

__global__ void rows(int *out, int n) {
  __shared__ int tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < n)
    out[0] = tile[threadIdx.x][threadIdx.y];
}

int main(int argc, char **) { rows<<<1, dim3(32, 8)>>>(nullptr, argc); }

// CHECK: "accesses": [
// CHECK: "active_lanes": [
// CHECK-NEXT: 0,
// CHECK: "assumed_block_dims": [],
// CHECK: "block_dim": [
// CHECK-NEXT: 32,
// CHECK-NEXT: 8,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block_dim_assumed": false,
// CHECK-NEXT: "block_dim_origin": "from launch at json-output.cu:12",
// CHECK-NEXT: "block_dim_source": "launch",
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "counts_exact": true,
// CHECK-NEXT: "depends_on": [],
// CHECK-NEXT: "end_line": 6,
// CHECK: "function": "rows",
// CHECK-NEXT: "id": "{{a[0-9a-f]{16}"}},
// CHECK-NEXT: "ideal_wavefronts": 1,
// CHECK-NEXT: "instances": 1,
// CHECK-NEXT: "instructions": 8,
// CHECK-NEXT: "kernel": "rows",
// CHECK-NEXT: "kind": "store",
// CHECK-NEXT: "line": 6,
// CHECK-NEXT: "min_wavefronts": 1,
// CHECK-NEXT: "requests": 8,
// CHECK-NEXT: "same_in_every_shape": false,
// CHECK-NEXT: "space": "shared",
// CHECK-NEXT: "status": "exact",
// CHECK-NEXT: "total_ideal_wavefronts": 8,
// CHECK-NEXT: "total_wavefronts": 8,
// CHECK-NEXT: "variable": "tile",
// CHECK-NEXT: "wavefronts": 1,
// CHECK-NEXT: "width_bytes": 4,
// CHECK-NEXT: "worst_request": {
// CHECK: "known": true,
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

// Every entry has exactly the keys of docs/json-format.md, with their types
// (check_json.py); then the values of each section, in order.
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s --check-prefix=VALUES --match-full-lines
// VALUES:      FILE json-output.cu analyzed kernels=1 arch=sm_90 bank_rules=sm_90
// VALUES-NEXT: ACCESS json-output.cu:6:3 store 'tile' exact 1..1/1
// VALUES-NEXT: ACCESS json-output.cu:9:14 load 'tile' range 1..32/1
// VALUES-NEXT: KERNEL rows _Z4rowsPii local=0
// VALUES-NEXT: DIAG warpcheck-shared-bank-conflict warning json-output.cu:9:14: up to 32-way bank conflict on load from 'tile': 1 to 32 wavefronts per request, 1 ideal
// VALUES-NEXT:   NOTE json-output.cu:9:14: warp 0: lanes 0..31 hit bank 0, 32 distinct words; worst of every execution
// VALUES-NEXT:   NOTE json-output.cu:9:14: the count depends on 'threadIdx.x < n'
// VALUES-NEXT:   NOTE json-output.cu:9:14: in 'rows', block 32x8x1 (from launch at json-output.cu:12)
// VALUES-NEXT:   NOTE json-output.cu:5:18: swizzle: Swizzle<5,0,5> (index [r][c ^ r]) makes all 2 accesses conflict-free (+0 bytes) (applied by --fix)
// VALUES-NEXT:   NOTE json-output.cu:5:18: or pad each row by 1 element: 'int tile[32][33]' makes all 2 accesses conflict-free (+128 bytes)
// VALUES-NEXT:   NOTE json-output.cu:6:21: apply the same swizzle here
// VALUES-NEXT: JSON OK
