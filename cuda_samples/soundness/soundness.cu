// The soundness suite: kernels whose shared-memory index comes from a value
// flow that an interpreter of the source may not follow, measured on the
// H100 with ADVERSARIAL data. warpcheck promises never to call an access
// conflict-free on a guess: what it cannot follow must be "unknown" (or a
// range that holds the truth), never a made-up value. Every kernel probes
// ONE shared-memory access: its operation (load, store or atomic) has exactly
// one SASS instruction in the kernel, so Nsight Compute's per-kernel
// wavefronts per request are that access's. Other operations only fill
// shared memory or read results back, with patterns decidable from lane ids.
//
// Where the index depends on data, the data makes the access conflict badly
// (every lane's value lane*32: all lanes on bank 0, 32 wavefronts), so a
// wrong "conflict-free" is caught. Where it depends only on lane ids (locals
// written at lane-dependent indices, shuffles, ballots, %laneid, cooperative
// groups) the answer is decidable and must be followed exactly.
//
// The programs:
//   soundness.cu          values from memory and opaque sources: structs and
//                         vectors loaded from global memory, memcpy, unions,
//                         local arrays, pointers, out-parameters, inline asm,
//                         atomics' return values, clock, __constant__ data
//   soundness_lanes.cu    values decidable from lane ids: __shfl*_sync,
//                         ballots and votes, %laneid/%warpid, cooperative
//                         groups
//   soundness_access.cu   the access itself: launch shapes built member by
//                         member, 1/2/8/16-byte loads and stores, 4/8-byte
//                         atomics, histograms, extern __shared__ with an
//                         offset, templates, data-dependent loops, branches,
//                         switches and ternaries, data-dependent breaks and
//                         returns before an assignment or a store
//   soundness_objects.cu  __shared__ objects clang rejects (a constructor that
//                         does work; nvcc skips it): every operation on one
//                         must be unknown
//
// Each kernel carries one tag line, read by
// test/measurements/compare_soundness.py:
//   // PROBE <op>[+<op>] exact <N>: ...   decidable: N wavefronts per request
//   // PROBE <op>[+<op>] unknown: ...     depends on data: must not be exact
// Every program checks its results on the host and exits non-zero on a
// mismatch. cuda_samples/soundness/measure.sh measures them on a GPU machine
// (cuda_samples/measurements/h100-soundness/); ctest's h100-soundness
// compares warpcheck with the measurements.
#include "soundness.cuh"

struct P {
  int a, b;
};
struct Bits {
  unsigned lo : 10;
  unsigned hi : 22;
};

// ---- structs and vectors loaded from global memory ---------------------------
// PROBE store unknown: index from a struct member loaded from global (data a = lane*32: 32).
__global__ void flow_struct_member(const P *in, int *out) {
  __shared__ int s[1024];
  P p = in[threadIdx.x];
  s[p.a & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: the struct's second member (data b = lane*32: 32).
__global__ void flow_struct_second_member(const P *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  P p = in[threadIdx.x];
  out[threadIdx.x] = s[p.b & 1023];
}
// PROBE load unknown: member y of an int2 loaded from global (data lane*32: 32).
__global__ void flow_int2_member(const int2 *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int2 v = in[threadIdx.x];
  out[threadIdx.x] = s[v.y & 1023];
}
// PROBE store unknown: member z of an int4 loaded from global (data lane*32: 32).
__global__ void flow_int4_member(const int4 *in, int *out) {
  __shared__ int s[1024];
  int4 v = in[threadIdx.x];
  s[v.z & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: member w of a uint4 loaded from global (data lane*32: 32).
__global__ void flow_uint4_member(const uint4 *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  uint4 v = in[threadIdx.x];
  out[threadIdx.x] = s[v.w & 1023u];
}
// PROBE load unknown: a float4 member converted to int (data lane*32.0f: 32).
__global__ void flow_float4_member(const float4 *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  float4 v = in[threadIdx.x];
  out[threadIdx.x] = s[int(v.x) & 1023];
}
// PROBE load unknown: reinterpret_cast<const int2 *>(in)[i].x (data lane*32: 32).
__global__ void flow_reinterpret_int2(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int2 v = reinterpret_cast<const int2 *>(in)[threadIdx.x];
  out[threadIdx.x] = s[v.x & 1023];
}
// PROBE store unknown: memcpy of global bytes into a struct (data a = lane*32: 32).
__global__ void flow_memcpy_struct(const unsigned char *in, int *out) {
  __shared__ int s[1024];
  P p;
  memcpy(&p, in + threadIdx.x * sizeof(P), sizeof(P));
  s[p.a & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: memcpy of global bytes into an int (data lane*32: 32).
__global__ void flow_memcpy_int(const unsigned char *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int x;
  memcpy(&x, in + threadIdx.x * sizeof(int), sizeof x);
  out[threadIdx.x] = s[x & 1023];
}
// PROBE load unknown: union type punning, float in, int out (low bits lane*32: 32).
__global__ void flow_union_pun(const float *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  union {
    float f;
    int i;
  } u;
  u.f = in[threadIdx.x];
  out[threadIdx.x] = s[u.i & 1023];
}
// PROBE store unknown: __float_as_int of a loaded float (low bits lane*32: 32).
__global__ void flow_float_as_int(const float *in, int *out) {
  __shared__ int s[1024];
  s[__float_as_int(in[threadIdx.x]) & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: a bit-field member of a struct loaded from global (lo = lane*32: 32).
__global__ void flow_bitfield(const Bits *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  Bits b = in[threadIdx.x];
  out[threadIdx.x] = s[b.lo];
}
// PROBE load unknown: __ldg of global data (data lane*32: 32).
__global__ void flow_ldg(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[__ldg(&in[threadIdx.x]) & 1023];
}
// PROBE store unknown: min() of global data and a bound (data lane*32: 32).
__global__ void flow_min_data(const int *in, int *out) {
  __shared__ int s[1024];
  s[min(in[threadIdx.x], 1023)] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}

// ---- local arrays and locals written indirectly -----------------------------
// PROBE load exact 16: a[lane & 1] = lane*32, then a[0]: even lanes lane*32, odd 0; 16 words on bank 0.
__global__ void flow_local_lane_write_const_read(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int a[2] = {0, 0};
  a[threadIdx.x & 1] = threadIdx.x * 32;
  out[threadIdx.x] = s[a[0] & 1023];
}
// PROBE load exact 8: a[(lane >> 3) & 3] = lane*32, then a[1]: lanes 8..15 lane*32, others 2; 8 words on bank 0.
__global__ void flow_local_lane_write_other_read(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int a[4] = {1, 2, 3, 4};
  a[(threadIdx.x >> 3) & 3] = threadIdx.x * 32;
  out[threadIdx.x] = s[a[1] & 1023];
}
// PROBE load unknown: a[data & 3] = lane*32, then a[0] (data 0: every lane lane*32: 32).
__global__ void flow_local_data_write_const_read(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int a[4] = {1, 2, 3, 4};
  a[in[threadIdx.x] & 3] = threadIdx.x * 32;
  out[threadIdx.x] = s[a[0] & 1023];
}
// PROBE load unknown: a local array read at a data-dependent index (data 0 picks lane*32: 32).
__global__ void flow_local_data_read(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int a[4] = {int(threadIdx.x * 32), 1, 2, 3};
  out[threadIdx.x] = s[a[in[threadIdx.x] & 3] & 1023];
}
// PROBE store unknown: a local written through a pointer with global data (data lane*32: 32).
__global__ void flow_local_via_pointer(const int *in, int *out) {
  __shared__ int s[1024];
  int x = 0;
  int *p = &x;
  *p = in[threadIdx.x];
  s[x & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE store exact 16: odd lanes write x = lane*32 through a lane-selected pointer, even keep 1; 16 words on bank 0.
__global__ void flow_local_via_pointer_select(int *out) {
  __shared__ int s[1024];
  int x = 1, y = 2;
  int *p = (threadIdx.x & 1) ? &x : &y;
  *p = threadIdx.x * 32;
  s[x & 1023] = (x == 1) ? 7 : int(threadIdx.x) + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x & 1) ? threadIdx.x * 32 : 1];
}
// PROBE load exact 32: a volatile local holding lane*32 (lives in local memory).
__global__ void flow_volatile_local(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  volatile int v = threadIdx.x * 32;
  out[threadIdx.x] = s[v & 1023];
}

// ---- out-parameters, references and returned structs -------------------------
__device__ __forceinline__ void readValue(const int *in, int *v) {
  *v = in[threadIdx.x];
}
__device__ __noinline__ void readValueNoinline(const int *in, int &v) {
  v = in[threadIdx.x];
}
__device__ __noinline__ void laneValueNoinline(int &v) {
  v = (threadIdx.x & 31) * 32;
}
__device__ void loadPair(P &p, const P *in) { p = in[threadIdx.x]; }
__device__ P fetchPair(const P *in) { return in[threadIdx.x]; }

// PROBE load unknown: out-parameter (pointer) of an inlined __device__ function set from global (data lane*32: 32).
__global__ void flow_out_param_inline(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int x = 0;
  readValue(in, &x);
  out[threadIdx.x] = s[x & 1023];
}
// PROBE load unknown: reference out-parameter of a __noinline__ function set from global (data lane*32: 32).
__global__ void flow_out_param_noinline(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int x = 0;
  readValueNoinline(in, x);
  out[threadIdx.x] = s[x & 1023];
}
// PROBE store exact 32: reference out-parameter of a __noinline__ function set to lane*32.
__global__ void flow_out_param_lane_noinline(int *out) {
  __shared__ int s[1024];
  int x = 0;
  laneValueNoinline(x);
  s[x & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE store unknown: a struct filled through a reference parameter from global (data a = lane*32: 32).
__global__ void flow_reference_struct_param(const P *in, int *out) {
  __shared__ int s[1024];
  P p = {0, 0};
  loadPair(p, in);
  s[p.a & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: a member of a struct returned by a __device__ function from global (data b = lane*32: 32).
__global__ void flow_returned_struct(const P *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[fetchPair(in).b & 1023];
}

// ---- inline asm, atomics, clocks, symbols --------------------------------------
// PROBE load unknown: an inline-asm mov of global data (data lane*32: 32).
__global__ void flow_asm_mov_data(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int x;
  asm("mov.u32 %0, %1;" : "=r"(x) : "r"(in[threadIdx.x]));
  out[threadIdx.x] = s[x & 1023];
}
// PROBE store exact 32: an inline-asm mov of lane*32 (unknown is acceptable: the asm body is opaque).
__global__ void flow_asm_mov_lane(int *out) {
  __shared__ int s[1024];
  int x;
  asm("mov.u32 %0, %1;" : "=r"(x) : "r"(threadIdx.x * 32));
  s[x & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE store unknown: atomicAdd's return value on a global counter (lanes get distinct multiples of 32: 32).
__global__ void flow_atomic_return_index(int *counter, int *out) {
  __shared__ int s[1024];
  int idx = atomicAdd(counter, 32);
  s[idx & 1023] = (idx >> 5) + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load unknown: clock() in the index (lane*32 + clock % 32: 32 whatever the clock).
__global__ void flow_clock_index(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  unsigned c = unsigned(clock());
  out[threadIdx.x] = s[(threadIdx.x * 32 + (c & 31)) & 1023];
}
// PROBE store unknown: %clock read with inline asm in the index (32 whatever the clock).
__global__ void flow_clock_asm(int *out) {
  __shared__ int s[1024];
  unsigned c;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(c));
  unsigned i = (threadIdx.x * 32 + (c & 31)) & 1023;
  s[i] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(i ^ 1) ^ 1] + int(i & 31) * 1000;
}
__constant__ int cStride = 1;
__device__ int gStride = 1;
// PROBE load unknown: a __constant__ stride initialised to 1, set to 32 by the host (32).
__global__ void flow_constant_symbol(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * cStride) & 1023];
}
// PROBE store unknown: a __device__ global stride initialised to 1, set to 32 by the host (32).
__global__ void flow_device_global(int *out) {
  __shared__ int s[1024];
  s[(threadIdx.x * gStride) & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}
// PROBE load exact 32: a kernel parameter passed as the literal 32 at the launch (unknown is acceptable).
__global__ void flow_kernel_param(int *out, int stride) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * stride) & 1023];
}
// PROBE load exact 32: lane*32 written to global memory and read back through volatile (unknown is acceptable).
__global__ void flow_global_roundtrip(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  out[threadIdx.x] = threadIdx.x * 32;
  int x = *(volatile int *)&out[threadIdx.x];
  out[threadIdx.x] = s[x & 1023];
}
// PROBE store exact 32: an index table in shared memory filled by the neighbour lane (unknown is acceptable).
__global__ void flow_shared_index_table(int *out) {
  __shared__ int table[32];
  __shared__ int s[1024];
  atomicExch(&table[threadIdx.x & 31], int(threadIdx.x & 31) * 32);
  __syncthreads();
  int idx = table[(threadIdx.x + 1) & 31];
  s[idx & 1023] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 32) & 1023];
}

// ---- branches, selections and loops over data --------------------------------
// PROBE load unknown: a ternary whose odd-lane arm loads global data (data lane*32: 32).
__global__ void flow_ternary_data_arm(const int *in, int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int x = (threadIdx.x & 1) ? in[threadIdx.x] : int(threadIdx.x * 32);
  out[threadIdx.x] = s[x & 1023];
}
// PROBE load unknown: the shared pointer selected by data: sA + lane*32 or sB + lane (data odd: sA, 32).
__global__ void flow_pointer_selected_by_data(const int *in, int *out) {
  __shared__ int sA[1024];
  __shared__ int sB[1024];
  fillIota(sA, 1024);
  fillIota(sB, 1024);
  __syncthreads();
  const int *p = (in[threadIdx.x] & 1) ? sA + threadIdx.x * 32 : sB + threadIdx.x;
  out[threadIdx.x] = *p;
}
// PROBE store unknown: a loop-carried value started from data: x = x*5 & 1023 three times (lane*32 -> lane*29*32: 32).
__global__ void flow_loop_carried_data(const int *in, int *out) {
  __shared__ int s[1024];
  int x = in[threadIdx.x];
  for (int I = 0; I < 3; ++I)
    x = (x * 5) & 1023;
  s[x] = threadIdx.x + 1;
  __syncthreads();
  out[threadIdx.x] = s[((threadIdx.x * 29) & 31) * 32];
}
// PROBE load exact 32: a loop-carried value started from the lane: x += x five times (lane*32).
__global__ void flow_loop_carried_lane(int *out) {
  __shared__ int s[1024];
  fillIota(s, 1024);
  __syncthreads();
  int x = threadIdx.x;
  for (int I = 0; I < 5; ++I)
    x += x;
  out[threadIdx.x] = s[x & 1023];
}

/// Words of element I of a vector or struct of W words, each lane*32.
static int laneTimes32(int I, int W) { return ((I / W) * 32) & 1023; }

int main() {
  Harness H;
  auto Lane32 = [](int T) { return (T * 32) & 1023; };
  auto Plus1 = [](int T) { return T + 1; };

  H.input([](int I) { return laneTimes32(I, 2); });
  flow_struct_member<<<1, 32>>>(reinterpret_cast<const P *>(H.In), H.Out);
  H.expect("flow_struct_member", 32, Plus1);
  flow_struct_second_member<<<1, 32>>>(reinterpret_cast<const P *>(H.In), H.Out);
  H.expect("flow_struct_second_member", 32, Lane32);
  flow_int2_member<<<1, 32>>>(reinterpret_cast<const int2 *>(H.In), H.Out);
  H.expect("flow_int2_member", 32, Lane32);
  flow_reference_struct_param<<<1, 32>>>(reinterpret_cast<const P *>(H.In), H.Out);
  H.expect("flow_reference_struct_param", 32, Plus1);
  flow_returned_struct<<<1, 32>>>(reinterpret_cast<const P *>(H.In), H.Out);
  H.expect("flow_returned_struct", 32, Lane32);
  flow_memcpy_struct<<<1, 32>>>(reinterpret_cast<const unsigned char *>(H.In), H.Out);
  H.expect("flow_memcpy_struct", 32, Plus1);
  flow_reinterpret_int2<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_reinterpret_int2", 32, Lane32);

  H.input([](int I) { return laneTimes32(I, 4); });
  flow_int4_member<<<1, 32>>>(reinterpret_cast<const int4 *>(H.In), H.Out);
  H.expect("flow_int4_member", 32, Plus1);
  flow_uint4_member<<<1, 32>>>(reinterpret_cast<const uint4 *>(H.In), H.Out);
  H.expect("flow_uint4_member", 32, Lane32);
  H.input([](int I) { return bitsOf(float(laneTimes32(I, 4))); });
  flow_float4_member<<<1, 32>>>(reinterpret_cast<const float4 *>(H.In), H.Out);
  H.expect("flow_float4_member", 32, Lane32);

  H.input([](int I) { return laneTimes32(I, 1); });
  flow_memcpy_int<<<1, 32>>>(reinterpret_cast<const unsigned char *>(H.In), H.Out);
  H.expect("flow_memcpy_int", 32, Lane32);
  flow_bitfield<<<1, 32>>>(reinterpret_cast<const Bits *>(H.In), H.Out);
  H.expect("flow_bitfield", 32, Lane32);
  flow_ldg<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_ldg", 32, Lane32);
  flow_min_data<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_min_data", 32, Plus1);
  flow_local_via_pointer<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_local_via_pointer", 32, Plus1);
  flow_out_param_inline<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_out_param_inline", 32, Lane32);
  flow_out_param_noinline<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_out_param_noinline", 32, Lane32);
  flow_asm_mov_data<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_asm_mov_data", 32, Lane32);
  flow_ternary_data_arm<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_ternary_data_arm", 32, Lane32);
  flow_loop_carried_data<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_loop_carried_data", 32, Plus1);

  H.input([](int I) { return 0x3f800000 | laneTimes32(I, 1); });
  flow_union_pun<<<1, 32>>>(reinterpret_cast<const float *>(H.In), H.Out);
  H.expect("flow_union_pun", 32, Lane32);
  flow_float_as_int<<<1, 32>>>(reinterpret_cast<const float *>(H.In), H.Out);
  H.expect("flow_float_as_int", 32, Plus1);

  // Data 0: a[0] is written (and read) by every lane.
  H.input([](int) { return 0; });
  flow_local_data_write_const_read<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_local_data_write_const_read", 32, Lane32);
  flow_local_data_read<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_local_data_read", 32, Lane32);
  // The global counter starts at 0.
  flow_atomic_return_index<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_atomic_return_index", 32, Plus1);
  // Odd data: every lane takes sA + lane*32.
  H.input([](int) { return 1; });
  flow_pointer_selected_by_data<<<1, 32>>>(H.In, H.Out);
  H.expect("flow_pointer_selected_by_data", 32, Lane32);

  flow_local_lane_write_const_read<<<1, 32>>>(H.Out);
  H.expect("flow_local_lane_write_const_read", 32,
           [](int T) { return (T & 1) ? 0 : T * 32; });
  flow_local_lane_write_other_read<<<1, 32>>>(H.Out);
  H.expect("flow_local_lane_write_other_read", 32,
           [](int T) { return ((T >> 3) & 3) == 1 ? T * 32 : 2; });
  flow_local_via_pointer_select<<<1, 32>>>(H.Out);
  H.expect("flow_local_via_pointer_select", 32,
           [](int T) { return (T & 1) ? T + 1 : 7; });
  flow_volatile_local<<<1, 32>>>(H.Out);
  H.expect("flow_volatile_local", 32, Lane32);
  flow_out_param_lane_noinline<<<1, 32>>>(H.Out);
  H.expect("flow_out_param_lane_noinline", 32, Plus1);
  flow_asm_mov_lane<<<1, 32>>>(H.Out);
  H.expect("flow_asm_mov_lane", 32, Plus1);
  flow_clock_index<<<1, 32>>>(H.Out);
  H.expect("flow_clock_index", 32,
           [&](int T) { return T * 32 + (H.Host[T] & 31); });
  flow_clock_asm<<<1, 32>>>(H.Out);
  H.expect("flow_clock_asm", 32,
           [&](int T) { return T + 1 + (H.Host[T] / 1000) * 1000; });
  int Stride = 32;
  CHECK_CUDA(cudaMemcpyToSymbol(cStride, &Stride, sizeof Stride));
  CHECK_CUDA(cudaMemcpyToSymbol(gStride, &Stride, sizeof Stride));
  flow_constant_symbol<<<1, 32>>>(H.Out);
  H.expect("flow_constant_symbol", 32, Lane32);
  flow_device_global<<<1, 32>>>(H.Out);
  H.expect("flow_device_global", 32, Plus1);
  flow_kernel_param<<<1, 32>>>(H.Out, 32);
  H.expect("flow_kernel_param", 32, Lane32);
  flow_global_roundtrip<<<1, 32>>>(H.Out);
  H.expect("flow_global_roundtrip", 32, Lane32);
  flow_shared_index_table<<<1, 32>>>(H.Out);
  H.expect("flow_shared_index_table", 32, [](int T) { return ((T + 31) & 31) + 1; });
  flow_loop_carried_lane<<<1, 32>>>(H.Out);
  H.expect("flow_loop_carried_lane", 32, Lane32);
  return H.Check.finish("soundness");
}
