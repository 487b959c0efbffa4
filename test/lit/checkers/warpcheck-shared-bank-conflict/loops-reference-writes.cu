// Writes through a reference parameter or a local reference inside a loop
// with a run-time trip count reach the object it designates: what earlier
// iterations wrote there is forgotten, never the value before the loop
// (here the offset grows by the lane each iteration: lane * k, a conflict
// from the third iteration on).
// RUN: %warpcheck %s -- 2>&1 | %check-messages
struct Cursor {
  int Off;
  int Pad;
};

__shared__ int Buf[4096];

__device__ void walk(Cursor &C, int N) {
  C.Off = 0;
  for (int W = 0; W < N; W++) {
    Buf[C.Off & 4095] = 1;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 'Buf' cannot be decided: it depends on the contents of 'C', {{.*}}'written by the loop at line [[@LINE-2]]'
    C.Off += threadIdx.x;
  }
}

__global__ void byParameter(int N) {
  Cursor C;
  walk(C, N);
}

__global__ void byLocalReference(int N) {
  Cursor C = {0, 0};
  Cursor &R = C;
  for (int W = 0; W < N; W++) {
    Buf[R.Off & 4095] = 1;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 'Buf' cannot be decided: it depends on the contents of 'C', {{.*}}'written by the loop at line [[@LINE-2]]'
    R.Off += threadIdx.x;
  }
}

int main(int argc, char **) {
  byParameter<<<1, 32>>>(argc);
  byLocalReference<<<1, 32>>>(argc);
}
