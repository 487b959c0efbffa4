// A compound assignment is a load and a store, one warning for both (the
// JSON report keeps both); atomics are their own kind.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void histogram(const unsigned char *data, unsigned *out) {
  __shared__ unsigned bins[32 * 32];
  bins[threadIdx.x * 32] += 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on load and store of 'bins': 32 wavefronts per request each, 1 ideal
  //
  atomicAdd(&bins[threadIdx.x], 1u);          // distinct words: conflict-free
  atomicAdd(&bins[(threadIdx.x % 2) * 32], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on atomic update of 'bins': 2 wavefronts per request, 1 ideal
  atomicAdd(&bins[data[threadIdx.x]], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of atomic update of 'bins' cannot be decided: it depends on value loaded from 'data'
  bins[threadIdx.x]++;
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x];
}

int main() { histogram<<<4, 32>>>(nullptr, nullptr); }
