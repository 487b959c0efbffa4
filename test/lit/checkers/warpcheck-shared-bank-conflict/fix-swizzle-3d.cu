// A 3-D array: the padding is an edit; the swizzle is named with its index
// on the flattened element index (no edit: it is not written per dimension).
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void stages(float *out) {
  __shared__ float s[2][32][32];
  s[0][threadIdx.x][0] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'stages'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: pad each row by 1 element: 'float s[2][32][33]' makes all 2 accesses conflict-free (+256 bytes)
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: or swizzle: Swizzle<5,0,5> (index [i ^ ((i >> 5) & 31)] of the flattened element index i) makes all 2 accesses conflict-free (+0 bytes)
  __syncthreads();
  out[threadIdx.x] = s[1][threadIdx.x][1];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on load from 's': 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in 'stages'{{.*}}
}

int main() { stages<<<1, 32>>>(nullptr); }
