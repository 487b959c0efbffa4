//===--- KernelAnalysisCache.h - One analysis per kernel, shape -*- C++ -*-===//
//
// Every check of a translation unit reads the same KernelAnalysis for a
// kernel and block shape: the SIMT engine interprets each kernel once per
// shape (and per set of interpreter limits), not once per check.
//
// A cache belongs to one translation unit (one ASTContext). The checks that
// read it acquire it while matching and let go of it at the end of the
// translation unit; the last one to let go destroys it, so no result
// outlives its AST (an ASTContext's address may be reused by the next
// translation unit). Translation units analysed on other threads (the
// driver's -j) have their own ASTContexts and so their own caches; the
// registry that finds them is guarded by a mutex.
//
// What every kernel of the translation unit shares is found once per
// translation unit too: the launched arguments (one walk of the launches,
// TranslationUnitLaunches) and the bank rules of its target architecture
// (chooseBankRules).
//
// With WARPCHECK_DEBUG_ANALYSIS_CACHE set in the environment, each cache
// prints, when destroyed, how many times it ran the engine for each kernel
// and shape and how many times it handed out a result already run:
//   warpcheck-analysis-cache: 'k' block 64x4x1: 1 run, 1 reuse
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_KERNELANALYSISCACHE_H
#define WARPCHECK_ANALYSIS_KERNELANALYSISCACHE_H

#include "BankModel.h"
#include "KernelAnalysis.h"
#include "Launches/BlockShapeChoice.h"
#include "Launches/LaunchIndex.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>
#include <vector>

namespace warpcheck {

/// The KernelAnalysis of each kernel and block shape of one translation
/// unit, run on first request and shared by every check.
class KernelAnalysisCache {
public:
  /// Requests captured per __shared__ variable when capture is asked for
  /// (KernelAnalysis::captureRequests' default).
  static constexpr size_t DefaultCaptureLimit = 20000;

  /// The cache of Ctx's translation unit. Each check calls this once per
  /// translation unit (while matching, before any check reads a result)
  /// and keeps the pointer until its onEndOfTranslationUnit; the cache dies
  /// with its last holder.
  /// Siblings: the files next to this one, when the driver reads them.
  static std::shared_ptr<KernelAnalysisCache>
  acquire(clang::ASTContext &Ctx, SiblingFiles *Siblings = nullptr);

  /// Every launch of the translation unit, walked on first use.
  const LaunchIndex &launches();

  ~KernelAnalysisCache();
  KernelAnalysisCache(const KernelAnalysisCache &) = delete;
  KernelAnalysisCache &operator=(const KernelAnalysisCache &) = delete;

  /// Every run from now on captures requests (at most Limit per variable).
  /// A check that needs captured requests says so while matching, so that a
  /// kernel first requested by a check that does not need them is not run
  /// a second time.
  void wantCapture(size_t Limit = DefaultCaptureLimit);

  /// The analysis of Kernel with Block and Limits, run on first request.
  /// With CaptureLimit, its requests are captured (at least that many per
  /// variable): a result run without capture is then run again, with it,
  /// and replaces the first.
  std::shared_ptr<const KernelAnalysis>
  get(const clang::FunctionDecl *Kernel, Dim3 Block,
      const InterpreterLimits &Limits,
      std::optional<size_t> CaptureLimit = std::nullopt);

  /// The analysis of Kernel with Shape: with an assumed shape
  /// (Shape.assumed(): a family, the default, __launch_bounds__ alone),
  /// every shape analyzed (each cached as above) merged into what holds
  /// across them, never exact (mergeAcrossShapes); otherwise get(Kernel,
  /// Shape.Block, ...). A kernel that names no __shared__ variable runs
  /// with the first shape only.
  std::shared_ptr<const KernelAnalysis>
  get(const clang::FunctionDecl *Kernel, const BlockShapeChoice &Shape,
      const InterpreterLimits &Limits,
      std::optional<size_t> CaptureLimit = std::nullopt);

  /// The holder will not ask for Kernel again. Once every holder has said
  /// so, the kernel's results are freed (they would be at the end of the
  /// translation unit anyway).
  void finished(const clang::FunctionDecl *Kernel);

  /// The bank rules of this translation unit's target architecture, which
  /// every analysis it runs is judged by.
  const BankRulesChoice &bankRules() const { return Rules; }

  /// The GPU architecture Ctx compiles for ("sm_80": the NVPTX target's, or
  /// the auxiliary target's in a host compilation); empty when none.
  static std::string targetGpuArch(const clang::ASTContext &Ctx);

  /// Engine runs and results handed out again, over every cache of this
  /// process (for tests).
  static uint64_t totalRuns();
  static uint64_t totalReuses();

private:
  KernelAnalysisCache(clang::ASTContext &Ctx, SiblingFiles *Siblings)
      : Ctx(Ctx), Siblings(Siblings),
        Rules(chooseBankRules(targetGpuArch(Ctx))) {}

  /// A kernel, a block shape and the limits that change the result.
  using Key = std::tuple<const clang::FunctionDecl *, Dim3, unsigned, uint64_t,
                         uint64_t, unsigned, uint64_t, uint64_t>;
  static Key keyOf(const clang::FunctionDecl *Kernel, Dim3 Block,
                   const InterpreterLimits &Limits);

  struct Entry {
    std::shared_ptr<KernelAnalysis> Result;
    /// The capture limit of the run; nullopt when it did not capture.
    std::optional<size_t> Captured;
  };
  struct Statistic {
    unsigned Runs = 0;
    unsigned Reuses = 0;
  };

  clang::ASTContext &Ctx;
  SiblingFiles *Siblings;
  BankRulesChoice Rules;
  std::mutex Mutex;
  /// Walked on first use.
  std::unique_ptr<LaunchIndex> Launches;
  std::map<Key, Entry> Entries;
  std::optional<size_t> CaptureWanted;
  unsigned Holders = 0;
  std::map<const clang::FunctionDecl *, unsigned> FinishedBy;
  /// Per key, in order of first request; kept when results are freed.
  std::vector<std::pair<Key, Statistic>> Statistics;
};

} // namespace warpcheck

#endif
