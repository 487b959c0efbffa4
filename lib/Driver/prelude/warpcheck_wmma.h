// warpcheck's built-in <mma.h> for parsing without a CUDA toolkit: the
// nvcuda::wmma types and functions CUDA's samples use, declared with no
// bodies (warpcheck decides load_matrix_sync and store_matrix_sync on shared
// memory from measurements: lib/Analysis/Simt/LibraryCalls.cpp). The
// fragments' element counts are placeholders: nothing here is compiled.
#pragma once
#include "warpcheck_cuda_prelude.h"

namespace nvcuda {
namespace wmma {
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
struct u4;
struct s4;
struct b1;
} // namespace precision
enum layout_t { mem_row_major, mem_col_major };

template <typename T> struct __storage { typedef T type; };
template <> struct __storage<precision::tf32> { typedef float type; };

template <typename Use, int M, int N, int K, typename T,
          typename Layout = void>
class fragment {
public:
  typedef T element_type;
  typedef typename __storage<T>::type storage_element_type;
  enum { num_elements = 8 };
  storage_element_type x[num_elements];
};

template <typename Use, int M, int N, int K, typename T, typename Layout>
__device__ void load_matrix_sync(fragment<Use, M, N, K, T, Layout> &a,
                                 const typename __storage<T>::type *p,
                                 unsigned ldm);
template <int M, int N, int K, typename T>
__device__ void load_matrix_sync(fragment<accumulator, M, N, K, T> &a,
                                 const T *p, unsigned ldm, layout_t layout);
template <int M, int N, int K, typename T>
__device__ void store_matrix_sync(T *p,
                                  const fragment<accumulator, M, N, K, T> &a,
                                  unsigned ldm, layout_t layout);
template <typename Use, int M, int N, int K, typename T, typename Layout>
__device__ void fill_fragment(fragment<Use, M, N, K, T, Layout> &a,
                              const typename __storage<T>::type &v);
template <int M, int N, int K, typename TA, typename TB, typename TC,
          typename TD, typename LA, typename LB>
__device__ void mma_sync(fragment<accumulator, M, N, K, TD> &d,
                         const fragment<matrix_a, M, N, K, TA, LA> &a,
                         const fragment<matrix_b, M, N, K, TB, LB> &b,
                         const fragment<accumulator, M, N, K, TC> &c);
template <typename T> __device__ T __float_to_tf32(T v);
} // namespace wmma
} // namespace nvcuda
