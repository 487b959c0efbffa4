//===--- GithubReportWriter.cpp - --format=github -------------------------===//
//
// GitHub Actions workflow commands, one line per finding:
//
//   ::warning file=src/k.cu,line=9,col=14,title=CHECK-NAME::MESSAGE
//
// which the Actions runner shows on the pull request's diff, without a SARIF
// upload. Notes follow the message on their own lines
// (`%0A`), as `file:line:col: note: text`. Levels: an error (or a warning
// made one by --warnings-as-errors) is `error`, a warning `warning`, a
// remark `notice`.
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "llvm/Support/FormatVariadic.h"

using namespace clang::tidy;

namespace warpcheck {
namespace {

/// The escaping of workflow command data: `%`, CR and LF; in a property
/// value also `:` and `,`.
std::string escape(llvm::StringRef Text, bool Property) {
  std::string S;
  for (char C : Text) {
    switch (C) {
    case '%':
      S += "%25";
      break;
    case '\r':
      S += "%0D";
      break;
    case '\n':
      S += "%0A";
      break;
    case ':':
      S += Property ? "%3A" : ":";
      break;
    case ',':
      S += Property ? "%2C" : ",";
      break;
    default:
      S += C;
    }
  }
  return S;
}

const char *commandFor(const ClangTidyError &E, bool AsError) {
  if (AsError || E.DiagLevel == ClangTidyError::Error)
    return "error";
  return E.DiagLevel == ClangTidyError::Remark ? "notice" : "warning";
}

class GithubReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

private:
  /// One annotation per finding.
  void addFinding(const FileAnalysis &, const ClangTidyError &E,
                  bool AsError) override {
    const auto &M = E.Message;
    auto [Line, Column] = lineColumn(M.FilePath, M.FileOffset);
    std::string Message = M.Message;
    for (const auto &N : E.Notes) {
      auto [NoteLine, NoteColumn] = lineColumn(N.FilePath, N.FileOffset);
      Message += llvm::formatv("\n{0}:{1}:{2}: note: {3}",
                               relativeToWorkingDirectory(N.FilePath), NoteLine,
                               NoteColumn, N.Message);
    }
    Out << llvm::formatv(
        "::{0} file={1},line={2},col={3},title={4}::{5}\n",
        commandFor(E, AsError),
        escape(relativeToWorkingDirectory(M.FilePath), /*Property=*/true), Line,
        Column, escape(E.DiagnosticName, /*Property=*/true),
        escape(Message, /*Property=*/false));
  }
};

} // namespace

std::unique_ptr<ReportWriter> makeGithubReportWriter(const DriverOptions &O,
                                                     llvm::raw_ostream &Out,
                                                     llvm::raw_ostream &Err) {
  return std::make_unique<GithubReportWriter>(O, Out, Err);
}

} // namespace warpcheck
