//===--- CachedResult.h - One file's result as JSON, and back ---*- C++ -*-===//
//
// What the result cache (ResultCache.h) stores of a file: everything the
// report writers and --export-fixes read of a FileAnalysis (findings with
// their notes and fixes, the file's notes, status and error lines, the
// accesses, arrays, kernels and translation units of its AnalysisReport).
// What only --verify-ptx, --verify-sass and --fix need is not stored: those
// runs bypass the cache.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_CACHEDRESULT_H
#define WARPCHECK_DRIVER_CACHEDRESULT_H

#include "Driver.h"

#include "llvm/Support/JSON.h"

namespace warpcheck {

/// R as JSON.
llvm::json::Value resultToJson(const FileAnalysis &R);

/// Fills R from JSON that resultToJson wrote; false (R partly filled) when
/// a field is missing or of the wrong type.
bool resultFromJson(const llvm::json::Value &V, FileAnalysis &R);

} // namespace warpcheck

#endif
