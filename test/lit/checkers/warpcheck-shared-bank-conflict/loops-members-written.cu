// A loop with a run-time trip count forgets, before its generic iteration,
// only the bytes it may write in per-thread objects: here the pixels and the
// loader's cursor that a callee writes through a reference (and a method
// through `this`, in a base class), never the column's offset into the
// shared buffer (Rodinia's dwt2d fdwt53). Reading a member the loop writes
// stays undecided.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
struct IO {
  int End, Stride;
};
struct Loader : IO {
  int Last;
  __device__ void init(int SizeX, int X) { Last = X - SizeX; Stride = SizeX; }
  __device__ int loadFrom(const int *In) {
    Last += Stride;
    return In[Last];
  }
};
struct Column {
  Loader L;
  int Offset;
  int Pixel0, Pixel1;
};

__shared__ int Buffer[64 * 12];

__device__ void initColumn(Column &C, const int *In, int SizeX, int X) {
  C.Offset = X;
  C.L.init(SizeX, X);
  C.Pixel0 = C.L.loadFrom(In);
  C.Pixel1 = C.L.loadFrom(In);
}

__device__ void loadColumn(Column &C, const int *In) {
  Buffer[C.Offset] = C.Pixel0;
  Buffer[C.Offset + 64] = C.Pixel1;
  for (int I = 2; I < 10; I++)
    Buffer[C.Offset + I * 64] = C.L.loadFrom(In);
  C.Pixel0 = Buffer[C.Offset + 8 * 64];
  C.Pixel1 = Buffer[C.Offset + 9 * 64];
}

__global__ void transform(const int *In, int *Out, int SizeX, int Steps) {
  Column C;
  initColumn(C, In, SizeX, threadIdx.x);
  for (int W = 0; W < Steps; W++) {
    loadColumn(C, In);
    __syncthreads();
    Out[threadIdx.x] = Buffer[threadIdx.x * 2];
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 2-way bank conflict on load from 'Buffer': 2 wavefronts per request, 1 ideal
    __syncthreads();
  }
}

// The loop writes the cursor the index reads: undecided, never the value
// before the loop.
__global__ void cursor(const int *In, int *Out, int SizeX, int Steps) {
  __shared__ int S[2048];
  Column C;
  initColumn(C, In, SizeX, threadIdx.x);
  for (int W = 0; W < Steps; W++) {
    S[C.L.Last & 2047] = W;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 'S' cannot be decided: it depends on the contents of 'C', {{.*}}'written by the loop at line [[@LINE-2]]'
    C.L.loadFrom(In);
  }
  Out[threadIdx.x] = S[threadIdx.x];
}

int main(int argc, char **) {
  transform<<<1, 64>>>(nullptr, nullptr, 64, argc);
  cursor<<<1, 32>>>(nullptr, nullptr, 64, argc);
}
