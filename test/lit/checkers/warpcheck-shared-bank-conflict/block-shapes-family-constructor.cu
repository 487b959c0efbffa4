// A kernel whose __shared__ array is named only in a constructor it runs
// (`Tile t;`) is analyzed over its assumed family of shapes like any other:
// a range, never exact on one shape.
// RUN: %warpcheck --checks='-*,warpcheck-shared-*' --format=json %s -- 2>/dev/null | %python -c "import json, sys; [print(a['kernel'], a['line'], a['status'], a['block_dim_assumed']) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s

struct Tile {
  float *p;
  __device__ Tile() {
    __shared__ float buf[32 * 64];
    p = buf;
    buf[threadIdx.x * (blockDim.x / 32)] = 0;
  }
};

__global__ void k(float *out) {
  Tile t;
  out[threadIdx.x] = t.p[0];
}

// CHECK: k 11 range True
// CHECK-NOT: exact True
