//===--- AnalysisActivity.cpp - What a long analysis is doing now ---------===//

#include "AnalysisActivity.h"

namespace warpcheck {

namespace {
thread_local CurrentActivity *Watched = nullptr;
} // namespace

void CurrentActivity::set(std::string NewText) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Text = std::move(NewText);
}

std::string CurrentActivity::get() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Text;
}

WatchActivity::WatchActivity(CurrentActivity &A) : Previous(Watched) {
  Watched = &A;
}

WatchActivity::~WatchActivity() { Watched = Previous; }

void noteActivity(llvm::function_ref<std::string()> Describe) {
  if (Watched)
    Watched->set(Describe());
}

} // namespace warpcheck
