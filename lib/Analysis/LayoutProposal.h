//===--- LayoutProposal.h - Which layout fix an array gets -----*- C++ -*-===//
//
// Decides the layout fix of one __shared__ array from every request its
// kernel made to it over every block shape analyzed: whether a fix can be
// offered at all (library storage, structs, an extern array whose size the
// launches do not fix, an assumed block shape, accesses not followed), the
// best padding and XOR swizzle (LayoutSearch.h), which of them becomes the
// edit (the fix style), and the edit itself (LayoutFix.h). The result is
// data: notes for the declaration, the edit, and what the fix claims. The
// bank-conflict check renders it; the driver proves the claim
// (FixProof.cpp) before offering the edit.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAYOUTPROPOSAL_H
#define WARPCHECK_ANALYSIS_LAYOUTPROPOSAL_H

#include "KernelAnalysis.h"
#include "Launches/LaunchIndex.h"
#include "LayoutSearch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// One array's requests over every block shape of a kernel, for the fix.
struct ArrayRequests {
  /// The unknowns the requests are written in: one copy per analysis,
  /// shared by every array it accesses (a copy per array grew with the
  /// square of the arrays: 3,000 arrays took 3.6 GB).
  std::vector<std::shared_ptr<const AtomTable>> Tables;
  std::vector<RequestGroup> Groups;
  /// Every access expression of the array, once each.
  std::vector<const clang::Expr *> Sites;
  /// Every access was followed and its requests captured.
  bool Complete = true;
  /// Some requests came from a loop run past its budget (the budget).
  std::string PastBudget;
  /// Analyzed over a family of assumed block shapes.
  bool ShapeUnknown = false;
  /// Analyzed once per launched value of this parameter (one of them).
  std::string SplitParameter;
  /// Accessed by library code (a CUB primitive's TempStorage): the layout
  /// is the library's, not one a fix can change.
  const clang::FunctionDecl *Library = nullptr;
};
/// By array; nullptr for accesses whose array was not told.
using ArrayRequestMap = std::map<const clang::VarDecl *, ArrayRequests>;

/// Adds the accesses and captured requests of one analysis (one block
/// shape, or a family merged) to Arrays.
void collectArrayRequests(const KernelAnalysis &Interp,
                          ArrayRequestMap &Arrays);

/// Which layout becomes the edit when both help.
enum class FixStyle { Auto, Pad, Swizzle, None };
/// "auto", "pad", "swizzle" or "none"; nullopt for anything else.
std::optional<FixStyle> parseFixStyle(llvm::StringRef Text);

struct LayoutProposalOptions {
  FixStyle Style = FixStyle::Auto;
  /// The largest padding tried, in elements.
  unsigned MaxPad = 32;
};

/// One layout that helps, as an edit: what an editor offers as an action.
struct LayoutOption {
  /// "pad 'tile' to 'float tile[32][33]' (rows of 32 + 1)", "swizzle
  /// 'tile': [r][c ^ r]".
  std::string Title;
  std::vector<clang::FixItHint> Edit;
  /// The layout's name and the wavefronts of the array's accesses after
  /// it, which the option claims.
  std::string Layout;
  uint64_t TotalWavefronts = 0;
};

/// Said after the note of the layout whose edit is offered; the driver
/// takes it away when it withholds the fix.
inline constexpr const char *AppliedByFix = " (applied by --fix)";
/// How the notes at the fix's other edited lines start ("apply the same
/// swizzle here"); the driver drops them when it withholds the fix.
inline constexpr const char *SameEditHere = "apply the same ";

/// What the fix of one array is.
struct LayoutProposal {
  enum class Fix { None, Pad, Swizzle };
  /// The layout whose edit is offered (None: no edit).
  Fix Chosen = Fix::None;
  /// Notes for the array's declaration, in order: each layout that helps
  /// and what it does, or why none is offered or no edit is.
  std::vector<std::string> Notes;
  /// The edit of the chosen layout (empty when none is offered).
  std::vector<clang::FixItHint> Edit;
  /// With an edit: the layout's name ("pad 1", "Swizzle<5,0,5>") and the
  /// wavefronts of the array's accesses after it, which the fix claims.
  std::string Layout;
  uint64_t TotalWavefronts = 0;
  /// The chosen edit's title (LayoutOption::Title).
  std::string Title;
  /// The other layout that helps, when its edit can be written (padding
  /// when the swizzle is chosen, and back): offered beside the chosen one
  /// by editors, never applied by --fix.
  std::optional<LayoutOption> Alternative;
  /// With an edit: the layout and the array it moves (for the bank map
  /// after the fix, BankMap.h mapThroughLayout).
  warpcheck::Layout ChosenLayout;
  ArrayGeometry Geometry;
};

/// The fix of Array from its Requests over every shape; Launches are the
/// kernel's launches with their dynamic shared sizes (an extern array's
/// size comes from them).
LayoutProposal
proposeLayout(const clang::VarDecl *Array, const ArrayRequests &Requests,
              const std::vector<LaunchIndex::DynamicShared> &Launches,
              const LayoutProposalOptions &Options,
              const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
