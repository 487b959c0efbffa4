// A warp-uniform condition the engine cannot decide (`n > 5` on a run-time
// n, a switch on a run-time mode, `n > 5 ? a : b`) splits the analysis
// into worlds, one per outcome, each run in every live thread; the code
// after it runs in each world (at most 8 alive at once) and the worlds are
// joined at the end of the block. An access decided alike in every world is
// exact; otherwise a range over the worlds that names the condition.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void ifUniform(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x;
  if (n > 5)
    c = threadIdx.x * 2;
  s[c] = 5.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on store to 's': 1 to 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on which way 'n > 5' goes (the same in every thread, not known)
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void ifAgree(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x * 2;
  if (n > 5)
    c = threadIdx.x * 2 + 64;
  s[c] = 5.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void ifElse(float *out, int n) {
  __shared__ float s[1024];
  int c;
  if (n > 5)
    c = threadIdx.x * 32;
  else
    c = threadIdx.x;
  s[c] = 5.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void switchUniform(float *out, int mode) {
  __shared__ float s[1024];
  int c;
  switch (mode) {
  case 0:
    c = threadIdx.x;
    break;
  case 1:
    c = threadIdx.x * 2;
    break;
  default:
    c = threadIdx.x * 4;
  }
  s[c] = 6.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 4-way bank conflict on store to 's': 1 to 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}which way 'mode' goes
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void ternary(float *out, int n) {
  __shared__ float s[1024];
  int c = n > 5 ? threadIdx.x * 2 : threadIdx.x;
  s[c] = 7.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on store to 's': 1 to 2 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void uniformReturn(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x;
  if (n > 5) {
    c = threadIdx.x * 32;
    if (n > 7)
      return;
  }
  s[c] = 8.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

// Joined where the block ends: after the loop body, c is one of two values
// in the next iteration, which the engine does not follow.
__global__ void joinedAtTheEndOfTheBody(float *out, int n) {
  __shared__ float s[1024];
  int c = threadIdx.x;
  for (int i = 0; i < 2; ++i) {
    s[c] = 9.f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 's' cannot be decided: it depends on 'c' set under a condition
    if (n > 5)
      c = threadIdx.x * 2;
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// lavaMD: a loop whose trip count is not known runs one symbolic
// iteration, a world in which its body runs for certain: wtx, reset at the
// top of the body, is each thread's own index there: the store is decided
// conflict-free (no warning; it was unknown, 'wtx' set under a condition).
__global__ void lavaMD(float *out, int boxes) {
  __shared__ float rB[100];
  int tx = threadIdx.x;
  int wtx = tx;
  for (int k = 0; k < boxes; k++) {
    wtx = tx;
    while (wtx < 100) {
      rB[wtx] = out[wtx];
      wtx = wtx + 32;
    }
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  ifUniform<<<1, 32>>>(nullptr, argc);
  ifAgree<<<1, 32>>>(nullptr, argc);
  ifElse<<<1, 32>>>(nullptr, argc);
  switchUniform<<<1, 32>>>(nullptr, argc);
  ternary<<<1, 32>>>(nullptr, argc);
  uniformReturn<<<1, 32>>>(nullptr, argc);
  joinedAtTheEndOfTheBody<<<1, 32>>>(nullptr, argc);
  lavaMD<<<1, 32>>>(nullptr, argc);
}
