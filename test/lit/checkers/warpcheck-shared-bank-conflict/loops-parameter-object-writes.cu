// A struct kernel parameter passed by value reads as one value in every
// thread until the kernel writes it; a loop with a run-time trip count that
// writes a member makes that member (and every byte never written before)
// per-thread unknown, never the parameter's value. And a pointer whose
// address was taken still writes where it points.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
struct P {
  int X, Y;
};

__global__ void byValue(int *Out, P Prm, int N) {
  __shared__ int Sh[32 * 64];
  for (int I = 0; I < N; I++) {
    Sh[threadIdx.x + Prm.X] = I;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 'Sh' cannot be decided: it depends on kernel parameter 'Prm'
    Prm.X = threadIdx.x * 31;
  }
  Out[threadIdx.x] = Sh[threadIdx.x];
}

__global__ void pointerInMemory(int *Out, int N) {
  __shared__ int Sh[32 * 64];
  P A = {1, 0};
  int *Q = &A.X;
  int **QQ = &Q;
  for (int I = 0; I < N; I++) {
    Sh[threadIdx.x * A.X] = I;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: bank conflicts of store to 'Sh' cannot be decided: it depends on {{.*}}'written by the loop at line [[@LINE-2]]'
    *Q = 32;
  }
  Out[threadIdx.x] = Sh[threadIdx.x] + **QQ;
}

int main(int argc, char **) {
  byValue<<<1, 32>>>(nullptr, P{1, 2}, argc);
  pointerInMemory<<<1, 32>>>(nullptr, argc);
}
