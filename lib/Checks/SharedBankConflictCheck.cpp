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
      if (report())
        claimLayouts(Kernel, Array, P, K);
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
    diag(F.Loc, "%0") << composeHeadline(F.Parts, F.Target) << F.Fixes;
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
                                         const std::string &Target,
                                         HeadlinePart Part,
                                         const std::vector<std::string> &Notes) {
  // One warning per site: another shape with the same verdict adds its
  // notes; another access kind of the same expression (the store of `+=`)
  // joins the warning; a kind whose verdict differs between shapes gets a
  // warning of its own.
  auto AtSite = [&](const Finding &F) {
    return F.Loc == Loc && F.Array == Array && F.Target == Target;
  };
  auto It = llvm::find_if(K.Findings, [&](const Finding &F) {
    return AtSite(F) && llvm::any_of(F.Parts, [&](const HeadlinePart &P) {
             return P.Kind == Part.Kind && P.sameVerdict(Part);
           });
  });
  if (It == K.Findings.end()) {
    It = llvm::find_if(K.Findings, [&](const Finding &F) {
      return AtSite(F) && llvm::none_of(F.Parts, [&](const HeadlinePart &P) {
               return P.Kind == Part.Kind;
             });
    });
    if (It != K.Findings.end())
      It->Parts.push_back(std::move(Part));
  }
  if (It == K.Findings.end()) {
    K.Findings.push_back({Loc, Array, Target, {std::move(Part)}, {}, {}, {}});
    It = std::prev(K.Findings.end());
  }
  for (const std::string &Note : Notes)
    if (!llvm::is_contained(It->Notes, Note))
      It->Notes.push_back(Note);
  // The host values the shape assumes, once per kernel.
  for (const std::string &Binding : K.Bindings)
    if (K.BindingsSaid.insert(Binding).second)
      It->Notes.push_back(Binding);
  size_t Index = It - K.Findings.begin();
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
      Views.push_back(
          widenRequests(*Rs, Index, Width, Interp.atoms(), Interp.bankRules()));
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
    if (const auto *Rs =
            Site.Variable ? Interp.capturedRequests(Site.Variable) : nullptr) {
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
  // The warnings say them in notes of their own, once per kernel.
  K.Bindings = Interp.parameterBindings();
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
    renderSite(Site, Shape, KName, Status, Depends, K);
  }
}

/// "made in library code at block_exchange.cuh:452:26, in
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
  return llvm::formatv("made in library code at {0}:{1}:{2}, in '{3}'",
                       llvm::sys::path::filename(H.getFilename()), H.getLine(),
                       H.getColumn(),
                       displayName(Site.HeaderFunction, astContext()))
      .str();
}

/// The verdict of an access with conflicts: "32-way bank conflict on" ...
/// ": 32 wavefronts per request" ", 1 ideal".
static HeadlinePart conflictPart(AccessKind Kind, std::string Ways,
                                 std::string Counts, std::string Rest) {
  HeadlinePart P;
  P.Kind = Kind;
  P.Lead = llvm::formatv("{0} bank conflict on", Ways);
  P.Sep = ": ";
  P.Main = llvm::formatv("{0} wavefronts per request", Counts);
  P.Rest = std::move(Rest);
  P.Short = llvm::formatv("{0}, {1}{2}", Ways, P.Main, P.Rest);
  return P;
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
  std::string Target = Site.Variable
                           ? "'" + Site.Variable->getNameAsString() + "'"
                           : "shared memory";
  // Short notes (issue 29): what the lanes do, then where and with which
  // shape, then where in library code.
  std::vector<std::string> Where = {llvm::formatv(
      "in '{0}', block {1} ({2})", KName, Shape.Block.str(), Shape.Description)};
  if (std::string Library = libraryLocation(Site); !Library.empty())
    Where.push_back(std::move(Library));
  auto Report = [&](HeadlinePart Part, std::vector<std::string> Notes) {
    Notes.insert(Notes.end(), Where.begin(), Where.end());
    addFinding(K, Site.Variable, Loc, Target, std::move(Part), Notes);
  };
  if (Status == Verdict::Unknown) {
    if (!ReportUnknown)
      return;
    HeadlinePart P;
    P.Kind = Site.Kind;
    P.Lead = "bank conflicts of";
    P.Sep = " ";
    P.Main = "cannot be decided";
    P.Rest = ": it depends on " + quoteList(Depends);
    P.Short = P.Main + P.Rest;
    P.Each = false;
    Report(std::move(P),
           {llvm::formatv("up to {0} wavefronts per request, {1} ideal",
                          W.MaxWavefronts, W.Ideal)});
    return;
  }
  if (W.MaxWavefronts <= W.Ideal || W.Worst.Ways < MinWays)
    return;
  // A library call modelled from measurements has no lanes to show: its
  // measured rule says what decided it.
  std::string Lanes =
      !Site.Rule.empty()
          ? Site.Rule
          : llvm::formatv("warp {0}: lanes {1} hit bank {2}, {3} distinct words",
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
  std::string Ways = llvm::formatv("{0}-way", W.Worst.Ways);
  std::string Ideal = llvm::formatv(", {0} ideal", W.Ideal);
  if (Status == Verdict::Range && Sum.SameInEveryShape) {
    // Every request of every assumed shape took the same count: the answer
    // holds for the whole family, still not exact (the shape is assumed).
    size_t Shapes = Shape.analyzedShapes().size();
    std::vector<std::string> Notes = {Lanes};
    if (Shapes > 1)
      Notes.push_back(
          llvm::formatv("the same count in each of the {0} shapes", Shapes));
    Report(conflictPart(Site.Kind, Ways, std::to_string(W.MaxWavefronts),
                        llvm::formatv(" in {0} assumed block shape{1}",
                                      Shapes > 1 ? "every" : "the", Ideal)),
           Notes);
    return;
  }
  if (Status == Verdict::Range) {
    // Requests differ across the assumed shapes or within one: a range.
    std::string Counts =
        W.MinWavefronts == W.MaxWavefronts
            ? std::to_string(W.MaxWavefronts)
            : llvm::formatv("{0} to {1}", W.MinWavefronts, W.MaxWavefronts)
                  .str();
    Report(conflictPart(Site.Kind, "up to " + Ways, Counts, Ideal),
           {Lanes + Instances, "the count depends on " + quoteList(Depends)});
    return;
  }
  Report(conflictPart(Site.Kind, Ways, std::to_string(W.MaxWavefronts), Ideal),
         {Lanes + Instances});
}

void SharedBankConflictCheck::renderProposal(const FunctionDecl *Kernel,
                                             const VarDecl *Array,
                                             const LayoutProposal &P,
                                             Finding &F) {
  for (const std::string &Note : P.Notes)
    F.FixNotes.push_back({Array->getLocation(), Note});
  if (P.Edit.empty())
    return;
  // The whole edit stays on the warning (every --fix applies a warning's
  // fix, and half a swizzle breaks the program); each other line it
  // changes gets a note, under which the text output shows its part.
  const SourceManager &SM = astContext().getSourceManager();
  auto LineOf = [&](SourceLocation L) {
    L = SM.getExpansionLoc(L);
    return std::make_pair(SM.getFileID(L), SM.getExpansionLineNumber(L));
  };
  std::set<std::pair<FileID, unsigned>> Lines = {LineOf(F.Loc),
                                                 LineOf(Array->getLocation())};
  std::vector<SourceLocation> Elsewhere;
  for (const FixItHint &H : P.Edit) {
    SourceLocation L = SM.getExpansionLoc(H.RemoveRange.getBegin());
    if (Lines.insert(LineOf(L)).second)
      Elsewhere.push_back(L);
  }
  llvm::sort(Elsewhere, [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  });
  for (SourceLocation L : Elsewhere)
    F.FixNotes.push_back(
        {L, llvm::formatv("{0}{1} here", SameEditHere,
                          P.Chosen == LayoutProposal::Fix::Swizzle ? "swizzle"
                                                                   : "padding")});
  F.Fixes = P.Edit;
}

/// The source edits of FixIts, by file path.
static std::map<std::string, tooling::Replacements>
replacementsOf(const std::vector<FixItHint> &Hints, const SourceManager &SM,
               const LangOptions &LangOpts) {
  std::map<std::string, tooling::Replacements> Edits;
  for (const FixItHint &H : Hints) {
    tooling::Replacement R(SM, H.RemoveRange, H.CodeToInsert, LangOpts);
    // Overlapping edits are not a fix: no edit at all.
    if (llvm::Error E = Edits[R.getFilePath().str()].add(R)) {
      llvm::consumeError(std::move(E));
      return {};
    }
  }
  return Edits;
}

void SharedBankConflictCheck::claimLayouts(const FunctionDecl *Kernel,
                                           const VarDecl *Array,
                                           const LayoutProposal &P,
                                           const KernelFindings &K) {
  if (P.Edit.empty())
    return;
  const SourceManager &SM = astContext().getSourceManager();
  // The claim is found again by the warning that carries the chosen edit.
  SourceLocation Warning = K.Findings[K.FirstFinding.at(Array)].Loc;
  PresumedLoc Loc = SM.getPresumedLoc(Warning);
  FixClaim C;
  C.Offset = SM.getDecomposedExpansionLoc(Warning).second;
  C.File = Loc.isValid() ? Loc.getFilename() : "";
  C.Line = Loc.isValid() ? Loc.getLine() : 0;
  C.Column = Loc.isValid() ? Loc.getColumn() : 0;
  C.Kernel = displayName(Kernel, astContext());
  C.Variable = Array->getNameAsString();
  C.Layout = P.Layout;
  C.TotalWavefronts = P.TotalWavefronts;
  C.Title = P.Title;
  auto [DeclFile, DeclOffset] =
      SM.getDecomposedExpansionLoc(Array->getLocation());
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(DeclFile))
    C.DeclFile = FE->getName().str();
  C.DeclOffset = DeclOffset;
  for (const Finding &F : K.Findings) {
    auto [WarningFile, Offset] = SM.getDecomposedExpansionLoc(F.Loc);
    if (F.Array == Array && WarningFile == SM.getMainFileID())
      C.WarningOffsets.push_back(Offset);
  }
  FixClaim Other = C;
  report()->addFixClaim(std::move(C));
  if (!P.Alternative)
    return;
  Other.Layout = P.Alternative->Layout;
  Other.TotalWavefronts = P.Alternative->TotalWavefronts;
  Other.Title = P.Alternative->Title;
  Other.Preferred = false;
  Other.Edits =
      replacementsOf(P.Alternative->Edit, SM, astContext().getLangOpts());
  if (!Other.Edits.empty())
    report()->addFixClaim(std::move(Other));
}

} // namespace warpcheck
