//===--- ProgressWatch.cpp - Signs of life on a long file -----------------===//

#include "ProgressWatch.h"

namespace warpcheck {

ProgressWatch::ProgressWatch(bool Enabled,
                             const std::vector<std::string> &Files,
                             llvm::raw_ostream &Err, std::mutex &Lock)
    : Files(Files), Err(Err), Lock(Lock) {
  if (!Enabled)
    return;
  for (size_t I = 0; I < Files.size(); ++I)
    Slots.push_back(std::make_unique<Slot>());
  Watcher = std::thread([this] { watch(); });
}

ProgressWatch::~ProgressWatch() {
  if (!Watcher.joinable())
    return;
  {
    std::lock_guard<std::mutex> Guard(StopMutex);
    Stopping = true;
  }
  StopSignal.notify_all();
  Watcher.join();
}

std::unique_ptr<WatchActivity> ProgressWatch::start(size_t I) {
  if (Slots.empty())
    return nullptr;
  std::lock_guard<std::mutex> Guard(Lock);
  Slot &S = *Slots[I];
  S.Running = true;
  S.Start = S.Shown = Clock::now();
  return std::make_unique<WatchActivity>(S.What);
}

void ProgressWatch::finish(size_t I) {
  if (Slots.empty())
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  Slots[I]->Running = false;
}

void ProgressWatch::watch() {
  std::unique_lock<std::mutex> Guard(StopMutex);
  while (!StopSignal.wait_for(Guard, std::chrono::milliseconds(250),
                              [this] { return Stopping; }))
    showSlow(Clock::now());
}

void ProgressWatch::showSlow(Clock::time_point Now) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (size_t I = 0; I < Slots.size(); ++I) {
    Slot &S = *Slots[I];
    if (!S.Running || Now - S.Start < SlowAfter ||
        (S.Shown != S.Start && Now - S.Shown < RepeatEvery))
      continue;
    S.Shown = Now;
    std::string What = S.What.get();
    auto Seconds =
        std::chrono::duration_cast<std::chrono::seconds>(Now - S.Start);
    // Before the first kernel: parsing, or reading the files next to it.
    Err << "  ... " << Files[I] << ": "
        << (What.empty() ? "parsing" : "analyzing " + What) << " ("
        << Seconds.count() << " s)\n";
    Err.flush();
  }
}

} // namespace warpcheck
