//===--- SharedBankConflictCheck.h - warpcheck-shared-bank-conflict -*- C++
//-*-===//
//
// Finds shared-memory accesses whose warp requests take more wavefronts
// than their ideal because several lanes ask one bank for different words.
// Every kernel is interpreted once per block shape (KernelAnalysis, shared
// with the other checks through TranslationUnitAnalysis); every warp of the
// block and every execution of the access is judged by the bank model.
// Undecidable accesses are reported as such, with what they depend on. The
// layout fix of each array is decided by proposeLayout (LayoutProposal.h);
// this check renders it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_SHAREDBANKCONFLICTCHECK_H
#define WARPCHECK_CHECKS_SHAREDBANKCONFLICTCHECK_H

#include "AnalysisReport.h"
#include "KernelCheck.h"
#include "LayoutProposal.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

class SharedBankConflictCheck : public KernelCheck {
public:
  SharedBankConflictCheck(llvm::StringRef Name,
                          clang::tidy::ClangTidyContext *Context);
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
    /// The report's records of every shape, by array: given the fix's bank
    /// map once the fix is decided, then added to the report.
    std::vector<std::pair<const clang::VarDecl *, AccessRecord>> Records;
  };

  void startTranslationUnit(TranslationUnitAnalysis &TU) override;
  /// Every shape's analysis rendered, then each array's layout fix.
  void checkKernel(const clang::FunctionDecl *Kernel) override;
  void analyzeShape(const clang::FunctionDecl *Kernel,
                    const BlockShapeChoice &Shape, KernelFindings &K);
  AccessRecord recordAccess(AnalysisReport &Report,
                            const KernelAnalysis &Interp,
                            const SharedAccessSite &Site,
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
  /// The proposal's notes and edit on F, and its claim in the report.
  void renderProposal(const clang::FunctionDecl *Kernel,
                      const clang::VarDecl *Array, const LayoutProposal &P,
                      Finding &F);
  void emit(const std::vector<Finding> &Findings);

  // Options.
  const unsigned MinWays;
  const bool ReportUnknown;
  /// auto, pad, swizzle or none: which layout fix becomes the edit.
  const std::string FixStyleOption;
  const LayoutProposalOptions Fix;
  const InterpreterLimits Limits;
};

} // namespace warpcheck

#endif
