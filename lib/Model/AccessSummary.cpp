//===--- AccessSummary.cpp - One access site over warps and instances -----===//

#include "AccessSummary.h"

#include <algorithm>

namespace warpcheck {

void AccessSummary::add(const RequestResult &R, unsigned Warp,
                        unsigned Instance) {
  if (!R.executes())
    return;
  ++Requests;
  Instructions += R.Status == Verdict::Exact
                      ? std::max(1u, R.Worst.Instructions)
                      : 1;
  TotalMinWavefronts += R.MinWavefronts;
  TotalMaxWavefronts += R.MaxWavefronts;
  TotalIdeal += R.Ideal;
  if (R.Status == Verdict::Unknown ||
      (R.Status == Verdict::Range && Status == Verdict::Exact))
    Status = R.Status;
  for (const auto &N : R.DependsOn)
    if (std::find(DependsOn.begin(), DependsOn.end(), N) == DependsOn.end())
      DependsOn.push_back(N);
  bool Better =
      Requests == 1 || R.MaxWavefronts > Worst.MaxWavefronts ||
      (R.MaxWavefronts == Worst.MaxWavefronts && R.Ideal < Worst.Ideal);
  if (Better) {
    Worst = R;
    WorstWarp = Warp;
    WorstInstance = Instance;
  }
}

} // namespace warpcheck
