//===--- ReplayMain.cpp - Runs a fuzz target on files, without libFuzzer --===//
//
// `replay-TARGET FILE_OR_DIR...` feeds each file (directories: each regular
// file in them, sorted) to the target's LLVMFuzzerTestOneInput, as libFuzzer
// would replay a crash. A crash or a broken invariant aborts; ctest runs it
// on test/fuzz/regressions/TARGET and the seeds in test/fuzz/corpus/TARGET.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);
extern "C" int LLVMFuzzerInitialize(int *Argc, char ***Argv)
    __attribute__((weak));

int main(int Argc, char **Argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&Argc, &Argv);
  std::vector<std::string> Files;
  for (int I = 1; I < Argc; ++I) {
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
  for (const std::string &F : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(F, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf) {
      std::fprintf(stderr, "replay: cannot read %s\n", F.c_str());
      return 1;
    }
    std::fprintf(stderr, "replay: %s\n", F.c_str());
    LLVMFuzzerTestOneInput(
        reinterpret_cast<const uint8_t *>((*Buf)->getBufferStart()),
        (*Buf)->getBufferSize());
  }
  std::printf("replay: %zu inputs, no crash\n", Files.size());
  return 0;
}
