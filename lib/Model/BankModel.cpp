//===--- BankModel.cpp - Shared-memory wavefronts of one warp request -----===//

#include "BankModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <array>
#include <set>

namespace warpcheck {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

const char *atomicFormName(AtomicForm F) {
  switch (F) {
  case AtomicForm::Native:
    return "native";
  case AtomicForm::Cas:
    return "cas";
  case AtomicForm::PopcInc:
    return "popc-inc";
  case AtomicForm::SpinLoop:
    return "spin-loop";
  case AtomicForm::Cas16Loop:
    return "cas16-loop";
  case AtomicForm::Aggregatable:
    return "aggregatable";
  case AtomicForm::AggregatableFullWarp:
    return "aggregatable-full-warp";
  }
  return "native";
}

bool combinable(AtomicForm F) {
  return F == AtomicForm::Aggregatable ||
         F == AtomicForm::AggregatableFullWarp;
}

std::optional<AtomicForm> atomicForm(std::string_view Function,
                                     unsigned WidthBytes, bool IsFloat,
                                     AtomicResult Result,
                                     std::optional<int64_t> ConstantOperand) {
  for (std::string_view Suffix : {"_block", "_system"})
    if (Function.size() > Suffix.size() &&
        Function.substr(Function.size() - Suffix.size()) == Suffix)
      Function.remove_suffix(Suffix.size());
  const bool Used = Result == AtomicResult::Used;
  // Each row names the kernels that measured it: probe_* of bank_kinds.cu,
  // result unused (SASS in cuda_samples/measurements/h100-bank-kinds/
  // sass*.txt*), and <op>_{used,unused}_<pattern> of
  // cuda_samples/atomics/atomics.cu (4 bytes) and atomics_wide.cu (2 and 8
  // bytes), result used and unused
  // (cuda_samples/measurements/h100-atomics/summary.txt). 16-byte atomics
  // were measured with the result unused only: a used one is nullopt.
  if (WidthBytes == 16 && Used)
    return std::nullopt;
  if (Function == "atomicCAS") {
    // The same used or not: cas_s32_*, cas_b16_*, cas_b64_*.
    if (WidthBytes == 2)
      return AtomicForm::Cas16Loop; // probe_atom_cas_b16: ATOMS.CAS loop
    if (WidthBytes == 4 || WidthBytes == 8 || WidthBytes == 16)
      return AtomicForm::Cas; // probe_atom_cas_b32/b64/b128
    return std::nullopt;
  }
  if (Function == "atomicExch" && !IsFloat &&
      (WidthBytes == 4 || WidthBytes == 8 || WidthBytes == 16))
    // Never combined, used or not (exch_s32_*, exch_b64_*).
    return AtomicForm::Native; // probe_atom_exch_b32/b64/b128
  if (Function == "atomicAdd" && WidthBytes == 8)
    // probe_atom_add_u64/f64, inc1_u64; add_u64_*, add_f64_*: the same
    // used or not.
    return AtomicForm::SpinLoop;
  if (Function == "atomicAdd" && WidthBytes == 4 && IsFloat)
    return AtomicForm::SpinLoop; // probe_atom_add_f32; add_f32_used/unused_*
  if (IsFloat || WidthBytes != 4)
    return std::nullopt;
  if (Function == "atomicAdd") {
    if (ConstantOperand && *ConstantOperand < 0)
      return std::nullopt; // not measured
    if (ConstantOperand && *ConstantOperand == 1)
      // Result unused: ATOMS.POPC.INC (probe_atom_inc1_u32/s32,
      // add1_*_unused_*: 1 at lane / 16). Used: ATOMS.ADD lane by lane
      // (add1_*_used_lane16: 16, _tid32: 32), combined at a proven-uniform
      // address (add1_*_used_const0, _param: VOTEU.ANY, POPC, one ATOMS.ADD).
      return Used ? AtomicForm::Aggregatable : AtomicForm::PopcInc;
    // Constant: combined used or not (add2_*_const0, _param: 1); ATOMS.ADD
    // lane by lane otherwise (probe_atom_add2_u32, add2_*_lane16: 16).
    if (ConstantOperand)
      return AtomicForm::Aggregatable;
    // A per-thread operand (probe_atom_add_s32/u32, adduni_u32,
    // addvar_*): unused, combined by REDUX.SUM; used, combined by a shuffle
    // scan only when all 32 lanes run it (addvar_*_used_const0: 1).
    return Used ? AtomicForm::AggregatableFullWarp : AtomicForm::Aggregatable;
  }
  if (Function == "atomicSub" && ConstantOperand && *ConstantOperand == 1)
    // ATOMS.ADD (probe_atom_sub1_s32, sub1_s32_*_lane16: 16), combined at a
    // proven-uniform address, used or not (sub1_s32_*_const0, _param: 1).
    return AtomicForm::Aggregatable;
  if (Function == "atomicInc")
    // ATOMS.INC, never combined (probe_atom_incwrap_u32;
    // inc_u32_*_const0: 32, used or not).
    return AtomicForm::Native;
  // probe_atom_min_s32, max_u32, and_b32, or_b32, xor_b32; combined
  // (REDUX.MIN/MAX/...) at a proven-uniform address only with the result
  // unused (min_s32_unused_const0: 1, min_s32_used_const0: 32).
  if (Function == "atomicMin" || Function == "atomicMax" ||
      Function == "atomicAnd" || Function == "atomicOr" ||
      Function == "atomicXor")
    return Used ? AtomicForm::Native : AtomicForm::Aggregatable;
  return std::nullopt;
}

namespace {

/// One row per architecture measured (constant-initialized: no static
/// initialization order to mind). sm_90: every row measured on the H100
/// by cuda_samples/calibration/bank_kinds.cu (4116 probes,
/// cuda_samples/measurements/h100-bank-kinds/bank_kinds_measured.csv;
/// test/unit/BankKindsMeasuredTest.cpp checks every probe against it).
constexpr BankRules Table[] = {
    {"sm_90", "H100",
     // Loads, widths 1, 2, 4, 8, 16: one pass up to 4 bytes; half-warps
     // (merged to the warp) at 8; quarter-warps (merged to half-warps) at 16.
     {{32, 0, true}, {32, 0, true}, {32, 0, true}, {16, 32, true},
      {8, 16, true}},
     // Stores: the same passes, never merged.
     {{32, 0, true}, {32, 0, true}, {32, 0, true}, {16, 0, true},
      {8, 0, true}},
     // Atomics: the passes of stores, no word shared.
     {{32, 0, false}, {32, 0, false}, {32, 0, false}, {16, 0, false},
      {8, 0, false}},
     // ATOMS.POPC.INC.32: one pass, lanes on one word share it.
     {32, 0, true},
     "measured on an H100 by cuda_samples/calibration/bank_kinds.cu, 4116 "
     "patterns (cuda_samples/measurements/h100-bank-kinds, "
     "docs/bank-model.md)"},
};

/// "sm_90a" -> "sm_90": the variants with architecture-specific features
/// ('a', 'f') have their base architecture's shared memory.
std::string_view baseArch(std::string_view Arch) {
  while (!Arch.empty() && Arch.back() >= 'a' && Arch.back() <= 'z' &&
         Arch.size() > 3)
    Arch.remove_suffix(1);
  return Arch;
}

} // namespace

llvm::ArrayRef<BankRules> bankRulesTable() { return Table; }

const BankRules &defaultBankRules() { return Table[0]; }

BankRulesChoice chooseBankRules(std::string_view Arch) {
  BankRulesChoice C;
  C.ArchGiven = !Arch.empty();
  C.Arch = C.ArchGiven ? std::string(Arch) : defaultBankRules().Arch;
  C.Rules = &defaultBankRules();
  C.Measured = false;
  for (const BankRules &R : Table)
    if (baseArch(C.Arch) == R.Arch) {
      C.Rules = &R;
      C.Measured = true;
    }
  return C;
}

std::string BankRulesChoice::assumption() const {
  if (!ArchGiven)
    return std::string("no target GPU architecture: counted with the bank "
                       "rules of ") +
           Rules->Arch + " (docs/bank-model.md)";
  if (Measured)
    return "";
  return "bank rules of " + Arch + " are not measured: counted with " +
         Rules->Arch + "'s, measured on an " + Rules->Gpu +
         " (docs/bank-model.md)";
}

namespace {

const PassRule &passRule(const BankRules &Rules, AccessKind Kind,
                         unsigned WidthBytes,
                         AtomicForm Form = AtomicForm::Native) {
  if (Kind == AccessKind::Atomic && Form == AtomicForm::PopcInc)
    return Rules.PopcInc;
  unsigned Row = WidthBytes <= 1   ? 0
                 : WidthBytes == 2 ? 1
                 : WidthBytes <= 4 ? 2
                 : WidthBytes == 8 ? 3
                                   : 4;
  switch (Kind) {
  case AccessKind::Load:
    return Rules.Load[Row];
  case AccessKind::Store:
    return Rules.Store[Row];
  case AccessKind::Atomic:
    return Rules.Atomic[Row];
  }
  return Rules.Load[Row];
}

/// Cost of one pass over the given lanes.
struct PassCost {
  unsigned Wavefronts = 0;
  unsigned WorstBank = 0;
  std::vector<unsigned> WorstLanes;
};

PassCost passCost(unsigned WidthBytes, bool ShareWords,
                  const WarpAddresses &Lanes,
                  const std::vector<unsigned> &PassLanes) {
  // The words asked for, ordered by bank: a flat array, since this runs for
  // every lane assignment of every candidate layout.
  unsigned WordsPerLane = std::max(1u, WidthBytes / BankWidthBytes);
  std::array<std::pair<unsigned, uint64_t>, WarpSize * 4> Words;
  unsigned N = 0;
  for (unsigned L : PassLanes) {
    uint64_t FirstWord = *Lanes[L] / BankWidthBytes;
    for (unsigned W = 0; W < WordsPerLane && N < Words.size(); ++W) {
      uint64_t Word = FirstWord + W;
      Words[N++] = {unsigned(Word % NumBanks), Word};
    }
  }
  std::sort(Words.begin(), Words.begin() + N);
  PassCost Cost;
  for (unsigned I = 0; I < N;) {
    unsigned Bank = Words[I].first, Count = 0;
    for (unsigned First = I; I < N && Words[I].first == Bank; ++I)
      if (!ShareWords || I == First || Words[I] != Words[I - 1])
        ++Count;
    if (Count > Cost.Wavefronts) {
      Cost.Wavefronts = Count;
      Cost.WorstBank = Bank;
    }
  }
  if (Cost.Wavefronts > 1) {
    std::set<unsigned> Lanes2;
    // Every lane that touches the worst bank, not just one per word.
    for (unsigned L : PassLanes) {
      uint64_t FirstWord = *Lanes[L] / BankWidthBytes;
      for (unsigned W = 0; W < WordsPerLane; ++W)
        if ((FirstWord + W) % NumBanks == Cost.WorstBank)
          Lanes2.insert(L);
    }
    Cost.WorstLanes.assign(Lanes2.begin(), Lanes2.end());
  }
  return Cost;
}

/// Seed 000's broadcast condition: for every active lane i, lane i^Partner is
/// inactive or asks for the same address.
bool partnersAgree(const WarpAddresses &Lanes, unsigned Partner) {
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Lanes[L])
      continue;
    const auto &Other = Lanes[L ^ Partner];
    if (Other && *Other != *Lanes[L])
      return false;
  }
  return true;
}

std::vector<unsigned> activeIn(const WarpAddresses &Lanes, unsigned Begin,
                               unsigned End) {
  std::vector<unsigned> R;
  for (unsigned L = Begin; L < End; ++L)
    if (Lanes[L])
      R.push_back(L);
  return R;
}

} // namespace

std::vector<std::vector<unsigned>>
requestPasses(unsigned WidthBytes, AccessKind Kind, const WarpAddresses &Lanes,
              AtomicForm Form, const BankRules &Rules, bool &ShareWords) {
  const PassRule &Rule = passRule(Rules, Kind, WidthBytes, Form);
  ShareWords = Rule.ShareWords;
  unsigned Step = Rule.PassLanes;
  if (Rule.MergedLanes && (partnersAgree(Lanes, 1) || partnersAgree(Lanes, 2)))
    Step = Rule.MergedLanes;
  std::vector<std::vector<unsigned>> Passes;
  for (unsigned Begin = 0; Begin < WarpSize; Begin += Step)
    if (std::vector<unsigned> Pass = activeIn(Lanes, Begin, Begin + Step);
        !Pass.empty())
      Passes.push_back(std::move(Pass));
  return Passes;
}

namespace {

/// One instruction: its passes and their costs, times Multiplier (2 for
/// ATOMS.CAS), added to Result.
void addInstruction(const BankRules &Rules, WavefrontCount &Result,
                    unsigned WidthBytes, AccessKind Kind,
                    const WarpAddresses &Lanes, unsigned Multiplier,
                    AtomicForm Form = AtomicForm::Native) {
  bool ShareWords = true;
  std::vector<std::vector<unsigned>> Passes =
      requestPasses(WidthBytes, Kind, Lanes, Form, Rules, ShareWords);
  for (const std::vector<unsigned> &Pass : Passes) {
    PassCost Cost = passCost(WidthBytes, ShareWords, Lanes, Pass);
    Result.Wavefronts += Multiplier * Cost.Wavefronts;
    Result.Ideal += Multiplier;
    if (Cost.Wavefronts > Result.Ways) {
      Result.Ways = Cost.Wavefronts;
      Result.WorstBank = Cost.WorstBank;
      Result.WorstLanes = Cost.WorstLanes;
      Result.WorstWords = Cost.Wavefronts;
    }
  }
  if (!Passes.empty())
    ++Result.Instructions;
}

/// The ATOMS.CAST.SPIN loop (AtomicForm::SpinLoop).
WavefrontCount spinLoop(const BankRules &Rules, unsigned WidthBytes,
                        const WarpAddresses &Lanes) {
  WavefrontCount Result;
  // The first iteration is an ordinary atomic request, twice: its passes and
  // worst bank explain the cost.
  addInstruction(Rules, Result, WidthBytes, AccessKind::Atomic, Lanes, 2);
  Result.Wavefronts = 0;
  Result.Instructions = 0;
  unsigned Step = passRule(Rules, AccessKind::Atomic, WidthBytes).PassLanes;
  unsigned WordsPerLane = std::max(1u, WidthBytes / BankWidthBytes);
  std::vector<unsigned> Pending = activeIn(Lanes, 0, WarpSize);
  std::vector<std::pair<uint64_t, unsigned>> Versions; // address -> writes
  auto Version = [&](uint64_t Address) -> unsigned & {
    for (auto &[A, V] : Versions)
      if (A == Address)
        return V;
    Versions.push_back({Address, 0});
    return Versions.back().second;
  };
  while (!Pending.empty()) {
    ++Result.Instructions;
    // Each lane's view of its address at the iteration's load.
    std::array<unsigned, WarpSize> Seen{};
    for (unsigned L : Pending)
      Seen[L] = Version(*Lanes[L]);
    std::vector<unsigned> Next;
    for (unsigned Begin = 0; Begin < WarpSize; Begin += Step) {
      std::vector<unsigned> Pass;
      for (unsigned L : Pending)
        if (L >= Begin && L < Begin + Step)
          Pass.push_back(L);
      if (Pass.empty())
        continue;
      Result.Wavefronts += 2;
      uint32_t UsedBanks = 0;
      for (unsigned L : Pass) {
        uint32_t Banks = 0;
        for (unsigned W = 0; W < WordsPerLane; ++W)
          Banks |= 1u << ((*Lanes[L] / BankWidthBytes + W) % NumBanks);
        bool Served = !(Banks & UsedBanks);
        if (Served)
          UsedBanks |= Banks;
        unsigned &V = Version(*Lanes[L]);
        if (Served && V == Seen[L])
          ++V;
        else
          Next.push_back(L);
      }
    }
    Pending = std::move(Next);
  }
  return Result;
}

/// nvcc's 16-bit atomicCAS (AtomicForm::Cas16Loop).
WavefrontCount cas16Loop(const BankRules &Rules, const WarpAddresses &Lanes) {
  WarpAddresses WordAddr;
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Lanes[L])
      WordAddr[L] = *Lanes[L] / BankWidthBytes * BankWidthBytes;
  WavefrontCount Result;
  // Writes so far to each half of each word, and each lane's view of its
  // word: (writes to half 0, writes to half 1).
  std::vector<std::pair<uint64_t, std::array<unsigned, 2>>> Halves;
  auto Word = [&](uint64_t Address) -> std::array<unsigned, 2> & {
    for (auto &[A, H] : Halves)
      if (A == Address)
        return H;
    Halves.push_back({Address, {0, 0}});
    return Halves.back().second;
  };
  std::array<std::array<unsigned, 2>, WarpSize> Seen{};
  std::vector<unsigned> Pending = activeIn(Lanes, 0, WarpSize);
  bool First = true;
  while (!Pending.empty()) {
    WarpAddresses Iteration;
    for (unsigned L : Pending)
      Iteration[L] = WordAddr[L];
    if (First) {
      addInstruction(Rules, Result, 4, AccessKind::Atomic, Iteration, 2);
      First = false;
    } else {
      WavefrontCount More;
      addInstruction(Rules, More, 4, AccessKind::Atomic, Iteration, 2);
      Result.Wavefronts += More.Wavefronts;
      ++Result.Instructions;
    }
    // Lanes are served one by one in lane order.
    std::vector<unsigned> Next;
    for (unsigned L : Pending) {
      std::array<unsigned, 2> &Now = Word(*WordAddr[L]);
      unsigned Half = (*Lanes[L] / 2) % 2;
      if (Now == Seen[L]) {
        ++Now[Half]; // the compare-and-swap succeeds
        continue;
      }
      Seen[L] = Now;
      if (Now[Half] == 0)
        Next.push_back(L); // its half is untouched: it tries again
    }
    Pending = std::move(Next);
  }
  return Result;
}

} // namespace

WavefrontCount countWavefronts(unsigned WidthBytes, AccessKind Kind,
                               const WarpAddresses &Lanes, AtomicForm Form,
                               const BankRules &Rules) {
  if (Kind == AccessKind::Atomic) {
    switch (Form) {
    case AtomicForm::Native:
    case AtomicForm::Aggregatable: // as issued when not combined
    case AtomicForm::AggregatableFullWarp:
      break;
    case AtomicForm::PopcInc: {
      WavefrontCount Result;
      addInstruction(Rules, Result, WidthBytes, Kind, Lanes, 1, Form);
      return Result;
    }
    case AtomicForm::Cas: {
      WavefrontCount Result;
      addInstruction(Rules, Result, WidthBytes, Kind, Lanes, 2);
      return Result;
    }
    case AtomicForm::SpinLoop:
      return spinLoop(Rules, WidthBytes, Lanes);
    case AtomicForm::Cas16Loop:
      return cas16Loop(Rules, Lanes);
    }
  }
  WavefrontCount Result;
  addInstruction(Rules, Result, WidthBytes, Kind, Lanes, 1);
  return Result;
}

unsigned maxWavefronts(unsigned WidthBytes, AccessKind Kind,
                       unsigned ActiveLanes, AtomicForm Form) {
  // A lane's words are consecutive, so in distinct banks: one bank serves
  // at most one word per lane in a pass, and the passes partition the lanes.
  // Hence at most one wavefront per active lane, whatever the width.
  (void)WidthBytes;
  if (Kind != AccessKind::Atomic || Form == AtomicForm::Native ||
      Form == AtomicForm::PopcInc || combinable(Form))
    return ActiveLanes;
  if (Form == AtomicForm::Cas)
    return 2 * ActiveLanes;
  // Loops: at most one iteration per lane (SpinLoop: every iteration serves
  // a lane; Cas16Loop: a lane retries only after another one succeeded),
  // each at most a Cas of every pending lane.
  return 2 * ActiveLanes * ActiveLanes;
}

std::string formatLaneList(const std::vector<unsigned> &Lanes) {
  std::string S;
  for (size_t I = 0; I < Lanes.size();) {
    size_t J = I;
    while (J + 1 < Lanes.size() && Lanes[J + 1] == Lanes[J] + 1)
      ++J;
    if (!S.empty())
      S += ", ";
    S += std::to_string(Lanes[I]);
    if (J > I)
      S += (J == I + 1 ? ", " : "..") + std::to_string(Lanes[J]);
    I = J + 1;
  }
  return S;
}

} // namespace warpcheck
