// CUB corpus, part 2: block-wide collectives whose shared-memory traffic is
// CUB's own: cub::BlockRadixSort (int keys, 128 threads x 4), cub::BlockScan
// (RAKING, RAKING_MEMOIZE, WARP_SCANS), cub::BlockReduce (default
// WARP_REDUCTIONS, RAKING, RAKING_COMMUTATIVE_ONLY), cub::BlockHistogram
// (SORT and ATOMIC, 256 bins), cub::BlockShuffle (Offset, Rotate, Up, Down),
// cub::BlockDiscontinuity (FlagHeads, FlagHeadsAndTails) and
// cub::BlockAdjacentDifference (SubtractLeft, SubtractRight). Inputs are
// adversarial but valid: equal keys, runs, bins that share a bank.
#include "cub_corpus.cuh"
#include <cub/block/block_shuffle.cuh>
#include <algorithm>
#include <numeric>

/// a != b, as CUB's flag operators want it.
struct NotEqual {
  template <typename T> __device__ bool operator()(const T &a, const T &b) const {
    return a != b;
  }
};
/// a - b, as CUB's difference operators want it.
struct Minus {
  __device__ int operator()(int a, int b) const { return a - b; }
};

// ---- BlockRadixSort: blocked 128x4 int keys, sorted per block.
__global__ void radix_sort_int_descending_duplicates(const int *in, int *out) {
  using Sort = cub::BlockRadixSort<int, 128, 4>;
  __shared__ typename Sort::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int keys[4];
  for (int i = 0; i < 4; ++i)
    keys[i] = in[base + i];
  Sort(storage).Sort(keys);
  for (int i = 0; i < 4; ++i)
    out[base + i] = keys[i];
}

__global__ void radix_sort_int_equal_keys(const int *in, int *out) {
  using Sort = cub::BlockRadixSort<int, 128, 4>;
  __shared__ typename Sort::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int keys[4];
  for (int i = 0; i < 4; ++i)
    keys[i] = in[base + i];
  Sort(storage).Sort(keys);
  for (int i = 0; i < 4; ++i)
    out[base + i] = keys[i];
}

// ---- BlockScan: exclusive prefix sum of blocked 128x4 ints, per block.
__global__ void scan_raking_exclusive_sum(const int *in, int *out) {
  using Scan = cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING>;
  __shared__ typename Scan::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Scan(storage).ExclusiveSum(items, items);
  for (int i = 0; i < 4; ++i)
    out[base + i] = items[i];
}

__global__ void scan_raking_memoize_exclusive_sum(const int *in, int *out) {
  using Scan = cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING_MEMOIZE>;
  __shared__ typename Scan::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Scan(storage).ExclusiveSum(items, items);
  for (int i = 0; i < 4; ++i)
    out[base + i] = items[i];
}

__global__ void scan_warp_scans_exclusive_sum(const int *in, int *out) {
  using Scan = cub::BlockScan<int, 128, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename Scan::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Scan(storage).ExclusiveSum(items, items);
  for (int i = 0; i < 4; ++i)
    out[base + i] = items[i];
}

// ---- BlockReduce: sum of the block's 128x4 ints, written by thread 0.
__global__ void reduce_default_sum(const int *in, int *out) {
  using Reduce = cub::BlockReduce<int, 128>;
  __shared__ typename Reduce::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  int sum = Reduce(storage).Sum(items);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

__global__ void reduce_raking_sum(const int *in, int *out) {
  using Reduce = cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_RAKING>;
  __shared__ typename Reduce::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  int sum = Reduce(storage).Sum(items);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

__global__ void reduce_raking_commutative_sum(const int *in, int *out) {
  using Reduce =
      cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;
  __shared__ typename Reduce::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  int sum = Reduce(storage).Sum(items);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

// ---- BlockHistogram: 256 bins of unsigned char samples, 128x4 per block.
// The bins land in shared memory; each thread copies two bins out.
__global__ void histogram_sort_same_bank_bins(const unsigned char *in,
                                              unsigned int *out) {
  using Histogram =
      cub::BlockHistogram<unsigned char, 128, 4, 256, cub::BLOCK_HISTO_SORT>;
  __shared__ typename Histogram::TempStorage storage;
  __shared__ unsigned int bins[256];
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  unsigned char samples[4];
  for (int i = 0; i < 4; ++i)
    samples[i] = in[base + i];
  Histogram(storage).Histogram(samples, bins);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = bins[threadIdx.x];
  out[blockIdx.x * 256 + 128 + threadIdx.x] = bins[128 + threadIdx.x];
}

__global__ void histogram_atomic_same_bank_bins(const unsigned char *in,
                                                unsigned int *out) {
  using Histogram =
      cub::BlockHistogram<unsigned char, 128, 4, 256, cub::BLOCK_HISTO_ATOMIC>;
  __shared__ typename Histogram::TempStorage storage;
  __shared__ unsigned int bins[256];
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  unsigned char samples[4];
  for (int i = 0; i < 4; ++i)
    samples[i] = in[base + i];
  Histogram(storage).Histogram(samples, bins);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = bins[threadIdx.x];
  out[blockIdx.x * 256 + 128 + threadIdx.x] = bins[128 + threadIdx.x];
}

__global__ void histogram_atomic_one_bin(const unsigned char *in,
                                         unsigned int *out) {
  using Histogram =
      cub::BlockHistogram<unsigned char, 128, 4, 256, cub::BLOCK_HISTO_ATOMIC>;
  __shared__ typename Histogram::TempStorage storage;
  __shared__ unsigned int bins[256];
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  unsigned char samples[4];
  for (int i = 0; i < 4; ++i)
    samples[i] = in[base + i];
  Histogram(storage).Histogram(samples, bins);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = bins[threadIdx.x];
  out[blockIdx.x * 256 + 128 + threadIdx.x] = bins[128 + threadIdx.x];
}

// ---- BlockShuffle.
// Offset by 1: thread t takes thread t+1's item (the last thread keeps its own).
__global__ void shuffle_offset_one(const int *in, int *out) {
  using Shuffle = cub::BlockShuffle<int, 128>;
  __shared__ typename Shuffle::TempStorage storage;
  const int gid = blockIdx.x * 128 + threadIdx.x;
  int item = in[gid], result = -1;
  Shuffle(storage).Offset(item, result, 1);
  out[gid] = result;
}

// Rotate by 33: thread t takes thread (t+33)%128's item.
__global__ void shuffle_rotate_33(const int *in, int *out) {
  using Shuffle = cub::BlockShuffle<int, 128>;
  __shared__ typename Shuffle::TempStorage storage;
  const int gid = blockIdx.x * 128 + threadIdx.x;
  int item = in[gid], result = -1;
  Shuffle(storage).Rotate(item, result, 33);
  out[gid] = result;
}

// Up on 128x4 blocked ints: prev[i] is the item before item i (thread 0's
// first keeps -1).
__global__ void shuffle_up_blocked4(const int *in, int *out) {
  using Shuffle = cub::BlockShuffle<int, 128>;
  __shared__ typename Shuffle::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4], prev[4] = {-1, -1, -1, -1};
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Shuffle(storage).Up(items, prev);
  for (int i = 0; i < 4; ++i)
    out[base + i] = prev[i];
}

// Down on 128x4 blocked ints: next[i] is the item after item i (the last
// thread's last keeps -1).
__global__ void shuffle_down_blocked4(const int *in, int *out) {
  using Shuffle = cub::BlockShuffle<int, 128>;
  __shared__ typename Shuffle::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4], next[4] = {-1, -1, -1, -1};
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Shuffle(storage).Down(items, next);
  for (int i = 0; i < 4; ++i)
    out[base + i] = next[i];
}

// ---- BlockDiscontinuity on runs of equal values.
__global__ void discontinuity_flag_heads_int(const int *in, int *out) {
  using Discontinuity = cub::BlockDiscontinuity<int, 128>;
  __shared__ typename Discontinuity::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4], heads[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Discontinuity(storage).FlagHeads(heads, items, NotEqual());
  for (int i = 0; i < 4; ++i)
    out[base + i] = heads[i];
}

// Heads and tails of 8-byte values: two 64-bit shared arrays.
__global__ void discontinuity_heads_tails_int64(const long long *in,
                                                int *out) {
  using Discontinuity = cub::BlockDiscontinuity<long long, 128>;
  __shared__ typename Discontinuity::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  long long items[4];
  int heads[4], tails[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Discontinuity(storage).FlagHeadsAndTails(heads, tails, items, NotEqual());
  for (int i = 0; i < 4; ++i)
    out[base + i] = heads[i] + 2 * tails[i];
}

// ---- BlockAdjacentDifference.
__global__ void adjacent_difference_subtract_left(const int *in, int *out) {
  using Difference = cub::BlockAdjacentDifference<int, 128>;
  __shared__ typename Difference::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4], diffs[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Difference(storage).SubtractLeft(items, diffs, Minus(), 0);
  for (int i = 0; i < 4; ++i)
    out[base + i] = diffs[i];
}

__global__ void adjacent_difference_subtract_right(const int *in, int *out) {
  using Difference = cub::BlockAdjacentDifference<int, 128>;
  __shared__ typename Difference::TempStorage storage;
  const int base = blockIdx.x * 512 + threadIdx.x * 4;
  int items[4], diffs[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[base + i];
  Difference(storage).SubtractRight(items, diffs, Minus(), 0);
  for (int i = 0; i < 4; ++i)
    out[base + i] = diffs[i];
}

int main() {
  Checker Check;
  const int N = GRID * 512;
  Buf<int> Desc(N), Equal(N), Runs(N), Out(N);
  Buf<long long> Runs64(N);
  Buf<unsigned char> SameBank(N), OneBin(N);
  Buf<unsigned int> Bins(GRID * 256);
  // Descending keys with pairs of duplicates, negative half included.
  Desc.fill([](int I) { return (N - I) / 2 * 977 - 300000; });
  Equal.fill([](int) { return 12345; });
  // Runs of 1..7 equal values.
  Runs.fill([](int I) { return (I * I / 7) % 5; });
  Runs64.fill([](int I) { return (long long)((I / 3) % 4) << 40; });
  // Sample values 0, 32, ..., 224: eight bins of one bank.
  SameBank.fill([](int I) { return (unsigned char)((I * 32) & 0xff); });
  OneBin.fill([](int) { return (unsigned char)200; });

  auto perBlock = [&](const std::vector<int> &In, auto F) {
    std::vector<int> W(In);
    for (int B = 0; B < GRID; ++B)
      F(W.begin() + B * 512, W.begin() + (B + 1) * 512);
    return W;
  };
  auto sorted = [&](const std::vector<int> &In) {
    return perBlock(In, [](auto B, auto E) { std::sort(B, E); });
  };
  auto expectVec = [&](const char *Kernel, const std::vector<int> &Want) {
    Check.all(Kernel, Out.result(), int(Want.size()),
              [&](int I) { return Want[I]; });
    Out.clear();
  };

  radix_sort_int_descending_duplicates<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("radix_sort_int_descending_duplicates", sorted(Desc.H));
  radix_sort_int_equal_keys<<<GRID, 128>>>(Equal.D, Out.D);
  expectVec("radix_sort_int_equal_keys", Equal.H);

  auto exclusive = perBlock(Desc.H, [](auto B, auto E) {
    int S = 0;
    for (auto I = B; I != E; ++I) {
      int V = *I;
      *I = S;
      S += V;
    }
  });
  scan_raking_exclusive_sum<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("scan_raking_exclusive_sum", exclusive);
  scan_raking_memoize_exclusive_sum<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("scan_raking_memoize_exclusive_sum", exclusive);
  scan_warp_scans_exclusive_sum<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("scan_warp_scans_exclusive_sum", exclusive);

  std::vector<int> Sums(GRID);
  for (int B = 0; B < GRID; ++B)
    Sums[B] = std::accumulate(Desc.H.begin() + B * 512,
                              Desc.H.begin() + (B + 1) * 512, 0);
  reduce_default_sum<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("reduce_default_sum", Sums);
  reduce_raking_sum<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("reduce_raking_sum", Sums);
  reduce_raking_commutative_sum<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("reduce_raking_commutative_sum", Sums);

  auto expectHistogram = [&](const char *Kernel,
                             const std::vector<unsigned char> &In) {
    std::vector<int> Want(GRID * 256, 0);
    for (int I = 0; I < N; ++I)
      ++Want[(I / 512) * 256 + In[I]];
    auto R = Bins.result();
    Check.all(Kernel, R, GRID * 256, [&](int I) { return Want[I]; });
    Bins.clear();
  };
  histogram_sort_same_bank_bins<<<GRID, 128>>>(SameBank.D, Bins.D);
  expectHistogram("histogram_sort_same_bank_bins", SameBank.H);
  histogram_atomic_same_bank_bins<<<GRID, 128>>>(SameBank.D, Bins.D);
  expectHistogram("histogram_atomic_same_bank_bins", SameBank.H);
  histogram_atomic_one_bin<<<GRID, 128>>>(OneBin.D, Bins.D);
  expectHistogram("histogram_atomic_one_bin", OneBin.H);

  {
    std::vector<int> Want(GRID * 128);
    for (int I = 0; I < GRID * 128; ++I)
      Want[I] = (I % 128 == 127) ? -1 : Desc.H[I + 1];
    shuffle_offset_one<<<GRID, 128>>>(Desc.D, Out.D);
    auto R = Out.result();
    Check.all("shuffle_offset_one", R, GRID * 128,
              [&](int I) { return Want[I]; });
    Out.clear();
    for (int I = 0; I < GRID * 128; ++I)
      Want[I] = Desc.H[(I / 128) * 128 + (I % 128 + 33) % 128];
    shuffle_rotate_33<<<GRID, 128>>>(Desc.D, Out.D);
    R = Out.result();
    Check.all("shuffle_rotate_33", R, GRID * 128,
              [&](int I) { return Want[I]; });
    Out.clear();
  }
  std::vector<int> Up(N), Down(N);
  for (int I = 0; I < N; ++I) {
    Up[I] = (I % 512 == 0) ? -1 : Desc.H[I - 1];
    Down[I] = (I % 512 == 511) ? -1 : Desc.H[I + 1];
  }
  shuffle_up_blocked4<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("shuffle_up_blocked4", Up);
  shuffle_down_blocked4<<<GRID, 128>>>(Desc.D, Out.D);
  expectVec("shuffle_down_blocked4", Down);

  std::vector<int> Heads(N), HeadsTails(N), Left(N), Right(N);
  for (int I = 0; I < N; ++I) {
    bool First = I % 512 == 0, Last = I % 512 == 511;
    Heads[I] = First || Runs.H[I] != Runs.H[I - 1];
    int H = First || Runs64.H[I] != Runs64.H[I - 1];
    int T = Last || Runs64.H[I] != Runs64.H[I + 1];
    HeadsTails[I] = H + 2 * T;
    Left[I] = Runs.H[I] - (First ? 0 : Runs.H[I - 1]);
    Right[I] = Runs.H[I] - (Last ? 0 : Runs.H[I + 1]);
  }
  discontinuity_flag_heads_int<<<GRID, 128>>>(Runs.D, Out.D);
  expectVec("discontinuity_flag_heads_int", Heads);
  discontinuity_heads_tails_int64<<<GRID, 128>>>(Runs64.D, Out.D);
  expectVec("discontinuity_heads_tails_int64", HeadsTails);
  adjacent_difference_subtract_left<<<GRID, 128>>>(Runs.D, Out.D);
  expectVec("adjacent_difference_subtract_left", Left);
  adjacent_difference_subtract_right<<<GRID, 128>>>(Runs.D, Out.D);
  expectVec("adjacent_difference_subtract_right", Right);

  std::printf("collectives: %d kernels checked\n", Check.Kernels);
  return Check.finish("collectives");
}
