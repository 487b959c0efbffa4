// A kernel parameter the launches pass several constants (a host loop over
// sizes, two launches) runs the kernel once per value: an access with the
// same count for every value is exact, one whose count differs is a range
// that depends on the launched value, and the note lists the values. A
// value the launch's condition rules out is not a run (`if (n <= 64)`), and
// a run-time value anywhere keeps the parameter unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages
// RUN: %warpcheck --format=json %s -- 2>/dev/null | %python -c "import json, sys; [print(a['kernel'], a['line'], a['status'], a['wavefronts'], a['depends_on']) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s -check-prefix=JSON
// The odd strides' store: exact, with no dependence.
// JSON: oddStrides {{[0-9]+}} exact 1 []
// Each value's count, grouped: 2 wavefronts while size is below 32.
// JSON: scanLike {{[0-9]+}} range 2 ["the launched value of 'size' (2 wavefronts when size is 1, 2, 4, 8, 16; 1 wavefront when size is 32, 64)"]
// The condition reads 'n' (258 > 64), the kernel gets it converted to
// unsigned char (2): the value is not dropped by the condition.
// JSON: converted {{[0-9]+}} range 2 ["the launched value of 'd' (1 wavefront when d is 1; 2 wavefronts when d is 2)"]
// A run that stops early (the goto taken for d = 2) leaves what it did not
// reach unknown, not agreeing with the others.
// JSON: stopped {{[0-9]+}} unknown

__global__ void oddStrides(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  out[threadIdx.x] = s[0];
}

__global__ void scanLike(unsigned *out, unsigned size) {
  __shared__ unsigned s[2 * 256];
  unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
  s[pos] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on store to 's': 1 to 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the count depends on the launched value of 'size' (2 wavefronts when size is 1, 2, 4, 8, 16; 1 wavefront when size is 32, 64)
  //
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: in 'scanLike', block 256x1x1 (from launch at launched-value-sets.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: 'size' is each of 1, 2, 4, 8, 16, 32, 64 (the values the launches pass, the first at launched-value-sets.cu:{{[0-9]+}}), analyzed one by one
  // CHECK-MESSAGES: :[[@LINE-9]]:23: note: no layout fix offered: the kernel ran once per value the launches pass to 'size', and a fix is searched for one run
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void wideStrides(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'wideStrides', block 32x1x1 (from launch at launched-value-sets.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd' is each of 2, 6, 10 (the values the launches pass, the first at launched-value-sets.cu:{{[0-9]+}}), analyzed one by one
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void runTime(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

// The argument is the block size: each shape runs with its own value only
// (32 threads: n = 32, stride 1; 64: stride 2; 128: stride 4).
__global__ void perShape(float *out, int n) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * (n / 32)] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'perShape', block 64x1x1 ({{.*}})
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'n' is 64 at the launch at launched-value-sets.cu:{{[0-9]+}}
  // CHECK-MESSAGES: :[[@LINE-5]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: in 'perShape', block 128x1x1 ({{.*}})
  // CHECK-MESSAGES: :[[@LINE-8]]:3: note: 'n' is 128 at the launch at launched-value-sets.cu:{{[0-9]+}}
  out[threadIdx.x] = s[0];
}

void launchPerShape(int bs) { perShape<<<1, bs>>>(nullptr, bs); }

__global__ void converted(float *out, unsigned char d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on store to 's': 1 to 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}'d' is each of 1, 2 {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

void launchConverted(int n) {
  if (n > 64)
    converted<<<1, 32>>>(nullptr, n);
}

__global__ void stopped(float *out, int d) {
  __shared__ float s[32 * 64];
  if (d == 2)
    goto store;
store:
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 's' cannot be decided{{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  out[threadIdx.x] = s[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: bank conflicts of load from 's' cannot be decided{{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: {{.*}}
}

void launchScan(unsigned n) {
  if (n <= 64)
    scanLike<<<1, 256>>>(nullptr, n);
}

int main(int argc, char **) {
  // 1, 3, 5, 7: every odd stride is conflict-free, so the store is exact
  // (no warning).
  for (int d = 1; d < 8; d += 2)
    oddStrides<<<1, 32>>>(nullptr, d);
  for (unsigned n = 1; n <= 1024; n <<= 1)
    launchScan(n);
  wideStrides<<<1, 32>>>(nullptr, 2);
  wideStrides<<<1, 32>>>(nullptr, 6);
  wideStrides<<<1, 32>>>(nullptr, 10);
  for (int bs = 32; bs <= 128; bs *= 2)
    launchPerShape(bs);
  launchConverted(258);
  launchConverted(1);
  converted<<<1, 32>>>(nullptr, 1);
  stopped<<<1, 32>>>(nullptr, 1);
  stopped<<<1, 32>>>(nullptr, 2);
  runTime<<<1, 32>>>(nullptr, 3);
  runTime<<<1, 32>>>(nullptr, argc);
}
