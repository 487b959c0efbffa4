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
void exit(int);

// 'named' with 128 threads.
void known(CUmodule module, void **args) {
  CUfunction f = 0;
  cuModuleGetFunction(&f, module, "named");
  cuLaunchKernel(f, 1, 1, 1, 128, 1, 1, 0, 0, args, 0);
}

// Handed to a function with no body here: it may hold any kernel.
void pick(CUfunction *f, CUmodule module);
void handedOn(CUmodule module, void **args) {
  CUfunction f;
  cuModuleGetFunction(&f, module, "named");
  pick(&f, module);
  cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, 0, args, 0);
}

// A switch is not followed: the kernel handed back is not known either.
static void pickBySwitch(CUmodule module, int which, CUfunction *f, int *bs) {
  switch (which) {
  case 0:
    cuModuleGetFunction(f, module, "unnamed");
    *bs = 32;
    break;
  default:
    exit(1);
  }
}

void switched(CUmodule module, int which, void **args) {
  CUfunction f = 0;
  int bs = 0;
  pickBySwitch(module, which, &f, &bs);
  cuLaunchKernel(f, 1, 1, 1, bs, 1, 1, 0, 0, args, 0);
}
