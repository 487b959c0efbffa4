//===--- ActivityMask.h - Which threads execute ---------------------*- C++ -*-===//
//
// Per thread: active, inactive, or active depending on something unknown
// (Maybe). Code under a warp-uniform unknown condition is Conditional:
// every active thread runs it or none does. Exits record which threads
// left the current construct (return, break, continue) and how surely.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_ACTIVITYMASK_H
#define WARPCHECK_ANALYSIS_SIMT_ACTIVITYMASK_H

#include "KernelAnalysisTypes.h"
#include "RequestAnalysis.h"

#include <string>
#include <vector>

namespace warpcheck {
namespace simt {


/// How sure a thread is to have left the current construct.
enum class Exit : unsigned char { None, Uniform, Maybe, Sure };

struct Mask {
  std::vector<Activity> A;
  /// Inside code that a warp-uniform unknown condition guards: every active
  /// thread runs it, or none does.
  bool Conditional = false;
  std::vector<std::string> Deps;
  /// Whether the compiler knows the conditions that lead here.
  CompileTime CT;
  /// How many conditions unknown to the compiler lead here.
  unsigned Depth = 0;
  /// How many conditions unknown to the analysis lead here (maybe-active
  /// threads, conditional code).
  unsigned Region = 0;
};

} // namespace simt
} // namespace warpcheck

#endif
