//===--- LaunchConfig.h - Block shapes of kernels ---------------*- C++ -*-===//
//
// Where a kernel's block shape comes from, in order of precedence: a
// per-kernel option, a `// warpcheck: block 16x16` comment before the
// kernel, the launches in the translation unit (followed through variables,
// parameters, helpers, function pointers and the runtime launch APIs),
// --block-dim, the blockDim values the kernel compares against,
// __launch_bounds__ (as a 1-D block), and a documented default. A launch
// whose shape cannot be resolved gives no shape at all; the shape used
// instead says why. docs/block-shapes.md describes it for users.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHCONFIG_H
#define WARPCHECK_ANALYSIS_LAUNCHCONFIG_H

#include "BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

struct SiblingFacts;

/// The block shape used for a kernel default when nothing else gives one.
constexpr Dim3 DefaultBlockDim{256, 1, 1};

/// One block shape to analyze a kernel with, and where it came from.
struct BlockShapeChoice {
  Dim3 Block;
  /// "option", "comment", "launch", "block-dim", "comparison", "family",
  /// "launch_bounds" or "default".
  std::string Source;
  /// Human-readable origin: "from launch at main.cu:88".
  std::string Description;
  /// For Source "family": every shape to analyze, Block first; what is
  /// reported must hold for all of them (ShapeFamily.h).
  std::vector<Dim3> Family = {};

  /// Whether nothing in the code or the options fixes the shape: it was
  /// assumed ("family", "default", "launch_bounds"). An access analyzed on
  /// an assumed shape is never exact (docs/block-shapes.md): a launch with
  /// another shape is not covered.
  bool assumed() const {
    return Source == "family" || Source == "default" ||
           Source == "launch_bounds";
  }
  /// Every shape analyzed: the family, or Block.
  std::vector<Dim3> analyzedShapes() const {
    return Family.empty() ? std::vector<Dim3>{Block} : Family;
  }
};

/// A function's name as diagnostics show it, with template arguments:
/// "parallel_transpose<int, 32>".
std::string displayName(const clang::FunctionDecl *FD,
                        const clang::ASTContext &Ctx);

/// Evaluates a launch's block argument: an integer constant, a dim3
/// constructed from constants, or a variable initialized that way; a local
/// dim3 variable may then have its members assigned constants (`b.x = 64;`,
/// `b.y *= 2;`) in straight-line code between its declaration and the
/// launch. A member assigned under a condition, in a loop, through a pointer
/// or reference, or from a value that is not a compile-time constant leaves
/// the shape unresolved: nullopt, and WhyNot (when given) says why.
std::optional<Dim3> evaluateBlockDim(const clang::Expr *E,
                                     const clang::ASTContext &Ctx,
                                     std::string *WhyNot = nullptr);

/// Collects the block shapes of kernel launches in one translation unit:
/// `k<<<g, b>>>` in host and device code, cudaLaunchKernel,
/// cudaLaunchCooperativeKernel and cudaLaunchKernelEx(C). The kernel may be
/// named through a function pointer, a table of kernels or a parameter; the
/// block through constants, local variables, dim3 members assigned in
/// straight-line code, parameters given constants at every call of their
/// function, helpers that return constants and template arguments, and the
/// warp size read from the runtime (`prop.warpSize`,
/// cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev)): 32 on every
/// NVIDIA GPU.
class LaunchSites {
public:
  /// Finds every launch in Ctx's translation unit (template instantiations
  /// included), replacing what was collected before.
  void collect(const clang::ASTContext &Ctx);
  /// The distinct shapes launched for Kernel, with their first launch.
  const std::vector<BlockShapeChoice> &
  shapesFor(const clang::FunctionDecl *Kernel) const;
  /// A launch whose block shape is not known: it gives no shape.
  struct UnresolvedLaunch {
    /// "main.cu:88".
    std::string Location;
    /// "'b.x' is assigned 'n', which is not a compile-time constant".
    std::string Reason;
  };
  /// Launches of Kernel whose shape is not a constant, in source order.
  const std::vector<UnresolvedLaunch> &
  unresolvedLaunches(const clang::FunctionDecl *Kernel) const;

  /// One launch's dynamic shared-memory argument (the third in <<<>>>).
  struct DynamicShared {
    const clang::Expr *Arg = nullptr; // null when the launch passes none
    std::optional<uint64_t> Bytes;    // when it is a constant
  };
  /// Every launch of Kernel in the translation unit, with its dynamic
  /// shared-memory size: an extern __shared__ array's size comes from here.
  const std::vector<DynamicShared> &
  dynamicSharedFor(const clang::FunctionDecl *Kernel) const;

  class Evaluator;

  /// What the translation unit of Ctx says for the files next to it: the
  /// kernels it launches and the constant arguments of its calls to
  /// functions it does not define (CrossFileLaunches.h).
  static SiblingFacts factsOf(const clang::ASTContext &Ctx);
  /// The facts of the files next to the one collected, read on first use.
  const std::vector<std::shared_ptr<const SiblingFacts>> &siblings() const;

private:
  /// The main file of the translation unit collected.
  std::string MainFile;
  /// Off while collecting a sibling's facts: siblings of siblings are not
  /// read.
  bool FollowSiblings = true;
  mutable std::optional<std::vector<std::shared_ptr<const SiblingFacts>>>
      Siblings;
  /// Every call of a function, by the callee's canonical declaration.
  std::map<const clang::FunctionDecl *, std::vector<const clang::CallExpr *>>
      Calls;
  std::map<const clang::FunctionDecl *, std::vector<DynamicShared>> Dynamic;
  std::map<const clang::FunctionDecl *, std::vector<BlockShapeChoice>> Shapes;
  std::map<const clang::FunctionDecl *, std::vector<UnresolvedLaunch>>
      Unresolved;
};

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
chooseBlockShapes(const clang::FunctionDecl *Kernel, const LaunchSites &Sites,
                  const BlockShapeOptions &Options,
                  const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
