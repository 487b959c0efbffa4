//===--- TextReportWriter.cpp - --format=text -----------------------------===//
//
// clang-tidy's own handleErrors, so that the text looks exactly like
// clang-tidy's; then the file's notes and, with --verify-ptx, the table of
// predicted and compiled local memory. A fix that changes several lines is
// shown one line at a time: each replacement under the note at its line.
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "CudaToolchain.h"
#include "Output.h"

#include "clang-tidy/ClangTidy.h"

using namespace clang::tidy;

namespace warpcheck {
namespace {

/// E as shown: each replacement of its fix away from the warning's line
/// moves to the first note at its line ("apply the same swizzle here"), so
/// that no snippet spans the lines between. Only the display changes: --fix
/// and every other output apply the whole fix of the finding.
ClangTidyError fixShownPerLine(ClangTidyError E) {
  unsigned Line =
      lineColumn(E.Message.FilePath, E.Message.FileOffset).first;
  for (auto &Entry : E.Message.Fix) {
    llvm::StringRef Path = Entry.getKey();
    clang::tooling::Replacements Kept;
    for (const clang::tooling::Replacement &R : Entry.getValue()) {
      unsigned At = lineColumn(Path.str(), R.getOffset()).first;
      auto Note = llvm::find_if(E.Notes, [&](const auto &N) {
        return N.FilePath == Path &&
               lineColumn(N.FilePath, N.FileOffset).first == At;
      });
      bool Elsewhere = Path != E.Message.FilePath || At != Line;
      if (Elsewhere && Note != E.Notes.end()) {
        if (llvm::Error Err = Note->Fix[Path].add(R))
          llvm::consumeError(std::move(Err));
        else
          continue;
      }
      llvm::consumeError(Kept.add(R));
    }
    Entry.getValue() = std::move(Kept);
  }
  return E;
}

class TextReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

  unsigned addFile(const FileAnalysis &R) override {
    unsigned AsErrors = 0;
    // handleErrors writes to llvm::outs(): keep the order of the two.
    Out.flush();
    if (R.Context) {
      // The source lines shown are the file's own (not the parse's joined
      // launch chevrons).
      std::vector<ClangTidyError> Shown;
      for (const ClangTidyError &E : R.Findings)
        Shown.push_back(fixShownPerLine(E));
      handleErrors(Shown, *R.Context, FixBehaviour::FB_NoFix, AsErrors,
                   makeWarpcheckFileSystem(nullptr, SourceView::Disk));
    }
    llvm::outs().flush();
    for (const std::string &Note : R.Notes)
      Out << Note << "\n";
    if (R.Compared && !R.Comparisons.empty())
      printComparison(R.Comparisons, Out);
    Out.flush();
    return AsErrors;
  }
};

} // namespace

std::unique_ptr<ReportWriter> makeTextReportWriter(const DriverOptions &O,
                                                   llvm::raw_ostream &Out,
                                                   llvm::raw_ostream &Err) {
  return std::make_unique<TextReportWriter>(O, Out, Err);
}

} // namespace warpcheck
