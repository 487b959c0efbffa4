//===--- CrashContainment.cpp - One file's crash loses one file -----------===//

#include "CrashContainment.h"

#include "clang/Basic/Stack.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/thread.h"

#include <csignal>
#include <memory>
#include <mutex>
#include <optional>

namespace warpcheck {

namespace {

/// The alternate stack a crash signal runs its handler on.
constexpr size_t SignalStackBytes = 256u << 10;

/// CrashRecoveryContext installs its handlers without SA_ONSTACK: a stack
/// overflow could not run them and would kill the process. They are
/// installed again, the same, to run on the alternate stack.
void deliverCrashSignalsOnAlternateStack() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::CrashRecoveryContext::Enable();
    for (int Signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
      struct sigaction Action;
      if (sigaction(Signal, nullptr, &Action) != 0)
        continue;
      Action.sa_flags |= SA_ONSTACK;
      sigaction(Signal, &Action, nullptr);
    }
  });
}

/// This thread's alternate signal stack, for as long as it lives.
class AlternateSignalStack {
public:
  AlternateSignalStack() : Memory(new char[SignalStackBytes]) {
    stack_t Stack = {};
    Stack.ss_sp = Memory.get();
    Stack.ss_size = SignalStackBytes;
    Installed = sigaltstack(&Stack, &Previous) == 0;
  }
  ~AlternateSignalStack() {
    if (Installed)
      sigaltstack(&Previous, nullptr);
  }

private:
  std::unique_ptr<char[]> Memory;
  stack_t Previous = {};
  bool Installed = false;
};

} // namespace

bool runContained(llvm::function_ref<void()> Fn) {
  deliverCrashSignalsOnAlternateStack();
  bool Finished = false;
  llvm::thread Thread(std::optional<unsigned>(limits::AnalysisStackBytes), [&] {
    AlternateSignalStack Alternate;
    clang::noteBottomOfStack();
    llvm::CrashRecoveryContext CRC;
    Finished = CRC.RunSafely(Fn);
  });
  Thread.join();
  return Finished;
}

} // namespace warpcheck
