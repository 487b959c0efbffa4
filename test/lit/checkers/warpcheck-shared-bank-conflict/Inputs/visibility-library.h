// A library header (as cooperative_groups/reduce.h): its templates take
// values by forwarding reference; no body is visible.
#pragma clang system_header
template <class T> __device__ T libraryRead(T &&value);
