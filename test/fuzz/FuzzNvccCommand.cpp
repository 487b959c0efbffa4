//===--- FuzzNvccCommand.cpp - nvcc/clang command translation -------------===//
//
// A random argv (NUL-separated; the first byte picks the compiler and the
// CUDA headers) through dropUnsafeFlags and translateCommand, as every
// compile command of a database goes. Invariants: the filter is idempotent
// (nothing it keeps is unsafe), and the translation of a filtered command
// reintroduces no flag that writes a file, loads code or runs a program.
//
//===----------------------------------------------------------------------===//

#include "CudaToolchain.h"
#include "FuzzInput.h"
#include "SafeInput.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::ByteReader In(Data, Size);
  uint8_t Mode = In.byte();
  static const char *Compilers[] = {"nvcc", "/usr/local/cuda/bin/nvcc",
                                    "clang++", "/usr/bin/clang++-19"};
  std::vector<std::string> Args = {Compilers[Mode & 3]};
  llvm::SmallVector<llvm::StringRef, 32> Parts;
  In.rest().split(Parts, '\0');
  for (llvm::StringRef P : Parts)
    if (Args.size() < 512)
      Args.push_back(P.str());

  ParseOptions Options;
  if (Mode & 4) {
    Options.Headers.ToolkitPath = "/usr/local/cuda";
    Options.Headers.ToolkitVersion = "13.0";
  }
  Options.ResourceDir = "/usr/lib/llvm-19/lib/clang/19";
  if (Mode & 8)
    Options.StubbedHeaders = {"omp.h", "vendor/sdk.h"};

  // Untranslated, as a fixed database hands it over.
  (void)translateCommand(Args, Options);

  std::vector<std::string> Safe = Args;
  dropUnsafeFlags(Safe);
  std::vector<std::string> Again = Safe;
  if (!dropUnsafeFlags(Again).empty() || Again != Safe)
    fuzz::fail("dropUnsafeFlags is not idempotent");
  TranslatedCommand T = translateCommand(Safe, Options);
  std::vector<std::string> Translated = T.Args;
  std::vector<std::string> Unsafe = dropUnsafeFlags(Translated);
  if (!Unsafe.empty())
    fuzz::fail("the translation of a filtered command holds '" + Unsafe[0] +
               "'");
  return 0;
}
