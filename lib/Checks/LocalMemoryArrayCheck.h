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
#include "KernelCheck.h"
#include "LocalArrayAnalysis.h"

namespace warpcheck {

class LocalMemoryArrayCheck : public KernelCheck {
public:
  LocalMemoryArrayCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Judges the kernel's arrays on the first of its block shapes (where
  /// arrays live hardly depends on the shape; the run is the one the
  /// bank-conflict check reads for that shape) and renders the verdicts.
  void checkKernel(const clang::FunctionDecl *Kernel) override;
  /// What the JSON report and --verify-ptx read: the kernel and its arrays.
  void recordKernel(AnalysisReport &Report, const clang::FunctionDecl *Kernel,
                    const std::string &KName,
                    const std::vector<LocalArrayVerdict> &Verdicts);
  /// One array's warning or remark, and its notes.
  void render(const LocalArrayVerdict &V, const std::string &KName);

  const InterpreterLimits Limits;
  const LocalArrayOptions ArrayOptions;
};

} // namespace warpcheck

#endif
