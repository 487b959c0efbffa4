//===--- AnalysisActivity.h - What a long analysis is doing now -*- C++ -*-===//
//
// A file can take minutes (a template-heavy kernel analyzed for several
// block shapes): --progress shows which kernel and shape it is on. The
// driver gives the thread that analyzes a file a CurrentActivity
// (WatchActivity); the analysis says what it starts (noteActivity), which
// costs nothing when no one watches.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_ANALYSISACTIVITY_H
#define WARPCHECK_ANALYSIS_ANALYSISACTIVITY_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <mutex>
#include <string>

namespace warpcheck {

/// The last thing one file's analysis started; read from another thread.
class CurrentActivity {
public:
  void set(std::string Text);
  std::string get() const;

private:
  mutable std::mutex Mutex;
  std::string Text;
};

/// While one lives, noteActivity on this thread updates A.
class WatchActivity {
public:
  explicit WatchActivity(CurrentActivity &A);
  ~WatchActivity();
  WatchActivity(const WatchActivity &) = delete;
  WatchActivity &operator=(const WatchActivity &) = delete;

private:
  CurrentActivity *Previous;
};

/// Describe()'s text becomes this thread's activity, when it is watched.
void noteActivity(llvm::function_ref<std::string()> Describe);

} // namespace warpcheck

#endif
