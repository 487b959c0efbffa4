//===--- NvccOptionsFiles.h - nvcc's -optf, read with limits ----*- C++ -*-===//
//
// CMake passes an nvcc command's include paths and definitions in an options
// file (`--options-file F`, `-optf F`, `-optf=F,G`). nvcc reads it as if its
// words were on the command line; so does warpcheck, before the command is
// filtered and translated, with the limits of every other file a repository
// hands it: a regular file, ResponseFileBytes at most, nested files
// OptionsFileDepth deep at most, relative to the command's directory.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_NVCCOPTIONSFILES_H
#define WARPCHECK_DRIVER_NVCCOPTIONSFILES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace warpcheck {

/// Replaces each options file of an nvcc command (Args[0] is the compiler)
/// by its words, in place; Directory is where the command runs. False when
/// one cannot be read (not a regular file, too large, missing, nested too
/// deep): Error says which and why.
bool expandNvccOptionsFiles(std::vector<std::string> &Args,
                            llvm::StringRef Directory, std::string &Error);

} // namespace warpcheck

#endif
