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

/// The warpcheck checks that the clang-tidy glob list Checks enables. With
/// Overlay, Checks is read as a list that follows another (as --checks
/// follows .warpcheck.yaml): a check it does not name stays enabled.
std::vector<std::string> enabledWarpcheckChecks(llvm::StringRef Checks,
                                                bool Overlay = false);

/// Why File is not analyzed when Checks, its configuration's merged glob
/// list, enables no warpcheck check: one error line that names the
/// nearest `.warpcheck.yaml`. Empty when some check is enabled.
std::string checkSomeCheckEnabled(const std::string &File,
                                  llvm::StringRef Checks);

/// Whether Arch names a GPU architecture warpcheck can parse for without
/// running anything ("sm_90", "sm_90a"); "native" is refused.
bool isConcreteArch(llvm::StringRef Arch);

} // namespace warpcheck

#endif
