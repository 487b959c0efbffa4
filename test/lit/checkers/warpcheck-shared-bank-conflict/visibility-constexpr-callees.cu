// Function pointers and references the compiler folds are followed as
// direct calls: a template argument, a static constexpr member of a class
// or class template, a constexpr reference, and a constexpr pointer from a
// constexpr function (ggml's `constexpr vec_dot_mmq_t vec_dot =
// get_vec_dot<type>()`). The access is reported where the callee makes it.
// RUN: %warpcheck %s -- -std=c++17 2>&1 | %check-messages

__device__ void put32(float *s, int i) { s[i * 32] = 1.f; }
// CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 32-way bank conflict on store to 's': 32 wavefronts per request, 1 ideal
__device__ void put4(float *s, int i) { s[i * 4] = 1.f; }
// CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 4-way bank conflict on store to 's': 4 wavefronts per request, 1 ideal
__device__ void put2(float *s, int i) { s[i * 2] = 1.f; }
// CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 2-way bank conflict on store to 's': 2 wavefronts per request, 1 ideal

template <void (*F)(float *, int)> __global__ void viaTemplate(float *out) {
  __shared__ float s[1024];
  F(s, threadIdx.x);
  out[threadIdx.x] = s[threadIdx.x];
}

struct Traits {
  static constexpr void (*store)(float *, int) = put32;
};
template <typename T> struct TraitsT {
  static constexpr void (*store)(float *, int) = put2;
};

__global__ void viaStaticMember(float *out) {
  __shared__ float s[1024];
  Traits::store(s, threadIdx.x);
  TraitsT<int>::store(s, threadIdx.x);
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void viaReference(float *out) {
  __shared__ float s[1024];
  constexpr auto &r = put32;
  r(s, threadIdx.x);
  out[threadIdx.x] = s[threadIdx.x];
}

typedef void (*store_t)(float *, int);
template <int K> __device__ constexpr store_t chooseStore() {
  return K == 0 ? put4 : put32;
}

template <int K> __global__ void viaConstexprCall(float *out) {
  __shared__ float s[1024];
  constexpr store_t st = chooseStore<K>();
  st(s, threadIdx.x);
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  viaTemplate<put32><<<1, 32>>>(nullptr);
  viaStaticMember<<<1, 32>>>(nullptr);
  viaReference<<<1, 32>>>(nullptr);
  viaConstexprCall<0><<<1, 32>>>(nullptr);
  viaConstexprCall<1><<<1, 32>>>(nullptr);
}
