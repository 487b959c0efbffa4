//===--- Fixes.h - --fix and --export-fixes ---------------------*- C++ -*-===//
//
// The fixes of a run's findings, applied in place (each once, only to files
// unchanged since they were read, written atomically) or exported as
// clang-tidy's YAML for clang-apply-replacements.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_FIXES_H
#define WARPCHECK_DRIVER_FIXES_H

#include "AtomicWrite.h"
#include "Driver.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// Applies the fixes of every result: each once, only to files unchanged
/// since they were read (Hashes[I]: the content Results[I]'s file had before
/// it was analyzed), written atomically. False when one was not; each
/// failure is a line on Err.
bool applyFixes(const std::vector<std::unique_ptr<FileAnalysis>> &Results,
                const std::vector<std::optional<uint64_t>> &Hashes,
                llvm::raw_ostream &Err);

/// --export-fixes: every finding's fix as clang-tidy's YAML, written
/// atomically, never over a file the run read.
bool exportFixes(const DriverOptions &Options,
                 const std::vector<std::string> &Files,
                 const std::vector<std::unique_ptr<FileAnalysis>> &Results,
                 llvm::raw_ostream &Err);

/// What a run reads that no file it writes may replace: the input files,
/// the compilation database of -p, the baseline and the compiler output
/// given.
std::vector<ProtectedFile>
protectedInputs(const DriverOptions &Options,
                const std::vector<std::string> &Files);

/// --export-fixes never replaces what the run reads (protectedInputs),
/// checked before the analysis; exportFixes checks the headers too.
llvm::Error checkExportFixesTarget(const DriverOptions &Options,
                                   const std::vector<std::string> &Files);

} // namespace warpcheck

#endif
