"""N kernels, each with a per-thread array in a PTX depot that ptxas keeps
in registers: N remarks (github-annotations-cap.test)."""
import sys

n = int(sys.argv[1])
for k in range(n):
    print("__global__ void promoted%d(const float *in, float *out) {" % k)
    print("  float w[8];")
    print("#pragma unroll")
    print("  for (int j = 0; j < 8; ++j)")
    print("    w[j] = in[j * blockDim.x + threadIdx.x];")
    print("  out[threadIdx.x] = w[threadIdx.x % 8];")
    print("}")
