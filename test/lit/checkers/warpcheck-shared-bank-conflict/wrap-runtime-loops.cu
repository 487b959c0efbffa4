// Issue 25: loops with a run-time trip count whose counter indexes modulo a
// constant. The symbolic iteration's number k is never negative, so
// `i % 1024` of a counter `lane + k * blockDim.x` is a residue: exact where
// every reachable residue agrees, a range where a partial last warp may
// have fewer lanes.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

__global__ void runtimeLoops(int *out, int n) {
  __shared__ int s[2048];
  int acc = 0;
  // Consecutive words in every iteration, also the last one: silent.
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += s[i % 1024];
  // Stride 2: 2-way in full warps; a last warp of 16 lanes or fewer is 1.
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += s[(i * 2) % 1024];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: up to 2-way bank conflict on load from 's': 1 to 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}the count depends on 'i < n'
  // The same condition in every lane: 2-way in every iteration.
  for (int i = 0; i < n; ++i)
    acc += s[(int(threadIdx.x) * 2 + i) % 1024];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in 'runtimeLoops'
  out[threadIdx.x] = acc;
}

int main(int argc, char **) { runtimeLoops<<<1, 32>>>(nullptr, argc); }
