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
// GitHub shows at most 10 annotations of each level per step and drops the
// rest without a word: the worst MaxPerLevel of each level (errors, then
// the most ways) are annotations, the others plain log lines, and a notice
// says how many were not annotated. With $GITHUB_STEP_SUMMARY set, the
// step summary gets a table of the worst findings.
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"

#include <map>
#include <optional>
#include <tuple>

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

/// GitHub's limit of annotations per level and step.
constexpr size_t MaxPerLevel = 10;
/// Rows of the step summary's table.
constexpr size_t SummaryRows = 20;

/// One finding, rendered, with what ranks it.
struct Annotation {
  std::string Level, File, Check, Headline, Notes;
  unsigned Line, Column, Ways;
  size_t Order;
};

/// The N of "N-way" in a headline; 0 when there is none.
unsigned waysOf(llvm::StringRef Headline) {
  size_t At = Headline.find("-way");
  if (At == llvm::StringRef::npos)
    return 0;
  llvm::StringRef Digits = Headline.take_front(At);
  Digits = Digits.substr(Digits.find_last_not_of("0123456789") + 1);
  unsigned Ways = 0;
  return Digits.getAsInteger(10, Ways) ? 0 : Ways;
}

unsigned levelRank(llvm::StringRef Level) {
  return Level == "error" ? 0 : Level == "warning" ? 1 : 2;
}

class GithubReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

private:
  void addFinding(const FileAnalysis &, const ClangTidyError &E,
                  bool AsError) override {
    const auto &M = E.Message;
    Annotation A;
    std::tie(A.Line, A.Column) = lineColumn(M.FilePath, M.FileOffset);
    A.Level = commandFor(E, AsError);
    A.File = relativeToWorkingDirectory(M.FilePath);
    A.Check = E.DiagnosticName;
    A.Headline = M.Message;
    for (const auto &N : E.Notes) {
      auto [NoteLine, NoteColumn] = lineColumn(N.FilePath, N.FileOffset);
      A.Notes += llvm::formatv("\n{0}:{1}:{2}: note: {3}",
                               relativeToWorkingDirectory(N.FilePath), NoteLine,
                               NoteColumn, N.Message);
    }
    A.Ways = waysOf(A.Headline);
    A.Order = Annotations.size();
    Annotations.push_back(std::move(A));
  }

  void finish() override {
    std::vector<const Annotation *> Ranked;
    for (const Annotation &A : Annotations)
      Ranked.push_back(&A);
    llvm::stable_sort(Ranked, [](const Annotation *X, const Annotation *Y) {
      return std::make_tuple(levelRank(X->Level), -int(X->Ways), X->Order) <
             std::make_tuple(levelRank(Y->Level), -int(Y->Ways), Y->Order);
    });
    // The counting notice is a notice too: with it, 9 remarks are.
    std::map<std::string, size_t> PerLevel;
    for (const Annotation &A : Annotations)
      ++PerLevel[A.Level];
    bool Counted = llvm::any_of(
        PerLevel, [](const auto &L) { return L.second > MaxPerLevel; });
    auto Cap = [&](const std::string &Level) {
      return Counted && Level == "notice" ? MaxPerLevel - 1 : MaxPerLevel;
    };
    std::map<std::string, size_t> Shown;
    size_t Plain = 0;
    for (const Annotation *A : Ranked) {
      if (Shown[A->Level]++ < Cap(A->Level)) {
        Out << llvm::formatv("::{0} file={1},line={2},col={3},title={4}::{5}\n",
                             A->Level, escape(A->File, /*Property=*/true),
                             A->Line, A->Column,
                             escape(A->Check, /*Property=*/true),
                             escape(A->Headline + A->Notes, false));
        continue;
      }
      ++Plain;
      Out << llvm::formatv("{0}:{1}:{2}: {3}: {4} [{5}]\n", A->File, A->Line,
                           A->Column, A->Level, A->Headline, A->Check);
    }
    if (Plain)
      Out << llvm::formatv(
          "::notice title=warpcheck::{0} more findings are in the log, not "
          "annotated (GitHub shows {1} annotations of each level per step)\n",
          Plain, MaxPerLevel);
    writeStepSummary(Ranked);
  }

  /// The worst findings as a Markdown table in $GITHUB_STEP_SUMMARY, which
  /// the runner creates for each step (appended to, as GitHub documents).
  void writeStepSummary(const std::vector<const Annotation *> &Ranked) {
    std::optional<std::string> Path =
        llvm::sys::Process::GetEnv("GITHUB_STEP_SUMMARY");
    if (!Path || Path->empty())
      return;
    std::error_code EC;
    llvm::raw_fd_ostream S(*Path, EC, llvm::sys::fs::OF_Append);
    if (EC) {
      Err << "warpcheck: error: cannot write the step summary '" << *Path
          << "': " << EC.message() << "\n";
      return;
    }
    S << llvm::formatv("### warpcheck: {0} findings\n\n", Ranked.size());
    if (Ranked.empty())
      return;
    S << "| level | where | finding | check |\n| --- | --- | --- | --- |\n";
    for (size_t I = 0; I < Ranked.size() && I < SummaryRows; ++I) {
      std::string Headline = Ranked[I]->Headline;
      for (char &C : Headline)
        if (C == '|')
          C = '/';
      S << llvm::formatv("| {0} | `{1}:{2}` | {3} | {4} |\n", Ranked[I]->Level,
                         Ranked[I]->File, Ranked[I]->Line, Headline,
                         Ranked[I]->Check);
    }
    if (Ranked.size() > SummaryRows)
      S << llvm::formatv("\n{0} more in the log.\n",
                         Ranked.size() - SummaryRows);
  }

  std::vector<Annotation> Annotations;
};

} // namespace

std::unique_ptr<ReportWriter> makeGithubReportWriter(const DriverOptions &O,
                                                     llvm::raw_ostream &Out,
                                                     llvm::raw_ostream &Err) {
  return std::make_unique<GithubReportWriter>(O, Out, Err);
}

} // namespace warpcheck
