// A range-based for over a braced list or an array of known length runs
// element by element, like the loop it is (ggml's `for (int stride_k :
// {warp_size, ...})`): each element is a known value, and the accesses in
// the body are decided per element. An element read from a __shared__
// array is a load of it; a break on a run-time value leaves which elements
// ran unknown, never made up.
// RUN: %warpcheck %s -- -std=c++17 2>&1 | %check-messages
#include <initializer_list>

__global__ void braced(float *out) {
  __shared__ float s[1024];
  for (int st : {1, 2, 32})
    s[threadIdx.x * st % 1024] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void localArray(float *out) {
  __shared__ float s[1024];
  int arr[3] = {1, 2, 4};
  for (int st : arr)
    s[threadIdx.x * st] = 2.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  for (const int &st : arr)
    s[threadIdx.x * st + 1] = 2.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__constant__ constexpr int Strides[2] = {2, 8};

__global__ void constexprArray(float *out) {
  __shared__ float s[1024];
  for (int st : Strides)
    s[threadIdx.x * st] = 3.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on store to 's': 8 wavefronts per request, 1 ideal
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void sharedArray(float *out) {
  __shared__ int idx[32];
  __shared__ float s[1024];
  idx[threadIdx.x] = threadIdx.x;
  __syncthreads();
  for (int v : idx)
    out[threadIdx.x] += s[v * 32];
}

// n decides how many iterations run: the 4-way one may not, so the count
// is a range.
__global__ void breakInside(float *out, int n) {
  __shared__ float s[1024];
  for (int st : {1, 2, 4}) {
    if (st > n)
      break;
    s[threadIdx.x * st] = 4.f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: up to 4-way bank conflict on store to 's': 1 to 4 wavefronts per request, 1 ideal
  }
  out[threadIdx.x] = s[threadIdx.x];
}

int main(int argc, char **argv) {
  braced<<<1, 32>>>(nullptr);
  localArray<<<1, 32>>>(nullptr);
  constexprArray<<<1, 32>>>(nullptr);
  sharedArray<<<1, 32>>>(nullptr);
  breakInside<<<1, 32>>>(nullptr, argc);
}
