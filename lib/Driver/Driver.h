//===--- Driver.h - The warpcheck run over a set of files -------*- C++ -*-===//
#ifndef WARPCHECK_DRIVER_DRIVER_H
#define WARPCHECK_DRIVER_DRIVER_H

#include "CudaToolchain.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace warpcheck {

enum class OutputFormat { Text, Json };

struct DriverOptions {
  OutputFormat Format = OutputFormat::Text;
  ParseOptions Parse;
  /// clang-tidy style check list; warpcheck's checks by default.
  std::string Checks = "-*,warpcheck-*";
  std::string WarningsAsErrors;
  std::string HeaderFilter;
  /// Check options, as `.clang-tidy` CheckOptions keys without the check
  /// prefix: BlockDim, KernelBlockDims, MinWays, ReportUnknown...
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  /// --verify-ptx: compile with nvcc and put what it did beside the
  /// predictions; or read its output from PtxFile and PtxasLog.
  bool VerifyPtx = false;
  /// Apply the fixes in place; write them as clang-tidy's YAML.
  bool Fix = false;
  std::string ExportFixes;
  std::string Nvcc;
  std::string PtxFile, PtxasLog;
};

/// Runs the checks over Files, one translation unit at a time, and writes
/// diagnostics (text) or the report (JSON) to Out and one line per file that
/// could not be analyzed to Err. Returns the exit status: 0, or 1 when a
/// file could not be analyzed or a warning matched --warnings-as-errors.
int runWarpcheck(const DriverOptions &Options,
                 const clang::tooling::CompilationDatabase &Database,
                 const std::vector<std::string> &Files, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err);

/// The source files of Database that are CUDA (.cu), sorted.
std::vector<std::string>
cudaFilesOf(const clang::tooling::CompilationDatabase &Database);

} // namespace warpcheck

#endif
