// Block shapes through host code: a parameter given a constant at every
// call, a helper returning a constant, a template argument and const
// globals. A parameter of a function never called gives no shape.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

const dim3 GlobalBlock(32, 4);

__global__ void byParameter(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'byParameter', block 128x1x1 (from launch at block-shapes-parameters.cu:[[@LINE+37]], 'bs' from the call at block-shapes-parameters.cu:[[@LINE+44]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'byParameter', block 64x1x1 (from launch at block-shapes-parameters.cu:[[@LINE+36]], 'bs' from the call at block-shapes-parameters.cu:[[@LINE+44]])
}

__global__ void byHelper(int *out) {
  __shared__ int s[4096];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'byHelper', block 16x16x1 (from launch at block-shapes-parameters.cu:[[@LINE+38]], returned by 'tile')
}

__global__ void byTemplate(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 4] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'byTemplate', block 32x1x1 (from launch at block-shapes-parameters.cu:[[@LINE+25]])
}

__global__ void byGlobal(int *out) {
  __shared__ int s[4096];
  s[threadIdx.y * 64 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'byGlobal', block 32x4x1 (from launch at block-shapes-parameters.cu:[[@LINE+27]])
}

__global__ void notCalled(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 8] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on store to 's': 8 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'notCalled', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-parameters.cu:[[@LINE+12]] is not used: 'n' is a parameter of 'never', which is not called in this file)
}

__global__ void silent(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x] = 0;
}

void run(int *out, int bs) { byParameter<<<1, dim3(bs)>>>(out); }
dim3 tile() { return dim3(16, 16); }
int threadsFor(bool wide) { return wide ? 128 : 64; }
template <int B> void launch(int *out) { byTemplate<<<1, B>>>(out); }
void never(int *out, int n) { notCalled<<<1, n>>>(out); }

int main() {
  run(nullptr, 128);
  run(nullptr, 2 * 32);
  byHelper<<<1, tile()>>>(nullptr);
  byParameter<<<1, threadsFor(true)>>>(nullptr);
  launch<32>(nullptr);
  byGlobal<<<1, GlobalBlock>>>(nullptr);
  silent<<<1, threadsFor(false)>>>(nullptr);
}
