//===--- CrashContainment.cpp - One file's crash loses one file -----------===//

#include "CrashContainment.h"

#include "clang/Basic/Stack.h"
#include "llvm/Support/CrashRecoveryContext.h"

#include <csignal>
#include <memory>
#include <mutex>
#include <pthread.h>

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

namespace {

struct Contained {
  llvm::function_ref<void()> Fn;
  bool Finished = false;
};

void runHere(Contained &C) {
  AlternateSignalStack Alternate;
  clang::noteBottomOfStack();
  llvm::CrashRecoveryContext CRC;
  C.Finished = CRC.RunSafely(C.Fn);
}

void *runOnThread(void *Arg) {
  runHere(*static_cast<Contained *>(Arg));
  return nullptr;
}

/// Runs C on a new thread with a Bytes stack; false when the thread cannot
/// be made (an address-space limit, `ulimit -v`, refuses the stack).
bool runOnNewThread(Contained &C, size_t Bytes) {
  pthread_attr_t Attr;
  if (pthread_attr_init(&Attr) != 0)
    return false;
  pthread_t Thread;
  bool Made = pthread_attr_setstacksize(&Attr, Bytes) == 0 &&
              pthread_create(&Thread, &Attr, runOnThread, &C) == 0;
  pthread_attr_destroy(&Attr);
  if (Made)
    pthread_join(Thread, nullptr);
  return Made;
}

} // namespace

bool runContained(llvm::function_ref<void()> Fn) {
  deliverCrashSignalsOnAlternateStack();
  Contained C{Fn};
  // The large stack when the address space allows it, a smaller one, else
  // this thread's own (still under crash recovery).
  for (size_t Bytes : {size_t(limits::AnalysisStackBytes),
                       size_t(limits::AnalysisStackBytes) / 4})
    if (runOnNewThread(C, Bytes))
      return C.Finished;
  runHere(C);
  return C.Finished;
}

} // namespace warpcheck
