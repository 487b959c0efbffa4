//===--- KernelAnalysis.cpp - What one block does in one kernel -----------===//

#include "KernelAnalysis.h"

#include "Simt/Engine.h"

#include "clang/AST/ExprCXX.h"

#include <cassert>
#include <functional>
#include <optional>

using namespace clang;

namespace warpcheck {

KernelAnalysis::KernelAnalysis(ASTContext &Ctx, const FunctionDecl *Kernel,
                               Dim3 Block, InterpreterLimits Limits)
    : P(std::make_unique<simt::Engine>(Ctx, Kernel, Block, Limits)) {}

KernelAnalysis::KernelAnalysis(
    std::vector<std::shared_ptr<const KernelAnalysis>> Members,
    std::vector<SharedAccessSite> Sites)
    : Members(std::move(Members)), MergedSites(std::move(Sites)) {
  assert(!this->Members.empty() && "an analysis across no shapes");
}

KernelAnalysis::~KernelAnalysis() = default;

void KernelAnalysis::run() {
  if (P)
    P->run();
}

void KernelAnalysis::useLaunchedArguments(
    std::vector<LaunchedArgument> Arguments) {
  assert(P && "an analysis across shapes is not run");
  P->Launched = std::move(Arguments);
  P->LaunchedComputed = true;
}

void KernelAnalysis::useBankRules(const BankRules &Rules) {
  assert(P && "an analysis across shapes is not run");
  P->Memo.setRules(Rules);
}

const BankRules &KernelAnalysis::bankRules() const {
  return P ? P->Memo.rules() : Members.front()->bankRules();
}

const std::vector<SharedAccessSite> &KernelAnalysis::sites() const {
  return P ? P->Sites : MergedSites;
}

const std::string &KernelAnalysis::truncationReason() const {
  if (P)
    return P->Truncation;
  for (const auto &M : Members)
    if (!M->truncationReason().empty())
      return M->truncationReason();
  return Members.front()->truncationReason();
}

const AtomTable &KernelAnalysis::atoms() const {
  return P ? P->Atoms : Members.front()->atoms();
}

void KernelAnalysis::captureRequests(size_t Limit) {
  if (P)
    P->CaptureLimit = Limit;
}

const std::vector<CapturedRequest> *
KernelAnalysis::capturedRequests(const VarDecl *Var) const {
  // Requests differ from shape to shape: a layout must be searched per
  // shape, which an analysis across shapes does not offer.
  if (!P)
    return nullptr;
  if (P->CaptureOverflow.count(Var))
    return nullptr;
  auto It = P->Captured.find(Var);
  return It == P->Captured.end() ? nullptr : &It->second.requests();
}

std::string KernelAnalysis::capturedPastBudget(const VarDecl *Var) const {
  if (!P)
    return "";
  auto It = P->CapturedPastBudget.find(Var);
  return It == P->CapturedPastBudget.end() ? "" : It->second;
}

const std::vector<LocalArrayAccess> &
KernelAnalysis::localArrayAccesses() const {
  return P ? P->LocalAccesses : Members.front()->localArrayAccesses();
}

const std::vector<std::string> &KernelAnalysis::parameterBindings() const {
  return P ? P->ParameterBindings : Members.front()->parameterBindings();
}

LoopUnrolling KernelAnalysis::loopUnrolling(const Stmt *Loop) const {
  if (!P)
    return Members.front()->loopUnrolling(Loop);
  auto It = P->Unrolling.find(Loop);
  return It == P->Unrolling.end() ? LoopUnrolling() : It->second;
}

namespace {
/// Whether every member that executes a site takes one exact count in every
/// request, the same in all members (a member that does not execute it
/// agrees: it issues no request). Folded in member by member.
struct ShapeAgreement {
  bool Agree = true;
  std::optional<unsigned> Count;

  void add(const AccessSummary &S) {
    if (S.Requests == 0 || !Agree)
      return;
    Agree = S.Status == Verdict::Exact && !S.Truncated &&
            S.FewestWavefronts == S.Worst.MaxWavefronts &&
            (!Count || *Count == S.Worst.MaxWavefronts);
    Count = S.Worst.MaxWavefronts;
  }
  bool holds() const { return Agree && Count.has_value(); }
};
} // namespace

std::vector<SharedAccessSite> mergeAcrossShapes(
    const std::vector<std::shared_ptr<const KernelAnalysis>> &Members) {
  using Key = std::tuple<const Expr *, const VarDecl *, AccessKind, unsigned>;
  std::vector<SharedAccessSite> Out;
  std::vector<ShapeAgreement> Same;
  std::map<Key, size_t> Index;
  for (size_t M = 0; M < Members.size(); ++M)
    for (const SharedAccessSite &Site : Members[M]->sites()) {
      Key K{Site.Site, Site.Variable, Site.Kind, Site.WidthBytes};
      const AccessSummary &S = Site.Summary;
      auto [It, New] = Index.emplace(K, Out.size());
      if (New) {
        Out.push_back(Site);
        Same.emplace_back();
      }
      Same[It->second].add(S);
      if (New)
        continue;
      AccessSummary &R = Out[It->second].Summary;
      if (R.Requests == 0 && S.Requests > 0) {
        // The first member did not execute it: take this one's counts.
        bool Truncated = R.Truncated;
        R = S;
        R.Truncated |= Truncated;
        continue;
      }
      if (S.Requests == 0)
        continue;
      RequestResult &W = R.Worst;
      const RequestResult &V = S.Worst;
      R.Truncated |= S.Truncated;
      for (const std::string &D : S.DependsOn)
        if (std::find(R.DependsOn.begin(), R.DependsOn.end(), D) ==
            R.DependsOn.end())
          R.DependsOn.push_back(D);
      unsigned Min = std::min(W.MinWavefronts, V.MinWavefronts);
      unsigned Ideal = std::min(W.Ideal, V.Ideal);
      R.FewestWavefronts = std::min(R.FewestWavefronts, S.FewestWavefronts);
      if (V.MaxWavefronts > W.MaxWavefronts) {
        // The worst request and its explanation come from this member.
        W = V;
        R.WorstWarp = S.WorstWarp;
        R.WorstInstance = S.WorstInstance;
      }
      W.MinWavefronts = Min;
      W.Ideal = Ideal;
      if (S.Status == Verdict::Unknown || R.Status == Verdict::Unknown)
        R.Status = Verdict::Unknown;
    }
  // Every shape was assumed: none of them is known to be the launched one,
  // and a launch with another shape is not covered. What holds across them
  // is a range from the fewest wavefronts any request takes in any shape to
  // the most, never exact, even where every shape agrees; the counts are
  // the representative's (or the first member's that executes the site).
  for (size_t I = 0; I < Out.size(); ++I) {
    AccessSummary &R = Out[I].Summary;
    R.CountsExact = false;
    if (R.Status == Verdict::Unknown || R.Requests == 0)
      continue;
    R.SameInEveryShape = Same[I].holds();
    R.Status = Verdict::Range;
    R.Worst.Status = Verdict::Range;
    R.Worst.MinWavefronts = std::min(R.Worst.MinWavefronts, R.FewestWavefronts);
    R.Worst.Ideal = std::min(R.Worst.Ideal, R.Worst.MinWavefronts);
    if (std::find(R.DependsOn.begin(), R.DependsOn.end(), "the block shape") ==
        R.DependsOn.end())
      R.DependsOn.push_back("the block shape");
  }
  return Out;
}

} // namespace warpcheck
