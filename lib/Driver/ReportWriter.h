//===--- ReportWriter.h - One writer per output format ----------*- C++ -*-===//
//
// The driver hands each file's result to the writer of the chosen --format,
// in the order of the files, then calls finish(). A format is one class
// implementing ReportWriter in its own file, plus one row in the table of
// ReportWriter.cpp (docs/design.md, "Add an output format"), or, outside
// lib/Driver, one addReportFormat call (test/unit/RecipesTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_REPORTWRITER_H
#define WARPCHECK_DRIVER_REPORTWRITER_H

#include "Driver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace warpcheck {

class ReportWriter {
public:
  ReportWriter(const DriverOptions &Options, llvm::raw_ostream &Out,
               llvm::raw_ostream &Err)
      : Options(Options), Out(Out), Err(Err) {}
  virtual ~ReportWriter() = default;

  /// One file's result, its findings already filtered by the baseline; its
  /// FileError is already written. Returns how many of its warnings were
  /// treated as errors (--warnings-as-errors). Each finding goes to
  /// addFinding, then the file's notes to writeFileNotes, then the file to
  /// endFile; a format that hands the findings on all at once (text:
  /// clang-tidy's own handleErrors) overrides this instead.
  virtual unsigned addFile(const FileAnalysis &R);
  /// After the last file: formats that write one document write it here.
  virtual void finish() {}

protected:
  /// One finding of R, in order; AsError when --warnings-as-errors makes
  /// the warning an error (isTreatedAsError).
  virtual void addFinding(const FileAnalysis &R,
                          const clang::tidy::ClangTidyError &E, bool AsError) {}
  /// After R's findings and notes: what else the format says of the file.
  virtual void endFile(const FileAnalysis &R) {}

  /// Whether a warning of R is an error by --warnings-as-errors.
  static bool isTreatedAsError(const FileAnalysis &R,
                               const clang::tidy::ClangTidyError &E);
  /// The notes said once about a file (ignored flags, parse notes), to Err:
  /// Out holds the document.
  void writeFileNotes(const FileAnalysis &R);

  const DriverOptions &Options;
  llvm::raw_ostream &Out, &Err;
};

/// One --format value.
struct ReportFormat {
  const char *Name;
  const char *Description;
  std::unique_ptr<ReportWriter> (*Make)(const DriverOptions &,
                                        llvm::raw_ostream &Out,
                                        llvm::raw_ostream &Err);
};

/// Every format, the default (text) first: the table of ReportWriter.cpp,
/// then those added with addReportFormat.
llvm::ArrayRef<ReportFormat> reportFormats();
/// Adds a format that lives outside lib/Driver (a test's), before the
/// options are read; Name and Description must outlive the program.
void addReportFormat(const ReportFormat &F);
/// The format named Name, or nullptr.
const ReportFormat *findReportFormat(llvm::StringRef Name);

} // namespace warpcheck

#endif
