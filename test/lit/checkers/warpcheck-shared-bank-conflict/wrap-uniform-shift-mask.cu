// Issue 25: a warp-uniform run-time shift wrapped by a low mask,
// `(lane * k + shift) & (2^m - 1)`, is decided for every value of the shift:
// each lane wraps at its own point, and the count is taken at every value
// that can differ. `&` with 2^m - 1 is the residue for either sign.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void blockShift(unsigned *out, int p) {
  __shared__ unsigned s[2048];
  // Stride 9 from blockIdx.x (differential k0000): a wrap moves a lane by
  // 8192 bytes, whole bank rows, so every shift is conflict-free: silent.
  atomicAnd(&s[(threadIdx.x * 9 + blockIdx.x) & 2047], ~1u);
  // Stride 2: 2-way for every shift, also where the warp wraps in the middle.
  out[0] = s[(threadIdx.x * 2 + blockIdx.x) & 2047];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'blockShift'
  // A parameter that may be negative: the mask still gives the residue.
  out[1] = s[(int(threadIdx.x) * 16 + p) & 255];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on load from 's': 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'blockShift'
}

__global__ void loadedShift(const int *in, double *out) {
  __shared__ double d[1024];
  __shared__ char c[4096];
  int shift = in[0]; // one address: the same in every lane
  // 8-byte elements: 2 wavefronts (one per half-warp) for every shift.
  out[threadIdx.x] = d[(threadIdx.x + shift) & 1023];
  // Bytes 128 apart: one bank for every shift.
  out[threadIdx.x] += c[(threadIdx.x * 128 + shift) & 4095];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on load from 'c': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: in 'loadedShift'
}

int main(int argc, char **) {
  blockShift<<<64, 32>>>(nullptr, argc);
  loadedShift<<<1, 32>>>(nullptr, nullptr);
}
