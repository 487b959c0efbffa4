//===--- Driver.h - The warpcheck run over a set of files -------*- C++ -*-===//
//
// The driver's public face: the options of a run, the run itself (Run.cpp)
// and the analysis of one file (AnalyzeFile.cpp). The compile commands are
// in CompileCommand.h and CompilationDatabase.h, the output formats in
// ReportWriter.h, what is refused before it is read in SafeInput.h.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_DRIVER_H
#define WARPCHECK_DRIVER_DRIVER_H

#include "AnalysisReport.h"
#include "CompilationDatabase.h"
#include "CompileCommand.h"
#include "CudaToolchain.h"
#include "Output.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace warpcheck {

struct DriverOptions {
  /// A ReportFormat's name (ReportWriter.h): text, json, sarif, github.
  std::string Format = "text";
  ParseOptions Parse;
  /// Options given on the command line. They override the nearest
  /// `.warpcheck.yaml` (clang-tidy's configuration format) found up the
  /// directory tree of each file, which overrides warpcheck's defaults.
  clang::tidy::ClangTidyOptions Overrides;
  /// --verify-ptx: compile with nvcc and put what it did beside the
  /// predictions; or read its output from PtxFile, PtxasLog and SassFile
  /// (`cuobjdump -sass`).
  bool VerifyPtx = false;
  /// --verify-sass: compile with nvcc (-lineinfo), read the SASS with
  /// nvdisasm and give each shared access the final code's view
  /// (FinalCode.h); with SassFile, read that `nvdisasm -gi` output instead.
  bool VerifySass = false;
  std::string Nvcc, PtxFile, PtxasLog, SassFile;
  /// Apply the fixes in place; write them as clang-tidy's YAML.
  bool Fix = false;
  std::string ExportFixes;
  /// Prove the layout each array's fix did not choose too (the LSP offers
  /// both): one more re-analysis per file with such a layout.
  bool ProveAlternativeFixes = false;
  /// The compilation database read (compileDatabaseFile), which
  /// --export-fixes must not replace; "" for none, or the database of -p.
  std::string DatabaseFile;
  /// Report and fail only on findings not in this earlier JSON or SARIF.
  std::string Baseline;
  /// Files analyzed at once.
  unsigned Jobs = 1;
  /// --progress: a `[i/n] file` line on Err as each file is done (when there
  /// is more than one) and a one-line summary at the end. The tool turns it
  /// on when stderr is a terminal.
  bool Progress = false;
  std::string Version;
  /// The result cache's directory (ResultCache.h); empty: no cache.
  std::string CacheDir;
};

/// Runs the checks over Files and writes diagnostics (text), the report
/// (JSON) or SARIF to Out, and one line per file that could not be analyzed
/// to Err; with Options.Progress, progress and a summary line to Err too.
/// Returns the exit status: 0, or 1 when a file could not be
/// analyzed, a warning matched --warnings-as-errors, or a finding is not in
/// the baseline.
int runWarpcheck(const DriverOptions &Options,
                 const clang::tooling::CompilationDatabase &Database,
                 const std::vector<std::string> &Files, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err);

/// Why File is refused before it is read (one error line naming it), or ""
/// when it may be analyzed: not a regular file, over the size limit, a
/// compile command whose directory does not exist, an invalid
/// `.warpcheck.yaml` (ConfigValidation.h).
std::string checkBeforeAnalysis(
    const clang::tooling::CompilationDatabase &Database,
    const std::string &File);

/// The options for a file: defaults, .warpcheck.yaml, command line.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeOptionsProvider(const DriverOptions &Options);

/// Everything one file gave.
struct FileAnalysis {
  std::string File;
  /// Its compile commands, resolved and translated once: every parse of the
  /// file (the header-stub retries, the proof of fixes) and --verify-ptx
  /// use them.
  FileCommand Command;
  std::unique_ptr<clang::tidy::ClangTidyContext> Context;
  std::vector<clang::tidy::ClangTidyError> Findings; // compiler errors removed
  std::string ErrorLine;          // the first compiler error, if any
  std::string ErrorFile;          // ... its file and offset (for editors)
  unsigned ErrorOffset = 0;
  bool DeviceErrors = false;      // some error in device code or a header
  bool ParseStopped = false;      // a fatal error ended clang's parse early
  std::string FileError;          // why the file was not analyzed
  std::vector<std::string> Notes; // said once about the file
  AnalysisReport Report;
  std::vector<KernelComparison> Comparisons;
  bool Compared = false;
  /// The hash (xxh3) of every file the parse read from disk, by real path,
  /// as it was read: --fix edits a file only while it still has that content.
  std::map<std::string, uint64_t> ReadHashes;
  /// The result came from the cache (ResultCache.h), not from an analysis.
  bool Cached = false;
};

/// Parses and checks one file as it is on disk, or with the contents given
/// (and other files, such as headers, with the contents in Others, by
/// absolute path), and returns the findings and what the checks recorded.
/// Its command is resolved in Database (resolveFileCommand) for the
/// architecture of its `.warpcheck.yaml`. Siblings: the files next to it,
/// read for launches made there (CrossFile.h).
std::unique_ptr<FileAnalysis>
analyzeOne(const DriverOptions &Options,
           const clang::tooling::CompilationDatabase &Database,
           const std::string &File, const std::string *Contents = nullptr,
           const std::map<std::string, std::string> *Others = nullptr,
           SiblingFiles *Siblings = nullptr);

/// analyzeOne with File's command already resolved and translated. A
/// missing header is parsed as an empty file, and the file again (up to 8
/// times), each noted.
std::unique_ptr<FileAnalysis>
analyzeOne(const DriverOptions &Options, const FileCommand &Command,
           const std::string &File, const std::string *Contents = nullptr,
           const std::map<std::string, std::string> *Others = nullptr,
           SiblingFiles *Siblings = nullptr);

} // namespace warpcheck

#endif
