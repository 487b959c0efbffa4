// CUB corpus, part 1: data movement through shared memory.
// cub::BlockExchange (StripedToBlocked, BlockedToStriped,
// WarpStripedToBlocked; 1, 2, 4 and 8 items per thread; int, float, double,
// char and two 16-byte structs), cub::WarpExchange (<float, 8>, <int, 4>),
// and cub::BlockLoad / cub::BlockStore with the TRANSPOSE and
// WARP_TRANSPOSE algorithms. Every kernel reads a tile in one arrangement,
// lets CUB rearrange it in shared memory, and writes it back so that the
// output equals the input: the host checks that byte for byte.
// CUB pads BlockExchange's buffer only for more than 4 items per thread that
// are a power of two (one word per 32 items), so 2 and 4 items conflict.
#include "cub_corpus.cuh"

// Striped in (item i of thread t is tile element i*128+t), blocked out.
template <typename T, int IPT>
__global__ void exchange_striped_to_blocked(const T *in, T *out) {
  using Exchange = cub::BlockExchange<T, 128, IPT>;
  __shared__ typename Exchange::TempStorage storage;
  const int base = blockIdx.x * 128 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + i * 128 + threadIdx.x];
  Exchange(storage).StripedToBlocked(items, items);
  for (int i = 0; i < IPT; ++i)
    out[base + threadIdx.x * IPT + i] = items[i];
}

// Blocked in (item i of thread t is tile element t*IPT+i), striped out.
template <typename T, int IPT>
__global__ void exchange_blocked_to_striped(const T *in, T *out) {
  using Exchange = cub::BlockExchange<T, 128, IPT>;
  __shared__ typename Exchange::TempStorage storage;
  const int base = blockIdx.x * 128 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + threadIdx.x * IPT + i];
  Exchange(storage).BlockedToStriped(items, items);
  for (int i = 0; i < IPT; ++i)
    out[base + i * 128 + threadIdx.x] = items[i];
}

// Warp-striped in (warp w, lane l, item i: element w*32*IPT + i*32 + l),
// blocked within the warp out (element w*32*IPT + l*IPT + i).
template <typename T, int IPT>
__global__ void exchange_warp_striped_to_blocked(const T *in, T *out) {
  using Exchange = cub::BlockExchange<T, 128, IPT>;
  __shared__ typename Exchange::TempStorage storage;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int base = blockIdx.x * 128 * IPT + warp * 32 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + i * 32 + lane];
  Exchange(storage).WarpStripedToBlocked(items, items);
  for (int i = 0; i < IPT; ++i)
    out[base + lane * IPT + i] = items[i];
}

// cub::WarpExchange on each of the 4 warps, striped to blocked.
template <typename T, int IPT>
__global__ void warp_exchange_striped_to_blocked(const T *in, T *out) {
  using Exchange = cub::WarpExchange<T, IPT>;
  __shared__ typename Exchange::TempStorage storage[4];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int base = blockIdx.x * 128 * IPT + warp * 32 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + i * 32 + lane];
  Exchange(storage[warp]).StripedToBlocked(items, items);
  for (int i = 0; i < IPT; ++i)
    out[base + lane * IPT + i] = items[i];
}

// cub::WarpExchange on each of the 4 warps, blocked to striped.
template <typename T, int IPT>
__global__ void warp_exchange_blocked_to_striped(const T *in, T *out) {
  using Exchange = cub::WarpExchange<T, IPT>;
  __shared__ typename Exchange::TempStorage storage[4];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int base = blockIdx.x * 128 * IPT + warp * 32 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + lane * IPT + i];
  Exchange(storage[warp]).BlockedToStriped(items, items);
  for (int i = 0; i < IPT; ++i)
    out[base + i * 32 + lane] = items[i];
}

// cub::BlockLoad with BLOCK_LOAD_TRANSPOSE (coalesced striped global reads,
// then StripedToBlocked in shared memory); blocked write-back.
template <typename T, int IPT>
__global__ void block_load_transpose(const T *in, T *out) {
  using Load = cub::BlockLoad<T, 128, IPT, cub::BLOCK_LOAD_TRANSPOSE>;
  __shared__ typename Load::TempStorage storage;
  const int base = blockIdx.x * 128 * IPT;
  T items[IPT];
  Load(storage).Load(in + base, items);
  for (int i = 0; i < IPT; ++i)
    out[base + threadIdx.x * IPT + i] = items[i];
}

// cub::BlockLoad with BLOCK_LOAD_WARP_TRANSPOSE (WarpStripedToBlocked).
template <typename T, int IPT>
__global__ void block_load_warp_transpose(const T *in, T *out) {
  using Load = cub::BlockLoad<T, 128, IPT, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  __shared__ typename Load::TempStorage storage;
  const int base = blockIdx.x * 128 * IPT;
  T items[IPT];
  Load(storage).Load(in + base, items);
  for (int i = 0; i < IPT; ++i)
    out[base + threadIdx.x * IPT + i] = items[i];
}

// Blocked read; cub::BlockStore with BLOCK_STORE_TRANSPOSE (BlockedToStriped
// in shared memory, then coalesced striped global writes).
template <typename T, int IPT>
__global__ void block_store_transpose(const T *in, T *out) {
  using Store = cub::BlockStore<T, 128, IPT, cub::BLOCK_STORE_TRANSPOSE>;
  __shared__ typename Store::TempStorage storage;
  const int base = blockIdx.x * 128 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + threadIdx.x * IPT + i];
  Store(storage).Store(out + base, items);
}

// Blocked read; cub::BlockStore with BLOCK_STORE_WARP_TRANSPOSE.
template <typename T, int IPT>
__global__ void block_store_warp_transpose(const T *in, T *out) {
  using Store = cub::BlockStore<T, 128, IPT, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ typename Store::TempStorage storage;
  const int base = blockIdx.x * 128 * IPT;
  T items[IPT];
  for (int i = 0; i < IPT; ++i)
    items[i] = in[base + threadIdx.x * IPT + i];
  Store(storage).Store(out + base, items);
}

/// Device input and output of GRID tiles of 128*IPT elements of T.
template <typename T, int IPT> struct Tiles {
  Buf<T> In{size_t(GRID) * 128 * IPT}, Out{size_t(GRID) * 128 * IPT};
  Tiles() { In.fill([](int I) { return Make<T>::of(I); }); }
  /// The output must equal the input; the output is cleared for the next use.
  void check(Checker &Check, const char *Kernel) {
    expectSameBytes(Check, Kernel, Out.result(), In.H);
    Out.clear();
  }
};

int main() {
  Checker Check;
  Tiles<int, 1> I1;
  Tiles<int, 2> I2;
  Tiles<int, 4> I4;
  Tiles<int, 8> I8;
  Tiles<float, 4> F4;
  Tiles<float, 8> F8;
  Tiles<double, 2> D2;
  Tiles<double, 4> D4;
  Tiles<char, 4> C4;
  Tiles<char, 8> C8;
  Tiles<Rec16, 4> R4;
  Tiles<Vec16, 2> V2;

  // BlockExchange, int, 1/2/4/8 items per thread, all three exchanges.
  exchange_striped_to_blocked<int, 1><<<GRID, 128>>>(I1.In.D, I1.Out.D);
  I1.check(Check, "exchange_striped_to_blocked<int, 1>");
  exchange_striped_to_blocked<int, 2><<<GRID, 128>>>(I2.In.D, I2.Out.D);
  I2.check(Check, "exchange_striped_to_blocked<int, 2>");
  exchange_striped_to_blocked<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "exchange_striped_to_blocked<int, 4>");
  exchange_striped_to_blocked<int, 8><<<GRID, 128>>>(I8.In.D, I8.Out.D);
  I8.check(Check, "exchange_striped_to_blocked<int, 8>");
  exchange_blocked_to_striped<int, 1><<<GRID, 128>>>(I1.In.D, I1.Out.D);
  I1.check(Check, "exchange_blocked_to_striped<int, 1>");
  exchange_blocked_to_striped<int, 2><<<GRID, 128>>>(I2.In.D, I2.Out.D);
  I2.check(Check, "exchange_blocked_to_striped<int, 2>");
  exchange_blocked_to_striped<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "exchange_blocked_to_striped<int, 4>");
  exchange_blocked_to_striped<int, 8><<<GRID, 128>>>(I8.In.D, I8.Out.D);
  I8.check(Check, "exchange_blocked_to_striped<int, 8>");
  exchange_warp_striped_to_blocked<int, 2><<<GRID, 128>>>(I2.In.D, I2.Out.D);
  I2.check(Check, "exchange_warp_striped_to_blocked<int, 2>");
  exchange_warp_striped_to_blocked<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "exchange_warp_striped_to_blocked<int, 4>");
  exchange_warp_striped_to_blocked<int, 8><<<GRID, 128>>>(I8.In.D, I8.Out.D);
  I8.check(Check, "exchange_warp_striped_to_blocked<int, 8>");

  // BlockExchange, other element types.
  exchange_striped_to_blocked<float, 4><<<GRID, 128>>>(F4.In.D, F4.Out.D);
  F4.check(Check, "exchange_striped_to_blocked<float, 4>");
  exchange_blocked_to_striped<float, 8><<<GRID, 128>>>(F8.In.D, F8.Out.D);
  F8.check(Check, "exchange_blocked_to_striped<float, 8>");
  exchange_striped_to_blocked<double, 2><<<GRID, 128>>>(D2.In.D, D2.Out.D);
  D2.check(Check, "exchange_striped_to_blocked<double, 2>");
  exchange_striped_to_blocked<double, 4><<<GRID, 128>>>(D4.In.D, D4.Out.D);
  D4.check(Check, "exchange_striped_to_blocked<double, 4>");
  exchange_blocked_to_striped<double, 4><<<GRID, 128>>>(D4.In.D, D4.Out.D);
  D4.check(Check, "exchange_blocked_to_striped<double, 4>");
  exchange_warp_striped_to_blocked<double, 4><<<GRID, 128>>>(D4.In.D, D4.Out.D);
  D4.check(Check, "exchange_warp_striped_to_blocked<double, 4>");
  exchange_striped_to_blocked<char, 4><<<GRID, 128>>>(C4.In.D, C4.Out.D);
  C4.check(Check, "exchange_striped_to_blocked<char, 4>");
  exchange_blocked_to_striped<char, 8><<<GRID, 128>>>(C8.In.D, C8.Out.D);
  C8.check(Check, "exchange_blocked_to_striped<char, 8>");
  exchange_striped_to_blocked<Rec16, 4><<<GRID, 128>>>(R4.In.D, R4.Out.D);
  R4.check(Check, "exchange_striped_to_blocked<Rec16, 4>");
  exchange_blocked_to_striped<Vec16, 2><<<GRID, 128>>>(V2.In.D, V2.Out.D);
  V2.check(Check, "exchange_blocked_to_striped<Vec16, 2>");

  // WarpExchange.
  warp_exchange_striped_to_blocked<float, 8><<<GRID, 128>>>(F8.In.D, F8.Out.D);
  F8.check(Check, "warp_exchange_striped_to_blocked<float, 8>");
  warp_exchange_blocked_to_striped<float, 8><<<GRID, 128>>>(F8.In.D, F8.Out.D);
  F8.check(Check, "warp_exchange_blocked_to_striped<float, 8>");
  warp_exchange_striped_to_blocked<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "warp_exchange_striped_to_blocked<int, 4>");
  warp_exchange_blocked_to_striped<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "warp_exchange_blocked_to_striped<int, 4>");

  // BlockLoad / BlockStore.
  block_load_transpose<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "block_load_transpose<int, 4>");
  block_load_warp_transpose<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "block_load_warp_transpose<int, 4>");
  block_store_transpose<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "block_store_transpose<int, 4>");
  block_store_warp_transpose<int, 4><<<GRID, 128>>>(I4.In.D, I4.Out.D);
  I4.check(Check, "block_store_warp_transpose<int, 4>");
  block_load_transpose<double, 2><<<GRID, 128>>>(D2.In.D, D2.Out.D);
  D2.check(Check, "block_load_transpose<double, 2>");
  block_store_warp_transpose<char, 8><<<GRID, 128>>>(C8.In.D, C8.Out.D);
  C8.check(Check, "block_store_warp_transpose<char, 8>");

  std::printf("exchange: %d kernels checked\n", Check.Kernels);
  return Check.finish("exchange");
}
