// A shape nothing fixes (no launch, or a run-time size): every shape of a
// family consistent with the code is analyzed, and each access reports what
// holds across all of them: a range from the fewest wavefronts any request
// takes to the most, never exact (the family is an assumption: a launch with
// a shape outside it is not covered), that "depends on 'the block shape'";
// where every request of every shape agrees, that one count "in every
// assumed block shape" (in JSON same_in_every_shape), still not exact. The
// family: 1-D blocks of 32..1024 threads (powers of two), or 2-D shapes when the kernel reads threadIdx.y;
// bounded by __launch_bounds__ and by the extent of a __shared__ array
// indexed with threadIdx on every path. The note names the shapes assumed.
// RUN: %warpcheck --fix-style=none %s -- 2>&1 | %check-messages
// RUN: %warpcheck --fix-style=none --format=json %s -- | FileCheck %s -check-prefix=JSON
// Every access on an assumed shape: block_dim_assumed, the shapes, never
// exact, counts not exact (the schema check asserts it).
// RUN: %warpcheck --fix-style=none --format=json %s -- > %t.json && %python %S/../../driver/Inputs/check_json.py %t.json | FileCheck %s -check-prefix=SCHEMA
// SCHEMA: ACCESS block-shapes-family.cu:{{[0-9]+}}:3 store 's' range 2..2/1
// SCHEMA: JSON OK

// Every shape agrees: one count for the family, still not exact.
__global__ void agree(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0, 16 hit bank 0, 2 distinct words
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the same count in each of the 6 shapes
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'agree', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; no launch of this kernel in the file)
}
// JSON: "assumed_block_dims": [
// JSON-NEXT: [
// JSON-NEXT: 256,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 32,
// JSON: "block_dim": [
// JSON-NEXT: 256,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "block_dim_assumed": true,
// JSON-NEXT: "block_dim_origin": "one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; no launch of this kernel in the file",
// JSON-NEXT: "block_dim_source": "family",
// JSON: "counts_exact": false,
// JSON: "kernel": "agree",
// JSON: "min_wavefronts": 2,
// JSON: "same_in_every_shape": true,
// JSON: "status": "range",
// JSON: "wavefronts": 2,

// The stride grows with the block: the shapes disagree, a range. The index
// of 'first' on every path bounds the block to 128 threads.
__global__ void disagree(int *out) {
  __shared__ int first[128];
  __shared__ int s[4096];
  first[threadIdx.x] = 0;
  s[threadIdx.x * (blockDim.x / 32)] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 4-way bank conflict on store to 's': 1 to 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: warp 0: lanes 0, 8, 16, 24 hit bank 0, 4 distinct words; worst of every execution
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the count depends on 'the block shape'
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'disagree', block 128x1x1 (one of 3 shapes assumed, 1-D blocks of 32, 64 or 128 threads (x at most 128: an index of 'first' at block-shapes-family.cu:[[@LINE-5]]); what is reported holds for all 3, not for a shape outside them; no launch of this kernel in the file)
}
// JSON: "kernel": "disagree",
// JSON: "block_dim_source": "family",
// JSON: "depends_on": [
// JSON-NEXT: "the block shape"
// JSON: "kernel": "disagree",
// JSON: "min_wavefronts": 1,
// JSON: "status": "range",
// JSON: "wavefronts": 4,

// Through a variable initialized with threadIdx.x and only read, and with
// __launch_bounds__: both bound the family.
__global__ void __launch_bounds__(512) throughVariable(int *out) {
  __shared__ int s[64];
  __shared__ int t[4096];
  const int tid = threadIdx.x;
  s[tid] = 0;
  t[tid * (blockDim.x / 16)] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 4-way bank conflict on store to 't': 2 to 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'throughVariable', block 64x1x1 (one of 2 shapes assumed, 1-D blocks of 32 or 64 threads (at most 512 threads: __launch_bounds__(512); x at most 64: an index of 's' at block-shapes-family.cu:[[@LINE-3]]); what is reported holds for both, not for a shape outside them; no launch of this kernel in the file)
}

// An index under a condition, or after a return, bounds nothing: the block
// may be larger than the array.
__global__ void guarded(int *out, bool c) {
  __shared__ int s[64];
  __shared__ int t[4096];
  if (c)
    s[threadIdx.x] = 0;
  if (threadIdx.x >= 64)
    return;
  s[threadIdx.x] = 1;
  t[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 't': 4 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'guarded', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; no launch of this kernel in the file)
}

// threadIdx.y: 2-D shapes, bounded by the tile's extents.
__global__ void tile(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on store to 't': 1 to 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the count depends on 'the block shape'
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'tile', block 16x16x1 (one of 3 shapes assumed, blocks of 16x16, 8x8 or 16x8 threads (2-D: the kernel reads threadIdx.y or blockDim.y; y at most 16: an index of 't' at block-shapes-family.cu:[[@LINE-3]]; x at most 16: an index of 't' at block-shapes-family.cu:[[@LINE-3]]); what is reported holds for all 3, not for a shape outside them; no launch of this kernel in the file){{.*}}
}

// threadIdx.z: no family is assumed; the default names why, and is an
// assumption too: a range, not exact.
__global__ void cube(int *out) {
  __shared__ int s[4096];
  s[(threadIdx.z * 32 + threadIdx.x) * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in the assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'cube', block 256x1x1 (default; the kernel reads threadIdx.z or blockDim.z; assumed: what is reported holds for this shape, not for a launch with another; no launch of this kernel in the file: set --block-dim or the per-kernel option)
}

// A launch with a run-time size: the note says why it was not used.
__global__ void runtimeSize(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'runtimeSize', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-family.cu:[[@LINE+4]] is not used: 'n' is a parameter of 'host', which is not called in this file)
}

void host(int n) {
  runtimeSize<<<1, n>>>(nullptr);
}
