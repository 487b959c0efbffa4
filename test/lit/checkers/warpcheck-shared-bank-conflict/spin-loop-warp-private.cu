// A float or double atomicAdd on shared memory is a loop of LDS and
// ATOMS.CAST.SPIN (AtomicForm::SpinLoop): a lane retries while another lane
// changed its word since the loop's load. Its count is predicted only where
// no other warp of the block writes the words a warp updates in the same
// barrier interval: then only the warp's own lanes contend, as in the
// one-warp probes measured on the H100 (bank_kinds.cu add_f32 pair_xor1:
// 4 wavefronts, 2 iterations; reshape kernels k0144, k0611, k0930: equal).
// Two warps on one word, or the atomic in a loop, stay unknown.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void pairs(float *out) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[t] = 0.f;
  __syncthreads();
  atomicAdd(&s[t / 2], 1.f); // each warp its own 16 words, lanes in pairs
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on atomic update of 's': 4 wavefronts per request, 2 ideal
  __syncthreads();
  atomicAdd(&s[t % 32], 1.f); // every warp on words 0..31
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of atomic update of 's' cannot be decided: it depends on the compare-and-swap loop the compiler emits for 'atomicAdd' on 4 bytes
  __syncthreads();
  for (int i = 0; i < 2; ++i)
    atomicAdd(&s[t], 1.f);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of atomic update of 's' cannot be decided: it depends on the compare-and-swap loop the compiler emits for 'atomicAdd' on 4 bytes
  __syncthreads();
  out[t] = s[t];
}

int main() { pairs<<<1, 128>>>(nullptr); }
