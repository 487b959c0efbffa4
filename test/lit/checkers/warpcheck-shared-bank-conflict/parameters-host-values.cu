// Kernel parameters whose launched value the host code computes at compile
// time: locals initialized from other such locals (`int Pitch = 2 * Width;`),
// and parameters of host functions that every call in the file passes the
// same value. The value is converted to the parameter's type as C++ does.
// A signed overflow, a host function called with different values, or one
// whose address is taken keeps the parameter unknown.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' %s -- 2>&1 | %check-messages

__global__ void computedLocal(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on store to 's': 16 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'computedLocal', block 32x1x1 ({{.*}})
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd' is 16 at the launch at parameters-host-values.cu:[[@LINE+51]]
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void throughHostFunction(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'throughHostFunction', block 32x1x1 ({{.*}})
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd' is 8 at the launch at parameters-host-values.cu:[[@LINE+30]]
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void shortParameter(float *out, short d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // 65536 + 4 converts to the short 4.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'shortParameter', block 32x1x1 ({{.*}})
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: 'd' is 4 at the launch at parameters-host-values.cu:[[@LINE+32]]
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

__global__ void notAValue(float *out, int d) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * d] = 1;
  // Signed overflow, a host function called with 3 and 32, and one whose
  // address is taken: no value, so a range per residue of d.
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: up to 32-way bank conflict on store to 's': 1 to 32 wavefronts per request, 1 ideal [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: {{.*}}the count depends on 'd' (1 wavefront when d is odd{{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: {{.*}}
  out[threadIdx.x] = s[0];
}

void launchEight(int Rows, int Cols) {
  int Stride = Cols / Rows;
  throughHostFunction<<<1, 32>>>(nullptr, Stride);
}

void launchTwoValues(int N) { notAValue<<<1, 32>>>(nullptr, N); }

void launchByPointer(int N) { notAValue<<<1, 32>>>(nullptr, N); }

int main() {
  int Width = 80;
  int Pitch = ~0x3f & (4 * (Width + 2) + 0x3f); // 384
  computedLocal<<<1, 32>>>(nullptr, Pitch / 24);
  launchEight(4, 32);
  launchEight(2, 16);
  int Big = 65536 + 4;
  shortParameter<<<1, 32>>>(nullptr, Big);
  int Max = 2147483647;
  int Wrapped = Max + 2;
  notAValue<<<1, 32>>>(nullptr, Wrapped);
  launchTwoValues(3);
  launchTwoValues(32);
  void (*F)(int) = launchByPointer;
  F(5);
}
