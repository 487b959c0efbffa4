//===--- ReplayMain.cpp - Runs a fuzz target on files, without libFuzzer --===//
//
// `replay-TARGET [--timeout=S] FILE_OR_DIR...` feeds each file (directories:
// each regular file in them, sorted) to the target's LLVMFuzzerTestOneInput,
// as libFuzzer would replay a crash. A crash or a broken invariant aborts; an
// input that runs longer than S seconds (a hang, as libFuzzer's -timeout)
// aborts naming it. ctest runs it on test/fuzz/regressions/TARGET and the
// seeds in test/fuzz/corpus/TARGET; scripts/fuzz-mutants.py on the release
// build over many mutated files.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);
extern "C" int LLVMFuzzerInitialize(int *Argc, char ***Argv)
    __attribute__((weak));

int main(int Argc, char **Argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&Argc, &Argv);
  using Clock = std::chrono::steady_clock;
  std::vector<std::string> Files;
  long Timeout = 0;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg.rfind("--timeout=", 0) == 0) {
      Timeout = std::atol(Arg.c_str() + 10);
      continue;
    }
    if (!llvm::sys::fs::is_directory(Argv[I])) {
      Files.push_back(Argv[I]);
      continue;
    }
    std::error_code EC;
    std::vector<std::string> InDir;
    for (llvm::sys::fs::directory_iterator It(Argv[I], EC), End;
         It != End && !EC; It.increment(EC))
      if (llvm::sys::fs::is_regular_file(It->path()))
        InDir.push_back(It->path());
    std::sort(InDir.begin(), InDir.end());
    Files.insert(Files.end(), InDir.begin(), InDir.end());
  }
  if (Files.empty()) {
    std::fprintf(stderr, "replay: no input files\n");
    return 1;
  }
  // The watchdog: the input running now and since when.
  std::atomic<const std::string *> Current{nullptr};
  std::atomic<int64_t> Started{0};
  auto Now = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               Clock::now().time_since_epoch())
        .count();
  };
  if (Timeout > 0)
    std::thread([&] {
      for (;;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const std::string *F = Current.load();
        if (F && Now() - Started.load() > Timeout * 1000) {
          std::fprintf(stderr, "replay: hang: %s ran over %ld s\n", F->c_str(),
                       Timeout);
          std::_Exit(3);
        }
      }
    }).detach();
  int64_t Slowest = 0;
  std::string SlowestFile;
  for (const std::string &F : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(F, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf) {
      std::fprintf(stderr, "replay: cannot read %s\n", F.c_str());
      return 1;
    }
    std::fprintf(stderr, "replay: %s\n", F.c_str());
    Started = Now();
    Current = &F;
    LLVMFuzzerTestOneInput(
        reinterpret_cast<const uint8_t *>((*Buf)->getBufferStart()),
        (*Buf)->getBufferSize());
    Current = nullptr;
    if (Now() - Started > Slowest) {
      Slowest = Now() - Started;
      SlowestFile = F;
    }
  }
  std::printf("replay: %zu inputs, no crash; slowest %.2f s (%s)\n",
              Files.size(), Slowest / 1000.0, SlowestFile.c_str());
  return 0;
}
