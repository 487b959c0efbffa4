//===--- ProgressWatch.h - Signs of life on a long file ---------*- C++ -*-===//
//
// With --progress, a file that takes longer than SlowAfter gets a line on
// stderr naming what its analysis is on (AnalysisActivity.h: the kernel and
// block shape), then another every RepeatEvery while it lasts:
//   `  ... k.cu: analyzing 'mmq<64>' with block 256x1x1 (12 s)`.
// One thread watches every file being analyzed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_PROGRESSWATCH_H
#define WARPCHECK_DRIVER_PROGRESSWATCH_H

#include "AnalysisActivity.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace warpcheck {

class ProgressWatch {
public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::seconds SlowAfter{2}, RepeatEvery{5};

  /// Watches Files (by index) when Enabled, writing to Err under Lock (the
  /// progress lines' lock).
  ProgressWatch(bool Enabled, const std::vector<std::string> &Files,
                llvm::raw_ostream &Err, std::mutex &Lock);
  /// Stops the watching thread.
  ~ProgressWatch();
  ProgressWatch(const ProgressWatch &) = delete;
  ProgressWatch &operator=(const ProgressWatch &) = delete;

  /// File I's analysis starts on this thread: its activity is watched while
  /// the returned object lives (null when not enabled).
  std::unique_ptr<WatchActivity> start(size_t I);
  /// File I is done.
  void finish(size_t I);

private:
  struct Slot {
    CurrentActivity What;
    bool Running = false;
    Clock::time_point Start, Shown;
  };
  void watch();
  void showSlow(Clock::time_point Now);

  const std::vector<std::string> &Files;
  llvm::raw_ostream &Err;
  std::mutex &Lock;
  std::vector<std::unique_ptr<Slot>> Slots;
  std::mutex StopMutex;
  std::condition_variable StopSignal;
  bool Stopping = false;
  std::thread Watcher;
};

} // namespace warpcheck

#endif
