// Issue 24: a loop of 1,000 iterations whose column moves with the counter
// (`i % 32`). Past 512 iterations one symbolic iteration stood for the
// rest; its column is an unknown no padding can place, so every padding
// was undecided and the note said "no padding up to 32 and no XOR swizzle
// reduces" where [32][33] works. A loop whose condition every thread knows
// now runs up to 4,096 iterations one by one; past that, the note names
// the budget instead of claiming that no layout helps.
// RUN: %warpcheck --cuda-prelude --fix-style=pad %s -- 2>&1 | %check-messages

__global__ void columns(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 't': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-3]]:20: note: pad each row by 1 element: 'float t[32][33]' makes all 2 accesses conflict-free (+128 bytes)
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < 1000; ++i)
    acc += t[threadIdx.x][i % 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 't': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: note: {{.*}}worst of 1000 executions
  out[threadIdx.x] = acc;
}

__global__ void transposed(float *out) {
  __shared__ float u[32][32];
  float acc = 0;
  for (int i = 0; i < 1000; ++i) {
    u[threadIdx.x][i % 32] = out[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on store to 'u': 32 wavefronts per request, 1 ideal
    // CHECK-MESSAGES: :[[@LINE-5]]:20: note: pad each row by 1 element: 'float u[32][33]' makes all 2 accesses conflict-free (+128 bytes)
    __syncthreads();
    acc += u[i % 32][threadIdx.x];
  }
  out[threadIdx.x] = acc;
}

// Past the budget: the note says which budget was reached.
__global__ void longer(float *out) {
  __shared__ float v[32][32];
  v[threadIdx.x][0] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'v': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-3]]:20: note: no layout fix offered: the wavefronts of 'v' under a padding or swizzle cannot be decided (the loop at line [[@LINE+2]] ran past the budget of 4096 iterations followed one by one, and one symbolic iteration stood for the rest)
  float acc = 0;
  for (int i = 0; i < 10000; ++i)
    acc += v[threadIdx.x][i % 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on load from 'v': 32 wavefronts per request, 1 ideal
  out[threadIdx.x] = acc;
}

void host(float *o) {
  columns<<<1, 32>>>(o);
  transposed<<<1, 32>>>(o);
  longer<<<1, 32>>>(o);
}
