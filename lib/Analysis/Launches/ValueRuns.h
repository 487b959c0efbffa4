//===--- ValueRuns.h - One run per value the launches pass ------*- C++ -*-===//
//
// A kernel parameter the launches pass several known values (scan's
// `arrayLength`, a host loop over the powers of two from 4 to 1024) is
// analyzed once per value: the kernel runs with each combination of the
// values of such parameters, and the runs are merged per access
// (mergeAcrossValues, KernelAnalysis.h). Every value the program passes is
// a run, so an access with the same exact count in every run is exact; one
// whose counts differ is a range that depends on the parameter. The
// parameters with the fewest values are split first, within a budget of
// engine runs; one left out stays a run-time value, as before.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_VALUERUNS_H
#define WARPCHECK_ANALYSIS_LAUNCHES_VALUERUNS_H

#include "Launches/LaunchedArgument.h"

#include "clang/AST/Decl.h"

#include <string>
#include <vector>

namespace warpcheck {

/// The most engine runs one kernel and block shape is split into.
constexpr size_t MaxValueRuns = 32;

/// The runs that together cover every value a kernel's launches pass.
struct ValueRuns {
  /// Per run: the kernel's arguments, each split parameter's Value one of
  /// the values its launches pass.
  std::vector<std::vector<LaunchedArgument>> Runs;
  /// Per run: the split parameters' values, in Names' order.
  std::vector<std::vector<int64_t>> Keys;
  /// The split parameters.
  std::vector<std::string> Names;
  /// What an access whose runs differ depends on: "the launched value of
  /// 'size'".
  std::string Depends;
  /// One per split parameter: "'size' is each of 4, 8, 16 (the values the
  /// launches pass, the first at scan.cu:226), analyzed one by one".
  std::vector<std::string> Bindings;
};

/// The runs of Kernel with Args (LaunchIndex::argumentsOf), at most MaxRuns;
/// no run when no parameter the kernel reads takes several values.
ValueRuns valueRuns(const clang::FunctionDecl *Kernel,
                    const std::vector<LaunchedArgument> &Args, size_t MaxRuns);

} // namespace warpcheck

#endif
