// The driver API as cuda.h declares it (what these calls need).
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef int CUresult;
CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                             const char *name);
CUresult cuLaunchKernel(CUfunction f, unsigned gridDimX, unsigned gridDimY,
                        unsigned gridDimZ, unsigned blockDimX,
                        unsigned blockDimY, unsigned blockDimZ,
                        unsigned sharedMemBytes, CUstream hStream,
                        void **kernelParams, void **extra);

// matrixMul_nvrtc's way: the kernel chosen by the block size, which is 32.
void multiply(CUmodule module, int block_size, void **args) {
  dim3 threads(block_size, block_size);
  CUfunction kernel_addr;
  if (block_size == 16)
    cuModuleGetFunction(&kernel_addr, module, "tile16");
  else
    cuModuleGetFunction(&kernel_addr, module, "tile32");
  for (int j = 0; j < 3; j++)
    cuLaunchKernel(kernel_addr, 4, 4, 1, threads.x, threads.y, threads.z, 0,
                   0, args, 0);
}

// Any name of a table only read: 128 threads for each.
void table(CUmodule module, int which, void **args) {
  const char *names[] = {"fromTable", "tile16"};
  CUfunction f = 0;
  cuModuleGetFunction(&f, module, names[which]);
  cuLaunchKernel(f, 1, 1, 1, 128, 1, 1, 0, 0, args, 0);
}

int main() {
  int block_size = 32;
  multiply(nullptr, block_size, nullptr);
  table(nullptr, 0, nullptr);
  return 0;
}
