// The bank model against every probe that cuda_samples/calibration/
// bank_kinds.cu measured on the H100: loads, stores and atomics of each
// width, one launch per pattern. For each probe, countWavefronts must give
// the wavefronts and the instructions (loop iterations) Nsight Compute
// counted for the probe's operation class. Nothing is skipped: a kernel
// whose form the model does not predict (atomicForm gives nullopt) is
// checked against the bound the model gives instead.
#include "BankModel.h"

#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace warpcheck;

#ifndef BANK_KINDS_PATTERNS
#error "BANK_KINDS_PATTERNS must name bank_kinds_patterns.txt"
#endif
#ifndef BANK_KINDS_MEASURED
#error "BANK_KINDS_MEASURED must name bank_kinds_measured.csv"
#endif

namespace {

/// What each kernel of bank_kinds.cu does (see its PROBE_KERNEL lines).
struct KernelSpec {
  AccessKind Kind;
  /// For atomics: the CUDA function, whether the element is a float or
  /// double, and the constant operand, if any.
  const char *Function = nullptr;
  bool IsFloat = false;
  std::optional<int64_t> Constant;
};

const std::map<std::string, KernelSpec> &kernels() {
  static const std::map<std::string, KernelSpec> K = {
      {"probe_ld_u8", {AccessKind::Load}},
      {"probe_ld_u16", {AccessKind::Load}},
      {"probe_ld_u32", {AccessKind::Load}},
      {"probe_ld_u64", {AccessKind::Load}},
      {"probe_ld_u128", {AccessKind::Load}},
      {"probe_st_u8", {AccessKind::Store}},
      {"probe_st_u16", {AccessKind::Store}},
      {"probe_st_u32", {AccessKind::Store}},
      {"probe_st_u64", {AccessKind::Store}},
      {"probe_st_u128", {AccessKind::Store}},
      {"probe_atom_add_s32", {AccessKind::Atomic, "atomicAdd"}},
      {"probe_atom_add_u32", {AccessKind::Atomic, "atomicAdd"}},
      {"probe_atom_min_s32", {AccessKind::Atomic, "atomicMin"}},
      {"probe_atom_max_u32", {AccessKind::Atomic, "atomicMax"}},
      {"probe_atom_exch_b32", {AccessKind::Atomic, "atomicExch"}},
      {"probe_atom_cas_b32", {AccessKind::Atomic, "atomicCAS"}},
      {"probe_atom_add_f32", {AccessKind::Atomic, "atomicAdd", true}},
      {"probe_atom_cas_b16", {AccessKind::Atomic, "atomicCAS"}},
      {"probe_atom_add_u64", {AccessKind::Atomic, "atomicAdd"}},
      {"probe_atom_exch_b64", {AccessKind::Atomic, "atomicExch"}},
      {"probe_atom_cas_b64", {AccessKind::Atomic, "atomicCAS"}},
      {"probe_atom_add_f64", {AccessKind::Atomic, "atomicAdd", true}},
      {"probe_atom_cas_b128", {AccessKind::Atomic, "atomicCAS"}},
      {"probe_atom_exch_b128", {AccessKind::Atomic, "atomicExch"}},
      {"probe_atom_inc1_u32", {AccessKind::Atomic, "atomicAdd", false, 1}},
      {"probe_atom_inc1_s32", {AccessKind::Atomic, "atomicAdd", false, 1}},
      {"probe_atom_add2_u32", {AccessKind::Atomic, "atomicAdd", false, 2}},
      {"probe_atom_adduni_u32", {AccessKind::Atomic, "atomicAdd"}},
      {"probe_atom_sub1_s32", {AccessKind::Atomic, "atomicSub", false, 1}},
      {"probe_atom_incwrap_u32",
       {AccessKind::Atomic, "atomicInc", false, 0xfffffff0}},
      {"probe_atom_and_b32", {AccessKind::Atomic, "atomicAnd"}},
      {"probe_atom_or_b32", {AccessKind::Atomic, "atomicOr"}},
      {"probe_atom_xor_b32", {AccessKind::Atomic, "atomicXor"}},
      {"probe_atom_min_u64", {AccessKind::Atomic, "atomicMin"}},
      {"probe_atom_max_s64", {AccessKind::Atomic, "atomicMax"}},
      {"probe_atom_inc1_u64", {AccessKind::Atomic, "atomicAdd", false, 1}},
  };
  return K;
}

struct Probe {
  std::string Kernel, Name;
  unsigned Width = 0;
  WarpAddresses Lanes;
};

std::map<unsigned, Probe> readPatterns() {
  std::map<unsigned, Probe> Probes;
  std::ifstream In(BANK_KINDS_PATTERNS);
  EXPECT_TRUE(In) << "cannot read " << BANK_KINDS_PATTERNS;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    std::istringstream S(Line);
    unsigned Id;
    std::string Group, Kind;
    Probe P;
    S >> Id >> Group >> P.Kernel >> Kind >> P.Width >> P.Name;
    for (unsigned L = 0; L < WarpSize; ++L) {
      long long Offset;
      S >> Offset;
      if (Offset >= 0)
        P.Lanes[L] = uint64_t(Offset);
    }
    EXPECT_TRUE(S) << Line;
    Probes[Id] = P;
  }
  return Probes;
}

/// Per probe id: instructions and wavefronts of the probe's class.
struct Measured {
  unsigned Instructions = 0, Wavefronts = 0;
};

std::map<unsigned, Measured> readMeasurements() {
  std::map<unsigned, Measured> M;
  std::ifstream In(BANK_KINDS_MEASURED);
  EXPECT_TRUE(In) << "cannot read " << BANK_KINDS_MEASURED;
  std::string Line;
  std::getline(In, Line); // header
  while (std::getline(In, Line)) {
    std::vector<std::string> F;
    std::stringstream S(Line);
    for (std::string Cell; std::getline(S, Cell, ',');)
      F.push_back(Cell);
    if (F.size() != 10) {
      ADD_FAILURE() << "bad row: " << Line;
      continue;
    }
    // id,kernel,kind,width,ld_inst,st_inst,atom_inst,ld_wav,st_wav,atom_wav
    unsigned Class = F[2] == "load" ? 0 : F[2] == "store" ? 1 : 2;
    M[unsigned(std::stoul(F[0]))] = {unsigned(std::stoul(F[4 + Class])),
                                     unsigned(std::stoul(F[7 + Class]))};
  }
  return M;
}

std::string lanesText(const WarpAddresses &Lanes) {
  std::string S;
  for (unsigned L = 0; L < WarpSize; ++L)
    S += (L ? " " : "") +
         (Lanes[L] ? std::to_string(*Lanes[L]) : std::string("-"));
  return S;
}

} // namespace

TEST(BankKindsMeasured, EveryProbeAgreesWithTheH100) {
  std::map<unsigned, Probe> Probes = readPatterns();
  std::map<unsigned, Measured> Data = readMeasurements();
  ASSERT_GT(Probes.size(), 5000u);
  // Every probe in the table was measured.
  EXPECT_EQ(Data.size(), Probes.size());

  struct Tally {
    unsigned Exact = 0, Bounded = 0, Wrong = 0;
  };
  std::map<std::string, Tally> PerKernel;
  unsigned Shown = 0;
  for (const auto &[Id, P] : Probes) {
    auto It = Data.find(Id);
    if (It == Data.end()) {
      ADD_FAILURE() << "probe " << Id << " (" << P.Kernel << " " << P.Name
                    << ") has no measurement";
      continue;
    }
    auto Spec = kernels().find(P.Kernel);
    ASSERT_NE(Spec, kernels().end()) << P.Kernel;
    const KernelSpec &K = Spec->second;
    AtomicForm Form = AtomicForm::Native;
    bool BoundOnly = false;
    if (K.Kind == AccessKind::Atomic) {
      std::optional<AtomicForm> F =
          atomicForm(K.Function, P.Width, K.IsFloat, AtomicResult::Unused,
                     K.Constant); // bank_kinds.cu discards every result
      // Not predicted: 64-bit min/max, a CAST.SPIN loop whose lanes skip
      // the compare-and-swap when their value would not change it; the
      // spin loop's count must bound what was measured.
      BoundOnly = !F;
      Form = F ? *F : AtomicForm::SpinLoop;
    }
    WavefrontCount C = countWavefronts(P.Width, K.Kind, P.Lanes, Form);
    const Measured &M = It->second;
    bool Agrees =
        BoundOnly
            ? C.Wavefronts >= M.Wavefronts && C.Instructions >= M.Instructions
            : C.Wavefronts == M.Wavefronts && C.Instructions == M.Instructions;
    Tally &T = PerKernel[P.Kernel];
    if (!Agrees) {
      ++T.Wrong;
      if (Shown++ < 40)
        ADD_FAILURE() << "probe " << Id << " " << P.Kernel << " " << P.Name
                      << " (" << atomicFormName(Form) << "): model "
                      << C.Wavefronts << " wavefronts in " << C.Instructions
                      << " instructions, H100 " << M.Wavefronts << " in "
                      << M.Instructions << "; lanes " << lanesText(P.Lanes);
    } else if (BoundOnly) {
      ++T.Bounded;
    } else {
      ++T.Exact;
    }
  }
  unsigned Wrong = 0;
  for (const auto &[Kernel, T] : PerKernel) {
    std::printf("%-24s %4u exact %4u bounded %4u disagree\n", Kernel.c_str(),
                T.Exact, T.Bounded, T.Wrong);
    Wrong += T.Wrong;
  }
  EXPECT_EQ(Wrong, 0u) << "probes where the model and the H100 disagree";
}
