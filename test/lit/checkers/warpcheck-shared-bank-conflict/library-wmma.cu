// nvcuda::wmma::load_matrix_sync and store_matrix_sync on shared memory:
// CUDA does not document which lane reads which element, but every lane
// passes the same pointer, so a call's wavefronts depend on the fragment
// type and on ldm bytes mod 128 alone. warpcheck reads them from a table
// measured on an H100 (cuda_samples/library_calls, docs/bank-model.md).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --cuda-prelude %s -- 2>&1 | %check-messages
#include <mma.h>
using namespace nvcuda;

__global__ void halfTiles(float *out) {
  __shared__ __align__(128) half a[16 * 64];
  __shared__ __align__(128) float c[16 * 64];
  const int warp = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  // ldm 24 halves = 48 bytes: one LDSM.16.M88.4, 4 wavefronts, the ideal.
  wmma::load_matrix_sync(fa, a + warp * 16, 24);
  // ldm 16 halves = 32 bytes: rows 0 and 4 of each 8x8 matrix share banks.
  wmma::load_matrix_sync(fa, a + warp * 16, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on load from 'a': 8 wavefronts per request in every assumed block shape, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}'nvcuda::wmma::load_matrix_sync' of a matrix_a 16x16x16 half row_major fragment with ldm 16 (32 bytes, 32 mod 128): 1 x LDSM.16.M88.4 per warp, 8 wavefronts (measured on an H100
  wmma::fill_fragment(fc, 0.0f);
  // A float accumulator stored row-major with ldm 16 floats (64 bytes):
  // 4 STS.64, 16 wavefronts where 8 would do; 40 floats (160 bytes, 32
  // mod 128) take 8.
  wmma::store_matrix_sync(c + warp * 16, fc, 16, wmma::mem_row_major);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 'c': 16 wavefronts per request in every assumed block shape, 8 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}'nvcuda::wmma::store_matrix_sync' of an accumulator 16x16x16 float mem_row_major fragment with ldm 16 (64 bytes, 64 mod 128): 4 x STS.64 per warp, 16 wavefronts
  wmma::store_matrix_sync(c + warp * 16, fc, 40, wmma::mem_row_major);
  out[threadIdx.x] = fc.x[0];
}

// ldm a parameter no launch in this file fixes: every legal residue.
__global__ void unknownLdm(float *out, unsigned ldm) {
  __shared__ __align__(128) half a[16 * 256];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, a, ldm);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 8-way bank conflict on load from 'a': 4 to 32 wavefronts per request, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on the value of ldm 'ldm'
  // An even multiple of 8 halves (16 bytes): 8 to 32.
  wmma::load_matrix_sync(fa, a, ldm * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 8-way bank conflict on load from 'a': 8 to 32 wavefronts per request, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on the value of ldm 'ldm * 16'
  // An odd multiple of 8 halves: 4, whatever ldm is.
  wmma::load_matrix_sync(fa, a, ldm * 16 + 8);
  out[threadIdx.x] = 0.0f;
}

// tf32 and double fragments: generic loads that Nsight Compute counts as
// shared; a column-major tf32 matrix_a is best at 32 or 96 bytes mod 128.
__global__ void otherTypes(float *out) {
  __shared__ __align__(128) float f[64 * 64];
  __shared__ __align__(128) double d[8 * 64];
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32,
                 wmma::col_major> ft;
  wmma::load_matrix_sync(ft, f, 72);
  wmma::load_matrix_sync(ft, f, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on load from 'f': 16 wavefronts per request in every assumed block shape, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}matrix_a 16x16x8 tf32 col_major fragment with ldm 64 (256 bytes, 0 mod 128): 4 x generic LD/ST per warp
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> fd;
  // One generic load of 16 bytes per lane: ideal at ldm 8 doubles (64
  // bytes mod 128), 2-way at any other residue.
  wmma::load_matrix_sync(fd, d, 8, wmma::mem_row_major);
  wmma::load_matrix_sync(fd, d, 16, wmma::mem_row_major);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on load from 'd': 8 wavefronts per request in every assumed block shape, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}an accumulator 8x8x4 double mem_row_major fragment with ldm 16 (128 bytes, 0 mod 128): 1 x generic LD/ST per warp, 8 wavefronts
  out[threadIdx.x] = ft.x[0] + float(fd.x[0]);
}

// What the table cannot decide is unknown, with the reason.
__global__ void undecided(float *out, const half *g) {
  __shared__ __align__(128) half a[16 * 64];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  // Global memory: no shared request.
  wmma::load_matrix_sync(fa, g, 16);
  // Not every lane of warp 0 runs it.
  if (threadIdx.x < 16)
    wmma::load_matrix_sync(fa, a, 24);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of load from 'a' cannot be decided: it depends on 'the threads of warp 0 that run it (wmma needs all 32 lanes of a warp)'
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in 'undecided'
  // An ldm shorter than the matrix's rows (16 halves) was not measured.
  wmma::load_matrix_sync(fa, a, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of load from 'a' cannot be decided: it depends on 'ldm of 16 bytes, shorter than a row of the matrix (32 bytes), which warpcheck has not measured'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'undecided'
  out[threadIdx.x] = 0.0f;
}
