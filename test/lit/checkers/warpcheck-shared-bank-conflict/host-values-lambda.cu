// Host values through lambdas (issue 25): a lambda called directly, one
// passed to a function that calls it, captures by copy and by reference of
// variables not changed, a generic lambda, a lambda held by a local
// std::function that is only called. A lambda converted to a function
// pointer, or held by a std::function that is copied, is called from code
// warpcheck does not follow: its parameters keep no value.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

#include <functional>

__global__ void direct(float *out) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'direct', block 128x1x1 (from launch at host-values-lambda.cu:[[@LINE+34]], 'threads' from the call at host-values-lambda.cu:[[@LINE+35]], 'bs' from the call at host-values-lambda.cu:[[@LINE+39]])
  out[threadIdx.x] = s[0];
}

__global__ void strided(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // By copy (4) times by reference (2): 8.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'strided', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd' is 8 at the launch at host-values-lambda.cu:[[@LINE+33]]
  out[threadIdx.x] = s[0];
}

__global__ void generic(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'generic', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'd' is 16 at the launch at host-values-lambda.cu:[[@LINE+27]]
  out[threadIdx.x] = s[0];
}

__global__ void converted(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  out[threadIdx.x] = s[0];
}

template <class F> void apply(F f, int n) { f(n); }

void run(int bs) {
  auto go = [&](int threads) { direct<<<1, threads>>>(nullptr); };
  go(bs);
}

int main() {
  run(128);
  int copied = 4;
  int shared = 2;
  auto launch = [copied, &shared](int unused) {
    strided<<<1, 32>>>(nullptr, copied * shared);
  };
  apply(launch, 0);
  auto any = [](auto d) { generic<<<1, 32>>>(nullptr, d); };
  any(16);
  void (*p)(int) = [](int d) { converted<<<1, 32>>>(nullptr, d); };
  p(8);
}

__global__ void held(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'held', block 32x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'd' is 4 at the launch at host-values-lambda.cu:[[@LINE+13]]
  out[threadIdx.x] = s[0];
}

__global__ void copied(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  out[threadIdx.x] = s[0];
}

void viaStdFunction() {
  std::function<void(int)> f = [](int d) { held<<<1, 32>>>(nullptr, d); };
  f(4);
  std::function<void(int)> g = [](int d) { copied<<<1, 32>>>(nullptr, d); };
  std::function<void(int)> h = g;
  g(2);
  h(8);
}
