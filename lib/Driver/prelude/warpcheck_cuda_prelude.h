// warpcheck's built-in CUDA prelude: the declarations a CUDA source needs to
// parse when no CUDA toolkit is installed. Attributes, built-in variables and
// clang's device math come from clang itself; vector types, dim3 and the
// runtime API are declared here. Nothing here is ever compiled to code.
#pragma once
#ifndef WARPCHECK_CUDA_PRELUDE_H
#define WARPCHECK_CUDA_PRELUDE_H

#define __CUDACC__ 1
#define __NVCC__ 1
#define CUDA_VERSION 12050
#define CUDART_VERSION 12050
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 5

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define __restrict__ __restrict

#include <__clang_cuda_math_forward_declares.h>
#include <cmath>
#include <cstddef>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <__clang_cuda_builtin_vars.h>

// ---- vector types --------------------------------------------------------
#define WARPCHECK_VEC(T, N, A, ...)                                            \
  struct __align__(A) T##N { __VA_ARGS__ };                                    \
  typedef struct T##N T##N
#define WARPCHECK_VEC_ALL(Name, Elem, S1, S2, S4)                              \
  struct __align__(S1) Name##1 { Elem x; };                                    \
  struct __align__(S2) Name##2 { Elem x, y; };                                 \
  struct Name##3 { Elem x, y, z; };                                            \
  struct __align__(S4) Name##4 { Elem x, y, z, w; };                           \
  static __host__ __device__ __forceinline__ Name##1 make_##Name##1(Elem x) {  \
    Name##1 r; r.x = x; return r;                                              \
  }                                                                            \
  static __host__ __device__ __forceinline__ Name##2 make_##Name##2(Elem x,    \
                                                                    Elem y) {  \
    Name##2 r; r.x = x; r.y = y; return r;                                     \
  }                                                                            \
  static __host__ __device__ __forceinline__ Name##3 make_##Name##3(           \
      Elem x, Elem y, Elem z) {                                                \
    Name##3 r; r.x = x; r.y = y; r.z = z; return r;                            \
  }                                                                            \
  static __host__ __device__ __forceinline__ Name##4 make_##Name##4(           \
      Elem x, Elem y, Elem z, Elem w) {                                        \
    Name##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;                   \
  }

WARPCHECK_VEC_ALL(char, signed char, 1, 2, 4)
WARPCHECK_VEC_ALL(uchar, unsigned char, 1, 2, 4)
WARPCHECK_VEC_ALL(short, short, 2, 4, 8)
WARPCHECK_VEC_ALL(ushort, unsigned short, 2, 4, 8)
WARPCHECK_VEC_ALL(int, int, 4, 8, 16)
WARPCHECK_VEC_ALL(uint, unsigned int, 4, 8, 16)
WARPCHECK_VEC_ALL(long, long, 8, 16, 16)
WARPCHECK_VEC_ALL(ulong, unsigned long, 8, 16, 16)
WARPCHECK_VEC_ALL(longlong, long long, 8, 16, 16)
WARPCHECK_VEC_ALL(ulonglong, unsigned long long, 8, 16, 16)
WARPCHECK_VEC_ALL(float, float, 4, 8, 16)
WARPCHECK_VEC_ALL(double, double, 8, 16, 16)
#undef WARPCHECK_VEC_ALL
#undef WARPCHECK_VEC

struct __half { unsigned short __x; };
struct __align__(4) __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;
struct __nv_bfloat16 { unsigned short __x; };
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

// ---- runtime API (host side) ----------------------------------------------
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1,
                 cudaErrorMemoryAllocation = 2, cudaErrorUnknown = 999 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                      cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                      cudaMemcpyDefault = 4 };
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0,
                               cudaBoundaryModeClamp = 1,
                               cudaBoundaryModeTrap = 2 };
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3],
      maxGridSize[3], major, minor, multiProcessorCount, clockRate;
};
enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared,
                     cudaFuncCachePreferL1, cudaFuncCachePreferEqual };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault,
                           cudaSharedMemBankSizeFourByte,
                           cudaSharedMemBankSizeEightByte };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                         cudaFuncAttributePreferredSharedMemoryCarveout = 9 };

extern "C" {
__host__ cudaError_t cudaMalloc(void **p, size_t n);
__host__ cudaError_t cudaMallocHost(void **p, size_t n);
__host__ cudaError_t cudaMallocManaged(void **p, size_t n, unsigned f = 1);
__host__ cudaError_t cudaFree(void *p);
__host__ cudaError_t cudaFreeHost(void *p);
__host__ cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n,
                                                cudaMemcpyKind k,
                                                cudaStream_t st = 0);
__host__ cudaError_t cudaMemset(void *d, int v, size_t n);
__host__ cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st = 0);
__host__ cudaError_t cudaMemcpyToSymbol(const void *sym, const void *s, size_t n,
                                        size_t off = 0,
                                        cudaMemcpyKind k = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n,
                                          size_t off = 0,
                                          cudaMemcpyKind k = cudaMemcpyDeviceToHost);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t e);
__host__ const char *cudaGetErrorName(cudaError_t e);
__host__ cudaError_t cudaSetDevice(int d);
__host__ __device__ cudaError_t cudaGetDevice(int *d);
__host__ cudaError_t cudaGetDeviceCount(int *n);
__host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *s);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t s);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t s);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *e);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t e);
__host__ cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t e);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
__host__ cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig c);
__host__ cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache c);
__host__ cudaError_t cudaFuncSetAttribute(const void *f, cudaFuncAttribute a, int v);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *f, cudaFuncCache c);
// Kernel launches (`k<<<g, b, smem, stream>>>`) need these two.
unsigned __cudaPushCallConfiguration(dim3 g, dim3 b, size_t smem = 0,
                                     void *stream = 0);
cudaError_t cudaConfigureCall(dim3 g, dim3 b, size_t smem = 0,
                              cudaStream_t stream = 0);
}
template <class T> static __host__ cudaError_t cudaMalloc(T **p, size_t n) {
  return cudaMalloc((void **)p, n);
}
template <class T> static __host__ cudaError_t cudaMallocManaged(T **p, size_t n,
                                                                 unsigned f = 1) {
  return cudaMallocManaged((void **)p, n, f);
}
template <class T> static __host__ cudaError_t cudaMemcpyToSymbol(
    const T &sym, const void *s, size_t n, size_t off = 0,
    cudaMemcpyKind k = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol((const void *)&sym, s, n, off, k);
}
template <class T> static __host__ cudaError_t cudaFuncSetAttribute(
    T *f, cudaFuncAttribute a, int v) {
  return cudaFuncSetAttribute((const void *)f, a, v);
}

// ---- device functions -------------------------------------------------------
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

extern "C" __device__ void __syncthreads(void);
extern "C" __device__ int __syncthreads_count(int);
extern "C" __device__ int __syncthreads_and(int);
extern "C" __device__ int __syncthreads_or(int);
extern "C" __device__ void __syncwarp(unsigned mask = 0xffffffffu);

#define WARPCHECK_ATOMIC(Name, T)                                              \
  __device__ T Name(T *address, T val);                                        \
  __device__ T Name##_block(T *address, T val);                                \
  __device__ T Name##_system(T *address, T val);
#define WARPCHECK_ATOMIC_INT(Name)                                             \
  WARPCHECK_ATOMIC(Name, int)                                                  \
  WARPCHECK_ATOMIC(Name, unsigned int)                                         \
  WARPCHECK_ATOMIC(Name, unsigned long long)
WARPCHECK_ATOMIC_INT(atomicAdd)
WARPCHECK_ATOMIC(atomicAdd, float)
WARPCHECK_ATOMIC(atomicAdd, double)
WARPCHECK_ATOMIC(atomicSub, int)
WARPCHECK_ATOMIC(atomicSub, unsigned int)
WARPCHECK_ATOMIC_INT(atomicExch)
WARPCHECK_ATOMIC(atomicExch, float)
WARPCHECK_ATOMIC_INT(atomicMin)
WARPCHECK_ATOMIC_INT(atomicMax)
WARPCHECK_ATOMIC(atomicMin, long long)
WARPCHECK_ATOMIC(atomicMax, long long)
WARPCHECK_ATOMIC(atomicInc, unsigned int)
WARPCHECK_ATOMIC(atomicDec, unsigned int)
WARPCHECK_ATOMIC_INT(atomicAnd)
WARPCHECK_ATOMIC_INT(atomicOr)
WARPCHECK_ATOMIC_INT(atomicXor)
#undef WARPCHECK_ATOMIC_INT
#undef WARPCHECK_ATOMIC
__device__ int atomicCAS(int *a, int c, int v);
__device__ unsigned int atomicCAS(unsigned int *a, unsigned int c, unsigned int v);
__device__ unsigned long long atomicCAS(unsigned long long *a,
                                        unsigned long long c,
                                        unsigned long long v);
__device__ unsigned short atomicCAS(unsigned short *a, unsigned short c,
                                    unsigned short v);

// ---- address spaces (sm_20_intrinsics.h, sm_90_rt.h) -----------------------
// Inline PTX takes shared addresses from __cvta_generic_to_shared; warpcheck
// follows them (lib/Analysis/Simt/CudaIntrinsics.cpp).
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);
__device__ unsigned int __isGridConstant(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_constant(const void *ptr);
__device__ size_t __cvta_generic_to_local(const void *ptr);
__device__ size_t __cvta_generic_to_grid_constant(const void *ptr);
__device__ void *__cvta_global_to_generic(size_t rawbits);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_constant_to_generic(size_t rawbits);
__device__ void *__cvta_local_to_generic(size_t rawbits);
__device__ void *__cvta_grid_constant_to_generic(size_t rawbits);
__device__ unsigned __isCtaShared(const void *ptr);
__device__ unsigned __isClusterShared(const void *ptr);
__device__ void *__cluster_map_shared_rank(const void *ptr,
                                           unsigned target_block_rank);
__device__ unsigned __cluster_query_shared_rank(const void *ptr);
__device__ uint2 __cluster_map_shared_multicast(const void *ptr,
                                                unsigned cluster_cta_mask);
__device__ unsigned __clusterDimIsSpecified();
__device__ dim3 __clusterDim();
__device__ dim3 __clusterRelativeBlockIdx();
__device__ dim3 __clusterGridDimInClusters();
__device__ dim3 __clusterIdx();
__device__ unsigned __clusterRelativeBlockRank();
__device__ unsigned __clusterSizeInBlocks();
__device__ void __cluster_barrier_arrive();
__device__ void __cluster_barrier_arrive_relaxed();
__device__ void __cluster_barrier_wait();
__device__ void __threadfence_cluster();

// ---- textures (texture_indirect_functions.h) -------------------------------
#define WARPCHECK_TEXTURE(Name, ...)                                           \
  template <class T> __device__ T Name(cudaTextureObject_t obj, __VA_ARGS__);  \
  template <class T>                                                           \
  __device__ void Name(T *ptr, cudaTextureObject_t obj, __VA_ARGS__);
WARPCHECK_TEXTURE(tex1Dfetch, int x)
WARPCHECK_TEXTURE(tex1D, float x)
WARPCHECK_TEXTURE(tex2D, float x, float y)
WARPCHECK_TEXTURE(tex3D, float x, float y, float z)
WARPCHECK_TEXTURE(tex1DLayered, float x, int layer)
WARPCHECK_TEXTURE(tex2DLayered, float x, float y, int layer)
WARPCHECK_TEXTURE(texCubemap, float x, float y, float z)
WARPCHECK_TEXTURE(texCubemapLayered, float x, float y, float z, int layer)
WARPCHECK_TEXTURE(tex1DLod, float x, float level)
WARPCHECK_TEXTURE(tex2DLod, float x, float y, float level)
WARPCHECK_TEXTURE(tex3DLod, float x, float y, float z, float level)
WARPCHECK_TEXTURE(tex2DLayeredLod, float x, float y, int layer, float level)
WARPCHECK_TEXTURE(tex2Dgather, float x, float y, int comp = 0)
WARPCHECK_TEXTURE(tex2DGrad, float x, float y, float2 dx, float2 dy)
#undef WARPCHECK_TEXTURE

// Device-side runtime calls (printf, malloc, dynamic parallelism).
extern "C" {
__device__ int printf(const char *, ...);
__device__ int vprintf(const char *, const char *);
__device__ void *malloc(size_t) __attribute__((nothrow));
__device__ void free(void *) __attribute__((nothrow));
__device__ void __assertfail(const char *, const char *, unsigned, const char *,
                             size_t);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s,
                                                          unsigned int flags);
__host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *t,
                                             const void *res, const void *tex,
                                             const void *view);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t t);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *s,
                                             const void *res);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t s);
}

#include "warpcheck_cuda_extras.h"

#endif // WARPCHECK_CUDA_PRELUDE_H
