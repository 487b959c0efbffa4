//===--- AccessSummary.cpp - One access site over warps and instances -----===//

#include "AccessSummary.h"

#include <algorithm>

namespace warpcheck {

void AccessSummary::add(const RequestResult &R, unsigned Warp,
                        unsigned Instance, const WarpAddresses *Offsets,
                        AtomicForm Form) {
  if (!R.executes())
    return;
  bool Better = replacesWorst(R);
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
  if (R.Status == Verdict::Exact && Requests > 1 &&
      Worst.Status == Verdict::Exact &&
      R.MaxWavefronts != Worst.MaxWavefronts)
    ExactRequestsDiffer = true;
  FewestWavefronts = std::min(FewestWavefronts, R.MinWavefronts);
  if (Better) {
    Worst = R;
    WorstOffsets.reset();
    if (Offsets && R.Status == Verdict::Exact)
      WorstOffsets = *Offsets;
    WorstForm = Form;
    WorstWarp = Warp;
    WorstInstance = Instance;
  }
  // A site whose requests are a range takes the fewest any of them may
  // take: the worst request's count is not every request's (a condition
  // decided alike by the warp in one iteration, lane by lane in the next).
  if (Status == Verdict::Range)
    Worst.MinWavefronts = std::min(Worst.MinWavefronts, FewestWavefronts);
  // Requests that run in loops of unknown trip count stand for executions
  // that may or may not happen: when they differ, so may the average.
  if (!CountsExact && ExactRequestsDiffer) {
    if (Status == Verdict::Exact) {
      Status = Verdict::Range;
      const char *Why = "which executions run (a loop's trip count is not "
                        "known)";
      if (std::find(DependsOn.begin(), DependsOn.end(), Why) ==
          DependsOn.end())
        DependsOn.push_back(Why);
    }
    Worst.MinWavefronts = std::min(Worst.MinWavefronts, FewestWavefronts);
  }
}

} // namespace warpcheck
