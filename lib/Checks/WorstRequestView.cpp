//===--- WorstRequestView.cpp - An access's worst request, lane by lane ---===//

#include "WorstRequestView.h"

#include "llvm/Support/FormatVariadic.h"

namespace warpcheck {
namespace {

AccessKind kindNamed(const std::string &Name) {
  return Name == "store"    ? AccessKind::Store
         : Name == "atomic" ? AccessKind::Atomic
                            : AccessKind::Load;
}

/// As the finding's message quotes them: names that quote source text
/// themselves ("value loaded from 'x'") as they are.
std::string joined(const std::vector<std::string> &Names) {
  std::string S;
  for (const std::string &N : Names)
    S += (S.empty() ? "" : ", ") +
         (N.find('\'') != std::string::npos ? N : "'" + N + "'");
  return S;
}

} // namespace

WorstRequestView worstRequestView(const SharedAccessSite &Site, Verdict Status,
                                  const std::vector<std::string> &Depends,
                                  const BankRules &Rules,
                                  const std::string &RulesArch) {
  const AccessSummary &Sum = Site.Summary;
  WorstRequestView V;
  V.Warp = Sum.WorstWarp;
  V.RulesArch = RulesArch;
  V.Form = Sum.WorstForm;
  if (!Site.Rule.empty()) {
    V.Reason = llvm::formatv("no lane map: a library call counted by a "
                             "measured rule ({0})",
                             Site.Rule);
    return V;
  }
  if (Status == Verdict::Unknown) {
    V.Reason = llvm::formatv("no lane map: the addresses are not known (they "
                             "depend on {0})",
                             joined(Depends));
    return V;
  }
  if (!Sum.WorstOffsets) {
    const std::vector<std::string> &Why =
        Sum.Worst.DependsOn.empty() ? Depends : Sum.Worst.DependsOn;
    V.Reason =
        llvm::formatv("no lane map: the worst request is not one known "
                      "request (its lanes or addresses depend on {0})",
                      Why.empty() ? "the array's position" : joined(Why));
    return V;
  }
  BankMap M = drawBankMap(Site.WidthBytes, Site.Kind, *Sum.WorstOffsets,
                          Sum.WorstForm, Rules);
  if (!M.Drawn) {
    V.Reason = "no lane map: " + M.Reason;
    return V;
  }
  // A request the compiler combines into one lane's (an atomic at a
  // uniform address) is counted otherwise than word by word.
  if (M.Wavefronts != Sum.Worst.MaxWavefronts) {
    V.Reason = llvm::formatv("no lane map: the request takes {0} wavefronts, "
                             "not one per word as issued lane by lane ({1})",
                             Sum.Worst.MaxWavefronts, M.Wavefronts);
    return V;
  }
  V.Known = true;
  V.Offsets = *Sum.WorstOffsets;
  V.Wavefronts = M.Wavefronts;
  return V;
}

BankMap drawView(const AccessRecord &R, bool Fixed) {
  const WorstRequestView &V = R.WorstRequest;
  return drawBankMap(R.WidthBytes, kindNamed(R.Kind),
                     Fixed ? V.FixOffsets : V.Offsets, V.Form,
                     *chooseBankRules(V.RulesArch).Rules);
}

void addFixMap(AccessRecord &R, const std::string &Name, const Layout &L,
               const ArrayGeometry &G) {
  WorstRequestView &V = R.WorstRequest;
  if (!V.Known)
    return;
  std::optional<WarpAddresses> Moved = mapThroughLayout(L, G, V.Offsets);
  if (!Moved) {
    V.FixReason = llvm::formatv("no lane map after {0}: an offset is outside "
                                "the layout",
                                Name);
    return;
  }
  V.FixOffsets = *Moved;
  BankMap M = drawView(R, true);
  if (!M.Drawn) {
    V.FixReason = "no lane map after the fix: " + M.Reason;
    return;
  }
  V.FixLayout = Name;
  V.FixWavefronts = M.Wavefronts;
}

} // namespace warpcheck
