//===--- SharedBankConflictCheck.h - warpcheck-shared-bank-conflict -*- C++
//-*-===//
//
// Finds shared-memory accesses whose warp requests take more wavefronts
// than their ideal because several lanes ask one bank for different words.
// Every kernel is interpreted once per block shape (KernelAnalysis, shared
// with the other checks through KernelAnalysisCache); every warp of the
// block and every execution of the access is judged by the bank model.
// Undecidable accesses are reported as such, with what they depend on.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_SHAREDBANKCONFLICTCHECK_H
#define WARPCHECK_CHECKS_SHAREDBANKCONFLICTCHECK_H

#include "AnalysisReport.h"
#include "KernelAnalysisCache.h"
#include "LaunchConfig.h"
#include "LayoutProposal.h"

#include <map>
#include <memory>
#include <optional>

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SetVector.h"

namespace warpcheck {

class SharedBankConflictCheck : public clang::tidy::ClangTidyCheck {
public:
  SharedBankConflictCheck(llvm::StringRef Name,
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
  /// A warning and its notes, collected over every block shape of a kernel
  /// so one site gets one warning with a note per shape.
  struct Finding {
    clang::SourceLocation Loc;
    std::string Message;
    std::vector<std::string> Notes;
    /// Notes elsewhere (the fix, at the declaration) and the edit.
    std::vector<std::pair<clang::SourceLocation, std::string>> FixNotes;
    std::vector<clang::FixItHint> Fixes;
  };
  /// One kernel's findings over every block shape, and what its arrays'
  /// fixes need.
  struct KernelFindings {
    std::vector<Finding> Findings;
    ArrayRequestMap Arrays;
    /// The first warning about each array, which carries its fix.
    std::map<const clang::VarDecl *, size_t> FirstFinding;
  };

  // While matching: what the translation unit holds.
  void startTranslationUnit(clang::ASTContext &Ctx);
  void addKernel(const clang::FunctionDecl *Kernel,
                 const clang::SourceManager &SM);
  void addHostCode(const clang::FunctionDecl *Host,
                   const clang::SourceManager &SM);
  void addDeviceCode(const clang::Decl *D, const clang::SourceManager &SM);

  // At the end: each kernel's analyses, rendered.
  void checkKernel(const clang::FunctionDecl *Kernel,
                   TranslationUnitRecord &TU);
  void analyzeKernel(const clang::FunctionDecl *Kernel,
                     const BlockShapeChoice &Shape, KernelFindings &K);
  void recordAccess(AnalysisReport &Report, const SharedAccessSite &Site,
                    const BlockShapeChoice &Shape,
                    const std::string &KernelName, Verdict Status,
                    const std::vector<std::string> &Depends);
  std::string libraryLocation(const SharedAccessSite &Site) const;
  void renderSite(const SharedAccessSite &Site, const BlockShapeChoice &Shape,
                  const std::string &KernelName, Verdict Status,
                  const std::vector<std::string> &Depends, KernelFindings &K);
  static void addFinding(KernelFindings &K, const clang::VarDecl *Array,
                         clang::SourceLocation Loc, std::string Message,
                         std::string Note);
  void emit(const std::vector<Finding> &Findings);
  /// The proposal's notes and edit on F, and its claim in the report.
  void renderProposal(const clang::FunctionDecl *Kernel,
                      const clang::VarDecl *Array, const LayoutProposal &P,
                      Finding &F);

  // Options.
  const std::string BlockDimOption;
  const std::string KernelBlockDimsOption;
  const unsigned MinWays;
  const bool ReportUnknown;
  const unsigned MaxLoopIterations;
  /// auto, pad, swizzle or none: which layout fix becomes the edit.
  const std::string FixStyle;
  const unsigned MaxPad;
  BlockShapeOptions Shapes;

  /// Where the driver's report for this run is (reportFor).
  clang::tidy::ClangTidyContext *const TidyContext;

  // Per translation unit.
  clang::ASTContext *Context = nullptr;
  /// The translation unit's analyses, shared with the other checks.
  std::shared_ptr<KernelAnalysisCache> Analyses;
  /// In the order first matched, once each.
  llvm::SetVector<const clang::FunctionDecl *> Kernels;
  /// Kernel templates clang never instantiated because it rejected one of
  /// their __shared__ objects (RejectedSharedObjects.h), with that object:
  /// reported as not analyzed, never dropped.
  llvm::SmallVector<std::pair<const clang::FunctionDecl *,
                              const clang::VarDecl *>,
                    1>
      RejectedTemplates;
  LaunchSites Launches;
  bool HasDeviceCode = false;
  std::vector<std::pair<unsigned, unsigned>> DeviceRanges, HostRanges;
};

} // namespace warpcheck

#endif
