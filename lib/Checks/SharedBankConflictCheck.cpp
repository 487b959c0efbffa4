//===--- SharedBankConflictCheck.cpp - warpcheck-shared-bank-conflict -----===//

#include "SharedBankConflictCheck.h"

#include "AnalysisReport.h"
#include "Host/HostSyntax.h"
#include "KernelAnalysis.h"
#include "WorstRequestView.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {

namespace {
std::string quoteList(const std::vector<std::string> &Names) {
  std::string S;
  for (const auto &N : Names) {
    if (!S.empty())
      S += ", ";
    // Names that quote source text themselves ("value loaded from 'x'")
    // are shown as they are.
    S += N.find('\'') != std::string::npos ? N : "'" + N + "'";
  }
  return S;
}

const char *accessPhrase(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load from";
  case AccessKind::Store:
    return "store to";
  case AccessKind::Atomic:
    return "atomic update of";
  }
  return "access to";
}

LayoutProposalOptions fixOptions(llvm::StringRef Style, unsigned MaxPad) {
  LayoutProposalOptions O;
  O.Style = parseFixStyle(Style).value_or(FixStyle::Auto);
  O.MaxPad = MaxPad;
  return O;
}

InterpreterLimits limitsFrom(unsigned MaxLoopIterations) {
  InterpreterLimits Limits;
  Limits.MaxLoopIterations = MaxLoopIterations;
  return Limits;
}

} // namespace

SharedBankConflictCheck::SharedBankConflictCheck(
    StringRef Name, clang::tidy::ClangTidyContext *Context)
    : KernelCheck(Name, Context), MinWays(Options.get("MinWays", 2u)),
      // Read as text: the bool specializations of OptionsView are mangled
      // differently by GCC and by the Clang that built libclangTidy.
      ReportUnknown(StringRef(Options.get("ReportUnknown", "true"))
                        .equals_insensitive("true")),
      FixStyleOption(Options.get("FixStyle", "auto")),
      Fix(fixOptions(FixStyleOption, Options.get("MaxPad", 32u))),
      Limits(limitsFrom(Options.get("MaxLoopIterations", 512u))) {
  if (!parseFixStyle(FixStyleOption))
    configurationDiag("invalid FixStyle '%0' (auto, pad, swizzle or none)")
        << FixStyleOption;
  // BlockDim and KernelBlockDims are this check's options; KernelCheck
  // reads them for every check.
  for (const std::string &Error : ShapeSettings.Errors)
    configurationDiag("%0") << Error;
}

void SharedBankConflictCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BlockDim", ShapeSettings.BlockDim);
  Options.store(Opts, "KernelBlockDims", ShapeSettings.KernelBlockDims);
  Options.store(Opts, "MinWays", MinWays);
  Options.store(Opts, "ReportUnknown", ReportUnknown ? "true" : "false");
  Options.store(Opts, "MaxLoopIterations", Limits.MaxLoopIterations);
  Options.store(Opts, "FixStyle", FixStyleOption);
  Options.store(Opts, "MaxPad", Fix.MaxPad);
}

void SharedBankConflictCheck::startTranslationUnit(
    TranslationUnitAnalysis &TU) {
  // Said before any check reads a result: every kernel runs once, with the
  // requests the layout search needs.
  if (Fix.Style != FixStyle::None || (report() && report()->WantWidened))
    TU.wantCapture();
}

void SharedBankConflictCheck::checkKernel(const FunctionDecl *Kernel) {
  KernelFindings K;
  for (const BlockShapeChoice &Shape : analysis().blockShapes(Kernel))
    analyzeShape(Kernel, Shape, K);
  // Each array with a warning gets its fix, on its first warning.
  static const ArrayRequests NoRequests;
  if (Fix.Style != FixStyle::None)
    for (const auto &[Array, First] : K.FirstFinding) {
      if (!Array)
        continue;
      auto It = K.Arrays.find(Array);
      LayoutProposal P = proposeLayout(
          Array, It != K.Arrays.end() ? It->second : NoRequests,
          analysis().launches().dynamicSharedFor(Kernel), Fix, astContext());
      renderProposal(Kernel, Array, P, K.Findings[First]);
      if (P.Chosen != LayoutProposal::Fix::None)
        for (auto &[Var, R] : K.Records)
          if (Var == Array)
            addFixMap(R, P.Layout, P.ChosenLayout, P.Geometry);
    }
  if (AnalysisReport *Sink = report())
    for (auto &[Var, R] : K.Records)
      Sink->addAccess(std::move(R));
  emit(K.Findings);
}

void SharedBankConflictCheck::emit(const std::vector<Finding> &Findings) {
  // Every count rests on the bank rules: rules not measured on the target
  // are said on each finding.
  std::string Assumed = analysis().bankRules().assumption();
  for (const Finding &F : Findings) {
    diag(F.Loc, "%0") << F.Message << F.Fixes;
    for (const std::string &Note : F.Notes)
      diag(F.Loc, "%0", DiagnosticIDs::Note) << Note;
    if (!Assumed.empty())
      diag(F.Loc, "%0", DiagnosticIDs::Note) << Assumed;
    for (const auto &[Loc, Note] : F.FixNotes)
      diag(Loc, "%0", DiagnosticIDs::Note) << Note;
  }
}

void SharedBankConflictCheck::addFinding(KernelFindings &K,
                                         const VarDecl *Array,
                                         SourceLocation Loc,
                                         std::string Message,
                                         std::string Note) {
  // One warning per site and message, with a note per block shape.
  auto It = llvm::find_if(K.Findings, [&](const Finding &F) {
    return F.Loc == Loc && F.Message == Message;
  });
  size_t Index = It - K.Findings.begin();
  if (It != K.Findings.end())
    It->Notes.push_back(std::move(Note));
  else
    K.Findings.push_back({Loc, std::move(Message), {std::move(Note)}, {}, {}});
  auto [First, New] = K.FirstFinding.try_emplace(Array, Index);
  if (!New && Index < First->second)
    First->second = Index;
}

/// Site's requests widened to 2, 4, 8 and 16 bytes, for --verify-sass: what a
/// fused LDS.64/LDS.128 of the final code issues (FusedRequests.h).
static std::vector<WidenedView> widenedViews(const KernelAnalysis &Interp,
                                             const SharedAccessSite &Site) {
  std::vector<WidenedView> Views;
  const std::vector<CapturedRequest> *Rs =
      Site.Variable ? Interp.capturedRequests(Site.Variable) : nullptr;
  if (!Rs)
    return Views;
  unsigned Index = unsigned(&Site - Interp.sites().data());
  for (unsigned Width : {2u, 4u, 8u, 16u})
    if (Width > Site.WidthBytes)
      Views.push_back(widenRequests(*Rs, Index, Width, Interp.atoms(),
                                    Interp.bankRules()));
  return Views;
}

AccessRecord SharedBankConflictCheck::recordAccess(
    AnalysisReport &Report, const KernelAnalysis &Interp,
    const SharedAccessSite &Site, const BlockShapeChoice &Shape,
    const std::string &KernelName, Verdict Status,
    const std::vector<std::string> &Depends) {
  const SourceManager &SM = astContext().getSourceManager();
  const AccessSummary &Sum = Site.Summary;
  AccessRecord R;
  PresumedLoc P =
      SM.getPresumedLoc(SM.getExpansionLoc(Site.Site->getBeginLoc()));
  R.File = P.isValid() ? P.getFilename() : "";
  R.Line = P.isValid() ? P.getLine() : 0;
  R.Column = P.isValid() ? P.getColumn() : 0;
  R.EndLine =
      SM.getPresumedLineNumber(SM.getExpansionLoc(Site.Site->getEndLoc()));
  R.Function = displayName(Site.Function, astContext());
  R.Kernel = KernelName;
  R.Variable = Site.Variable ? Site.Variable->getNameAsString() : "";
  R.Kind = accessKindName(Site.Kind);
  R.WidthBytes = Site.WidthBytes;
  R.Block = Shape.Block;
  R.BlockSource = Shape.Source;
  R.BlockDescription = Shape.Description;
  R.BlockAssumed = Shape.assumed();
  if (R.BlockAssumed)
    R.AssumedBlocks = Shape.analyzedShapes();
  R.ActiveLanes = Sum.Worst.ActiveLanes;
  R.Wavefronts = Sum.Worst.MaxWavefronts;
  R.MinWavefronts = Sum.Worst.MinWavefronts;
  R.IdealWavefronts = Sum.Worst.Ideal;
  R.Instances = Sum.Instances;
  R.Requests = Sum.Requests;
  R.Instructions = Sum.Instructions;
  R.TotalWavefronts = Sum.TotalMaxWavefronts;
  R.TotalIdealWavefronts = Sum.TotalIdeal;
  R.Status = verdictName(Status);
  R.DependsOn = Depends;
  R.Truncated = Sum.Truncated;
  R.CountsExact = Sum.CountsExact && !Sum.Truncated;
  R.PerIterationLine =
      Sum.CountsExact || Sum.Truncated ? 0 : Sum.PerIterationLine;
  R.SameInEveryShape = Sum.SameInEveryShape;
  if (Site.HeaderSite) {
    PresumedLoc H =
        SM.getPresumedLoc(SM.getExpansionLoc(Site.HeaderSite->getBeginLoc()));
    R.HeaderFile = H.isValid() ? H.getFilename() : "";
    R.HeaderLine = H.isValid() ? H.getLine() : 0;
    R.HeaderColumn = H.isValid() ? H.getColumn() : 0;
    R.HeaderFunction = displayName(Site.HeaderFunction, astContext());
  }
  if (Report.WantWidened) {
    R.Widened = widenedViews(Interp, Site);
    if (const auto *Rs = Site.Variable
                             ? Interp.capturedRequests(Site.Variable)
                             : nullptr) {
      unsigned Index = unsigned(&Site - Interp.sites().data());
      R.UniformRequests = uniformRequests(*Rs, Index);
    }
  }
  const BankRules &Rules = *analysis().bankRules().Rules;
  R.WorstRequest = worstRequestView(Site, Status, Depends, Rules, Rules.Arch);
  return R;
}

void SharedBankConflictCheck::analyzeShape(const FunctionDecl *Kernel,
                                           const BlockShapeChoice &Shape,
                                           KernelFindings &K) {
  bool WantFix = Fix.Style != FixStyle::None;
  AnalysisReport *Sink = report();
  // --verify-sass widens the captured requests of each access.
  bool Capture = WantFix || (Sink && Sink->WantWidened);
  std::shared_ptr<const KernelAnalysis> Analysis = analysis().get(
      Kernel, Shape, Limits,
      Capture
          ? std::optional<size_t>(TranslationUnitAnalysis::DefaultCaptureLimit)
          : std::nullopt);
  const KernelAnalysis &Interp = *Analysis;
  std::string KName = displayName(Kernel, astContext());

  // Every access of every array, for a fix that must serve them all.
  if (WantFix)
    collectArrayRequests(Interp, K.Arrays);

  // Parameters the launches fix are part of what the answer assumes.
  BlockShapeChoice Described = Shape;
  for (const std::string &Binding : Interp.parameterBindings())
    Described.Description += "; " + Binding;
  for (const SharedAccessSite &Site : Interp.sites()) {
    const AccessSummary &Sum = Site.Summary;
    if (Sum.Requests == 0)
      continue;
    Verdict Status = Sum.Truncated ? Verdict::Unknown : Sum.Status;
    std::vector<std::string> Depends = Sum.DependsOn;
    if (Sum.Truncated)
      Depends.push_back("analysis bound: " + Interp.truncationReason());
    if (Sink)
      K.Records.emplace_back(
          Site.Variable,
          recordAccess(*Sink, Interp, Site, Described, KName, Status, Depends));
    renderSite(Site, Described, KName, Status, Depends, K);
  }
}

/// "; made in library code at block_exchange.cuh:452:26, in
/// 'cub::BlockExchange<float, 128, 8>::StripedToBlocked'" for an access
/// inside a system header, which is reported at the user's call.
std::string
SharedBankConflictCheck::libraryLocation(const SharedAccessSite &Site) const {
  if (!Site.HeaderSite)
    return "";
  const SourceManager &SM = astContext().getSourceManager();
  PresumedLoc H =
      SM.getPresumedLoc(SM.getExpansionLoc(Site.HeaderSite->getBeginLoc()));
  if (H.isInvalid())
    return "";
  return llvm::formatv("; made in library code at {0}:{1}:{2}, in '{3}'",
                       llvm::sys::path::filename(H.getFilename()), H.getLine(),
                       H.getColumn(),
                       displayName(Site.HeaderFunction, astContext()))
      .str();
}

void SharedBankConflictCheck::renderSite(
    const SharedAccessSite &Site, const BlockShapeChoice &Shape,
    const std::string &KName, Verdict Status,
    const std::vector<std::string> &Depends, KernelFindings &K) {
  const SourceManager &SM = astContext().getSourceManager();
  const AccessSummary &Sum = Site.Summary;
  const RequestResult &W = Sum.Worst;
  SourceLocation Loc = SM.getExpansionLoc(Site.Site->getBeginLoc());
  // An access whose array the engine could not tell (inline PTX whose
  // address it does not follow) is still reported.
  std::string Var = Site.Variable ? Site.Variable->getNameAsString() : "";
  std::string Target = Site.Variable ? "'" + Var + "'" : "shared memory";
  auto Report = [&](std::string Message, std::string Note) {
    addFinding(K, Site.Variable, Loc, std::move(Message), std::move(Note));
  };
  std::string Where = llvm::formatv("in '{0}' with block {1} ({2})", KName,
                                    Shape.Block.str(), Shape.Description);
  Where += libraryLocation(Site);
  if (Status == Verdict::Unknown) {
    if (ReportUnknown)
      Report(llvm::formatv("bank conflicts of {0} {1} cannot be decided: "
                           "it depends on {2}",
                           accessPhrase(Site.Kind), Target, quoteList(Depends)),
             llvm::formatv("{0}; up to {1} wavefronts per request, {2} ideal",
                           Where, W.MaxWavefronts, W.Ideal));
    return;
  }
  if (W.MaxWavefronts <= W.Ideal || W.Worst.Ways < MinWays)
    return;
  // A library call modelled from measurements has no lanes to show: its
  // measured rule says what decided it.
  std::string Lanes =
      !Site.Rule.empty()
          ? Site.Rule
          : llvm::formatv(
                "warp {0}: lanes {1} hit bank {2} with {3} distinct words",
                Sum.WorstWarp, formatLaneList(W.Worst.WorstLanes),
                W.Worst.WorstBank, W.Worst.WorstWords)
                .str();
  // Under a loop whose trip count is not known, the executions followed
  // stand for every execution.
  std::string Instances =
      !Sum.CountsExact ? "; worst of every execution"
      : Sum.Instances > 1
          ? llvm::formatv("; worst of {0} executions", Sum.Instances).str()
          : "";
  if (Status == Verdict::Range && Sum.SameInEveryShape) {
    // Every request of every assumed shape took the same count: the answer
    // holds for the whole family, still not exact (the shape is assumed).
    size_t Shapes = Shape.analyzedShapes().size();
    Report(llvm::formatv("{0}-way bank conflict on {1} {2}: {3} wavefronts "
                         "per request in {4} assumed block shape, {5} ideal",
                         W.Worst.Ways, accessPhrase(Site.Kind), Target,
                         W.MaxWavefronts, Shapes > 1 ? "every" : "the",
                         W.Ideal),
           llvm::formatv("{0}; {1}{2}", Where, Lanes,
                         Shapes > 1 ? llvm::formatv("; the same count in "
                                                    "each of the {0} shapes",
                                                    Shapes)
                                          .str()
                                    : ""));
    return;
  }
  if (Status == Verdict::Range) {
    // Requests differ across the assumed shapes or within one: a range.
    std::string Counts =
        W.MinWavefronts == W.MaxWavefronts
            ? std::to_string(W.MaxWavefronts)
            : llvm::formatv("{0} to {1}", W.MinWavefronts, W.MaxWavefronts)
                  .str();
    Report(llvm::formatv("up to {0}-way bank conflict on {1} {2}: {3} "
                         "wavefronts per request, {4} ideal",
                         W.Worst.Ways, accessPhrase(Site.Kind), Target, Counts,
                         W.Ideal),
           llvm::formatv("{0}; {1}{2}; the count depends on {3}", Where, Lanes,
                         Instances, quoteList(Depends)));
    return;
  }
  Report(llvm::formatv("{0}-way bank conflict on {1} {2}: {3} wavefronts "
                       "per request, {4} ideal",
                       W.Worst.Ways, accessPhrase(Site.Kind), Target,
                       W.MaxWavefronts, W.Ideal),
         llvm::formatv("{0}; {1}{2}", Where, Lanes, Instances));
}

void SharedBankConflictCheck::renderProposal(const FunctionDecl *Kernel,
                                             const VarDecl *Array,
                                             const LayoutProposal &P,
                                             Finding &F) {
  for (const std::string &Note : P.Notes)
    F.FixNotes.push_back({Array->getLocation(), Note});
  if (P.Edit.empty())
    return;
  F.Fixes = P.Edit;
  if (AnalysisReport *Sink = report()) {
    const SourceManager &SM = astContext().getSourceManager();
    PresumedLoc Loc = SM.getPresumedLoc(F.Loc);
    FixClaim C;
    C.File = Loc.isValid() ? Loc.getFilename() : "";
    C.Line = Loc.isValid() ? Loc.getLine() : 0;
    C.Column = Loc.isValid() ? Loc.getColumn() : 0;
    C.Kernel = displayName(Kernel, astContext());
    C.Variable = Array->getNameAsString();
    C.Layout = P.Layout;
    C.TotalWavefronts = P.TotalWavefronts;
    Sink->addFixClaim(std::move(C));
  }
}

} // namespace warpcheck
