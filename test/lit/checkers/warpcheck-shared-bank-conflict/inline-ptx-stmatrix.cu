// stmatrix.sync.aligned.m8n8.xN[.trans].shared.b16 (STSM) is a 16-byte store
// by lanes 0 to 8N - 1 at their row addresses, judged like ldmatrix, as
// measured on an H100 (cuda_samples/library_calls/stmatrix_ptx.cu,
// measurements/h100-stmatrix-ptx): .trans or not, x1, x2 and x4; an
// unpadded epilogue conflicts, a padded or XOR-swizzled one does not;
// another shape or type, an address not followed, or rows that may share
// an address (not measured) stay unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void epilogue(unsigned *out, unsigned addr) {
  __shared__ __align__(128) unsigned char c[32 * 144 + 256];
  unsigned base = (unsigned)__cvta_generic_to_shared(c);
  unsigned r = out[threadIdx.x];
  unsigned L = threadIdx.x;
  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};"
               :: "r"(base + L * 16), "r"(r)); // one 128-byte row: silent
  asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};"
               :: "r"(base + L * 128), "r"(r));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 8-way bank conflict on store to 'c': 8 wavefronts per request, 1 ideal
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"
               :: "r"(base + L * 64), "r"(r), "r"(r));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 4-way bank conflict on store to 'c': 8 wavefronts per request, 2 ideal
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(base + L * 128), "r"(r), "r"(r), "r"(r), "r"(r));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 8-way bank conflict on store to 'c': 32 wavefronts per request, 4 ideal
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(base + L * 144), "r"(r), "r"(r), "r"(r), "r"(r)); // padded: silent
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(base + ((L * 128) ^ ((L % 8) * 16))), "r"(r), "r"(r), "r"(r), "r"(r)); // swizzled: silent
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"
               :: "r"(addr), "r"(r), "r"(r));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: bank conflicts of store to shared memory cannot be decided: it depends on inline PTX: address not followed ('stmatrix.sync.aligned.m8n8.x2.shared.b16')
  asm volatile("stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%0], {%1};"
               :: "r"(base + L * 16), "r"(r));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: bank conflicts of store to 'c' cannot be decided: it depends on 'inline PTX: no measured bank rule for stmatrix.sync.aligned.m16n8.x1.trans.shared.b8'
  // Two rows at one address (lanes 0 and 2 both name base): measured for
  // distinct rows only, so not judged by the rule.
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(base + (L % 2) * 128), "r"(r), "r"(r), "r"(r), "r"(r));
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: bank conflicts of store to 'c' cannot be decided: it depends on inline PTX: 'stmatrix.sync.aligned.m8n8.x4.shared.b16' may write two rows at one address, which is not measured (its rule holds for distinct rows)
}

int main() { epilogue<<<1, 32>>>(nullptr, 0); }
