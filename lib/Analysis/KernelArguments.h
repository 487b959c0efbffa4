//===--- KernelArguments.h - Kernel parameters fixed by their launches -*- C++ -*-===//
//
// A kernel parameter that every launch in the file passes the same
// compile-time value has that value in the analysis: a stride or pitch
// parameter is then decided exactly instead of per residue. The host code
// is followed as a reader would: constants, `const` variables, locals
// initialized once and never changed (also from other such locals, `int
// Pitch = ~0x3f & (4 * (Width + 2) + 0x3f)`), and parameters of host
// functions through every call in the file (`launch(4, 32)`), converted to
// each type as C++ converts. As with block shapes, launches and calls from
// other files are not seen; a kernel or host function whose address is taken
// may be called with anything, and keeps its unknowns.
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
