// Inline PTX that touches shared memory is decoded: ld/st/atom/red.shared
// (vector forms, widths by type suffix) judged by the same measured rules as
// C++ accesses where the address is followed (__cvta_generic_to_shared of a
// followed pointer, [%N+imm]); cp.async.ca by the store rule of its width
// (its size a literal or an "n" operand; measured: LDGSTS.E, .E.64, .E.128);
// ldmatrix.m8n8.b16 by the 16-byte load rule over the lanes whose row
// addresses it reads (measured: LDSM .x1/.x2/.x4, .trans or not);
// stmatrix.m8n8.b16 the same way (measured: STSM, inline-ptx-stmatrix.cu); cp.async.cg
// of 16 bytes by the measured rule of L1-bypassing copies, from its global
// source addresses too (Model/BypassCopy.h); mbarrier operations and bulk
// copies (cp.async.bulk[.tensor]) make no load or store request (measured:
// no shared-memory instruction or wavefront): silent; anything else
// reported, never silent.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck %s --cuda-prelude -- 2>&1 | %check-messages

__global__ void ptx(float *out, unsigned addr) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = 1;
  __syncthreads();
  float v, w;
  unsigned base = (unsigned)__cvta_generic_to_shared(s);
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(base + threadIdx.x * 128));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal
  asm volatile("ld.shared.f32 %0, [%1+4];" : "=f"(w) : "r"(base + threadIdx.x * 4));
  float4 q;
  asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(q.x), "=f"(q.y), "=f"(q.z), "=f"(q.w)
               : "r"(base + threadIdx.x * 32));
  // CHECK-MESSAGES: :[[@LINE-3]]:17: warning: 2-way bank conflict on load from 's': 8 wavefronts per request, 4 ideal
  float4 twin = *(float4 *)&s[threadIdx.x * 8]; // the same rule in C++
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 2-way bank conflict on load from 's': 8 wavefronts per request, 4 ideal
  asm volatile("st.shared.u32 [%0], %1;" :: "r"(base + threadIdx.x * 8), "r"(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  asm volatile("red.shared.add.u32 [%0], %1;" :: "r"(base + threadIdx.x * 64), "r"(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 16-way bank conflict on atomic update of 's': 16 wavefronts per request, 1 ideal
  atomicAdd((unsigned *)&s[threadIdx.x * 16], 1u); // the same rule in C++
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on atomic update of 's': 16 wavefronts per request, 1 ideal
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(base + threadIdx.x * 16)); // consecutive rows: silent
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(base + threadIdx.x * 64));
  // CHECK-MESSAGES: :[[@LINE-3]]:17: warning: 4-way bank conflict on load from 's': 16 wavefronts per request, 4 ideal
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(r1) : "r"(base + threadIdx.x * 128));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 8-way bank conflict on load from 's': 8 wavefronts per request, 1 ideal
  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};"
               :: "r"(base + threadIdx.x * 16), "r"(r1)); // one 128-byte row: silent
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(base + threadIdx.x * 16), "l"(out)); // consecutive: silent
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(base + threadIdx.x * 128), "l"(out));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal
  asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], %2;" :: "r"(base + threadIdx.x * 32), "l"(out), "n"(16));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 2-way bank conflict on store to 's': 8 wavefronts per request, 4 ideal
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(base + threadIdx.x * 32), "l"(out + threadIdx.x * 4));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 8-way bank conflict on store to 's': 32 wavefronts per request, 4 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: inline PTX 'cp.async.cg.shared.global' of 16 bytes (LDGSTS.E.BYPASS.128): the measured rule of 16-byte L1-bypassing copies
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(w) : "r"(addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: bank conflicts of load from shared memory cannot be decided: it depends on inline PTX: address not followed ('ld.shared.f32')
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(base), "r"(32)); // silent
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" :: "r"(base)); // silent
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(base), "r"(4096)); // silent
  asm volatile("{\n.reg .pred p;\nWAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra WAIT;\n}" :: "r"(base), "r"(0)); // silent
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :: "r"(base)); // silent
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(base + 128), "l"(out), "r"(1024), "r"(base)); // a bulk copy: silent
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
               :: "r"(base + 1024), "l"(out), "r"(0), "r"(0), "r"(base)); // a TMA box: silent
  asm volatile("cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 [%0], [%1], %2, [%3];"
               :: "r"(base), "r"(base + 128), "r"(128), "r"(base));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: bank conflicts of load from 's' cannot be decided: it depends on inline PTX: 'cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32' is not decoded
  asm volatile("ld.global.f32 %0, [%1];" : "=f"(w) : "l"(out)); // not shared: silent
  out[threadIdx.x] = v + w + q.x + twin.x + r0;
}

int main() { ptx<<<1, 32>>>(nullptr, 0); }
