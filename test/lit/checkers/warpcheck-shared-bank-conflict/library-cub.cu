// Library code is followed like the user's (issue 22): CUB keeps its
// TempStorage as a reference member and indexes it in member functions
// defined in system headers. Each access is reported at the user's call
// that leads there, with the library line and instance in the note and
// JSON's header_file/header_line. Measured on the H100
// (cuda_samples/cub/exchange.cu): WarpExchange<float, 8> loads and stores
// 8 wavefronts per request; BlockExchange<float, 128, 8> is padded and
// conflict-free.
// RUN: %warpcheck %s -- 2>&1 | %check-messages
// RUN: %warpcheck --format=json %s -- | FileCheck %s -check-prefix=JSON
#include <cub/block/block_exchange.cuh>
#include <cub/warp/warp_exchange.cuh>

__global__ void blockExchange(float *out) {
  using Exchange = cub::BlockExchange<float, 128, 8>;
  __shared__ typename Exchange::TempStorage storage;
  float items[8];
  for (int i = 0; i < 8; ++i)
    items[i] = out[threadIdx.x * 8 + i];
  Exchange(storage).StripedToBlocked(items);
  for (int i = 0; i < 8; ++i)
    out[threadIdx.x * 8 + i] = items[i];
}

__global__ void warpExchange(float *out) {
  using Exchange = cub::WarpExchange<float, 8>;
  __shared__ typename Exchange::TempStorage storage[4];
  float items[8];
  for (int i = 0; i < 8; ++i)
    items[i] = out[threadIdx.x * 8 + i];
  Exchange(storage[threadIdx.x / 32]).StripedToBlocked(items, items);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on load from 'storage': 8 wavefronts per request, 1 ideal
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 'warpExchange', block 128x1x1 (from launch at library-cub.cu:{{[0-9]+}})
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: made in library code at warp_exchange_smem.cuh:{{[0-9]+}}:{{[0-9]+}}, in 'cub::detail::WarpExchangeSmem<float, 8>::StripedToBlocked<float>'
  // CHECK-MESSAGES: :[[@LINE-8]]:45: note: no layout fix offered: 'storage' is laid out and indexed by library code ('cub::detail::WarpExchangeSmem<float, 8>::StripedToBlocked<float>'); another algorithm, type or number of items per thread changes its pattern
  for (int i = 0; i < 8; ++i)
    out[threadIdx.x * 8 + i] = items[i];
}

int main() {
  blockExchange<<<1, 128>>>(nullptr);
  warpExchange<<<1, 128>>>(nullptr);
}
// The store is CUB's copy helper, inlined into StripedToBlocked; the load
// names temp_storage itself.
// JSON: "header_file": "{{.*}}cub/detail/uninitialized_copy.cuh"
// JSON: "header_function": "cub::detail::uninitialized_copy_single<float, const float &, 0>"
// JSON: "kernel": "blockExchange"
// JSON: "kind": "store"
// JSON: "line": 20
// JSON: "status": "exact"
// JSON: "wavefronts": 1
// JSON: "header_file": "{{.*}}cub/block/block_exchange.cuh"
// JSON: "header_function": "cub::BlockExchange<float, 128, 8>::StripedToBlocked<float>"
// JSON: "kernel": "blockExchange"
// JSON: "kind": "load"
// JSON: "line": 20
// JSON: "status": "exact"
// JSON: "wavefronts": 1
