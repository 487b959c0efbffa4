//===--- KernelAnalysis.cpp - What one block does in one kernel -----------===//

#include "KernelAnalysis.h"

#include "Simt/Engine.h"

#include "clang/AST/ExprCXX.h"

#include <cassert>
#include <functional>
#include <optional>
#include <tuple>

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

KernelAnalysis::KernelAnalysis(
    std::vector<std::shared_ptr<const KernelAnalysis>> Members,
    std::vector<SharedAccessSite> Sites, std::vector<std::string> Split,
    std::vector<std::string> Bindings)
    : KernelAnalysis(std::move(Members), std::move(Sites)) {
  this->Split = std::move(Split);
  MergedBindings = std::move(Bindings);
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
  if (P)
    return P->ParameterBindings;
  return MergedBindings ? *MergedBindings : Members.front()->parameterBindings();
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
/// agrees: it issues no request), and whether they make the same number of
/// requests with exact counts. Folded in member by member.
struct Agreement {
  bool Agree = true;
  std::optional<unsigned> Count;
  bool SameRequests = true;
  std::optional<std::pair<unsigned, unsigned>> Requests;
  size_t Members = 0;
  /// Whether every member that executes the site is exact with the same
  /// fewest and most wavefronts per request (each launch then sees what a
  /// run sees, whichever it is).
  bool SameProfile = true;
  std::optional<std::pair<unsigned, unsigned>> Profile;

  /// Whether every member has the same counts per iteration of one loop.
  bool SamePerIteration = true;
  std::optional<std::tuple<unsigned, unsigned, unsigned>> PerIteration;

  void add(const AccessSummary &S) {
    ++Members;
    std::pair<unsigned, unsigned> R{S.Instances, S.Requests};
    SameRequests &= S.CountsExact && (!Requests || *Requests == R);
    std::tuple<unsigned, unsigned, unsigned> Iteration{S.PerIterationLine,
                                                       S.Instances, S.Requests};
    SamePerIteration &= S.PerIterationLine != 0 &&
                        (!PerIteration || *PerIteration == Iteration);
    PerIteration = Iteration;
    Requests = R;
    if (S.Requests == 0)
      return;
    std::pair<unsigned, unsigned> P{S.FewestWavefronts, S.Worst.MaxWavefronts};
    SameProfile &= S.Status == Verdict::Exact && !S.Truncated &&
                   (!Profile || *Profile == P);
    Profile = P;
    if (!Agree)
      return;
    Agree = S.Status == Verdict::Exact && !S.Truncated &&
            S.FewestWavefronts == S.Worst.MaxWavefronts &&
            (!Count || *Count == S.Worst.MaxWavefronts);
    Count = S.Worst.MaxWavefronts;
  }
  bool holds() const { return Agree && Count.has_value(); }
  bool sameProfile() const { return SameProfile && Profile.has_value(); }
};

/// Folds S, a member's summary of a site already in R, into R.
/// BoundTotals: the totals become those of the member with the largest
/// conflict factor (most wavefronts per ideal one), all three from that one
/// run, so that they stand for the worst launch (the runs of launched
/// values); otherwise they stay the first member's (a representative shape).
void foldSummary(AccessSummary &R, const AccessSummary &S, bool BoundTotals) {
  if (R.Requests == 0 && S.Requests > 0) {
    // The first member did not execute it: take this one's counts.
    bool Truncated = R.Truncated;
    R = S;
    R.Truncated |= Truncated;
    return;
  }
  if (S.Requests == 0)
    return;
  RequestResult &W = R.Worst;
  const RequestResult &V = S.Worst;
  R.Truncated |= S.Truncated;
  if (BoundTotals && S.TotalMaxWavefronts * std::max<uint64_t>(1, R.TotalIdeal) >
                         R.TotalMaxWavefronts * std::max<uint64_t>(1, S.TotalIdeal)) {
    R.TotalMaxWavefronts = S.TotalMaxWavefronts;
    R.TotalMinWavefronts = S.TotalMinWavefronts;
    R.TotalIdeal = S.TotalIdeal;
  }
  for (const std::string &D : S.DependsOn)
    if (!llvm::is_contained(R.DependsOn, D))
      R.DependsOn.push_back(D);
  unsigned Min = std::min(W.MinWavefronts, V.MinWavefronts);
  unsigned Ideal = std::min(W.Ideal, V.Ideal);
  R.FewestWavefronts = std::min(R.FewestWavefronts, S.FewestWavefronts);
  R.ExactRequestsDiffer |= S.ExactRequestsDiffer;
  if (V.MaxWavefronts > W.MaxWavefronts) {
    // The worst request and its explanation come from this member.
    W = V;
    R.WorstWarp = S.WorstWarp;
    R.WorstInstance = S.WorstInstance;
    R.WorstOffsets = S.WorstOffsets;
    R.WorstForm = S.WorstForm;
  }
  W.MinWavefronts = Min;
  W.Ideal = Ideal;
  if (S.Status == Verdict::Unknown || R.Status == Verdict::Unknown)
    R.Status = Verdict::Unknown;
  else if (S.Status == Verdict::Range)
    R.Status = Verdict::Range;
}

/// The sites of Members merged per access, with each one's agreement.
std::vector<SharedAccessSite>
mergeSites(const std::vector<std::shared_ptr<const KernelAnalysis>> &Members,
           std::vector<Agreement> &Same, bool BoundTotals) {
  using Key = std::tuple<const Expr *, const VarDecl *, AccessKind, unsigned>;
  std::vector<SharedAccessSite> Out;
  std::map<Key, size_t> Index;
  for (size_t M = 0; M < Members.size(); ++M)
    for (const SharedAccessSite &Site : Members[M]->sites()) {
      Key K{Site.Site, Site.Variable, Site.Kind, Site.WidthBytes};
      auto [It, New] = Index.emplace(K, Out.size());
      if (New) {
        Out.push_back(Site);
        Same.emplace_back();
        // Members that ran before without executing it issued no request.
        for (size_t Before = 0; Before < M; ++Before)
          Same.back().add(AccessSummary{});
      }
      Same[It->second].add(Site.Summary);
      if (!New)
        foldSummary(Out[It->second].Summary, Site.Summary, BoundTotals);
    }
  // A member that never executed a site issued no request.
  for (Agreement &A : Same)
    while (A.Members < Members.size())
      A.add(AccessSummary{});
  return Out;
}
} // namespace

std::vector<SharedAccessSite> mergeAcrossShapes(
    const std::vector<std::shared_ptr<const KernelAnalysis>> &Members) {
  std::vector<Agreement> Same;
  std::vector<SharedAccessSite> Out =
      mergeSites(Members, Same, /*BoundTotals=*/false);
  // Every shape was assumed: none of them is known to be the launched one,
  // and a launch with another shape is not covered. What holds across them
  // is a range from the fewest wavefronts any request takes in any shape to
  // the most, never exact, even where every shape agrees; the counts are
  // the representative's (or the first member's that executes the site).
  for (size_t I = 0; I < Out.size(); ++I) {
    AccessSummary &R = Out[I].Summary;
    R.CountsExact = false;
    R.PerIterationLine = 0;
    if (R.Status == Verdict::Unknown || R.Requests == 0)
      continue;
    R.SameInEveryShape = Same[I].holds();
    R.Status = Verdict::Range;
    R.Worst.Status = Verdict::Range;
    R.Worst.MinWavefronts = std::min(R.Worst.MinWavefronts, R.FewestWavefronts);
    R.Worst.Ideal = std::min(R.Worst.Ideal, R.Worst.MinWavefronts);
    if (!llvm::is_contained(R.DependsOn, "the block shape"))
      R.DependsOn.push_back("the block shape");
  }
  return Out;
}

namespace {
using SiteKey = std::tuple<const Expr *, const VarDecl *, AccessKind, unsigned>;

SiteKey keyOf(const SharedAccessSite &Site) {
  return SiteKey{Site.Site, Site.Variable, Site.Kind, Site.WidthBytes};
}

/// "(2 wavefronts when size is 4, 8; 1 wavefront when size is 16, 32)": what
/// each run gives Key, grouped by count in the order the values come; empty
/// when a run that executes it is not exact.
std::string perValueTable(
    const std::vector<std::map<SiteKey, const AccessSummary *>> &Runs,
    const SiteKey &Key, const std::string &Param,
    const std::vector<int64_t> &Values) {
  std::vector<std::pair<std::string, std::string>> Groups;
  for (size_t M = 0; M < Runs.size() && M < Values.size(); ++M) {
    auto It = Runs[M].find(Key);
    std::string Label = "no request";
    if (It != Runs[M].end() && It->second->Requests > 0) {
      const AccessSummary &S = *It->second;
      if (S.Status != Verdict::Exact || S.Truncated)
        return "";
      unsigned Most = S.Worst.MaxWavefronts;
      Label = (S.FewestWavefronts == Most
                   ? std::to_string(Most)
                   : std::to_string(S.FewestWavefronts) + " to " +
                         std::to_string(Most)) +
              (Most == 1 ? " wavefront" : " wavefronts");
    }
    auto G = llvm::find_if(Groups, [&](const auto &E) { return E.first == Label; });
    std::string V = std::to_string(Values[M]);
    if (G == Groups.end())
      Groups.push_back({Label, V});
    else
      G->second += ", " + V;
  }
  std::string Out;
  for (const auto &[Label, Vs] : Groups)
    Out += (Out.empty() ? "" : "; ") + Label + " when " + Param + " is " + Vs;
  return Out.empty() ? "" : " (" + Out + ")";
}
} // namespace

std::vector<SharedAccessSite> mergeAcrossValues(
    const std::vector<std::shared_ptr<const KernelAnalysis>> &Members,
    const std::string &Depends, const std::string &Param,
    const std::vector<int64_t> &Values) {
  // Each run's sites by access, for the per-value table.
  std::vector<std::map<SiteKey, const AccessSummary *>> Runs;
  if (!Param.empty())
    for (const auto &M : Members) {
      Runs.emplace_back();
      for (const SharedAccessSite &Site : M->sites())
        Runs.back().emplace(keyOf(Site), &Site.Summary);
    }
  std::vector<Agreement> Same;
  std::vector<SharedAccessSite> Out =
      mergeSites(Members, Same, /*BoundTotals=*/true);
  // A run that stopped early never reached the accesses after the stop:
  // what the others say of them is not every launch's.
  bool Stopped = llvm::any_of(Members, [](const auto &M) {
    return !M->truncationReason().empty();
  });
  // Every value the launches pass ran: one exact count in all of them is
  // the answer for every launch; otherwise the counts range over them.
  for (size_t I = 0; I < Out.size(); ++I) {
    AccessSummary &R = Out[I].Summary;
    R.Truncated |= Stopped;
    // The counts are one run's: the block's own only where every run makes
    // the same requests of one count.
    R.CountsExact &= Same[I].SameRequests && Same[I].holds();
    if (!Same[I].SamePerIteration || R.Truncated)
      R.PerIterationLine = 0;
    if (R.Status == Verdict::Unknown || R.Requests == 0)
      continue;
    if ((Same[I].holds() || Same[I].sameProfile()) && !R.Truncated) {
      R.Status = Verdict::Exact;
      R.Worst.Status = Verdict::Exact;
      continue;
    }
    R.Status = Verdict::Range;
    R.Worst.Status = Verdict::Range;
    R.Worst.MinWavefronts = std::min(R.Worst.MinWavefronts, R.FewestWavefronts);
    R.Worst.Ideal = std::min(R.Worst.Ideal, R.Worst.MinWavefronts);
    std::string Dependence =
        Depends + (Runs.empty() || R.Truncated
                       ? std::string()
                       : perValueTable(Runs, keyOf(Out[I]), Param, Values));
    if (!llvm::is_contained(R.DependsOn, Dependence))
      R.DependsOn.push_back(Dependence);
  }
  return Out;
}

} // namespace warpcheck
