//===--- AccessSummary.h - One access site over warps and instances -*- C++
//-*-===//
#ifndef WARPCHECK_MODEL_ACCESSSUMMARY_H
#define WARPCHECK_MODEL_ACCESSSUMMARY_H

#include "RequestAnalysis.h"

#include <cstdint>
#include <optional>

namespace warpcheck {

/// Everything one block does at one access site: every warp, every dynamic
/// execution (loop iteration, call) of the site.
struct AccessSummary {
  /// Dynamic executions of the site by the block.
  unsigned Instances = 0;
  /// Warp requests: pairs of (instance, warp with an active lane).
  unsigned Requests = 0;
  /// Warp-level instructions those requests execute: Requests, except for
  /// atomics that run as loops (each iteration is one instruction, which is
  /// what Nsight Compute counts as a request). Exact only when every request
  /// is exact.
  uint64_t Instructions = 0;
  /// Sums over requests, for comparison with hardware counters.
  uint64_t TotalMinWavefronts = 0, TotalMaxWavefronts = 0, TotalIdeal = 0;
  Verdict Status = Verdict::Exact;
  /// The request with the most wavefronts.
  RequestResult Worst;
  unsigned WorstWarp = 0, WorstInstance = 0;
  std::vector<std::string> DependsOn;
  /// Set when the interpreter stopped enumerating (too many instances).
  bool Truncated = false;
  /// Whether Instances and Requests are the block's real counts: not when
  /// the access sits in a loop whose trip count is unknown, or runs with
  /// threads whose activity is unknown (the wavefronts per request stay
  /// what they are).
  bool CountsExact = true;
  /// Where the counts are not exact only because the site runs in one loop
  /// whose trip count is not known (a run-time tile count), entered once by
  /// the block: that loop's line, and Instances and Requests are one
  /// iteration's. 0 otherwise.
  unsigned PerIterationLine = 0;
  /// The fewest wavefronts any request may take, and whether exact requests
  /// differ: without exact counts, which of them run is not known, so the
  /// per-request count is a range.
  unsigned FewestWavefronts = ~0u;
  bool ExactRequestsDiffer = false;
  /// Set when the site was analyzed over a family of assumed block shapes
  /// and every request of every shape took the same exact count: the
  /// answer does not depend on which member runs, though it stays a range
  /// (a shape outside the family is not covered).
  bool SameInEveryShape = false;

  /// The worst request's byte offsets from its array's start, per lane
  /// (inactive: nullopt), when that request is exact and every offset a
  /// constant: what the report's bank map draws (BankMap.h). nullopt
  /// otherwise, and for requests added without offsets.
  std::optional<WarpAddresses> WorstOffsets;
  /// The worst request's atomic form (how its map is drawn).
  AtomicForm WorstForm = AtomicForm::Native;

  /// Adds the result of warp Warp at instance Instance; Offsets, when
  /// given, are its lanes' offsets (WorstOffsets).
  void add(const RequestResult &R, unsigned Warp, unsigned Instance,
           const WarpAddresses *Offsets = nullptr,
           AtomicForm Form = AtomicForm::Native);
  /// Whether R would become the worst request (offsets are then worth
  /// computing).
  bool replacesWorst(const RequestResult &R) const {
    return R.executes() &&
           (Requests == 0 || R.MaxWavefronts > Worst.MaxWavefronts ||
            (R.MaxWavefronts == Worst.MaxWavefronts && R.Ideal < Worst.Ideal));
  }
  /// Wavefronts of the worst request, and its ideal.
  unsigned wavefronts() const { return Worst.MaxWavefronts; }
  unsigned ideal() const { return Worst.Ideal; }
  bool conflicted() const { return Worst.MaxWavefronts > Worst.Ideal; }
};

} // namespace warpcheck

#endif
