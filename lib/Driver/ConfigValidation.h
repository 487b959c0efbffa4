//===--- ConfigValidation.h - .warpcheck.yaml, key by key ------*- C++ -*-===//
//
// A configuration file is validated before clang-tidy's reader sees it
// (which accepts unknown keys and bad values silently): its size, nesting
// and syntax, every key, and the values warpcheck can check. The first
// error is one line, "FILE:LINE:COL: error: ...".
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_CONFIGVALIDATION_H
#define WARPCHECK_DRIVER_CONFIGVALIDATION_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace warpcheck {

/// The configuration files that apply to File, nearest first: the nearest
/// `.warpcheck.yaml` up its directory tree, and its parents' while each says
/// `InheritParentConfig: true`.
std::vector<std::string> configFilesFor(llvm::StringRef File);

/// Validates one `.warpcheck.yaml`: size, nesting, YAML syntax, every key
/// (top level and CheckOptions) known, the architecture a real one and the
/// header filter a valid regex. Returns "" or one error line,
/// "FILE:LINE:COL: error: ...". Results are cached per path.
std::string checkConfigFile(const std::string &Path);
/// checkConfigFile without the cache (the fuzzer's entry, test/fuzz/).
std::string validateConfig(const std::string &Path);

/// Whether Arch names a GPU architecture warpcheck can parse for without
/// running anything ("sm_90", "sm_90a"); "native" is refused.
bool isConcreteArch(llvm::StringRef Arch);

} // namespace warpcheck

#endif
