// Calibration probes for warpcheck's bank model, per access kind and width.
//
// One kernel per (access kind, element type, operation): loads, stores and
// atomics of 1, 2, 4, 8 and 16 bytes. Each kernel runs one warp whose single
// probed shared-memory instruction takes, per lane, a byte offset into a
// 16 KiB shared array from a table in global memory (-1: the lane does not
// execute it). The host launches a kernel once per probe of
// bank_kinds_patterns.txt (written by gen_bank_kinds.py), so Nsight Compute
// measures every pattern in its own launch.
//
// Attribution: the probed instruction is the only one of its operation class
// in its kernel. Load kernels fill the array with stores (op_st) before the
// probe; store kernels fill it with atomic exchanges (op_atom) and copy it out
// with loads (op_ld) after; atomic kernels fill with stores and copy out with
// loads. So smsp__sass_inst_executed_op_shared_{ld,st,atom} and
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st,atom} of the probe's
// class count the probe alone (cuobjdump -sass shows it, measure_bank_kinds.sh
// saves the SASS).
//
// Results are checked on the host: loads against the fill, stores and
// atomics by emulating the probe on the filled array (for lanes that write
// the same address, any one writer's value is accepted where the hardware
// may pick any).
//
// Usage: bank_kinds PATTERNS [FIRST_ID END_ID]
#include "../sample_check.cuh"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

constexpr int ArrayBytes = 16384;
constexpr int ArrayWords = ArrayBytes / 4;
constexpr int OutBytesPerProbe = 32 * 16;

/// How the array is filled: hashed words, or values that float/double
/// additions keep exact.
enum FillMode { FillHash = 0, FillF32 = 1, FillF64 = 2 };

__host__ __device__ inline uint32_t mix32(uint32_t X) {
  X ^= X >> 16;
  X *= 0x7feb352du;
  X ^= X >> 15;
  X *= 0x846ca68bu;
  X ^= X >> 16;
  return X;
}

__host__ __device__ inline uint32_t floatBits(float F) {
#ifdef __CUDA_ARCH__
  return __float_as_uint(F);
#else
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return U;
#endif
}

__host__ __device__ inline uint64_t doubleBits(double D) {
#ifdef __CUDA_ARCH__
  return uint64_t(__double_as_longlong(D));
#else
  uint64_t U;
  std::memcpy(&U, &D, 8);
  return U;
#endif
}

/// The word the fill writes at word index W.
__host__ __device__ inline uint32_t fillWord(int Mode, uint32_t W) {
  if (Mode == FillF32)
    return floatBits(float(W % 1000));
  if (Mode == FillF64) {
    uint64_t B = doubleBits(double((W / 2) % 1000));
    return W % 2 ? uint32_t(B >> 32) : uint32_t(B);
  }
  return mix32(W * 2654435761u + 12345u);
}

/// Word I of the value lane Lane writes in probe Probe.
__host__ __device__ inline uint32_t laneWord(uint32_t Probe, uint32_t Lane,
                                             uint32_t I) {
  return mix32(Probe * 131u + Lane * 7u + I * 100003u + 1u);
}

/// The fill's bytes at byte offset Off, Width bytes, as an integer (little
/// endian; Width <= 8).
__host__ __device__ inline uint64_t fillBytes(int Mode, uint32_t Off,
                                              uint32_t Width) {
  uint64_t V = 0;
  for (uint32_t B = 0; B < Width; ++B) {
    uint32_t Byte = (Off + B);
    uint32_t Word = fillWord(Mode, Byte / 4);
    V |= uint64_t((Word >> (8 * (Byte % 4))) & 0xff) << (8 * B);
  }
  return V;
}

struct alignas(16) Quad {
  uint32_t W[4];
};

enum Op {
  OpLd,
  OpSt,
  OpAdd, // atomicAdd(P, lane + 1)
  OpMin,
  OpMax,
  OpExch,
  OpCas,
  // Second round (probe ids from 4116): operands the compiler may aggregate.
  OpInc1,    // atomicAdd(P, 1)
  OpAdd2,    // atomicAdd(P, 2)
  OpAddUni,  // atomicAdd(P, Probe % 5 + 3): warp-uniform, not constant
  OpSub1,    // atomicSub(P, 1)
  OpIncWrap, // atomicInc(P, 0xfffffff0)
  OpAnd,
  OpOr,
  OpXor,
};

/// The operand an add-like atomic adds for lane Lane of probe Probe.
__host__ __device__ inline long long addOperand(int O, uint32_t Probe,
                                                uint32_t Lane) {
  switch (O) {
  case OpInc1:
    return 1;
  case OpAdd2:
    return 2;
  case OpAddUni:
    return Probe % 5 + 3;
  case OpSub1:
    return -1;
  default:
    return Lane + 1;
  }
}

template <typename T> __device__ T makeValue(uint32_t Probe, uint32_t Lane) {
  if constexpr (sizeof(T) == 16) {
    Quad Q;
    for (int I = 0; I < 4; ++I)
      Q.W[I] = laneWord(Probe, Lane, I);
    return *reinterpret_cast<T *>(&Q);
  } else if constexpr (sizeof(T) == 8) {
    return T(uint64_t(laneWord(Probe, Lane, 0)) |
             uint64_t(laneWord(Probe, Lane, 1)) << 32);
  } else {
    return T(laneWord(Probe, Lane, 0));
  }
}

template <typename T> __device__ T fillValue(int Mode, uint32_t Off) {
  if constexpr (sizeof(T) == 16) {
    Quad Q;
    for (int I = 0; I < 4; ++I)
      Q.W[I] = fillWord(Mode, Off / 4 + I);
    return *reinterpret_cast<T *>(&Q);
  } else {
    return T(fillBytes(Mode, Off, sizeof(T)));
  }
}

/// The probe body shared by every kernel.
template <int O, typename T, int Mode>
__device__ __forceinline__ void probeBody(const int *Offsets,
                                          unsigned char *Out,
                                          unsigned char *Dump, uint32_t Probe) {
  __shared__ __align__(16) unsigned char S[ArrayBytes];
  const uint32_t Lane = threadIdx.x;
  uint32_t *Words = reinterpret_cast<uint32_t *>(S);
  // The fill: atomic exchanges in store kernels, stores otherwise.
  for (int I = Lane; I < ArrayWords; I += 32) {
    if constexpr (O == OpSt)
      atomicExch(&Words[I], fillWord(Mode, I));
    else
      Words[I] = fillWord(Mode, I);
  }
  __syncwarp();
  const int Off = Offsets[Lane];
  if (Off >= 0) {
    T *P = reinterpret_cast<T *>(S + Off);
    if constexpr (O == OpLd) {
      reinterpret_cast<T *>(Out)[Lane] = *P;
    } else if constexpr (O == OpSt) {
      *P = makeValue<T>(Probe, Lane);
    } else if constexpr (O == OpAdd) {
      atomicAdd(P, T(Lane + 1));
    } else if constexpr (O == OpInc1) {
      atomicAdd(P, T(1));
    } else if constexpr (O == OpAdd2) {
      atomicAdd(P, T(2));
    } else if constexpr (O == OpAddUni) {
      atomicAdd(P, T(Probe % 5 + 3));
    } else if constexpr (O == OpSub1) {
      atomicSub(P, T(1));
    } else if constexpr (O == OpIncWrap) {
      atomicInc(P, 0xfffffff0u);
    } else if constexpr (O == OpAnd) {
      atomicAnd(P, makeValue<T>(Probe, Lane));
    } else if constexpr (O == OpOr) {
      atomicOr(P, makeValue<T>(Probe, Lane));
    } else if constexpr (O == OpXor) {
      atomicXor(P, makeValue<T>(Probe, Lane));
    } else if constexpr (O == OpMin) {
      atomicMin(P, makeValue<T>(Probe, Lane));
    } else if constexpr (O == OpMax) {
      atomicMax(P, makeValue<T>(Probe, Lane));
    } else if constexpr (O == OpExch) {
      atomicExch(P, makeValue<T>(Probe, Lane));
    } else if constexpr (O == OpCas) {
      // Compare with the filled value: exactly one lane per address wins.
      atomicCAS(P, fillValue<T>(Mode, Off), makeValue<T>(Probe, Lane));
    }
  }
  __syncwarp();
  if constexpr (O != OpLd) {
    const uint4 *Src = reinterpret_cast<const uint4 *>(S);
    uint4 *Dst = reinterpret_cast<uint4 *>(Dump);
    for (int I = Lane; I < ArrayBytes / 16; I += 32)
      Dst[I] = Src[I];
  }
}

#define PROBE_KERNEL(Name, O, T, Mode)                                         \
  extern "C" __global__ void __launch_bounds__(32)                             \
      Name(const int *Offsets, unsigned char *Out, unsigned char *Dump,        \
           uint32_t Probe) {                                                   \
    probeBody<O, T, Mode>(Offsets, Out, Dump, Probe);                          \
  }

// The kernels; KernelTable below lists the same names.
PROBE_KERNEL(probe_ld_u8, OpLd, uint8_t, FillHash)
PROBE_KERNEL(probe_ld_u16, OpLd, uint16_t, FillHash)
PROBE_KERNEL(probe_ld_u32, OpLd, uint32_t, FillHash)
PROBE_KERNEL(probe_ld_u64, OpLd, unsigned long long, FillHash)
PROBE_KERNEL(probe_ld_u128, OpLd, uint4, FillHash)
PROBE_KERNEL(probe_st_u8, OpSt, uint8_t, FillHash)
PROBE_KERNEL(probe_st_u16, OpSt, uint16_t, FillHash)
PROBE_KERNEL(probe_st_u32, OpSt, uint32_t, FillHash)
PROBE_KERNEL(probe_st_u64, OpSt, unsigned long long, FillHash)
PROBE_KERNEL(probe_st_u128, OpSt, uint4, FillHash)
PROBE_KERNEL(probe_atom_add_s32, OpAdd, int, FillHash)
PROBE_KERNEL(probe_atom_add_u32, OpAdd, unsigned, FillHash)
PROBE_KERNEL(probe_atom_min_s32, OpMin, int, FillHash)
PROBE_KERNEL(probe_atom_max_u32, OpMax, unsigned, FillHash)
PROBE_KERNEL(probe_atom_exch_b32, OpExch, unsigned, FillHash)
PROBE_KERNEL(probe_atom_cas_b32, OpCas, unsigned, FillHash)
PROBE_KERNEL(probe_atom_add_f32, OpAdd, float, FillF32)
PROBE_KERNEL(probe_atom_cas_b16, OpCas, unsigned short, FillHash)
PROBE_KERNEL(probe_atom_add_u64, OpAdd, unsigned long long, FillHash)
PROBE_KERNEL(probe_atom_exch_b64, OpExch, unsigned long long, FillHash)
PROBE_KERNEL(probe_atom_cas_b64, OpCas, unsigned long long, FillHash)
PROBE_KERNEL(probe_atom_add_f64, OpAdd, double, FillF64)
PROBE_KERNEL(probe_atom_cas_b128, OpCas, Quad, FillHash)
PROBE_KERNEL(probe_atom_exch_b128, OpExch, Quad, FillHash)
PROBE_KERNEL(probe_atom_inc1_u32, OpInc1, unsigned, FillHash)
PROBE_KERNEL(probe_atom_inc1_s32, OpInc1, int, FillHash)
PROBE_KERNEL(probe_atom_add2_u32, OpAdd2, unsigned, FillHash)
PROBE_KERNEL(probe_atom_adduni_u32, OpAddUni, unsigned, FillHash)
PROBE_KERNEL(probe_atom_sub1_s32, OpSub1, int, FillHash)
PROBE_KERNEL(probe_atom_incwrap_u32, OpIncWrap, unsigned, FillHash)
PROBE_KERNEL(probe_atom_and_b32, OpAnd, unsigned, FillHash)
PROBE_KERNEL(probe_atom_or_b32, OpOr, unsigned, FillHash)
PROBE_KERNEL(probe_atom_xor_b32, OpXor, unsigned, FillHash)
PROBE_KERNEL(probe_atom_min_u64, OpMin, unsigned long long, FillHash)
PROBE_KERNEL(probe_atom_max_s64, OpMax, long long, FillHash)
PROBE_KERNEL(probe_atom_inc1_u64, OpInc1, unsigned long long, FillHash)

using KernelFn = void (*)(const int *, unsigned char *, unsigned char *,
                          uint32_t);
struct KernelInfo {
  const char *Name;
  KernelFn Fn;
  Op Operation;
  int Width;
  FillMode Mode;
  /// Integer kind for emulation: 's' signed, 'u' unsigned, 'f' float.
  char Num;
};

const KernelInfo KernelTable[] = {
    {"probe_ld_u8", probe_ld_u8, OpLd, 1, FillHash, 'u'},
    {"probe_ld_u16", probe_ld_u16, OpLd, 2, FillHash, 'u'},
    {"probe_ld_u32", probe_ld_u32, OpLd, 4, FillHash, 'u'},
    {"probe_ld_u64", probe_ld_u64, OpLd, 8, FillHash, 'u'},
    {"probe_ld_u128", probe_ld_u128, OpLd, 16, FillHash, 'u'},
    {"probe_st_u8", probe_st_u8, OpSt, 1, FillHash, 'u'},
    {"probe_st_u16", probe_st_u16, OpSt, 2, FillHash, 'u'},
    {"probe_st_u32", probe_st_u32, OpSt, 4, FillHash, 'u'},
    {"probe_st_u64", probe_st_u64, OpSt, 8, FillHash, 'u'},
    {"probe_st_u128", probe_st_u128, OpSt, 16, FillHash, 'u'},
    {"probe_atom_add_s32", probe_atom_add_s32, OpAdd, 4, FillHash, 's'},
    {"probe_atom_add_u32", probe_atom_add_u32, OpAdd, 4, FillHash, 'u'},
    {"probe_atom_min_s32", probe_atom_min_s32, OpMin, 4, FillHash, 's'},
    {"probe_atom_max_u32", probe_atom_max_u32, OpMax, 4, FillHash, 'u'},
    {"probe_atom_exch_b32", probe_atom_exch_b32, OpExch, 4, FillHash, 'u'},
    {"probe_atom_cas_b32", probe_atom_cas_b32, OpCas, 4, FillHash, 'u'},
    {"probe_atom_add_f32", probe_atom_add_f32, OpAdd, 4, FillF32, 'f'},
    {"probe_atom_cas_b16", probe_atom_cas_b16, OpCas, 2, FillHash, 'u'},
    {"probe_atom_add_u64", probe_atom_add_u64, OpAdd, 8, FillHash, 'u'},
    {"probe_atom_exch_b64", probe_atom_exch_b64, OpExch, 8, FillHash, 'u'},
    {"probe_atom_cas_b64", probe_atom_cas_b64, OpCas, 8, FillHash, 'u'},
    {"probe_atom_add_f64", probe_atom_add_f64, OpAdd, 8, FillF64, 'f'},
    {"probe_atom_cas_b128", probe_atom_cas_b128, OpCas, 16, FillHash, 'u'},
    {"probe_atom_exch_b128", probe_atom_exch_b128, OpExch, 16, FillHash, 'u'},
    {"probe_atom_inc1_u32", probe_atom_inc1_u32, OpInc1, 4, FillHash, 'u'},
    {"probe_atom_inc1_s32", probe_atom_inc1_s32, OpInc1, 4, FillHash, 's'},
    {"probe_atom_add2_u32", probe_atom_add2_u32, OpAdd2, 4, FillHash, 'u'},
    {"probe_atom_adduni_u32", probe_atom_adduni_u32, OpAddUni, 4, FillHash,
     'u'},
    {"probe_atom_sub1_s32", probe_atom_sub1_s32, OpSub1, 4, FillHash, 's'},
    {"probe_atom_incwrap_u32", probe_atom_incwrap_u32, OpIncWrap, 4, FillHash,
     'u'},
    {"probe_atom_and_b32", probe_atom_and_b32, OpAnd, 4, FillHash, 'u'},
    {"probe_atom_or_b32", probe_atom_or_b32, OpOr, 4, FillHash, 'u'},
    {"probe_atom_xor_b32", probe_atom_xor_b32, OpXor, 4, FillHash, 'u'},
    {"probe_atom_min_u64", probe_atom_min_u64, OpMin, 8, FillHash, 'u'},
    {"probe_atom_max_s64", probe_atom_max_s64, OpMax, 8, FillHash, 's'},
    {"probe_atom_inc1_u64", probe_atom_inc1_u64, OpInc1, 8, FillHash, 'u'},
};

struct Probe {
  int Id = 0;
  const KernelInfo *K = nullptr;
  std::string Name;
  int Offsets[32];
};

/// Host emulation and comparison of one probe's results.
struct Checker {
  int Failures = 0;
  void fail(const Probe &P, const std::string &What) {
    if (Failures < 30)
      std::fprintf(stderr, "probe %d (%s %s): %s\n", P.Id, P.K->Name,
                   P.Name.c_str(), What.c_str());
    ++Failures;
  }

  static std::vector<uint8_t> laneBytes(const Probe &P, int Lane, int Width) {
    std::vector<uint8_t> B(Width);
    for (int I = 0; I < Width; ++I) {
      uint32_t W = laneWord(P.Id, Lane, I / 4);
      if (Width < 4)
        W = laneWord(P.Id, Lane, 0);
      B[I] = uint8_t(W >> (8 * (I % 4)));
    }
    return B;
  }

  void check(const Probe &P, const uint8_t *Out, const uint8_t *Dump) {
    const KernelInfo &K = *P.K;
    const int W = K.Width;
    std::vector<uint8_t> Init(ArrayBytes);
    for (int I = 0; I < ArrayBytes; ++I)
      Init[I] = uint8_t(fillWord(K.Mode, I / 4) >> (8 * (I % 4)));
    if (K.Operation == OpLd) {
      for (int L = 0; L < 32; ++L)
        if (P.Offsets[L] >= 0 &&
            std::memcmp(Out + L * W, &Init[P.Offsets[L]], W) != 0)
          fail(P, "lane " + std::to_string(L) + " loaded a wrong value");
      return;
    }
    // Lanes per address.
    std::map<int, std::vector<int>> Writers;
    for (int L = 0; L < 32; ++L)
      if (P.Offsets[L] >= 0)
        Writers[P.Offsets[L]].push_back(L);
    std::vector<uint8_t> Want = Init;
    std::set<int> Free; // addresses where any writer may win
    for (auto &[Off, Lanes] : Writers) {
      switch (K.Operation) {
      case OpSt:
      case OpExch:
      case OpCas:
        Free.insert(Off);
        break;
      case OpAdd:
      case OpMin:
      case OpMax:
      case OpInc1:
      case OpAdd2:
      case OpAddUni:
      case OpSub1:
      case OpIncWrap:
      case OpAnd:
      case OpOr:
      case OpXor: {
        if (K.Num == 'f' && W == 4) {
          float V;
          std::memcpy(&V, &Init[Off], 4);
          for (int L : Lanes)
            V += float(L + 1);
          std::memcpy(&Want[Off], &V, 4);
        } else if (K.Num == 'f') {
          double V;
          std::memcpy(&V, &Init[Off], 8);
          for (int L : Lanes)
            V += double(L + 1);
          std::memcpy(&Want[Off], &V, 8);
        } else {
          uint64_t V = 0;
          std::memcpy(&V, &Init[Off], W);
          for (int L : Lanes) {
            uint64_t X = 0;
            auto B = laneBytes(P, L, W);
            std::memcpy(&X, B.data(), W);
            if (K.Operation == OpAdd || K.Operation == OpInc1 ||
                K.Operation == OpAdd2 || K.Operation == OpAddUni ||
                K.Operation == OpSub1)
              V += uint64_t(addOperand(K.Operation, P.Id, L));
            else if (K.Operation == OpIncWrap)
              V = uint32_t(V) >= 0xfffffff0u ? 0 : uint32_t(V) + 1;
            else if (K.Operation == OpAnd)
              V &= X;
            else if (K.Operation == OpOr)
              V |= X;
            else if (K.Operation == OpXor)
              V ^= X;
            else if (K.Num == 's' && W == 4) {
              int32_t A = int32_t(V), C = int32_t(X);
              V = uint32_t(K.Operation == OpMin ? std::min(A, C)
                                                : std::max(A, C));
            } else if (K.Num == 's') {
              int64_t A = int64_t(V), C = int64_t(X);
              V = uint64_t(K.Operation == OpMin ? std::min(A, C)
                                                : std::max(A, C));
            } else
              V = K.Operation == OpMin ? std::min(V, X) : std::max(V, X);
          }
          std::memcpy(&Want[Off], &V, W);
        }
        break;
      }
      default:
        break;
      }
    }
    for (int I = 0; I < ArrayBytes; ++I) {
      auto It = Writers.upper_bound(I);
      bool Covered = false;
      if (It != Writers.begin()) {
        --It;
        if (I < It->first + W && Free.count(It->first)) {
          Covered = true;
          if (I != It->first)
            continue; // checked with the element's first byte
          bool Any = false;
          for (int L : It->second)
            if (std::memcmp(Dump + I, laneBytes(P, L, W).data(), W) == 0)
              Any = true;
          if (!Any)
            fail(P, "element at byte " + std::to_string(I) +
                        " holds no writer's value");
        }
      }
      if (!Covered && Dump[I] != Want[I]) {
        fail(P, "byte " + std::to_string(I) + " is " + std::to_string(Dump[I]) +
                    ", expected " + std::to_string(Want[I]));
        return;
      }
    }
  }
};

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(stderr, "usage: %s PATTERNS [FIRST_ID END_ID]\n", Argv[0]);
    return 2;
  }
  int First = Argc > 3 ? std::atoi(Argv[2]) : 0;
  int End = Argc > 3 ? std::atoi(Argv[3]) : 1 << 30;
  std::map<std::string, const KernelInfo *> ByName;
  for (const KernelInfo &K : KernelTable)
    ByName[K.Name] = &K;

  std::ifstream In(Argv[1]);
  if (!In) {
    std::fprintf(stderr, "cannot read %s\n", Argv[1]);
    return 2;
  }
  std::vector<Probe> Probes;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    std::istringstream S(Line);
    Probe P;
    std::string Group, Kernel, Kind;
    int Width;
    S >> P.Id >> Group >> Kernel >> Kind >> Width >> P.Name;
    for (int &O : P.Offsets)
      S >> O;
    if (!S || !ByName.count(Kernel) || ByName[Kernel]->Width != Width) {
      std::fprintf(stderr, "bad pattern line: %s\n", Line.c_str());
      return 2;
    }
    P.K = ByName[Kernel];
    if (P.Id >= First && P.Id < End)
      Probes.push_back(P);
  }
  const size_t N = Probes.size();
  std::vector<int> Table(N * 32);
  for (size_t I = 0; I < N; ++I)
    std::memcpy(&Table[I * 32], Probes[I].Offsets, sizeof(Probes[I].Offsets));

  int *DTable;
  unsigned char *DOut, *DDump;
  CHECK_CUDA(cudaMalloc(&DTable, Table.size() * sizeof(int) + 4));
  CHECK_CUDA(cudaMalloc(&DOut, N * OutBytesPerProbe + 16));
  CHECK_CUDA(cudaMalloc(&DDump, N * ArrayBytes + 16));
  CHECK_CUDA(cudaMemcpy(DTable, Table.data(), Table.size() * sizeof(int),
                        cudaMemcpyHostToDevice));
  for (size_t I = 0; I < N; ++I) {
    Probes[I].K->Fn<<<1, 32>>>(DTable + I * 32, DOut + I * OutBytesPerProbe,
                               DDump + I * ArrayBytes, Probes[I].Id);
    CHECK_CUDA(cudaGetLastError());
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<uint8_t> Out(N * OutBytesPerProbe), Dump(N * ArrayBytes);
  CHECK_CUDA(cudaMemcpy(Out.data(), DOut, Out.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(
      cudaMemcpy(Dump.data(), DDump, Dump.size(), cudaMemcpyDeviceToHost));
  Checker C;
  for (size_t I = 0; I < N; ++I)
    C.check(Probes[I], &Out[I * OutBytesPerProbe], &Dump[I * ArrayBytes]);
  if (C.Failures) {
    std::fprintf(stderr, "bank_kinds: %d mismatches in %zu probes\n",
                 C.Failures, N);
    return 1;
  }
  std::printf("bank_kinds: %zu probes, all results correct\n", N);
  return 0;
}
