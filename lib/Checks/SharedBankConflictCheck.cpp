//===--- SharedBankConflictCheck.cpp - warpcheck-shared-bank-conflict -----===//

#include "SharedBankConflictCheck.h"

#include "AnalysisReport.h"
#include "KernelAnalysis.h"
#include "ParseFailures.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

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

} // namespace

SharedBankConflictCheck::SharedBankConflictCheck(
    StringRef Name, clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TidyContext(Context),
      BlockDimOption(Options.get("BlockDim", "")),
      KernelBlockDimsOption(Options.get("KernelBlockDims", "")),
      MinWays(Options.get("MinWays", 2u)),
      // Read as text: the bool specializations of OptionsView are mangled
      // differently by GCC and by the Clang that built libclangTidy.
      ReportUnknown(StringRef(Options.get("ReportUnknown", "true"))
                        .equals_insensitive("true")),
      MaxLoopIterations(Options.get("MaxLoopIterations", 512u)),
      FixStyle(Options.get("FixStyle", "auto")),
      MaxPad(Options.get("MaxPad", 32u)) {
  if (FixStyle != "auto" && FixStyle != "pad" && FixStyle != "swizzle" &&
      FixStyle != "none")
    configurationDiag("invalid FixStyle '%0' (auto, pad, swizzle or none)")
        << FixStyle;
  if (!BlockDimOption.empty()) {
    Shapes.CommandLine = Dim3::parse(BlockDimOption);
    if (!Shapes.CommandLine)
      configurationDiag("invalid BlockDim '%0' (expected X[,Y[,Z]])")
          << BlockDimOption;
  }
  std::string Error;
  Shapes.PerKernel =
      BlockShapeOptions::parsePerKernel(KernelBlockDimsOption, Error);
  if (!Error.empty())
    configurationDiag("%0") << Error;
}

void SharedBankConflictCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BlockDim", BlockDimOption);
  Options.store(Opts, "KernelBlockDims", KernelBlockDimsOption);
  Options.store(Opts, "MinWays", MinWays);
  Options.store(Opts, "ReportUnknown", ReportUnknown ? "true" : "false");
  Options.store(Opts, "MaxLoopIterations", MaxLoopIterations);
  Options.store(Opts, "FixStyle", FixStyle);
  Options.store(Opts, "MaxPad", MaxPad);
}

void SharedBankConflictCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"),
      this);
  Finder->addMatcher(functionDecl(isDefinition(), isExpansionInMainFile(),
                                  unless(hasAttr(attr::CUDAGlobal)),
                                  unless(hasAttr(attr::CUDADevice)))
                         .bind("host"),
                     this);
  Finder->addMatcher(decl(anyOf(functionDecl(hasAttr(attr::CUDADevice)),
                                varDecl(hasAttr(attr::CUDAShared))),
                          isExpansionInMainFile())
                         .bind("device"),
                     this);
}

void SharedBankConflictCheck::check(const MatchFinder::MatchResult &Result) {
  startTranslationUnit(*Result.Context);
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel"))
    addKernel(Kernel, SM);
  else if (const auto *Host = Result.Nodes.getNodeAs<FunctionDecl>("host"))
    addHostCode(Host, SM);
  else if (const auto *D = Result.Nodes.getNodeAs<Decl>("device"))
    addDeviceCode(D, SM);
}

void SharedBankConflictCheck::startTranslationUnit(ASTContext &Ctx) {
  Context = &Ctx;
  if (Analyses)
    return;
  Analyses = KernelAnalysisCache::acquire(Ctx);
  // Said before any check reads a result: every kernel runs once, with the
  // requests the layout search needs.
  if (FixStyle != "none")
    Analyses->wantCapture();
}

namespace {
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

void SharedBankConflictCheck::addKernel(const FunctionDecl *Kernel,
                                        const SourceManager &SM) {
  if (SM.isInSystemHeader(Kernel->getLocation()))
    return;
  // Templates are analyzed per instantiation, with their arguments. An
  // instantiation clang rejected has no body: reported, never dropped.
  if (Kernel->isDependentContext()) {
    if (const FunctionTemplateDecl *T = Kernel->getDescribedFunctionTemplate())
      for (const FunctionDecl *Spec : T->specializations())
        if (Spec->isInvalidDecl() && !Spec->hasBody())
          RejectedTemplates.push_back(
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

void SharedBankConflictCheck::addHostCode(const FunctionDecl *Host,
                                          const SourceManager &SM) {
  if (Host->getBody())
    if (auto R = mainFileRange(SM, Host->getBody()->getSourceRange()))
      HostRanges.push_back(*R);
}

void SharedBankConflictCheck::addDeviceCode(const Decl *D,
                                            const SourceManager &SM) {
  HasDeviceCode = true;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (FD->hasBody())
      if (auto R = mainFileRange(SM, FD->getSourceRange()))
        DeviceRanges.push_back(*R);
}

void SharedBankConflictCheck::onEndOfTranslationUnit() {
  TranslationUnitRecord TU;
  TU.HasDeviceCode = HasDeviceCode;
  TU.DeviceRanges = std::move(DeviceRanges);
  TU.HostRanges = std::move(HostRanges);
  if (Context) { // else nothing matched: no kernel, no device code
    const SourceManager &SM = Context->getSourceManager();
    if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      TU.MainFile = Main->getName().str();
    const BankRulesChoice &Rules = Analyses->bankRules();
    TU.Arch = Rules.Arch;
    TU.BankRulesArch = Rules.Rules->Arch;
    TU.BankRulesMeasured = Rules.Measured;
    // Launches anywhere in the translation unit, host and device code.
    Launches.collect(*Context);
    for (const FunctionDecl *Kernel : Kernels)
      checkKernel(Kernel, TU);
    for (const auto &[Spec, Var] : RejectedTemplates) {
      PresumedLoc P =
          SM.getPresumedLoc(SM.getExpansionLoc(Spec->getLocation()));
      std::string Why =
          Var ? llvm::formatv(": its __shared__ '{0}' (line {1}) has a "
                              "constructor that does work, which nvcc skips",
                              Var->getNameAsString(),
                              SM.getPresumedLineNumber(
                                  SM.getExpansionLoc(Var->getLocation())))
                    .str()
              : std::string();
      TU.ParseNotes.push_back(llvm::formatv(
          "{0}:{1}:{2}: note: kernel '{3}' not analyzed: clang rejected its "
          "instantiation{4}",
          P.getFilename(), P.getLine(), P.getColumn(),
          displayName(Spec, *Context), Why));
      ++TU.KernelsSkipped;
    }
  }
  RejectedTemplates.clear();
  if (AnalysisReport *Report = reportFor(*TidyContext))
    Report->addTranslationUnit(TU);
  Kernels.clear();
  Launches = LaunchSites();
  HasDeviceCode = false;
  DeviceRanges.clear();
  HostRanges.clear();
  Context = nullptr;
  Analyses.reset();
}

void SharedBankConflictCheck::checkKernel(const FunctionDecl *Kernel,
                                          TranslationUnitRecord &TU) {
  for (std::string &Note : parseFailureNotes(Kernel, *Context))
    TU.ParseNotes.push_back(std::move(Note));
  if (kernelDidNotParse(Kernel)) {
    ++TU.KernelsSkipped;
    Analyses->finished(Kernel);
    return;
  }
  ++TU.Kernels;
  KernelFindings K;
  for (const BlockShapeChoice &Shape :
       chooseBlockShapes(Kernel, Launches, Shapes, *Context))
    analyzeKernel(Kernel, Shape, K);
  // Each array with a warning gets its fix, on its first warning.
  static const ArrayRequests NoRequests;
  if (FixStyle != "none")
    for (const auto &[Array, First] : K.FirstFinding) {
      if (!Array)
        continue;
      auto It = K.Arrays.find(Array);
      LayoutProposalOptions Options;
      Options.Style =
          parseFixStyle(FixStyle).value_or(warpcheck::FixStyle::Auto);
      Options.MaxPad = MaxPad;
      LayoutProposal P =
          proposeLayout(Array, It != K.Arrays.end() ? It->second : NoRequests,
                        Launches.dynamicSharedFor(Kernel), Options, *Context);
      renderProposal(Kernel, Array, P, K.Findings[First]);
    }
  Analyses->finished(Kernel);
  emit(K.Findings);
}

void SharedBankConflictCheck::emit(const std::vector<Finding> &Findings) {
  // Every count rests on the bank rules: rules not measured on the target
  // are said on each finding.
  std::string Assumed = Analyses->bankRules().assumption();
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

void SharedBankConflictCheck::recordAccess(
    AnalysisReport &Report, const SharedAccessSite &Site,
    const BlockShapeChoice &Shape, const std::string &KernelName,
    Verdict Status, const std::vector<std::string> &Depends) {
  const SourceManager &SM = Context->getSourceManager();
  const AccessSummary &Sum = Site.Summary;
  AccessRecord R;
  PresumedLoc P =
      SM.getPresumedLoc(SM.getExpansionLoc(Site.Site->getBeginLoc()));
  R.File = P.isValid() ? P.getFilename() : "";
  R.Line = P.isValid() ? P.getLine() : 0;
  R.Column = P.isValid() ? P.getColumn() : 0;
  R.EndLine =
      SM.getPresumedLineNumber(SM.getExpansionLoc(Site.Site->getEndLoc()));
  R.Function = displayName(Site.Function, *Context);
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
  if (Site.HeaderSite) {
    PresumedLoc H =
        SM.getPresumedLoc(SM.getExpansionLoc(Site.HeaderSite->getBeginLoc()));
    R.HeaderFile = H.isValid() ? H.getFilename() : "";
    R.HeaderLine = H.isValid() ? H.getLine() : 0;
    R.HeaderColumn = H.isValid() ? H.getColumn() : 0;
    R.HeaderFunction = displayName(Site.HeaderFunction, *Context);
  }
  Report.addAccess(std::move(R));
}

void SharedBankConflictCheck::analyzeKernel(const FunctionDecl *Kernel,
                                            const BlockShapeChoice &Shape,
                                            KernelFindings &K) {
  InterpreterLimits Limits;
  Limits.MaxLoopIterations = MaxLoopIterations;
  std::shared_ptr<const KernelAnalysis> Analysis = Analyses->get(
      Kernel, Shape, Limits,
      FixStyle != "none"
          ? std::optional<size_t>(KernelAnalysisCache::DefaultCaptureLimit)
          : std::nullopt);
  const KernelAnalysis &Interp = *Analysis;
  std::string KName = displayName(Kernel, *Context);
  AnalysisReport *Sink = reportFor(*TidyContext);

  // Every access of every array, for a fix that must serve them all.
  if (FixStyle != "none")
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
      recordAccess(*Sink, Site, Described, KName, Status, Depends);
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
  const SourceManager &SM = Context->getSourceManager();
  PresumedLoc H =
      SM.getPresumedLoc(SM.getExpansionLoc(Site.HeaderSite->getBeginLoc()));
  if (H.isInvalid())
    return "";
  return llvm::formatv("; made in library code at {0}:{1}:{2}, in '{3}'",
                       llvm::sys::path::filename(H.getFilename()), H.getLine(),
                       H.getColumn(),
                       displayName(Site.HeaderFunction, *Context))
      .str();
}

void SharedBankConflictCheck::renderSite(
    const SharedAccessSite &Site, const BlockShapeChoice &Shape,
    const std::string &KName, Verdict Status,
    const std::vector<std::string> &Depends, KernelFindings &K) {
  const SourceManager &SM = Context->getSourceManager();
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
  if (Status == Verdict::Range) {
    // Every request of every assumed shape took the same count: still a
    // range (the shape is not known), of one number.
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
  if (AnalysisReport *Sink = reportFor(*TidyContext)) {
    const SourceManager &SM = Context->getSourceManager();
    PresumedLoc Loc = SM.getPresumedLoc(F.Loc);
    FixClaim C;
    C.File = Loc.isValid() ? Loc.getFilename() : "";
    C.Line = Loc.isValid() ? Loc.getLine() : 0;
    C.Column = Loc.isValid() ? Loc.getColumn() : 0;
    C.Kernel = displayName(Kernel, *Context);
    C.Variable = Array->getNameAsString();
    C.Layout = P.Layout;
    C.TotalWavefronts = P.TotalWavefronts;
    Sink->addFixClaim(std::move(C));
  }
}

} // namespace warpcheck
