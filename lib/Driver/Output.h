//===--- Output.h - warpcheck's reports: text table, JSON, SARIF -*- C++
//-*-===//
#ifndef WARPCHECK_DRIVER_OUTPUT_H
#define WARPCHECK_DRIVER_OUTPUT_H

#include "AnalysisReport.h"
#include "NvccVerifier.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warpcheck {

/// Line and column (1-based) of a byte offset in a file (thread-safe).
std::pair<unsigned, unsigned> lineColumn(const std::string &Path,
                                         unsigned Offset);

/// A finding's identity across edits that move it: the check, the message,
/// the file name and the text of its line, not the line number.
std::string fingerprint(const clang::tidy::ClangTidyError &E);

/// Fingerprints of a previous report (warpcheck JSON or SARIF); each may
/// occur several times.
std::optional<std::multiset<std::string>> readBaseline(const std::string &Path,
                                                       std::string &Error);

/// One kernel's predicted and compiled local memory.
struct KernelComparison {
  KernelRecord Kernel;
  std::optional<uint64_t> Depot;
  std::optional<PtxasFrame> Frame;
  std::optional<SassLocal> Sass;
  /// The PTX depot is there exactly when warpcheck says so.
  std::optional<bool> ptxAgrees() const;
  /// ptxas keeps a frame (and spills) exactly when warpcheck's final-code
  /// verdict says so.
  std::optional<bool> ptxasAgrees() const;
  /// The SASS has LDL/STL exactly when the final-code verdict says local.
  std::optional<bool> sassAgrees() const;
};

void printComparison(const std::vector<KernelComparison> &Rows,
                     llvm::raw_ostream &Out);

llvm::json::Object accessJson(const AccessRecord &R);
llvm::json::Object kernelJson(const KernelComparison &R);
llvm::json::Object localArrayJson(const LocalArrayRecord &R);
llvm::json::Object diagnosticJson(const clang::tidy::ClangTidyError &E,
                                  bool AsError);

/// SARIF 2.1.0, as GitHub code scanning reads it.
class SarifWriter {
public:
  void add(const clang::tidy::ClangTidyError &E, bool AsError);
  llvm::json::Value document(const std::string &Version) const;

private:
  llvm::json::Array Results;
};

} // namespace warpcheck

#endif
