//===--- TranslationUnitAnalysis.h - What every check reads -----*- C++ -*-===//
//
// Everything the checks of one translation unit read, computed once for all
// of them: its kernels and where its host and device code is, its launches,
// the bank rules of its target, the ONE list of block shapes per kernel that
// every check analyzes with, and the KernelAnalysis of each kernel and block
// shape (the SIMT engine interprets a kernel once per shape and set of
// interpreter limits, not once per check). Checks only render what they
// read here.
//
// An analysis belongs to one translation unit (one ASTContext). The checks
// that read it acquire it while matching and let go of it at the end of the
// translation unit; the last one to let go destroys it, so no result
// outlives its AST (an ASTContext's address may be reused by the next
// translation unit). Translation units analysed on other threads (the
// driver's -j) have their own ASTContexts and so their own analyses; the
// registry that finds them is guarded by a mutex.
//
// The launches are walked once, on first use: one LaunchIndex (block
// shapes, dynamic shared sizes, launched argument values) per translation
// unit, with the files next to it when the driver reads them.
//
// With WARPCHECK_DEBUG_ANALYSIS_CACHE set in the environment, each analysis
// prints, when destroyed, how many times it ran the engine for each kernel
// and shape and how many times it handed out a result already run, then
// how many launch walks it made:
//   warpcheck-analysis-cache: 'k' block 64x4x1: 1 run, 1 reuse
//   warpcheck-analysis-cache: launch walks: 1
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_TRANSLATIONUNITANALYSIS_H
#define WARPCHECK_ANALYSIS_TRANSLATIONUNITANALYSIS_H

#include "BankModel.h"
#include "KernelAnalysis.h"
#include "Launches/BlockShapePolicy.h"
#include "Launches/LaunchIndex.h"

#include "llvm/ADT/SetVector.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace warpcheck {

/// A kernel template clang never instantiated because it rejected one of
/// its __shared__ objects (RejectedSharedObjects.h): reported as not
/// analyzed, never dropped.
struct RejectedTemplate {
  const clang::FunctionDecl *Specialization = nullptr;
  /// The __shared__ object rejected (nullptr when not found).
  const clang::VarDecl *Shared = nullptr;
};

/// One translation unit's analyses, shared by every check.
class TranslationUnitAnalysis {
public:
  /// Requests captured per __shared__ variable when capture is asked for
  /// (KernelAnalysis::captureRequests' default).
  static constexpr size_t DefaultCaptureLimit = 20000;

  /// The analysis of Ctx's translation unit. Each check calls this once per
  /// translation unit (while matching, before any check reads a result)
  /// and keeps the pointer until its onEndOfTranslationUnit; the analysis
  /// dies with its last holder. Shapes decide every kernel's block shapes:
  /// the first holder's are kept (every check reads the same options).
  /// Siblings: the files next to this one, when the driver reads them
  /// (CrossFile.h).
  static std::shared_ptr<TranslationUnitAnalysis>
  acquire(clang::ASTContext &Ctx, const BlockShapeOptions &Shapes,
          SiblingFiles *Siblings = nullptr);

  ~TranslationUnitAnalysis();
  TranslationUnitAnalysis(const TranslationUnitAnalysis &) = delete;
  TranslationUnitAnalysis &operator=(const TranslationUnitAnalysis &) = delete;

  /// \name What the translation unit holds, told while matching.
  /// Every holder may tell the same declaration; repeats are ignored.
  /// @{
  /// A kernel definition: analyzed unless it is in a system header;
  /// a template is analyzed per instantiation (an instantiation clang
  /// rejected is kept as a RejectedTemplate).
  void addKernel(const clang::FunctionDecl *Kernel);
  /// A host function definition of the main file: its body's byte range.
  void addHostCode(const clang::FunctionDecl *Host);
  /// A __device__ function or __shared__ variable of the main file.
  void addDeviceCode(const clang::Decl *D);
  /// @}

  /// The kernels to analyze, in the order first told, once each.
  const llvm::SetVector<const clang::FunctionDecl *> &kernels() const {
    return Kernels;
  }
  const std::vector<RejectedTemplate> &rejectedTemplates() const {
    return Rejected;
  }
  /// Whether the main file has a kernel, a __device__ function or a
  /// __shared__ variable.
  bool hasDeviceCode() const { return HasDeviceCode; }
  /// Byte ranges of the main file's kernels and __device__ functions, and
  /// of its host function bodies, in the order found.
  const std::vector<std::pair<unsigned, unsigned>> &deviceRanges() const {
    return DeviceRanges;
  }
  const std::vector<std::pair<unsigned, unsigned>> &hostRanges() const {
    return HostRanges;
  }

  /// True exactly once per translation unit: the holder that gets true
  /// reports the translation unit (one record, not one per check).
  bool claimTranslationUnitReport();

  /// Every launch of the translation unit, walked on first use.
  const LaunchIndex &launches();
  /// The block shapes every check analyzes Kernel with, chosen once
  /// (chooseBlockShapes with this translation unit's BlockShapeOptions).
  const std::vector<BlockShapeChoice> &
  blockShapes(const clang::FunctionDecl *Kernel);

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

  /// The analysis of Kernel with Shape: a parameter the launches pass
  /// several known values (a host loop over sizes) is run with each
  /// (ValueRuns.h) and the runs merged (mergeAcrossValues). With an assumed
  /// shape
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

  /// Engine runs and results handed out again, over every analysis of this
  /// process (for tests).
  static uint64_t totalRuns();
  static uint64_t totalReuses();

private:
  TranslationUnitAnalysis(clang::ASTContext &Ctx,
                          const BlockShapeOptions &Shapes,
                          SiblingFiles *Siblings)
      : Ctx(Ctx), Rules(chooseBankRules(targetGpuArch(Ctx))),
        ShapeOptions(Shapes), Siblings(Siblings) {}

  /// A kernel, a block shape, the limits that change the result and the
  /// launched values given to parameters the launches pass several of.
  using Key = std::tuple<const clang::FunctionDecl *, Dim3, unsigned, uint64_t,
                         uint64_t, unsigned, uint64_t, uint64_t,
                         std::vector<int64_t>>;
  static Key keyOf(const clang::FunctionDecl *Kernel, Dim3 Block,
                   const InterpreterLimits &Limits,
                   std::vector<int64_t> Values = {});
  /// get(Kernel, Block, ...) with Arguments instead of the launches' own
  /// (one run of the kernel with each launched value, ValueRuns).
  std::shared_ptr<const KernelAnalysis>
  getRun(const clang::FunctionDecl *Kernel, Dim3 Block,
         const InterpreterLimits &Limits, std::optional<size_t> CaptureLimit,
         const std::vector<LaunchedArgument> *Arguments);
  /// Kernel analyzed with each of Blocks: once per combination of the
  /// values its launches pass with that shape, merged (mergeAcrossValues),
  /// where a parameter takes several; otherwise the one run.
  std::vector<std::shared_ptr<const KernelAnalysis>>
  acrossValues(const clang::FunctionDecl *Kernel,
               const std::vector<Dim3> &Blocks,
               const InterpreterLimits &Limits,
               std::optional<size_t> CaptureLimit);
  const LaunchIndex &launchesLocked();

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
  BankRulesChoice Rules;
  const BlockShapeOptions ShapeOptions;
  SiblingFiles *const Siblings;
  std::mutex Mutex;

  // What the translation unit holds.
  llvm::SetVector<const clang::FunctionDecl *> Kernels;
  std::vector<RejectedTemplate> Rejected;
  bool HasDeviceCode = false;
  std::vector<std::pair<unsigned, unsigned>> DeviceRanges, HostRanges;
  /// The declarations already told, so that a repeat adds nothing.
  std::set<const clang::Decl *> Told;
  bool Reported = false;

  // Launches and shapes.
  /// The one walk of the launches, on first use.
  std::unique_ptr<LaunchIndex> Launches;
  std::map<const clang::FunctionDecl *, std::vector<BlockShapeChoice>> Shapes;

  // Engine results.
  std::map<Key, Entry> Entries;
  std::optional<size_t> CaptureWanted;
  unsigned Holders = 0;
  std::map<const clang::FunctionDecl *, unsigned> FinishedBy;
  /// Per key, in order of first request; kept when results are freed.
  std::vector<std::pair<Key, Statistic>> Statistics;
};

} // namespace warpcheck

#endif
