//===--- TextReportWriter.cpp - --format=text -----------------------------===//
//
// clang-tidy's own handleErrors, so that the text looks exactly like
// clang-tidy's; then the file's notes and, with --verify-ptx, the table of
// predicted and compiled local memory.
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "CudaToolchain.h"

#include "clang-tidy/ClangTidy.h"

using namespace clang::tidy;

namespace warpcheck {
namespace {

class TextReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

  unsigned addFile(const FileAnalysis &R) override {
    unsigned AsErrors = 0;
    // handleErrors writes to llvm::outs(): keep the order of the two.
    Out.flush();
    if (R.Context)
      // The source lines shown are the file's own (not the parse's joined
      // launch chevrons).
      handleErrors(R.Findings, *R.Context, FixBehaviour::FB_NoFix, AsErrors,
                   makeWarpcheckFileSystem(nullptr, SourceView::Disk));
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
