//===--- KernelAnalysisCache.cpp - One analysis per kernel and shape ------===//

#include "KernelAnalysisCache.h"

#include "Host/HostSyntax.h"
#include "Launches/ShapeFamily.h"

#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>

using namespace clang;

namespace warpcheck {

namespace {
/// The live cache of each translation unit, by its ASTContext.
struct Registry {
  std::mutex Mutex;
  std::map<const ASTContext *, std::weak_ptr<KernelAnalysisCache>> Caches;
};

Registry &registry() {
  static Registry R;
  return R;
}

std::atomic<uint64_t> TotalRuns{0}, TotalReuses{0};
} // namespace

std::shared_ptr<KernelAnalysisCache>
KernelAnalysisCache::acquire(ASTContext &Ctx, SiblingFiles *Siblings) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  std::weak_ptr<KernelAnalysisCache> &Slot = R.Caches[&Ctx];
  std::shared_ptr<KernelAnalysisCache> Cache = Slot.lock();
  if (!Cache) {
    Cache.reset(new KernelAnalysisCache(Ctx, Siblings));
    Slot = Cache;
  }
  std::lock_guard<std::mutex> CacheLock(Cache->Mutex);
  ++Cache->Holders;
  return Cache;
}

KernelAnalysisCache::~KernelAnalysisCache() {
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    auto It = R.Caches.find(&Ctx);
    if (It != R.Caches.end() && It->second.expired())
      R.Caches.erase(It);
  }
  if (!std::getenv("WARPCHECK_DEBUG_ANALYSIS_CACHE"))
    return;
  for (const auto &[K, S] : Statistics)
    llvm::errs() << llvm::formatv(
        "warpcheck-analysis-cache: '{0}' block {1}: {2} run{3}, {4} reuse{5}\n",
        displayName(std::get<0>(K), Ctx), std::get<1>(K).str(), S.Runs,
        S.Runs == 1 ? "" : "s", S.Reuses, S.Reuses == 1 ? "" : "s");
}

std::string KernelAnalysisCache::targetGpuArch(const ASTContext &Ctx) {
  for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
    if (T && T->getTriple().isNVPTX())
      return T->getTargetOpts().CPU;
  return "";
}

KernelAnalysisCache::Key
KernelAnalysisCache::keyOf(const FunctionDecl *Kernel, Dim3 Block,
                           const InterpreterLimits &L) {
  return Key(Kernel, Block, L.MaxLoopIterations, L.MaxTotalIterations,
             L.MaxWarpRequests, L.MaxCallDepth, L.UnrollBudget,
             L.MaxFullUnrollTrip);
}

void KernelAnalysisCache::wantCapture(size_t Limit) {
  std::lock_guard<std::mutex> Lock(Mutex);
  CaptureWanted = std::max(CaptureWanted.value_or(0), Limit);
}

std::shared_ptr<const KernelAnalysis>
KernelAnalysisCache::get(const FunctionDecl *Kernel, Dim3 Block,
                         const InterpreterLimits &Limits,
                         std::optional<size_t> CaptureLimit) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Key K = keyOf(Kernel, Block, Limits);
  auto StatIt = std::find_if(Statistics.begin(), Statistics.end(),
                             [&](const auto &S) { return S.first == K; });
  if (StatIt == Statistics.end()) {
    Statistics.push_back({K, {}});
    StatIt = std::prev(Statistics.end());
  }
  Statistic &Stat = StatIt->second;

  auto It = Entries.find(K);
  if (It != Entries.end() &&
      (!CaptureLimit ||
       (It->second.Captured && *It->second.Captured >= *CaptureLimit))) {
    ++Stat.Reuses;
    ++TotalReuses;
    return It->second.Result;
  }
  // Run (again, when the result lacks the requests asked for now), with
  // capture whenever any holder wants it.
  std::optional<size_t> Capture = CaptureWanted;
  if (CaptureLimit)
    Capture = std::max(Capture.value_or(0), *CaptureLimit);
  auto Result = std::make_shared<KernelAnalysis>(Ctx, Kernel, Block, Limits);
  if (!Launches)
    Launches = std::make_unique<LaunchIndex>(Ctx, Siblings);
  Result->useLaunchedArguments(Launches->argumentsOf(Kernel));
  Result->useBankRules(*Rules.Rules);
  if (Capture)
    Result->captureRequests(*Capture);
  Result->run();
  ++Stat.Runs;
  ++TotalRuns;
  Entries[K] = Entry{Result, Capture};
  return Result;
}

std::shared_ptr<const KernelAnalysis>
KernelAnalysisCache::get(const FunctionDecl *Kernel,
                         const BlockShapeChoice &Shape,
                         const InterpreterLimits &Limits,
                         std::optional<size_t> CaptureLimit) {
  // A shape fixed by the code or the options is analyzed as it is; an
  // assumed one (a family, the default, __launch_bounds__ alone) through
  // the merge, which makes no access exact. Without a __shared__ variable
  // there is no access to merge: the first shape only.
  if (!Shape.assumed() || !namesSharedMemory(Kernel))
    return get(Kernel, Shape.Block, Limits, CaptureLimit);
  // Each member through the cache (another check may ask for one shape);
  // the merge itself is cheap and not kept.
  std::vector<std::shared_ptr<const KernelAnalysis>> Members;
  for (const Dim3 &Block : Shape.analyzedShapes())
    Members.push_back(get(Kernel, Block, Limits, CaptureLimit));
  return std::make_shared<KernelAnalysis>(Members, mergeAcrossShapes(Members));
}

void KernelAnalysisCache::finished(const FunctionDecl *Kernel) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (++FinishedBy[Kernel] < Holders)
    return;
  for (auto It = Entries.begin(); It != Entries.end();)
    It = std::get<0>(It->first) == Kernel ? Entries.erase(It) : std::next(It);
}

const LaunchIndex &KernelAnalysisCache::launches() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Launches)
    Launches = std::make_unique<LaunchIndex>(Ctx, Siblings);
  return *Launches;
}

uint64_t KernelAnalysisCache::totalRuns() { return TotalRuns; }
uint64_t KernelAnalysisCache::totalReuses() { return TotalReuses; }

} // namespace warpcheck
