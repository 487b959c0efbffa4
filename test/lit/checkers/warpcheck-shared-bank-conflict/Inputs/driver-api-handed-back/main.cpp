// The driver API as cuda.h declares it (what these calls need).
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef int CUresult;
CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                             const char *name);
CUresult cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                          CUfunction func, void *toSmem,
                                          unsigned dynamicSmem, int limit);
CUresult cuLaunchKernel(CUfunction f, unsigned gridDimX, unsigned gridDimY,
                        unsigned gridDimZ, unsigned blockDimX,
                        unsigned blockDimY, unsigned blockDimZ,
                        unsigned sharedMemBytes, CUstream hStream,
                        void **kernelParams, void **extra);
void checkCudaErrors(CUresult);

// cuda-samples matrixMulDrv's initCUDA: the first kernel the device allows,
// with its size, handed back together; past the table, tile_bs8 with 4.
static int initCUDA(CUmodule module, CUfunction *pKernel, int *blk_size) {
  CUfunction cuFunction = 0;
  const char *kernels[] = {"tile_bs32", "tile_bs16", "tile_bs8"};
  int idx = 0;
  int block_size = 32;
  while (idx < 3) {
    int threadsPerBlock = 0, blocksPerGrid = 0;
    checkCudaErrors(cuModuleGetFunction(&cuFunction, module, kernels[idx]));
    checkCudaErrors(cuOccupancyMaxPotentialBlockSize(
        &blocksPerGrid, &threadsPerBlock, cuFunction, 0,
        2 * block_size * block_size * sizeof(float), 0));
    if (block_size * block_size <= threadsPerBlock)
      break;
    else
      block_size /= 2;
    idx++;
  }
  *pKernel = cuFunction;
  *blk_size = block_size;
  return 0;
}

void runTest(CUmodule module, void **args) {
  CUfunction matrixMul = 0;
  int block_size = 0;
  initCUDA(module, &matrixMul, &block_size);
  dim3 block(block_size, block_size, 1);
  checkCudaErrors(cuLaunchKernel(matrixMul, 4, 4, 1, block.x, block.y,
                                 block.z, 0, 0, args, 0));
}
