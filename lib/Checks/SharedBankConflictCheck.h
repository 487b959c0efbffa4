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
#include "BankHeadline.h"
#include "KernelCheck.h"
#include "LayoutProposal.h"

#include <map>
#include <optional>
#include <set>
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
  /// and every access kind of one expression at the site (the load and the
  /// store of `+=`), so one site gets one warning with notes per shape.
  struct Finding {
    clang::SourceLocation Loc;
    const clang::VarDecl *Array = nullptr;
    /// "'s'" or "shared memory".
    std::string Target;
    std::vector<HeadlinePart> Parts;
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
    /// The host values the shape being rendered assumes ("'nx' is 1024 at
    /// the launch at t.cu:56"), each said once per kernel.
    std::vector<std::string> Bindings;
    std::set<std::string> BindingsSaid;
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
                         clang::SourceLocation Loc, const std::string &Target,
                         HeadlinePart Part,
                         const std::vector<std::string> &Notes);
  /// The proposal's notes and edit on F, and its claim in the report.
  void renderProposal(const clang::FunctionDecl *Kernel,
                      const clang::VarDecl *Array, const LayoutProposal &P,
                      Finding &F);
  /// What each layout of P that has an edit claims, for the driver's proof
  /// and the editor's actions (AnalysisReport.h FixClaim).
  void claimLayouts(const clang::FunctionDecl *Kernel,
                    const clang::VarDecl *Array, const LayoutProposal &P,
                    const KernelFindings &K);
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
