//===--- Output.h - What the report writers share --------------*- C++ -*-===//
//
// Positions, fingerprints, the baseline and the --verify-ptx table; each
// format's writer is in its own <Format>ReportWriter.cpp (ReportWriter.h).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_OUTPUT_H
#define WARPCHECK_DRIVER_OUTPUT_H

#include "AnalysisReport.h"
#include "NvccVerifier.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/Support/Error.h"
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

/// As lineColumn, the column counted in Unicode code points (UTF-8 lead
/// bytes) rather than bytes: what SARIF's "unicodeCodePoints" means.
std::pair<unsigned, unsigned> lineCodePointColumn(const std::string &Path,
                                                  unsigned Offset);

/// Path relative to the working directory when it is under it, else as
/// given (SARIF and GitHub annotations name files in the repository).
std::string relativeToWorkingDirectory(const std::string &Path);

/// Path percent-encoded as an RFC 3986 URI path: every byte but the
/// unreserved characters and '/' becomes %XX ("my file#1.cu" is
/// "my%20file%231.cu"), so that no '#', '?' or '%' changes the URI's meaning.
std::string percentEncodePath(llvm::StringRef Path);

/// The file:// URI of Path, made absolute first.
std::string fileUri(llvm::StringRef Path);

/// What identifies an access across the files of a run: a header's access
/// seen from several files is one access; instances of one template at the
/// same place (in the user's function or in library code) stay apart.
std::string accessKey(const AccessRecord &A);

/// A short id of an access ("a" and 16 hex digits of accessKey's hash):
/// the JSON's "id" and the HTML report's anchor of its section.
std::string accessId(const AccessRecord &A);

/// The text of line Line (1-based) of Path, without its newline; empty
/// when the file cannot be read or has no such line.
std::string sourceLine(const std::string &Path, unsigned Line);

/// A finding's identity across edits that move it: the check, the message,
/// the file name and the text of its line, not the line number.
std::string fingerprint(const clang::tidy::ClangTidyError &E);

/// Fingerprints of a previous report (warpcheck JSON or SARIF); each may
/// occur several times.
llvm::Expected<std::multiset<std::string>>
readBaseline(const std::string &Path);

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

} // namespace warpcheck

#endif
