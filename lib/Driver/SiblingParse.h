//===--- SiblingParse.h - Parsing the files next to an input ----*- C++ -*-===//
//
// The parser CrossFile.h uses for the source files next to an input:
// the input's own compile command (from the database, or the arguments
// after `--`), translated as every input is, diagnostics dropped.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_SIBLINGPARSE_H
#define WARPCHECK_DRIVER_SIBLINGPARSE_H

#include "Launches/CrossFile.h"
#include "CudaToolchain.h"

#include "clang/Tooling/CompilationDatabase.h"

namespace warpcheck {

/// A parser for siblings of the files DB compiles; DB must outlive it.
SiblingParser makeSiblingParser(const clang::tooling::CompilationDatabase &DB,
                                const ParseOptions &Parse);

} // namespace warpcheck

#endif
