// __shared__ storage reached through objects (issue 22): a reference member
// bound by a constructor's initializer, a pointer member, the member seen
// from outside (`r.ts.buf[...]`), a temporary (`Ring(st).put(...)`, as CUB's
// primitives are used), a member function returning a reference, and an
// operator. Each access is decided where a free function's would be.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck %s --cuda-prelude -- 2>&1 | %check-messages

struct Storage {
  int buf[1024];
};

struct Ring {
  Storage &ts;
  int base;
  __device__ Ring(Storage &s, int b) : ts(s), base(b) {}
  __device__ void put(int i) { ts.buf[base + i * 4] = 1; }
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 4-way bank conflict on store to 'st': 4 wavefronts per request, 1 ideal
  __device__ int &at(int i) { return ts.buf[i]; }
  __device__ int &operator[](int i) { return ts.buf[i * 2]; }
};

struct Handle {
  int *p;
  __device__ void put(int i) { p[i * 8] = 2; }
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 8-way bank conflict on store to 'st': 8 wavefronts per request, 1 ideal
};

struct Plain {
  __device__ Plain(Storage &s) : ts(s) {}
  __device__ void put(int i) { ts.buf[i * 16] = 3; }
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 16-way bank conflict on store to 'st': 16 wavefronts per request, 1 ideal
  Storage &ts;
};

__global__ void routes(int *out) {
  __shared__ Storage st;
  Ring r(st, 0);
  r.put(threadIdx.x);
  Handle h{st.buf};
  h.put(threadIdx.x);
  r.ts.buf[threadIdx.x * 2] = 3;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on store to 'st': 2 wavefronts per request, 1 ideal
  Plain(st).put(threadIdx.x);
  r.at(threadIdx.x * 32) = 4;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on store to 'st': 32 wavefronts per request, 1 ideal
  __syncthreads();
  out[threadIdx.x] = r[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on load from 'st': 2 wavefronts per request, 1 ideal
}

int main() { routes<<<1, 32>>>(nullptr); }
