// warpcheck's CUDA extras: what nvcc 13 declares and clang 19's CUDA headers
// leave out, so that every file nvcc compiles parses. Included at the end of
// the built-in prelude, and after clang's CUDA wrapper when a toolkit's
// headers are used (the wrapper skips the toolkit's sm_32_intrinsics.h and
// surface_indirect_functions.h, and declares min/max/isfinite for the device
// only). Declarations only: warpcheck models these calls by name (a cache-hint
// load of a shared address is a shared-memory load), nothing is compiled.
#pragma clang system_header
#ifndef WARPCHECK_CUDA_EXTRAS_H
#define WARPCHECK_CUDA_EXTRAS_H

// ---- cache-hint loads and stores (sm_32_intrinsics.h) ----------------------
#define WARPCHECK_CACHE_HINTS(T)                                               \
  __device__ T __ldcg(const T *ptr);                                           \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldcs(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ T __ldcv(const T *ptr);                                           \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);                                     \
  __device__ void __stwt(T *ptr, T value);
#define WARPCHECK_ALL_TYPES(X)                                                 \
  X(char) X(signed char) X(unsigned char) X(short) X(unsigned short) X(int)    \
  X(unsigned int) X(long) X(unsigned long) X(long long)                        \
  X(unsigned long long) X(float) X(double) X(char2) X(char4) X(uchar2)         \
  X(uchar4) X(short2) X(short4) X(ushort2) X(ushort4) X(int2) X(int4)          \
  X(uint2) X(uint4) X(longlong2) X(ulonglong2) X(float2) X(float4) X(double2)
WARPCHECK_ALL_TYPES(WARPCHECK_CACHE_HINTS)

#ifdef WARPCHECK_CUDA_PRELUDE_H
// Without a toolkit, __ldg and the half-precision overloads (cuda_fp16.h and
// cuda_bf16.h declare them) come from here too.
#define WARPCHECK_LDG(T) __device__ T __ldg(const T *ptr);
WARPCHECK_ALL_TYPES(WARPCHECK_LDG)
#define WARPCHECK_HALF_HINTS(T) WARPCHECK_CACHE_HINTS(T) WARPCHECK_LDG(T)
WARPCHECK_HALF_HINTS(__half)
WARPCHECK_HALF_HINTS(__half2)
WARPCHECK_HALF_HINTS(__nv_bfloat16)
WARPCHECK_HALF_HINTS(__nv_bfloat162)
#undef WARPCHECK_HALF_HINTS
#undef WARPCHECK_LDG
#endif
#undef WARPCHECK_ALL_TYPES
#undef WARPCHECK_CACHE_HINTS

// ---- surface functions (surface_indirect_functions.h) -----------------------
#define WARPCHECK_SURFACE(Name, ...)                                           \
  template <class T>                                                           \
  __device__ void Name##write(T val, cudaSurfaceObject_t obj, __VA_ARGS__,     \
                              cudaSurfaceBoundaryMode mode =                   \
                                  cudaBoundaryModeTrap);                       \
  template <class T>                                                           \
  __device__ void Name##read(T *ptr, cudaSurfaceObject_t obj, __VA_ARGS__,     \
                             cudaSurfaceBoundaryMode mode =                    \
                                 cudaBoundaryModeTrap);                        \
  template <class T>                                                           \
  __device__ T Name##read(cudaSurfaceObject_t obj, __VA_ARGS__,                \
                          cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
WARPCHECK_SURFACE(surf1D, int x)
WARPCHECK_SURFACE(surf2D, int x, int y)
WARPCHECK_SURFACE(surf3D, int x, int y, int z)
WARPCHECK_SURFACE(surf1DLayered, int x, int layer)
WARPCHECK_SURFACE(surf2DLayered, int x, int y, int layer)
WARPCHECK_SURFACE(surfCubemap, int x, int y, int face)
WARPCHECK_SURFACE(surfCubemapLayered, int x, int y, int layerface)
#undef WARPCHECK_SURFACE

// ---- host overloads nvcc's math_functions.hpp declares __host__ __device__ --
#define WARPCHECK_MIN_MAX(R, A, B)                                             \
  static inline __host__ R min(A a, B b) {                                     \
    return (R)a < (R)b ? (R)a : (R)b;                                          \
  }                                                                            \
  static inline __host__ R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
WARPCHECK_MIN_MAX(int, int, int)
WARPCHECK_MIN_MAX(unsigned int, unsigned int, unsigned int)
WARPCHECK_MIN_MAX(unsigned int, int, unsigned int)
WARPCHECK_MIN_MAX(unsigned int, unsigned int, int)
WARPCHECK_MIN_MAX(long, long, long)
WARPCHECK_MIN_MAX(unsigned long, unsigned long, unsigned long)
WARPCHECK_MIN_MAX(unsigned long, long, unsigned long)
WARPCHECK_MIN_MAX(unsigned long, unsigned long, long)
WARPCHECK_MIN_MAX(long long, long long, long long)
WARPCHECK_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
WARPCHECK_MIN_MAX(unsigned long long, long long, unsigned long long)
WARPCHECK_MIN_MAX(unsigned long long, unsigned long long, long long)
WARPCHECK_MIN_MAX(float, float, float)
WARPCHECK_MIN_MAX(double, double, double)
WARPCHECK_MIN_MAX(double, float, double)
WARPCHECK_MIN_MAX(double, double, float)
#undef WARPCHECK_MIN_MAX

// The classification functions in the global namespace, on the host; as
// templates, so that a later `using std::isfinite` does not clash with them.
template <class T, bool = __is_floating_point(T)> struct __warpcheck_if_float {};
template <class T> struct __warpcheck_if_float<T, true> { typedef bool type; };
#define WARPCHECK_CLASSIFY(Name, Builtin)                                      \
  template <class T>                                                           \
  static inline __host__ typename __warpcheck_if_float<T>::type Name(T x) {    \
    return Builtin(x);                                                         \
  }
WARPCHECK_CLASSIFY(isfinite, __builtin_isfinite)
WARPCHECK_CLASSIFY(isnan, __builtin_isnan)
WARPCHECK_CLASSIFY(isinf, __builtin_isinf)
WARPCHECK_CLASSIFY(signbit, __builtin_signbit)
#undef WARPCHECK_CLASSIFY

#endif // WARPCHECK_CUDA_EXTRAS_H
