//===--- LaunchedArgument.h - A kernel parameter its launches fix -*- C++
//-*-===//
//
// A kernel parameter that every launch in the file passes the same
// compile-time value has that value in the analysis: a stride or pitch
// parameter is then decided exactly instead of per residue. One the
// launches pass several known values (a host loop over sizes) is analyzed
// once per value and the answers merged (TranslationUnitAnalysis.h). The
// launch index (LaunchIndex.h) finds them; the engine reads Value.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_LAUNCHEDARGUMENT_H
#define WARPCHECK_ANALYSIS_LAUNCHES_LAUNCHEDARGUMENT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// The most values of one parameter analyzed one by one.
constexpr size_t MaxLaunchedValues = 16;

/// What the launches of one kernel fix about one integer parameter.
struct LaunchedArgument {
  /// The value every launch passes, when they all pass the same constant.
  std::optional<int64_t> Value;
  /// Every value the launches pass, sorted, when each launch's are known
  /// and they are at most MaxLaunchedValues (one: Value).
  std::vector<int64_t> Values;
  /// "main.cu:88" for the first launch (for the note).
  std::string FirstLaunch;
  /// Launches seen.
  unsigned Launches = 0;
};

} // namespace warpcheck

#endif
