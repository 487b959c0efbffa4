//===--- FuzzNvccCommand.cpp - nvcc/clang command translation -------------===//
//
// A random argv (NUL-separated; the first byte picks the compiler and the
// CUDA headers) through dropUnsafeFlags and translateCommand, as every
// compile command of a database goes. Invariants: the filter is idempotent
// (nothing it keeps is unsafe), and the translation of a filtered command
// reintroduces no flag that writes a file, loads code or runs a program.
// Arity (issue 24): in an nvcc command, no value of a flag that takes one
// (nvcc's table, NvccFlags.h) comes out of the translation as an input.
//
//===----------------------------------------------------------------------===//

#include "CudaToolchain.h"
#include "FuzzInput.h"
#include "NvccFlags.h"
#include "SafeInput.h"

#include "llvm/ADT/StringSet.h"

using namespace warpcheck;

namespace {

/// The arguments of an nvcc command that stand alone, by the option table:
/// neither a flag nor the separate value of one.
llvm::StringSet<> standaloneArguments(const std::vector<std::string> &Args) {
  llvm::StringSet<> Inputs;
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I], Value;
    bool Joined;
    const NvccFlag *F = findNvccFlag(A, Value, Joined);
    if (F && F->TakesValue && !Joined) {
      ++I;
      continue;
    }
    if (!A.starts_with("-"))
      Inputs.insert(A);
  }
  return Inputs;
}

/// Every argument of the translation's project part that clang reads as an
/// input is one the nvcc command had standing alone.
void checkNoValueBecameInput(const std::vector<std::string> &Nvcc,
                             const TranslatedCommand &T) {
  llvm::StringSet<> Inputs = standaloneArguments(Nvcc);
  static const llvm::StringSet<> SeparateValue = {
      "-I", "-D", "-U", "-isystem", "-include", "-iquote", "-x", "-idirafter"};
  for (size_t I = T.FrontEnd; I < T.Args.size(); ++I) {
    llvm::StringRef A = T.Args[I];
    if (SeparateValue.contains(A)) {
      ++I;
      continue;
    }
    if (!A.starts_with("-") && !Inputs.contains(A))
      fuzz::fail("the value '" + A.str() + "' became an input");
  }
}

} // namespace

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
  if (!(Mode & 2)) // nvcc (Compilers)
    checkNoValueBecameInput(Safe, T);
  std::vector<std::string> Translated = T.Args;
  std::vector<std::string> Unsafe = dropUnsafeFlags(Translated);
  if (!Unsafe.empty())
    fuzz::fail("the translation of a filtered command holds '" + Unsafe[0] +
               "'");
  return 0;
}
