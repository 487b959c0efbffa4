// Arrays that stay in registers: constant indices, unrolled loops, masked
// constant indices, a switch over constant indices, template sizes.
// Unannotated: warpcheck must stay silent.
// RUN: %warpcheck --checks='-*,warpcheck-local-*' %s -- 2>&1 | FileCheck %s --check-prefix=SILENT --allow-empty
// SILENT-NOT: {{warning|error}}:
// RUN: %warpcheck --checks='-*,warpcheck-local-*' --format=json %s -- | FileCheck %s --check-prefix=JSON

template <int N> __global__ void registers(const float *in, float *out) {
  float a[N], b[4] = {1, 2, 3, 4}, c[4];
  for (int j = 0; j < N; ++j)
    a[j] = in[threadIdx.x + j];
  if (threadIdx.x < 5)
    b[3] = in[threadIdx.x];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    c[j] = a[j % N] * b[j];
  float v;
  switch (threadIdx.x % 4) {
  case 0: v = c[0]; break;
  case 1: v = c[1]; break;
  case 2: v = c[2]; break;
  default: v = c[3]; break;
  }
  out[threadIdx.x] = v + a[N - 1];
}

int main() { registers<8><<<1, 64>>>(nullptr, nullptr); }

// JSON: "kernels": [
// JSON: "function": "registers<8>",
// JSON-NEXT: "mangled_name": "_Z9registersILi8EEvPKfPf",
// JSON-NEXT: "predicted_local_bytes": 0,
// JSON: "local_arrays": [
// JSON: "bytes": 32,
// JSON: "status": "registers",
// JSON: "variable": "a"
