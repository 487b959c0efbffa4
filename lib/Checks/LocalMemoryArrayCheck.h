//===--- LocalMemoryArrayCheck.h - warpcheck-local-memory-array -*- C++ -*-===//
//
// Finds per-thread arrays that live in local memory in the final machine
// code (a PTX depot ptxas keeps: an index not known at compile time after
// unrolling, an address that escapes) and arrays too large for the register
// file, with the reason and the fix. A PTX depot ptxas moves back to
// registers is a remark, not a warning.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_LOCALMEMORYARRAYCHECK_H
#define WARPCHECK_CHECKS_LOCALMEMORYARRAYCHECK_H

#include "AnalysisReport.h"
#include "KernelAnalysisCache.h"
#include "Launches/BlockShapePolicy.h"
#include "LocalArrayAnalysis.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SetVector.h"

namespace warpcheck {

class LocalMemoryArrayCheck : public clang::tidy::ClangTidyCheck {
public:
  LocalMemoryArrayCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Context);
  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void analyzeKernel(const clang::FunctionDecl *Kernel);
  /// What the JSON report and --verify-ptx read: the kernel and its arrays.
  void recordKernel(AnalysisReport &Report, const clang::FunctionDecl *Kernel,
                    const std::string &KName,
                    const std::vector<LocalArrayVerdict> &Verdicts);
  /// One array's warning or remark, and its notes.
  void render(const LocalArrayVerdict &V, const std::string &KName);

  const unsigned UnrollBudget;
  const unsigned MaxLoopIterations;
  /// The code is built with nvcc -G: every array stays in local memory.
  const bool DeviceDebug;

  /// Where the driver's report for this run is (reportFor).
  clang::tidy::ClangTidyContext *const TidyContext;

  clang::ASTContext *Context = nullptr;
  /// The translation unit's analyses, shared with the other checks.
  std::shared_ptr<KernelAnalysisCache> Analyses;
  /// In the order first matched, once each.
  llvm::SetVector<const clang::FunctionDecl *> Kernels;
};

} // namespace warpcheck

#endif
