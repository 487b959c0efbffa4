// Block-stride loops (`i = threadIdx.x; i < C; i += blockDim.x`) inside a
// loop whose trip count is not known (a grid-stride loop over vectors): the
// counter is declared inside the uncounted loop and only decided splits
// follow, so every iteration is followed exactly (scalarProd's pattern):
// conflict-free, so silent (before: "cannot be decided: 'iAccum' set under a
// condition").
// RUN: %warpcheck %s -- 2>&1 | %check-messages

#define ACCUM_N 1024
__global__ void scalarProd(float *d_C, const float *d_A, int vectorN,
                           int elementN) {
  __shared__ float accumResult[ACCUM_N];
  for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
    int vectorBase = elementN * vec;
    int vectorEnd = vectorBase + elementN;
    for (int iAccum = threadIdx.x; iAccum < ACCUM_N; iAccum += blockDim.x) {
      float sum = 0;
      for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
        sum += d_A[pos];
      accumResult[iAccum] = sum;
    }
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
        accumResult[iAccum] += accumResult[stride + iAccum];
    }
    __syncthreads();
    if (threadIdx.x == 0)
      d_C[vec] = accumResult[0];
  }
}

// A thread that may have left the loop by a data-dependent break keeps the
// value it had: 'x' is threadIdx.x or threadIdx.x * 32 per thread, so the
// store is not decided (it was reported 32-way exact before).
__global__ void dataBreak(const float *d) {
  __shared__ float a[1024];
  int x = threadIdx.x;
  for (int j = 0; j < 1; ++j) {
    if (d[threadIdx.x] > 0)
      break;
    x = threadIdx.x * 32;
  }
  a[x] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: bank conflicts of store to 'a' cannot be decided: it depends on 'x' set under a condition [warpcheck-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: up to 32 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in 'dataBreak', block 32x1x1 {{.*}}
  // CHECK-MESSAGES: :[[@LINE-11]]:20: note: no layout fix offered: the wavefronts of 'a' cannot be decided under any padding or swizzle (its addresses depend on values warpcheck does not follow)
}

// A data-dependent break of an inner loop that has ended does not make the
// threads uncertain afterwards: 'row' is set by every thread (silent).
__global__ void afterInnerBreak(const float *d, float *out) {
  __shared__ float t[32 * 33];
  for (int v = blockIdx.x; v < 1000; v += gridDim.x) {
    int row = 0;
    for (int j = 0; j < 4; ++j)
      if (d[threadIdx.x + j] > 0)
        break;
    row = threadIdx.x * 33;
    t[row] = v;
    out[threadIdx.x] = t[row];
  }
}

int main() {
  afterInnerBreak<<<4, 32>>>(nullptr, nullptr);
  scalarProd<<<128, 256>>>(nullptr, nullptr, 256, 4096);
  dataBreak<<<1, 32>>>(nullptr);
}
