// Soundness suite, part 8 (see soundness.cu): block shapes that host code
// fixes on the way to the launch. Each probed load reads
// S[lane * (blockDim.x / 32)], conflict-free, 2-way or 4-way as the block
// is 32 or 96, 64, 128 threads wide, so a shape read from the wrong call,
// the wrong `case` or a stale assignment shows as a wrong count. The block
// sizes come from values the program only knows at run time (volatile
// reads): a launch wrapper that launches two kernels with two shapes
// (ggml's ggml_cuda_kernel_launch, through cudaLaunchKernelEx of a config
// its holder's constructor fills, and <<<>>>), a size a loop chooses
// before `switch (best)`, a parameter the launcher assigns.
#include "soundness.cuh"

struct Params {
  dim3 Grid;
  dim3 Block;
  size_t Shmem;
  Params(const dim3 &Grid_, const dim3 &Block_, size_t Shmem_)
      : Grid(Grid_), Block(Block_), Shmem(Shmem_) {}
};

struct ExConfig {
  cudaLaunchConfig_t Cfg;
  ExConfig(const Params &P) {
    Cfg = {};
    Cfg.gridDim = P.Grid;
    Cfg.blockDim = P.Block;
    Cfg.dynamicSmemBytes = P.Shmem;
  }
};

volatile bool UseEx = true;
volatile int RunTime64 = 64, RunTime96 = 96, RunTime32 = 32;
volatile bool Wide = true;

template <typename Kernel>
void launchKernel(Kernel K, const Params &P, const int *In, int *Out) {
  if (UseEx) {
    auto Ex = ExConfig(P);
    CHECK_CUDA(cudaLaunchKernelEx(&Ex.Cfg, K, In, Out));
    return;
  }
  K<<<P.Grid, P.Block, P.Shmem>>>(In, Out);
}

// PROBE load exact 2: launched through the wrapper with block 64 ('case 64').
__global__ void hs_wrapper_64(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

// PROBE load exact 1: launched through the wrapper with block 96 ('case 96').
__global__ void hs_wrapper_96(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

// PROBE load unknown: the block was built before `size = 64`; it is 32.
__global__ void hs_built_before(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

// PROBE load exact 2: the launcher assigns its parameter `bs = 64`.
__global__ void hs_reassigned(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

// PROBE load unknown: `bs = 64`, then `if (wide) bs = 128` at run time.
__global__ void hs_reassigned_under_if(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

void with64(const dim3 &Block, const int *In, int *Out) {
  const Params P = {dim3(1), Block, 0};
  launchKernel(hs_wrapper_64, P, In, Out);
}

void with96(const dim3 &Block, const int *In, int *Out) {
  const Params P = {dim3(1), Block, 0};
  launchKernel(hs_wrapper_96, P, In, Out);
}

void launchRows(int N, const int *In, int *Out) {
  int Best = 32;
  for (int B = 64; B <= 128; B += 32)
    if (N % B == 0)
      Best = B;
  const dim3 Block(Best);
  switch (Best) {
  case 64:
    with64(Block, In, Out);
    break;
  case 96:
    with96(Block, In, Out);
    break;
  }
}

void builtBefore(int N, const int *In, int *Out) {
  int Size = N;
  const dim3 Block(Size);
  Size = 64;
  switch (Size) {
  case 64:
    launchKernel(hs_built_before, Params(dim3(1), Block, 0), In, Out);
    break;
  }
}

void reassigned(int Bs, const int *In, int *Out) {
  Bs = 64;
  hs_reassigned<<<1, Bs>>>(In, Out);
}

void reassignedUnderIf(int Bs, const int *In, int *Out) {
  Bs = 64;
  if (Wide)
    Bs = 128;
  hs_reassigned_under_if<<<1, Bs>>>(In, Out);
}

// A width helper followed through its returns: the table and the column
// count the call passes decide which return runs; the WIDE arm calls the
// helper again for the GENERIC table.
enum WidthTable { GenericTable, TuringTable, WideTable };

static int widthFor(int Cols, WidthTable Table) {
  if (Table == GenericTable) {
    switch (Cols) {
    case 1:
    case 2:
      return 64;
    case 3:
      return 96;
    default:
      return 128;
    }
  } else if (Table == TuringTable) {
    return 32;
  }
  if (Table == WideTable)
    return 2 * widthFor(Cols, GenericTable);
  return 32;
}

// PROBE load exact 2: 'case 2' of the GENERIC table, 64 wide.
__global__ void hs_returns_case(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

// PROBE load exact 4: 'default:' of the GENERIC table, 128 wide.
__global__ void hs_returns_default(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

void returnsCase(const int *In, int *Out) {
  hs_returns_case<<<1, widthFor(2, GenericTable)>>>(In, Out);
}

void returnsDefault(const int *In, int *Out) {
  hs_returns_default<<<1, widthFor(7, GenericTable)>>>(In, Out);
}

// A device table one function fills from the runtime and launches read
// through an accessor (ggml's ggml_cuda_info()): the entries of devices
// that are present hold twice the warp size, the others zero.
struct DeviceTable {
  int Count;
  struct Entry {
    int Width;
  };
  Entry Devices[16] = {};
};

static DeviceTable fillTable() {
  DeviceTable T = {};
  CHECK_CUDA(cudaGetDeviceCount(&T.Count));
  for (int Id = 0; Id < T.Count && Id < 16; ++Id) {
    cudaDeviceProp Prop;
    CHECK_CUDA(cudaGetDeviceProperties(&Prop, Id));
    T.Devices[Id].Width = 2 * Prop.warpSize;
  }
  return T;
}

const DeviceTable &deviceTable() {
  static DeviceTable T = fillTable();
  return T;
}

// PROBE load exact 2: 'Width' is only ever stored twice the warp size, 64.
__global__ void hs_table_field(const int *in, int *out) {
  __shared__ int S[2048];
  fillIota(S, 2048);
  __syncthreads();
  int Stride = blockDim.x / 32;
  out[threadIdx.x] = S[((threadIdx.x % 32) * Stride) & 2047];
}

void fromTable(const int *In, int *Out) {
  int Device = 0;
  CHECK_CUDA(cudaGetDevice(&Device));
  const int Width = deviceTable().Devices[Device].Width;
  hs_table_field<<<1, Width>>>(In, Out);
}

int main() {
  Harness H;
  auto Zero = [](int) { return 0; };
  auto Strided = [](int Width) {
    return [Width](int T) { return ((T % 32) * (Width / 32)) & 2047; };
  };
  H.input(Zero);
  launchRows(RunTime64, H.In, H.Out);
  H.expect("hs_wrapper_64", 64, Strided(64));
  H.input(Zero);
  launchRows(RunTime96, H.In, H.Out);
  H.expect("hs_wrapper_96", 96, Strided(96));
  H.input(Zero);
  builtBefore(RunTime32, H.In, H.Out);
  H.expect("hs_built_before", 32, Strided(32));
  H.input(Zero);
  reassigned(RunTime32, H.In, H.Out);
  H.expect("hs_reassigned", 64, Strided(64));
  H.input(Zero);
  reassignedUnderIf(RunTime32, H.In, H.Out);
  H.expect("hs_reassigned_under_if", 128, Strided(128));
  H.input(Zero);
  returnsCase(H.In, H.Out);
  H.expect("hs_returns_case", 64, Strided(64));
  H.input(Zero);
  returnsDefault(H.In, H.Out);
  H.expect("hs_returns_default", 128, Strided(128));
  H.input(Zero);
  fromTable(H.In, H.Out);
  H.expect("hs_table_field", 64, Strided(64));
  return H.Check.finish("soundness_host");
}
