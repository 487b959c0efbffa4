"""A kernel with N conflicted arrays, the k-th 2^(k % 5 + 1)-way: more
findings than GitHub annotates per step (github-annotations-cap.test)."""
import sys

n = int(sys.argv[1])
print("__global__ void many(float *out) {")
print("  float acc = 0;")
for k in range(n):
    stride = 2 ** (k % 5 + 1)
    print("  __shared__ float a%d[32 * %d];" % (k, stride))
    print("  acc += a%d[threadIdx.x * %d];" % (k, stride))
print("  out[threadIdx.x] = acc;")
print("}")
print("int main() { many<<<1, 32>>>(nullptr); }")
