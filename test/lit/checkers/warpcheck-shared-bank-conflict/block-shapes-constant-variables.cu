// dim3(x, y) and integer block sizes from const and constexpr variables
// initialized with constants are launch shapes; a plain variable is not.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

constexpr int TileX = 32;
static const unsigned TileY = 8;

__global__ void fromConstants(int *out) {
  __shared__ int s[4096];
  s[threadIdx.y * 32 + threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'fromConstants', block 32x8x1 (from launch at block-shapes-constant-variables.cu:[[@LINE+14]])
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'fromConstants', block 16x4x1 (from launch at block-shapes-constant-variables.cu:[[@LINE+16]])
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'fromConstants', block 64x1x1 (from launch at block-shapes-constant-variables.cu:[[@LINE+17]])
}

__global__ void fromVariable(int *out) {
  __shared__ int s[4096];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'fromVariable', block 256x1x1 (one of 6 shapes assumed, 1-D blocks of 32, 64, 128, 256, 512 or 1024 threads; what is reported holds for all 6, not for a shape outside them; the launch at block-shapes-constant-variables.cu:[[@LINE+12]] is not used: 'threads': 'n' is a parameter of 'host', which is not called in this file)
}

void host(int *out, int n) {
  dim3 block(TileX, TileY);
  fromConstants<<<n, block>>>(out);
  const int Half = TileX / 2;
  constexpr unsigned Quarter = TileY / 2;
  fromConstants<<<n, dim3(Half, Quarter)>>>(out);
  const int Threads = 64;
  fromConstants<<<n, Threads>>>(out);
  int threads = n;
  fromVariable<<<n, threads>>>(out);
}
