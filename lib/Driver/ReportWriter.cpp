//===--- ReportWriter.cpp - The table of output formats -------------------===//

#include "ReportWriter.h"

#include <iterator>
#include <vector>

using namespace clang::tidy;

namespace warpcheck {

// Each defined in its own file (<Name>ReportWriter.cpp).
std::unique_ptr<ReportWriter> makeTextReportWriter(const DriverOptions &,
                                                   llvm::raw_ostream &,
                                                   llvm::raw_ostream &);
std::unique_ptr<ReportWriter> makeJsonReportWriter(const DriverOptions &,
                                                   llvm::raw_ostream &,
                                                   llvm::raw_ostream &);
std::unique_ptr<ReportWriter> makeSarifReportWriter(const DriverOptions &,
                                                    llvm::raw_ostream &,
                                                    llvm::raw_ostream &);
std::unique_ptr<ReportWriter> makeGithubReportWriter(const DriverOptions &,
                                                     llvm::raw_ostream &,
                                                     llvm::raw_ostream &);
std::unique_ptr<ReportWriter> makeHtmlReportWriter(const DriverOptions &,
                                                   llvm::raw_ostream &,
                                                   llvm::raw_ostream &);

namespace {
const ReportFormat BuiltinFormats[] = {
    {"text", "clang-style diagnostics (default)", makeTextReportWriter},
    {"json",
     "every analyzed access and every diagnostic, as JSON "
     "(docs/json-format.md)",
     makeJsonReportWriter},
    {"sarif", "SARIF 2.1.0, for GitHub code scanning", makeSarifReportWriter},
    {"github",
     "GitHub Actions workflow commands (::warning file=...,line=...::), "
     "shown on the pull request's diff",
     makeGithubReportWriter},
    {"html",
     "one self-contained page: each conflicted or unknown access with the "
     "bank map of its worst request, before and after the fix",
     makeHtmlReportWriter},
};
} // namespace

/// The built-in rows, then the formats added with addReportFormat.
static std::vector<ReportFormat> &formats() {
  static std::vector<ReportFormat> All(std::begin(BuiltinFormats),
                                       std::end(BuiltinFormats));
  return All;
}

llvm::ArrayRef<ReportFormat> reportFormats() { return formats(); }

void addReportFormat(const ReportFormat &F) { formats().push_back(F); }

const ReportFormat *findReportFormat(llvm::StringRef Name) {
  for (const ReportFormat &F : formats())
    if (Name == F.Name)
      return &F;
  return nullptr;
}

unsigned ReportWriter::addFile(const FileAnalysis &R) {
  unsigned AsErrors = 0;
  for (const ClangTidyError &E : R.Findings) {
    bool AsError = isTreatedAsError(R, E);
    AsErrors += AsError;
    addFinding(R, E, AsError);
  }
  writeFileNotes(R);
  endFile(R);
  return AsErrors;
}

bool ReportWriter::isTreatedAsError(const FileAnalysis &R,
                                    const ClangTidyError &E) {
  return R.Context && E.DiagLevel == ClangTidyError::Warning &&
         R.Context->treatAsError(E.DiagnosticName);
}

void ReportWriter::writeFileNotes(const FileAnalysis &R) {
  for (const std::string &Note : R.Notes)
    Err << Note << "\n";
}

} // namespace warpcheck
