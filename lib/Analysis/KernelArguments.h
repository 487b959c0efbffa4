//===--- KernelArguments.h - Kernel parameters fixed by their launches -*- C++ -*-===//
//
// A kernel parameter that every launch in the file passes the same
// compile-time constant (`pitchRows<<<g, b>>>(out, 33)`, a `const`
// variable, a local variable initialized with a constant and never changed)
// has that value in the analysis: a stride or pitch parameter is then decided
// exactly instead of per residue. As with block shapes, launches from other
// files are not seen; a kernel whose address is taken (a function pointer,
// cudaLaunchKernel) may be launched with anything, and keeps its unknowns.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_KERNELARGUMENTS_H
#define WARPCHECK_ANALYSIS_KERNELARGUMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// What the launches of one kernel fix about one integer parameter.
struct LaunchedArgument {
  /// The value every launch passes, when they all pass the same constant.
  std::optional<int64_t> Value;
  /// "main.cu:88" for the first launch (for the note).
  std::string FirstLaunch;
  /// Launches seen.
  unsigned Launches = 0;
};

/// The launched values of the parameters of every kernel launched in the
/// main file of Ctx: one walk of the translation unit, shared by all its
/// kernels and block shapes (KernelAnalysisCache keeps one).
class TranslationUnitLaunches {
public:
  explicit TranslationUnitLaunches(clang::ASTContext &Ctx);
  /// Kernel's, indexed by parameter (nothing fixed when never launched).
  std::vector<LaunchedArgument> of(const clang::FunctionDecl *Kernel) const;

private:
  std::map<const clang::FunctionDecl *, std::vector<LaunchedArgument>>
      ByKernel;
};

/// The launched value of each parameter of Kernel (indexed by parameter),
/// from the `<<<>>>` launches in the main file of Ctx (a walk of its own:
/// prefer a TranslationUnitLaunches shared by the kernels).
std::vector<LaunchedArgument> launchedArguments(const clang::FunctionDecl *Kernel,
                                                clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
