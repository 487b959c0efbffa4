//===--- SiblingParse.h - Parsing the files next to an input ----*- C++ -*-===//
//
// The parser CrossFile.h uses for the source files next to an input:
// the input's own compile command (from the database, or the arguments
// after `--`), translated as every input is, diagnostics dropped.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_SIBLINGPARSE_H
#define WARPCHECK_DRIVER_SIBLINGPARSE_H

#include "CudaToolchain.h"
#include "Launches/CrossFile.h"

#include "clang/Tooling/CompilationDatabase.h"

namespace warpcheck {

class ResultCache;

/// A parser for siblings of the files DB compiles; DB must outlive it. With
/// Cache, what each parse reads is recorded for the results that used it
/// (ResultCache::siblingReads).
SiblingParser makeSiblingParser(const clang::tooling::CompilationDatabase &DB,
                                const ParseOptions &Parse,
                                ResultCache *Cache = nullptr);

} // namespace warpcheck

#endif
