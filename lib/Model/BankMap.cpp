//===--- BankMap.cpp - Which lanes hit which bank in one request ----------===//

#include "BankMap.h"

#include <algorithm>
#include <map>
#include <string>

namespace warpcheck {
namespace {

/// One pass's words: per bank, its distinct words in the order lanes ask
/// for them (word k of a bank is served in the pass's wavefront k); without
/// sharing every lane access is its own delivery. Returns the pass's cost.
unsigned drawPass(const std::vector<unsigned> &Pass, bool ShareWords,
                  unsigned FirstWavefront, BankMap &M) {
  unsigned WordsPerLane = std::max(1u, M.WidthBytes / BankWidthBytes);
  std::array<std::vector<uint64_t>, NumBanks> Served;
  unsigned Cost = 0;
  for (unsigned L : Pass) {
    uint64_t First = *M.Bytes[L] / BankWidthBytes;
    for (unsigned I = 0; I < WordsPerLane; ++I) {
      uint64_t Word = First + I;
      unsigned Bank = unsigned(Word % NumBanks);
      std::vector<uint64_t> &S = Served[Bank];
      auto It = ShareWords ? std::find(S.begin(), S.end(), Word) : S.end();
      unsigned Index = unsigned(It - S.begin());
      if (It == S.end())
        S.push_back(Word);
      Cost = std::max(Cost, unsigned(S.size()));
      M.Lanes[L].push_back({Word, Bank, FirstWavefront + Index});
    }
  }
  for (unsigned B = 0; B < NumBanks; ++B)
    M.WordsPerBank[B] += unsigned(Served[B].size());
  return Cost;
}

} // namespace

BankMap drawBankMap(unsigned WidthBytes, AccessKind Kind,
                    const WarpAddresses &Bytes, AtomicForm Form,
                    const BankRules &Rules) {
  BankMap M;
  M.WidthBytes = WidthBytes;
  M.Bytes = Bytes;
  if (Kind == AccessKind::Atomic &&
      (Form == AtomicForm::SpinLoop || Form == AtomicForm::Cas16Loop ||
       Form == AtomicForm::Cas)) {
    // Plain strings, not llvm::formatv: the model is built with RTTI and
    // LLVM without, and UBSan's vptr check rejects formatv's adapters here.
    M.Reason = std::string("a ") + atomicFormName(Form) +
               " atomic is not served one wavefront per word: its iterations "
               "are not drawn";
    return M;
  }
  bool ShareWords = true;
  for (const std::vector<unsigned> &Pass :
       requestPasses(WidthBytes, Kind, Bytes, Form, Rules, ShareWords)) {
    M.Wavefronts += drawPass(Pass, ShareWords, M.Wavefronts, M);
    ++M.Ideal;
  }
  // The picture must say what the count says.
  unsigned Counted =
      countWavefronts(WidthBytes, Kind, Bytes, Form, Rules).Wavefronts;
  if (M.Ideal == 0)
    M.Reason = "no lane is active";
  else if (Counted != M.Wavefronts)
    M.Reason = "the map's " + std::to_string(M.Wavefronts) +
               " wavefronts differ from the bank model's " +
               std::to_string(Counted);
  else
    M.Drawn = true;
  return M;
}

std::optional<WarpAddresses> mapThroughLayout(const Layout &L,
                                              const ArrayGeometry &G,
                                              const WarpAddresses &Offsets) {
  WarpAddresses Moved{};
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!Offsets[Lane])
      continue;
    std::optional<SymbolicInt> To =
        L.map(SymbolicInt::constant(int64_t(*Offsets[Lane])), G);
    std::optional<int64_t> C = To ? To->asConstant() : std::nullopt;
    if (!C || *C < 0)
      return std::nullopt;
    Moved[Lane] = uint64_t(*C);
  }
  return Moved;
}

} // namespace warpcheck
