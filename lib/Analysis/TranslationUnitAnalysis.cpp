//===--- TranslationUnitAnalysis.cpp - What every check reads -------------===//

#include "TranslationUnitAnalysis.h"

#include "AnalysisActivity.h"

#include "RejectedSharedObjects.h"
#include "Host/HostSyntax.h"
#include "clang/AST/DeclTemplate.h"
#include "Launches/ShapeFamily.h"
#include "Launches/ValueRuns.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>

using namespace clang;

namespace warpcheck {

namespace {
/// The live analysis of each translation unit, by its ASTContext.
struct Registry {
  std::mutex Mutex;
  std::map<const ASTContext *, std::weak_ptr<TranslationUnitAnalysis>> Analyses;
};

Registry &registry() {
  static Registry R;
  return R;
}

std::atomic<uint64_t> TotalRuns{0}, TotalReuses{0};

/// The file offsets of R's expansion, when it is in the main file.
std::optional<std::pair<unsigned, unsigned>>
mainFileRange(const SourceManager &SM, SourceRange R) {
  CharSourceRange E = SM.getExpansionRange(R);
  if (!SM.isInMainFile(E.getBegin()))
    return std::nullopt;
  return std::pair(SM.getFileOffset(E.getBegin()),
                   SM.getFileOffset(E.getEnd()));
}
} // namespace

std::shared_ptr<TranslationUnitAnalysis>
TranslationUnitAnalysis::acquire(ASTContext &Ctx,
                                 const BlockShapeOptions &Shapes,
                                 SiblingFiles *Siblings) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  std::weak_ptr<TranslationUnitAnalysis> &Slot = R.Analyses[&Ctx];
  std::shared_ptr<TranslationUnitAnalysis> Analysis = Slot.lock();
  if (!Analysis) {
    Analysis.reset(new TranslationUnitAnalysis(Ctx, Shapes, Siblings));
    Slot = Analysis;
  }
  std::lock_guard<std::mutex> AnalysisLock(Analysis->Mutex);
  ++Analysis->Holders;
  return Analysis;
}

TranslationUnitAnalysis::~TranslationUnitAnalysis() {
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    auto It = R.Analyses.find(&Ctx);
    if (It != R.Analyses.end() && It->second.expired())
      R.Analyses.erase(It);
  }
  if (!std::getenv("WARPCHECK_DEBUG_ANALYSIS_CACHE"))
    return;
  for (const auto &[K, S] : Statistics)
    llvm::errs() << llvm::formatv(
        "warpcheck-analysis-cache: '{0}' block {1}: {2} run{3}, {4} reuse{5}\n",
        displayName(std::get<0>(K), Ctx), std::get<1>(K).str(), S.Runs,
        S.Runs == 1 ? "" : "s", S.Reuses, S.Reuses == 1 ? "" : "s");
  llvm::errs() << "warpcheck-analysis-cache: launch walks: "
               << (Launches ? 1 : 0) << "\n";
}

std::string TranslationUnitAnalysis::targetGpuArch(const ASTContext &Ctx) {
  for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
    if (T && T->getTriple().isNVPTX())
      return T->getTargetOpts().CPU;
  return "";
}

void TranslationUnitAnalysis::addKernel(const FunctionDecl *Kernel) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInSystemHeader(Kernel->getLocation()) || !Told.insert(Kernel).second)
    return;
  // Templates are analyzed per instantiation, with their arguments. An
  // instantiation clang rejected has no body: reported, never dropped.
  if (Kernel->isDependentContext()) {
    if (const FunctionTemplateDecl *T = Kernel->getDescribedFunctionTemplate())
      for (const FunctionDecl *Spec : T->specializations())
        if (Spec->isInvalidDecl() && !Spec->hasBody())
          Rejected.push_back(
              {Spec, rejectedSharedInTemplate(Kernel->getBody())});
    return;
  }
  Kernels.insert(Kernel);
  if (SM.isInMainFile(SM.getExpansionLoc(Kernel->getLocation()))) {
    HasDeviceCode = true;
    CharSourceRange R = SM.getExpansionRange(Kernel->getSourceRange());
    DeviceRanges.push_back(
        {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())});
  }
}

void TranslationUnitAnalysis::addHostCode(const FunctionDecl *Host) {
  if (!Told.insert(Host).second || !Host->getBody())
    return;
  if (auto R = mainFileRange(Ctx.getSourceManager(),
                             Host->getBody()->getSourceRange()))
    HostRanges.push_back(*R);
}

void TranslationUnitAnalysis::addDeviceCode(const Decl *D) {
  if (!Told.insert(D).second)
    return;
  HasDeviceCode = true;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (FD->hasBody())
      if (auto R = mainFileRange(Ctx.getSourceManager(), FD->getSourceRange()))
        DeviceRanges.push_back(*R);
}

bool TranslationUnitAnalysis::claimTranslationUnitReport() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return !std::exchange(Reported, true);
}

const LaunchIndex &TranslationUnitAnalysis::launchesLocked() {
  if (!Launches)
    Launches = std::make_unique<LaunchIndex>(Ctx, Siblings);
  return *Launches;
}

const LaunchIndex &TranslationUnitAnalysis::launches() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return launchesLocked();
}

const std::vector<BlockShapeChoice> &
TranslationUnitAnalysis::blockShapes(const FunctionDecl *Kernel) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Shapes.find(Kernel);
  if (It == Shapes.end())
    It = Shapes
             .emplace(Kernel, chooseBlockShapes(Kernel, launchesLocked(),
                                                ShapeOptions, Ctx))
             .first;
  return It->second;
}

TranslationUnitAnalysis::Key
TranslationUnitAnalysis::keyOf(const FunctionDecl *Kernel, Dim3 Block,
                               const InterpreterLimits &L,
                               std::vector<int64_t> Values) {
  return Key(Kernel, Block, L.MaxLoopIterations, L.MaxTotalIterations,
             L.MaxWarpRequests, L.MaxCallDepth, L.UnrollBudget,
             L.MaxFullUnrollTrip, std::move(Values));
}

void TranslationUnitAnalysis::wantCapture(size_t Limit) {
  std::lock_guard<std::mutex> Lock(Mutex);
  CaptureWanted = std::max(CaptureWanted.value_or(0), Limit);
}

std::shared_ptr<const KernelAnalysis>
TranslationUnitAnalysis::get(const FunctionDecl *Kernel, Dim3 Block,
                             const InterpreterLimits &Limits,
                             std::optional<size_t> CaptureLimit) {
  return getRun(Kernel, Block, Limits, CaptureLimit, nullptr);
}

std::shared_ptr<const KernelAnalysis> TranslationUnitAnalysis::getRun(
    const FunctionDecl *Kernel, Dim3 Block, const InterpreterLimits &Limits,
    std::optional<size_t> CaptureLimit,
    const std::vector<LaunchedArgument> *Arguments) {
  std::lock_guard<std::mutex> Lock(Mutex);
  // A run with given arguments is known by the values it gives.
  std::vector<int64_t> Given;
  if (Arguments)
    for (const LaunchedArgument &A : *Arguments)
      Given.push_back(A.Value ? *A.Value : INT64_MIN);
  Key K = keyOf(Kernel, Block, Limits, std::move(Given));
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
  noteActivity([&] {
    return llvm::formatv("'{0}' with block {1}", displayName(Kernel, Ctx),
                         Block.str())
        .str();
  });
  auto Result = std::make_shared<KernelAnalysis>(Ctx, Kernel, Block, Limits);
  Result->useLaunchedArguments(
      Arguments ? *Arguments : launchesLocked().argumentsFor(Kernel, Block));
  Result->useBankRules(*Rules.Rules);
  if (Capture)
    Result->captureRequests(*Capture);
  Result->run();
  ++Stat.Runs;
  ++TotalRuns;
  Entries[K] = Entry{Result, Capture};
  return Result;
}

namespace {
/// Each run's value of the first split parameter.
std::vector<int64_t> firstValues(const std::vector<std::vector<int64_t>> &Keys) {
  std::vector<int64_t> Out;
  for (const std::vector<int64_t> &K : Keys)
    Out.push_back(K.empty() ? 0 : K.front());
  return Out;
}
} // namespace

std::vector<std::shared_ptr<const KernelAnalysis>>
TranslationUnitAnalysis::acrossValues(const FunctionDecl *Kernel,
                                      const std::vector<Dim3> &Blocks,
                                      const InterpreterLimits &Limits,
                                      std::optional<size_t> CaptureLimit) {
  std::vector<std::shared_ptr<const KernelAnalysis>> Out;
  for (const Dim3 &Block : Blocks) {
    ValueRuns Split;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Split = valueRuns(Kernel, launchesLocked().argumentsFor(Kernel, Block),
                        MaxValueRuns / std::max<size_t>(1, Blocks.size()));
    }
    if (Split.Runs.empty()) {
      Out.push_back(get(Kernel, Block, Limits, CaptureLimit));
      continue;
    }
    std::vector<std::shared_ptr<const KernelAnalysis>> Members;
    for (const std::vector<LaunchedArgument> &Run : Split.Runs)
      Members.push_back(getRun(Kernel, Block, Limits, CaptureLimit, &Run));
    // The members' bindings of the split parameters are one run's.
    std::vector<std::string> Bindings;
    for (const std::string &B : Members.front()->parameterBindings())
      if (llvm::none_of(Split.Names, [&B](const std::string &N) {
            return llvm::StringRef(B).starts_with("'" + N + "' is ");
          }))
        Bindings.push_back(B);
    llvm::append_range(Bindings, Split.Bindings);
    std::vector<SharedAccessSite> Sites =
        Split.Names.size() == 1
            ? mergeAcrossValues(Members, Split.Depends, Split.Names.front(),
                                firstValues(Split.Keys))
            : mergeAcrossValues(Members, Split.Depends);
    Out.push_back(std::make_shared<KernelAnalysis>(
        std::move(Members), std::move(Sites), Split.Names, Bindings));
  }
  return Out;
}

std::shared_ptr<const KernelAnalysis> TranslationUnitAnalysis::get(
    const FunctionDecl *Kernel, const BlockShapeChoice &Shape,
    const InterpreterLimits &Limits, std::optional<size_t> CaptureLimit) {
  // Without a __shared__ variable there is no access to merge: the first
  // shape only.
  if (!namesSharedMemory(Kernel))
    return get(Kernel, Shape.Block, Limits, CaptureLimit);
  // A shape fixed by the code or the options is analyzed as it is; an
  // assumed one (a family, the default, __launch_bounds__ alone) through
  // the merge, which makes no access exact. Each shape once per launched
  // value where the launches pass several.
  std::vector<Dim3> Blocks = Shape.assumed() ? Shape.analyzedShapes()
                                             : std::vector<Dim3>{Shape.Block};
  std::vector<std::shared_ptr<const KernelAnalysis>> Members =
      acrossValues(Kernel, Blocks, Limits, CaptureLimit);
  if (!Shape.assumed())
    return Members.front();
  // The merge itself is cheap and not kept.
  return std::make_shared<KernelAnalysis>(Members, mergeAcrossShapes(Members));
}

void TranslationUnitAnalysis::finished(const FunctionDecl *Kernel) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (++FinishedBy[Kernel] < Holders)
    return;
  for (auto It = Entries.begin(); It != Entries.end();)
    It = std::get<0>(It->first) == Kernel ? Entries.erase(It) : std::next(It);
}

uint64_t TranslationUnitAnalysis::totalRuns() { return TotalRuns; }
uint64_t TranslationUnitAnalysis::totalReuses() { return TotalReuses; }

} // namespace warpcheck
