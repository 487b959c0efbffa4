//===--- CrossFileLaunches.h - Launches in sibling files --------*- C++ -*-===//
//
// A kernel in a .cu is often launched from host code in a .cpp next to it,
// through a wrapper in the .cu whose block parameter the .cpp passes
// (`launch_cudaProcess(grid, dim3(16, 16), ...)`). When a kernel's shape is
// not decided in its own file, the source files in the same directory are
// parsed as the driver parses its inputs (the same compile command), each
// once per process, and what they say is used: the constant shapes of the
// kernels they launch, and the constant arguments of their calls to
// functions they do not define. The driver installs the parser; without one
// (clang-tidy), no other file is read.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_CROSSFILELAUNCHES_H
#define WARPCHECK_ANALYSIS_CROSSFILELAUNCHES_H

#include "BlockShape.h"
#include "LaunchConfig.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// Parses File the way the driver parses its inputs and calls Visit with
/// its AST (errors allowed); false when it could not be parsed.
using SiblingParser = std::function<bool(
    const std::string &File, llvm::function_ref<void(clang::ASTContext &)>)>;

/// Installs the parser (null: cross-file launches off). Files parsed with a
/// previous parser are forgotten.
void setSiblingParser(SiblingParser Parser);

/// What one sibling file says about launches.
struct SiblingFacts {
  /// Kernels it launches with constant shapes, by crossFileKey.
  std::map<std::string, std::vector<BlockShapeChoice>> Launched;
  /// One call of a function it does not define.
  struct Call {
    /// "main.cpp:88".
    std::string Location;
    /// Per parameter: its values with how they were found, or nullopt
    /// (then WhyNot[I] says why); integer parameters in Ints, dim3 ones in
    /// Dims.
    std::vector<std::optional<std::vector<std::pair<int64_t, std::string>>>>
        Ints;
    std::vector<std::optional<std::vector<std::pair<Dim3, std::string>>>>
        Dims;
    std::vector<std::string> WhyNot;
  };
  /// Calls by crossFileKey of the callee.
  std::map<std::string, std::vector<Call>> Calls;
};

/// A function's name across files: its name with template arguments and
/// its number of parameters ("launchScan/3").
std::string crossFileKey(const clang::FunctionDecl *FD,
                         const clang::ASTContext &Ctx);

/// The facts of every sibling of File (.cpp, .cu, .cc, .cxx files in its
/// directory, at most 8 of at most 512 KiB each, File excluded), each
/// parsed at most once per process (thread-safe). Empty without a parser.
std::vector<std::shared_ptr<const SiblingFacts>>
siblingFacts(const std::string &File);

} // namespace warpcheck

#endif
