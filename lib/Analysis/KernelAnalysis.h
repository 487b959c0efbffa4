//===--- KernelAnalysis.h - What one block does in one kernel ----*- C++ -*-===//
//
// Runs a kernel's body for every thread of one block at once, the way the
// GPU does: each value is one symbolic integer per thread (SymbolicInt), and
// control flow narrows a per-thread activity mask instead of branching.
// Lane-dependent conditions decide which threads are active; warp-uniform
// unknown conditions keep threads active but make the code conditional;
// conditions that differ between threads in an unknown way make threads
// "maybe active". Loops with a known trip count run iteration by iteration
// (each iteration is an instance of the accesses in its body); past a bound,
// or with an unknown trip count, one symbolic iteration stands for the rest.
// Every access to __shared__ storage is recorded per warp and judged by the
// bank model (RequestAnalysis).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_KERNELANALYSIS_H
#define WARPCHECK_ANALYSIS_KERNELANALYSIS_H

#include "AccessSummary.h"
#include "BlockShape.h"
#include "KernelAnalysisTypes.h"
#include "Launches/LaunchedArgument.h"
#include "LayoutSearch.h"
#include "RejectedSharedObjects.h"
#include "SymbolicInt.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

namespace simt {
class Engine;
}

/// The SIMT engine's result for one kernel and block shape (the engine
/// itself lives in Simt/). Checks only read it.
class KernelAnalysis {
public:
  KernelAnalysis(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                 Dim3 Block, InterpreterLimits Limits = {});
  ~KernelAnalysis();

  /// Interprets the kernel body once.
  void run();

  /// Before run(): the kernel's launched arguments, from the translation
  /// unit's one walk of its launches (else the engine walks it itself).
  void useLaunchedArguments(std::vector<LaunchedArgument> Arguments);
  /// Before run(): the bank rules of the translation unit's architecture
  /// (defaultBankRules() otherwise). Rules must outlive the analysis.
  void useBankRules(const BankRules &Rules);
  /// The bank rules the requests were judged by.
  const BankRules &bankRules() const;

  /// Access sites in order of first execution.
  const std::vector<SharedAccessSite> &sites() const;
  /// Why the analysis stopped early (empty when it did not).
  const std::string &truncationReason() const;
  const AtomTable &atoms() const;
  /// Records every warp request to every __shared__ variable (offsets from
  /// its start), for the layout search; at most Limit per variable.
  void captureRequests(size_t Limit = 20000);
  /// The requests captured for Var; nullptr when none, or over the limit.
  const std::vector<CapturedRequest> *
  capturedRequests(const clang::VarDecl *Var) const;
  /// The loop budget some of Var's captured requests were made past (one
  /// symbolic iteration standing for the rest); empty when none.
  std::string capturedPastBudget(const clang::VarDecl *Var) const;
  /// Every access to per-thread arrays, in execution order (one entry per
  /// site; Offsets collects the concrete offsets seen for lane 0).
  const std::vector<LocalArrayAccess> &localArrayAccesses() const;
  /// Kernel parameters that took the value every launch in the file passes:
  /// "'d' is 7 at the launch at main.cu:88".
  const std::vector<std::string> &parameterBindings() const;
  /// The parameters analyzed once per launched value (an analysis across
  /// values); empty otherwise.
  const std::vector<std::string> &splitParameters() const { return Split; }
  /// The analyses per block shape this one merges (a family of shapes);
  /// empty for an analysis of one shape.
  const std::vector<std::shared_ptr<const KernelAnalysis>> &
  shapeMembers() const {
    return Members;
  }
  /// How the compiler treats a loop that ran (unrolled unless found not).
  LoopUnrolling loopUnrolling(const clang::Stmt *Loop) const;

  /// What holds across several analyses of one kernel (a family of block
  /// shapes, ShapeFamily.h): Sites merged per access, the first member
  /// standing for the rest (atoms, local arrays, loops, truncation). No
  /// requests are captured. Not run: the members were.
  KernelAnalysis(std::vector<std::shared_ptr<const KernelAnalysis>> Members,
                 std::vector<SharedAccessSite> Sites);
  /// What holds across the runs of one kernel and shape with every value the
  /// launches pass to the parameters Split (mergeAcrossValues); Bindings
  /// replace the members' parameter bindings.
  KernelAnalysis(std::vector<std::shared_ptr<const KernelAnalysis>> Members,
                 std::vector<SharedAccessSite> Sites,
                 std::vector<std::string> Split,
                 std::vector<std::string> Bindings);

private:
  std::unique_ptr<simt::Engine> P;
  /// Set for an analysis across shapes (P is null then).
  std::vector<std::shared_ptr<const KernelAnalysis>> Members;
  std::vector<SharedAccessSite> MergedSites;
  /// Set for an analysis across launched values.
  std::vector<std::string> Split;
  std::optional<std::vector<std::string>> MergedBindings;
};

/// The sites of Members (analyses of one kernel with assumed shapes: a
/// family, the representative first, or the one default shape) merged per
/// access: a range from the fewest wavefronts any request takes in any
/// member to the most (ideal the smallest), depending on "the block shape",
/// even where every member agrees (an assumed shape never gives exact: a
/// launch with another shape is not covered); unknown when any member is
/// unknown. Counts are the representative's and marked not exact.
std::vector<SharedAccessSite> mergeAcrossShapes(
    const std::vector<std::shared_ptr<const KernelAnalysis>> &Members);

/// The sites of Members (analyses of one kernel and shape, one per
/// combination of the values its launches pass) merged per access: exact
/// where every member that executes it takes the same exact count in every
/// request (every launched value is covered); otherwise a range over the
/// members, depending on Depends ("the launched value of 'size'"); unknown
/// when any member is. Request counts are exact when all members agree.
/// With one parameter split (Param, and Values[i] the value of member i),
/// a range's dependence lists what each value gives: "the launched value of
/// 'size' (2 wavefronts when size is 4, 8; 1 wavefront when size is 16)".
std::vector<SharedAccessSite> mergeAcrossValues(
    const std::vector<std::shared_ptr<const KernelAnalysis>> &Members,
    const std::string &Depends, const std::string &Param = "",
    const std::vector<int64_t> &Values = {});

} // namespace warpcheck

#endif
