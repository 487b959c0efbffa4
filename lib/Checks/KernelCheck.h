//===--- KernelCheck.h - A check that renders each kernel -------*- C++ -*-===//
//
// What every warpcheck check does the same way. While matching, it tells
// the translation unit's analysis (TranslationUnitAnalysis.h) what the
// translation unit holds: kernels, host code, device code. At the end of
// the translation unit, it renders each kernel whose body parsed
// (checkKernel), reading shapes and results from that analysis, and one of
// the checks reports the translation unit itself (kernels analyzed and
// skipped, parse notes, code ranges) to the driver: one record per
// translation unit, whichever checks run.
//
// The block-shape options are read here, once, for every check: both checks
// analyze the shapes the bank-conflict check's BlockDim and KernelBlockDims
// (--block-dim, --kernel-block-dim) ask for.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_KERNELCHECK_H
#define WARPCHECK_CHECKS_KERNELCHECK_H

#include "AnalysisReport.h"
#include "Launches/BlockShapePolicy.h"
#include "TranslationUnitAnalysis.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

/// The block-shape options as the configuration spells them, and parsed.
struct BlockShapeSettings {
  /// "warpcheck-shared-bank-conflict.BlockDim" and ".KernelBlockDims".
  std::string BlockDim, KernelBlockDims;
  BlockShapeOptions Shapes;
  /// What is wrong with them, one message each (empty when nothing).
  std::vector<std::string> Errors;

  /// Read from Context's options for the current file.
  static BlockShapeSettings read(const clang::tidy::ClangTidyContext &Context);
};

class KernelCheck : public clang::tidy::ClangTidyCheck {
public:
  KernelCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) final;
  void onEndOfTranslationUnit() final;

protected:
  /// Once per translation unit, while matching and before any result is
  /// read: say what every run needs (TranslationUnitAnalysis::wantCapture).
  virtual void startTranslationUnit(TranslationUnitAnalysis &) {}
  /// Renders one kernel whose body parsed, at the end of the translation
  /// unit, in the order the kernels were found.
  virtual void checkKernel(const clang::FunctionDecl *Kernel) = 0;

  TranslationUnitAnalysis &analysis() const { return *Analyses; }
  clang::ASTContext &astContext() const { return *Context; }
  /// The driver's report for this run, or nullptr (the clang-tidy plugin).
  AnalysisReport *report() const;

  /// Read once, in the constructor.
  const BlockShapeSettings ShapeSettings;

private:
  /// Where the driver's report for this run is (reportFor).
  clang::tidy::ClangTidyContext *const TidyContext;
  // Per translation unit.
  clang::ASTContext *Context = nullptr;
  std::shared_ptr<TranslationUnitAnalysis> Analyses;
};

} // namespace warpcheck

#endif
