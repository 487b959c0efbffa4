// Host values through a function passed as an argument (issue 25): a
// function only handed to a parameter that is called (llm.c's
// benchmark_kernel) is called there, its arguments read at the call that
// passed it, so two functions through the same instantiation never mix.
// Handed on through another function, the chain of calls is followed. A
// pointer that escapes (stored) keeps its parameters unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void strided(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'strided', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'd' is 8 at the launch at host-values-function-pointer.cu:[[@LINE+38]]
  out[threadIdx.x] = s[0];
}

__global__ void other(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'other', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'd' is 4 at the launch at host-values-function-pointer.cu:[[@LINE+30]]
  out[threadIdx.x] = s[0];
}

__global__ void shaped(float *out) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'shaped', block 64x1x1 (from launch at host-values-function-pointer.cu:[[@LINE+23]], 'bs' from the call at host-values-function-pointer.cu:[[@LINE+14]], 'a' from the call at host-values-function-pointer.cu:[[@LINE+19]], 'inner' from the call at host-values-function-pointer.cu:[[@LINE+36]]){{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void escaped(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  out[threadIdx.x] = s[0];
}

template <class Kernel> float bench(int repeats, Kernel kernel, int a) {
  for (int i = 0; i < repeats; ++i)
    kernel(a);
  return 0;
}

// Handed on: outer's pointer goes to bench unchanged.
void outer(void (*F)(int), int inner) { bench(3, F, inner); }

void runStrided(int d) { strided<<<1, 32>>>(nullptr, d); }
void runOther(int d) { other<<<1, 32>>>(nullptr, d); }
void runShaped(int bs) { shaped<<<1, bs>>>(nullptr); }
void runEscaped(int d) { escaped<<<1, 32>>>(nullptr, d); }

void (*Saved)(int);
void keep(void (*F)(int), int d) {
  Saved = F;
  F(d);
}

int main() {
  // One instantiation, bench<void (*)(int)>, two functions.
  bench(10, runStrided, 8);
  bench(10, &runOther, 4);
  outer(runShaped, 64);
  keep(runEscaped, 2);
}
