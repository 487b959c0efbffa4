//===--- LaunchedArgument.h - A kernel parameter its launches fix -*- C++
//-*-===//
//
// A kernel parameter that every launch in the file passes the same
// compile-time value has that value in the analysis: a stride or pitch
// parameter is then decided exactly instead of per residue. The launch
// index (LaunchIndex.h) finds it; the engine reads it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_LAUNCHEDARGUMENT_H
#define WARPCHECK_ANALYSIS_LAUNCHES_LAUNCHEDARGUMENT_H

#include <cstdint>
#include <optional>
#include <string>

namespace warpcheck {

/// What the launches of one kernel fix about one integer parameter.
struct LaunchedArgument {
  /// The value every launch passes, when they all pass the same constant.
  std::optional<int64_t> Value;
  /// "main.cu:88" for the first launch (for the note).
  std::string FirstLaunch;
  /// Launches seen.
  unsigned Launches = 0;
};

} // namespace warpcheck

#endif
