//===--- AnalysisReport.cpp - Which report a check run writes to ----------===//

#include "AnalysisReport.h"

#include "llvm/ADT/DenseMap.h"

#include <cassert>

namespace warpcheck {
namespace {
// Keyed by the context, not by thread: with -j, files are analyzed on
// several threads at once, each with its own ClangTidyContext.
std::mutex RegistryMutex;
llvm::DenseMap<const clang::tidy::ClangTidyContext *, AnalysisReport *>
    Registry;
} // namespace

AnalysisReport *reportFor(const clang::tidy::ClangTidyContext &Context) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  return Registry.lookup(&Context);
}

AttachReport::AttachReport(const clang::tidy::ClangTidyContext &Context,
                           AnalysisReport &Report)
    : Context(Context) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  [[maybe_unused]] bool New = Registry.try_emplace(&Context, &Report).second;
  assert(New && "a context writes to one report at a time");
}

AttachReport::~AttachReport() {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  Registry.erase(&Context);
}

} // namespace warpcheck
