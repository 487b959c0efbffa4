//===--- BankModel.cpp - Shared-memory wavefronts of one warp request -----===//

#include "BankModel.h"

#include <algorithm>
#include <array>
#include <set>

namespace warpcheck {
namespace {

/// Cost of one pass over the given lanes.
struct PassCost {
  unsigned Wavefronts = 0;
  unsigned WorstBank = 0;
  std::vector<unsigned> WorstLanes;
};

PassCost passCost(unsigned WidthBytes, const WarpAddresses &Lanes,
                  const std::vector<unsigned> &PassLanes) {
  // The distinct words asked for, ordered by bank: a flat array, since this
  // runs for every lane assignment of every candidate layout.
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
    unsigned Bank = Words[I].first, Distinct = 0;
    for (; I < N && Words[I].first == Bank; ++I)
      if (I == 0 || Words[I] != Words[I - 1])
        ++Distinct;
    if (Distinct > Cost.Wavefronts) {
      Cost.Wavefronts = Distinct;
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

WavefrontCount countWavefronts(unsigned WidthBytes,
                               const WarpAddresses &Lanes) {
  // The passes of the request, each a set of lanes.
  std::vector<std::vector<unsigned>> Passes;
  if (WidthBytes <= 4) {
    Passes.push_back(activeIn(Lanes, 0, WarpSize));
  } else {
    bool Merge = partnersAgree(Lanes, 1) || partnersAgree(Lanes, 2);
    // 8 bytes: passes are half-warps, merged into one. 16 bytes: passes are
    // quarter-warps, merged into one per half-warp.
    unsigned Group = WidthBytes == 8 ? 16 : 8;
    unsigned MergedGroup = WidthBytes == 8 ? 32 : 16;
    unsigned Step = Merge ? MergedGroup : Group;
    for (unsigned Begin = 0; Begin < WarpSize; Begin += Step)
      Passes.push_back(activeIn(Lanes, Begin, Begin + Step));
  }

  WavefrontCount Result;
  for (const auto &Pass : Passes) {
    if (Pass.empty())
      continue;
    PassCost Cost = passCost(WidthBytes, Lanes, Pass);
    Result.Wavefronts += Cost.Wavefronts;
    ++Result.Ideal;
    if (Cost.Wavefronts > Result.Ways) {
      Result.Ways = Cost.Wavefronts;
      Result.WorstBank = Cost.WorstBank;
      Result.WorstLanes = Cost.WorstLanes;
      Result.WorstWords = Cost.Wavefronts;
    }
  }
  return Result;
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
