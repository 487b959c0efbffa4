// Soundness suite, part 11 (see soundness.cu): kernels loaded by name and
// launched through the driver API, the name and its block size handed back
// together through pointers by a function that asks the device (cuda-samples'
// matrixMulDrv). Each pick walks a table of kernel names with the sizes 32,
// 16 and 8 and stops at the first kernel whose maximum block (its
// __launch_bounds__, read back with cuFuncGetAttribute) holds size * size
// threads; past the table it keeps the last kernel with size 4. warpcheck
// pairs each kernel with the sizes handed back with it, never another
// kernel's. The probed stores write a column, S[tx][ty], whose conflicts
// depend on the block: a kernel analyzed with another kernel's size shows.
// measure.sh builds this file twice: the program, and the cubin it loads
// (argv[0] + ".cubin").
#include "soundness.cuh"

#include <cuda.h>
#include <string>

/// S[tx][ty] = in + 100 * tx + ty, then out[lin] = S[ty][tx].
template <int Rows, int Cols>
__device__ __forceinline__ void transposeThrough(const int *in, int *out) {
  __shared__ int S[Rows][Cols];
  unsigned Tx = threadIdx.x, Ty = threadIdx.y;
  int Lin = linearTid();
  S[Tx][Ty] = in[Lin] + int(100 * Tx + Ty);
  __syncthreads();
  out[Lin] = S[Ty][Tx];
}

// Picked by pickA on the H100: dv_a32 allows 256 threads (not 32 * 32),
// dv_a16 allows 1024 (16 * 16 fit). Never launched: dv_a32, dv_a8.
extern "C" __global__ void __launch_bounds__(256)
    dv_a32(const int *in, int *out) {
  transposeThrough<32, 32>(in, out);
}

// PROBE store exact 8: block 16x16 only, as pickA hands it back with 16; a
// warp is rows ty, ty + 1 and S[tx][ty] puts lanes tx and tx + 2 on one
// bank (8 per bank). With dv_a32's size (32x32) it would be another count.
extern "C" __global__ void dv_a16(const int *in, int *out) {
  transposeThrough<16, 16>(in, out);
}

extern "C" __global__ void dv_a8(const int *in, int *out) {
  transposeThrough<8, 32>(in, out);
}

// pickB's kernels all allow 32 threads: none holds size * size, so the
// loop runs past its table and hands back dv_b8 with 4.
extern "C" __global__ void __launch_bounds__(32)
    dv_b32(const int *in, int *out) {
  transposeThrough<32, 32>(in, out);
}

extern "C" __global__ void __launch_bounds__(32)
    dv_b16(const int *in, int *out) {
  transposeThrough<16, 16>(in, out);
}

// PROBE dv_b8 store unknown: handed back with 8 (after the device query
// of the last name) or with 4 (past the table): 8x8 gives 8 wavefronts
// (S[tx][ty] with rows of 32 words puts the 8 tx of one ty on one bank),
// 4x4 gives 4. The H100 runs 4x4; a pick that kept only 8 would say 8.
extern "C" __global__ void __launch_bounds__(32)
    dv_b8(const int *in, int *out) {
  transposeThrough<8, 32>(in, out);
}

static void checkCu(CUresult R) {
  if (R != CUDA_SUCCESS) {
    std::fprintf(stderr, "driver API error %d\n", int(R));
    std::exit(1);
  }
}

static int pickA(CUmodule module, CUfunction *pKernel, int *blk_size) {
  CUfunction cuFunction = 0;
  const char *kernels[] = {"dv_a32", "dv_a16", "dv_a8"};
  int idx = 0;
  int block_size = 32;
  while (idx < 3) {
    int maxThreads = 0;
    checkCu(cuModuleGetFunction(&cuFunction, module, kernels[idx]));
    checkCu(cuFuncGetAttribute(
        &maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, cuFunction));
    if (block_size * block_size <= maxThreads)
      break;
    block_size /= 2;
    idx++;
  }
  *pKernel = cuFunction;
  *blk_size = block_size;
  return 0;
}

static int pickB(CUmodule module, CUfunction *pKernel, int *blk_size) {
  CUfunction cuFunction = 0;
  const char *kernels[] = {"dv_b32", "dv_b16", "dv_b8"};
  int idx = 0;
  int block_size = 32;
  while (idx < 3) {
    int maxThreads = 0;
    checkCu(cuModuleGetFunction(&cuFunction, module, kernels[idx]));
    checkCu(cuFuncGetAttribute(
        &maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, cuFunction));
    if (block_size * block_size <= maxThreads)
      break;
    block_size /= 2;
    idx++;
  }
  *pKernel = cuFunction;
  *blk_size = block_size;
  return 0;
}

static void runA(Harness &H, CUmodule module) {
  CUfunction kernel = 0;
  int block_size = 0;
  pickA(module, &kernel, &block_size);
  dim3 block(block_size, block_size, 1);
  void *args[] = {&H.In, &H.Out};
  H.input([](int) { return 0; });
  checkCu(cuLaunchKernel(kernel, 1, 1, 1, block.x, block.y, block.z, 0, 0,
                         args, 0));
  int Side = block_size;
  H.expect("pickA's kernel", Side * Side,
           [Side](int T) { return 100 * (T / Side) + T % Side; });
}

static void runB(Harness &H, CUmodule module) {
  CUfunction kernel = 0;
  int block_size = 0;
  pickB(module, &kernel, &block_size);
  dim3 block(block_size, block_size, 1);
  void *args[] = {&H.In, &H.Out};
  H.input([](int) { return 0; });
  checkCu(cuLaunchKernel(kernel, 1, 1, 1, block.x, block.y, block.z, 0, 0,
                         args, 0));
  int Side = block_size;
  H.expect("pickB's kernel", Side * Side,
           [Side](int T) { return 100 * (T / Side) + T % Side; });
}

int main(int argc, char **argv) {
  (void)argc;
  Harness H; // The runtime makes the primary context current.
  CUmodule module;
  std::string Cubin = std::string(argv[0]) + ".cubin";
  checkCu(cuModuleLoad(&module, Cubin.c_str()));
  runA(H, module);
  runB(H, module);
  return H.Check.finish("soundness_driver");
}
