// Calls through function pointers, references and tables: every function
// the pointer may hold in this file is followed; a pointer the analysis
// cannot resolve, or a function whose body it cannot see, given a shared
// pointer, is reported as unknown, never dropped.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

#include "Inputs/visibility-library.h"

__device__ float stride32(float *p) { return p[threadIdx.x * 32]; }
// CHECK-MESSAGES: :[[@LINE-1]]:46: warning: {{.*}}bank conflict on load from 's'{{.*}}
__device__ float stride1(float *p) { return p[threadIdx.x]; }
__device__ float external(float *p); // defined in another file
__device__ float peek(const float &v); // reads the one element it is given

typedef float (*Fn)(float *);
__device__ Fn table[2] = {stride32, stride1};
__device__ const Fn single[1] = {stride32};

template <class F> __device__ float call(F f, float *p) { return f(p); }

__global__ void pointers(float *out, int which, Fn given) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = 1;
  __syncthreads();
  float a = single[0](s); // one callee: followed as a direct call
  a += table[which](s);   // either: the accesses of both, lanes maybe
  Fn local = stride32;
  a += local(s);
  Fn &ref = local;
  a += ref(s);
  a += call(stride32, s); // a pointer bound to a parameter
  a += given(s);          // from the host: unknown
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: bank conflicts of store to 's' cannot be decided: it depends on a function called through 'given', a pointer the analysis cannot resolve, which warpcheck does not follow
  a += external(s);       // no body in this file
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: bank conflicts of store to 's' cannot be decided: it depends on 'external', whose body warpcheck cannot see
  a += peek(s[threadIdx.x * 2]);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on load from 's': 2 wavefronts per request, 1 ideal
  a += libraryRead(s[threadIdx.x * 4]); // T && of a library: a read
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 4-way bank conflict on load from 's': 4 wavefronts per request, 1 ideal
  out[threadIdx.x] = a;
}

int main() { pointers<<<1, 32>>>(nullptr, 0, nullptr); }
