// Warp-uniform unknowns that shift every lane alike do not change the count;
// unknowns that change it give a range or unknown, never conflict-free.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void uniformShift(float *out, int k, const int *table) {
  __shared__ float tile[64 * 32];
  int row = blockIdx.x * 2 + k;              // uniform across the warp
  out[0] = tile[row * 32 + threadIdx.x];     // conflict-free for every row
  out[1] = tile[(row + threadIdx.x) * 32];   // 32-way for every row
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 'tile'
  out[2] = tile[threadIdx.x * k];            // depends on k, per residue
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: up to 32-way bank conflict on load from 'tile': 1 to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the count depends on 'k' (1 wavefront when k is odd; 2 wavefronts when k is an odd multiple of 2; 4 wavefronts when k is an odd multiple of 4; 8 wavefronts when k is an odd multiple of 8; 16 wavefronts when k is an odd multiple of 16; 32 wavefronts when k is a multiple of 32)
  int first = table[0];                      // one address: uniform
  out[3] = tile[first + threadIdx.x];
  out[4] = tile[table[threadIdx.x]];         // per-lane data
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: bank conflicts of load from 'tile' cannot be decided: it depends on value loaded from 'table'
}

__global__ void boundsCheck(float *out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  if (x < n)                                 // some lanes may be out
    out[x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: up to 32-way bank conflict on load from 'tile': 1 to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the count depends on 'x < n'
  if (blockIdx.x < n)                        // all lanes or none
    out[x] = tile[threadIdx.x][1];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 32-way bank conflict on load from 'tile': 32 wavefronts per request, 1 ideal
}

__global__ void narrowUnknown(unsigned char *out, int k) {
  __shared__ unsigned char bytes[4096];
  // k moves even lanes across a word boundary: the count depends on k % 4
  // (and on where the compiler places the byte array).
  out[threadIdx.x] = bytes[threadIdx.x * 128 + (threadIdx.x % 2 ? 0 : 3) + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: up to 32-way bank conflict on load from 'bytes': 16 to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: {{.*}}the count depends on 'k'
}

int main(int argc, char **) {
  uniformShift<<<4, 32>>>(nullptr, argc, nullptr);
  boundsCheck<<<4, 32>>>(nullptr, argc);
  narrowUnknown<<<1, 32>>>(nullptr, argc);
}
