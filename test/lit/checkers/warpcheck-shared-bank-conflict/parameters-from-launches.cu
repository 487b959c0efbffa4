// A kernel parameter that every <<<>>> launch in the file passes the same
// constant takes that value: a stride parameter is decided exactly, and the
// note says which value it assumed. A launch with a run-time value keeps
// the parameter unknown (a per-residue range); launches with several
// constants run the kernel once per value (launched-value-sets.cu).
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void pitchConstant(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'pitchConstant', block 32x1x1 (from launch at parameters-from-launches.cu:[[@LINE+19]])
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd' is 16 at the launch at parameters-from-launches.cu:[[@LINE+18]]
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void pitchVaries(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

int main(int argc, char **) {
  const int Pitch = 16;
  int Local = Pitch;
  pitchConstant<<<1, 32>>>(nullptr, Local);
  pitchVaries<<<1, 32>>>(nullptr, 3);
  pitchVaries<<<1, 32>>>(nullptr, argc);
}
