// Member functions, static member functions and functors' operator() are
// followed; a shared struct's member array gets no layout fix, and the note
// says why.
// RUN: %warpcheck %s -- 2>&1 | %check-messages

struct Acc {
  float *s;
  __device__ float operator()(int i) const { return s[i * 32]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 32-way bank conflict on load from 'buf': 32 wavefronts per request, 1 ideal
};

struct Tile {
  float s[32][32];
  __device__ float get(int i) { return s[i][0]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 32-way bank conflict on load from 't': 32 wavefronts per request, 1 ideal
  static __device__ float at(float *p, int i) { return p[i * 16]; }
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:56: warning: 16-way bank conflict on load from 'buf': 16 wavefronts per request, 1 ideal
};

__global__ void members(float *out) {
  __shared__ float buf[32 * 32];
  __shared__ Tile t;
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:19: note: no layout fix offered: 't' is a struct ('Tile'); warpcheck pads or swizzles only plain arrays, not an array that is a member of a struct
  buf[threadIdx.x] = 1;
  __syncthreads();
  Acc acc{buf};
  float a = acc(threadIdx.x);
  a += t.get(threadIdx.x);
  a += Tile::at(buf, threadIdx.x);
  out[threadIdx.x] = a;
}

int main() { members<<<1, 32>>>(nullptr); }
