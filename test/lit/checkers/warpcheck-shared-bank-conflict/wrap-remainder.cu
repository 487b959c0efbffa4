// Issue 25: `(lane + shift) % M` is the residue of the shift only where the
// dividend cannot be negative (C++ `%` keeps the dividend's sign): blockIdx,
// thread ids and loop iteration numbers are never negative, a parameter may
// be. Where a wrap moves a lane to another bank (M times the element size
// is not a multiple of 128 bytes), the count depends on the residue.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void remainders(int *out, int p) {
  __shared__ int s[2048];
  // 48 words are 192 bytes: lanes that wrap change bank.
  out[0] = s[(threadIdx.x + blockIdx.x) % 48];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: up to 2-way bank conflict on load from 's': 1 to 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}the count depends on 'blockIdx.x' modulo 48 (1 wavefront for 17 of its 48 residues; 2 wavefronts for 31)
  // 1024 words: a wrap keeps the bank, stride 2 is 2-way for every block.
  out[1] = s[(threadIdx.x * 2 + blockIdx.x) % 1024];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'remainders'
  // p may be negative: lanes below -p keep a negative remainder.
  out[2] = s[(int(threadIdx.x) + p) % 48 + 48];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: bank conflicts of load from 's' cannot be decided: it depends on 'p'
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'remainders'
  // Unsigned: the value is its residue modulo 2^32, which 1024 divides.
  out[3] = s[(threadIdx.x * 2 + unsigned(p)) % 1024u];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'remainders'
}

int main(int argc, char **) { remainders<<<48, 32>>>(nullptr, argc); }
