// Host values in the fields of a local struct (issue 25): initialized in
// the declaration, or assigned once before the launch in straight-line
// code. A field assigned under a condition holds any of its values; a
// struct passed by reference may be changed there: no value.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void initialized(float *out) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'initialized', block 256x1x1 (from launch at host-values-struct-field.cu:[[@LINE+39]])
  out[threadIdx.x] = s[0];
}

__global__ void assigned(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'assigned', block 128x1x1 ({{.*}}){{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'd' is 4 at the launch at host-values-struct-field.cu:[[@LINE+34]]
  out[threadIdx.x] = s[0];
}

__global__ void either(float *out) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'either', block 64x1x1 (from launch at host-values-struct-field.cu:[[@LINE+30]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'either', block 128x1x1 (from launch at host-values-struct-field.cu:[[@LINE+29]])
  out[threadIdx.x] = s[0];
}

__global__ void changed(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  out[threadIdx.x] = s[0];
}

struct Cfg {
  int block;
  int stride = 1;
};

void tune(Cfg &c);

void run(bool wide) {
  Cfg a{256};
  initialized<<<1, a.block>>>(nullptr);
  Cfg b{32};
  b.block = 128;
  b.stride = 4;
  assigned<<<1, b.block>>>(nullptr, b.stride);
  Cfg c{64};
  if (wide)
    c.block = 128;
  either<<<1, c.block>>>(nullptr);
  Cfg d{32, 2};
  tune(d);
  changed<<<1, 32>>>(nullptr, d.stride);
}
