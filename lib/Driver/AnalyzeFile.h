//===--- AnalyzeFile.h - One file, analyzed for the report ------*- C++ -*-===//
//
// What the run (Run.cpp) does with each file: its compile command resolved
// and translated once, the checks run on it (with the header-stub retries
// of analyzeOne, Driver.h), the compiler errors sorted into the file's
// status and notes, its layout fixes proven (FixProof.h) and its local
// memory put beside nvcc's.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_ANALYZEFILE_H
#define WARPCHECK_DRIVER_ANALYZEFILE_H

#include "Driver.h"
#include "NvccVerifier.h"

#include <memory>
#include <string>

namespace warpcheck {

class ResultCache;

/// Analyzes one file for the report: checks, proof of fixes, file status,
/// and the comparison with what nvcc did (Given, when the command line
/// gave the compiler's output; else nvcc is run with --verify-ptx).
/// Siblings: the files next to it, read for launches made there. With an
/// enabled Cache, the stored result when everything it read is unchanged,
/// else the analysis's, then stored.
std::unique_ptr<FileAnalysis>
analyzeFile(const DriverOptions &Options,
            const clang::tooling::CompilationDatabase &Database,
            const std::string &File, const CompiledLocalMemory *Given,
            SiblingFiles *Siblings, ResultCache *Cache = nullptr);

/// Decides R's status from what its parse recorded (analyzeFile does it
/// for the report; the language server for an editor's text): FileError
/// when code was lost to compiler errors, else a note where the errors did
/// not touch the kernels.
void decideStatus(FileAnalysis &R);

/// The result of a file that was not analyzed, and why (one error line).
std::unique_ptr<FileAnalysis> fileNotAnalyzed(const std::string &File,
                                              std::string Why);

} // namespace warpcheck

#endif
