// Indices the compiler does not know: threads, parameters, memory, lane
// arithmetic, selects, dynamic stores, struct members, inlined callees.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | %check-messages

struct Acc { float v[4]; };
__device__ float pick(const float (&a)[4], int i) { return a[i]; }
// CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'f' (16 bytes) will live in local memory: index 'i' is not known at compile time [warpcheck-local-memory-array]
// CHECK-MESSAGES: :[[@LINE-2]]:60: note: the index depends on 'threadIdx.x'
// CHECK-MESSAGES: :[[@LINE+3]]:39: note: 'f' declared here, in 'indices'; select the element with constant indices (a switch, or a chain of selects over the 4 elements)

__global__ void indices(const float *in, float *out, int n, const int *idx) {
  float a[4], b[8], c[4], d[4], e[4], f[4];
  Acc acc;
  for (int j = 0; j < 4; ++j) {
    a[j] = in[j]; c[j] = in[j]; d[j] = in[j]; e[j] = in[j];
    acc.v[j] = in[j]; f[j] = in[j];
  }
  for (int j = 0; j < 8; ++j)
    b[j] = in[j];
  out[0] = a[threadIdx.x % 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'a' (16 bytes) will live in local memory: index 'threadIdx.x % 4' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the index depends on 'threadIdx.x'
  // CHECK-MESSAGES: :[[@LINE-11]]:9: note: 'a' declared here, in 'indices'; select the element with constant indices (a switch, or a chain of selects over the 4 elements)
  out[1] = b[n % 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'b' (32 bytes) will live in local memory: index 'n % 8' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the index depends on kernel parameter 'n'
  // CHECK-MESSAGES: :[[@LINE-15]]:15: note: 'b' declared here, in 'indices'; make 'n' a template parameter, or select the element with constant indices
  out[2] = c[idx[0] & 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'c' (16 bytes) will live in local memory: index 'idx[0] & 3' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the index depends on a value loaded from 'idx'
  // CHECK-MESSAGES: :[[@LINE-19]]:21: note: 'c' declared here
  d[(threadIdx.x % 32) >> 3] = 1.0f;       // a dynamic store is enough
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'd' (16 bytes) will live in local memory: index '(threadIdx.x % 32) >> 3' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the index depends on 'threadIdx.x'
  // CHECK-MESSAGES: :[[@LINE-23]]:27: note: 'd' declared here
  out[3] = d[0] + d[1] + e[threadIdx.x & 1 ? 1 : 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'e' (16 bytes) will live in local memory: index 'threadIdx.x & 1 ? 1 : 2' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:26: note: the index is chosen by 'threadIdx.x & 1', which is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-27]]:33: note: 'e' declared here
  out[4] = acc.v[threadIdx.x % 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'acc' (16 bytes) will live in local memory: index 'threadIdx.x % 4' is not known at compile time
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: the index depends on 'threadIdx.x'
  // CHECK-MESSAGES: :[[@LINE-30]]:7: note: 'acc' declared here, in 'indices'; select the element with constant indices (a switch, or a chain of selects over the 4 elements)
  out[5] = pick(f, threadIdx.x % 4);       // reported inside pick
}

int main() { indices<<<1, 32>>>(nullptr, nullptr, 3, nullptr); }
