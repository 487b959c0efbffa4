// Each template instantiation is analyzed with its own arguments.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

template <typename T, int Stride>
__global__ void strided(T *out) {
  __shared__ T buf[32 * Stride];
  buf[threadIdx.x * Stride] = T(threadIdx.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 'buf': 4 wavefronts per request, 2 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'strided<double, 2>'
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 32-way bank conflict on store to 'buf': 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: in 'strided<float, 32>'
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

template <int Block> __global__ void __launch_bounds__(Block) bounded(int *out) {
  __shared__ int s[Block * 2];
  s[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 's': 2 wavefronts per request in every assumed block shape, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'bounded<64>', block 64x1x1 (one of 2 shapes assumed, 1-D blocks of 32 or 64 threads (at most 64 threads: __launch_bounds__(64)); what is reported holds for both, not for a shape outside them; no launch of this kernel in the file)
}

template __global__ void bounded<64>(int *);

int main() {
  strided<float, 1><<<1, 32>>>(nullptr);
  strided<float, 32><<<1, 32>>>(nullptr);
  strided<double, 2><<<1, 32>>>(nullptr);
}
