//===--- BlockShapePolicy.h - The block shapes to analyze a kernel with -*- C++
//-*-===//
//
// Where a kernel's block shape comes from, in order of precedence: a
// per-kernel option, a `// warpcheck: block 16x16` comment before the
// kernel, the launches in the translation unit (LaunchIndex.h) and in the
// files next to it (CrossFile.h), --block-dim, the blockDim values the
// kernel compares against, a family of shapes consistent with the code
// (ShapeFamily.h), __launch_bounds__ as a 1-D block, and a documented
// default. A launch whose shape cannot be resolved gives no shape at all;
// the shape used instead says why. Every check analyzes a kernel with the
// same shapes (TranslationUnitAnalysis.h). docs/block-shapes.md describes it
// for users.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_BLOCKSHAPEPOLICY_H
#define WARPCHECK_ANALYSIS_LAUNCHES_BLOCKSHAPEPOLICY_H

#include "Launches/BlockShapeChoice.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

class LaunchIndex;

/// Options that decide block shapes, read once by the check.
struct BlockShapeOptions {
  /// --block-dim: the shape of kernels with no launch in the file.
  std::optional<Dim3> CommandLine;
  /// Per-kernel shapes, by kernel name (unqualified, without template
  /// arguments) or full name with template arguments.
  std::map<std::string, Dim3> PerKernel;
  /// Parses "name=32x8;other=256".
  static std::map<std::string, Dim3> parsePerKernel(llvm::StringRef Text,
                                                    std::string &Error);
};

/// The shapes to analyze Kernel with, from the first source that gives one:
/// the per-kernel option, a `// warpcheck: block 16x16` comment on the line
/// before the kernel, the distinct launch shapes, --block-dim, the blockDim
/// values the kernel compares against (the launch bounds filling a dimension
/// not compared), __launch_bounds__ as a 1-D block, and the default.
std::vector<BlockShapeChoice>
chooseBlockShapes(const clang::FunctionDecl *Kernel,
                  const LaunchIndex &Launches, const BlockShapeOptions &Options,
                  const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
