// A loop bounded by a constant reached through an object (an enumerator or
// a static member, as wmma::fragment's num_elements) is unrolled: the array
// it indexes stays in registers.
// RUN: %warpcheck %s -- 2>&1 | count 0

struct Fragment {
  enum { num_elements = 8 };
  static const int count = 8;
  float x[8];
};

__global__ void negativeEnumeratorBound(float *out, float beta) {
  Fragment c[2];
  for (int i = 0; i < 2; ++i)
    for (int t = 0; t < 8; ++t)
      c[i].x[t] = out[t];
  for (int i = 0; i < 2; ++i)
    for (int t = 0; t < c[i].num_elements; ++t)
      c[i].x[t] *= beta;
  for (int i = 0; i < 2; ++i)
    for (int t = 0; t < c[i].count; ++t)
      out[t] += c[i].x[t];
}

int main() { negativeEnumeratorBound<<<1, 32>>>(nullptr, 1.f); }
