//===--- SharedBankConflictCheck.cpp - warpcheck-shared-bank-conflict -----===//

#include "SharedBankConflictCheck.h"

#include "Host/HostSyntax.h"
#include "AnalysisReport.h"
#include "KernelAnalysis.h"
#include "LayoutFix.h"
#include "ParseFailures.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>

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
  AnalysisReport *Report = reportFor(*TidyContext);
  Analyses =
      KernelAnalysisCache::acquire(Ctx, Report ? Report->Siblings : nullptr);
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
  std::vector<Finding> Findings;
  std::map<const VarDecl *, ArrayRequests> Arrays;
  for (const BlockShapeChoice &Shape :
       chooseBlockShapes(Kernel, Analyses->launches(), Shapes, *Context))
    analyzeKernel(Kernel, Shape, Findings, Arrays);
  if (FixStyle != "none")
    for (auto &[Array, Requests] : Arrays)
      if (Requests.FirstFinding && Array)
        proposeLayout(Kernel, Array, Requests, Findings);
  Analyses->finished(Kernel);
  emit(Findings);
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

void SharedBankConflictCheck::addFinding(
    std::vector<Finding> &Findings,
    std::map<const VarDecl *, ArrayRequests> &Arrays, const VarDecl *Array,
    SourceLocation Loc, std::string Message, std::string Note) {
  // One warning per site and message, with a note per block shape.
  auto It = llvm::find_if(Findings, [&](const Finding &F) {
    return F.Loc == Loc && F.Message == Message;
  });
  size_t Index = It - Findings.begin();
  if (It != Findings.end())
    It->Notes.push_back(std::move(Note));
  else
    Findings.push_back({Loc, std::move(Message), {std::move(Note)}, {}, {}});
  ArrayRequests &A = Arrays[Array];
  if (!A.FirstFinding || Index < *A.FirstFinding)
    A.FirstFinding = Index;
}

void SharedBankConflictCheck::collectArrayRequests(
    const KernelAnalysis &Interp,
    std::map<const VarDecl *, ArrayRequests> &Arrays) {
  // Assumed shapes (a family, the default): a fix would have to serve the
  // shape the code is launched with, which is not known, and its proof
  // re-analyzes one shape; none is offered.
  if (!Interp.shapeMembers().empty()) {
    for (const SharedAccessSite &Site : Interp.sites())
      if (Site.Variable) {
        ArrayRequests &A = Arrays[Site.Variable];
        if (!llvm::is_contained(A.Sites, Site.Site))
          A.Sites.push_back(Site.Site);
        A.Complete = false;
        A.ShapeUnknown = true;
      }
    return;
  }
  std::set<const VarDecl *> Seen;
  // An access to an array the engine could not tell may be to any of them:
  // no fix can claim to serve every access.
  bool Unplaced = false;
  for (const SharedAccessSite &Site : Interp.sites()) {
    if (!Site.Variable) {
      Unplaced = true;
      continue;
    }
    ArrayRequests &A = Arrays[Site.Variable];
    if (Site.HeaderSite && !A.Library)
      A.Library = Site.HeaderFunction;
    if (!llvm::is_contained(A.Sites, Site.Site))
      A.Sites.push_back(Site.Site);
    if (!Seen.insert(Site.Variable).second)
      continue;
    const auto *Captured = Interp.capturedRequests(Site.Variable);
    if (!Captured || Site.Summary.Truncated) {
      A.Complete = false;
      continue;
    }
    A.Tables.push_back(std::make_unique<AtomTable>(Interp.atoms()));
    A.Groups.push_back({A.Tables.back().get(), *Captured, &Interp.bankRules()});
  }
  if (Unplaced)
    for (auto &Entry : Arrays)
      Entry.second.Complete = false;
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

void SharedBankConflictCheck::analyzeKernel(
    const FunctionDecl *Kernel, const BlockShapeChoice &Shape,
    std::vector<Finding> &Findings,
    std::map<const VarDecl *, ArrayRequests> &Arrays) {
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
    collectArrayRequests(Interp, Arrays);

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
    renderSite(Site, Described, KName, Status, Depends, Findings, Arrays);
  }
}

/// "; made in library code at block_exchange.cuh:452:26, in
/// 'cub::BlockExchange<float, 128, 8>::StripedToBlocked'" for an access
/// inside a system header, which is reported at the user's call.
std::string SharedBankConflictCheck::libraryLocation(
    const SharedAccessSite &Site) const {
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
    const std::vector<std::string> &Depends, std::vector<Finding> &Findings,
    std::map<const VarDecl *, ArrayRequests> &Arrays) {
  const SourceManager &SM = Context->getSourceManager();
  const AccessSummary &Sum = Site.Summary;
  const RequestResult &W = Sum.Worst;
  SourceLocation Loc = SM.getExpansionLoc(Site.Site->getBeginLoc());
  // An access whose array the engine could not tell (inline PTX whose
  // address it does not follow) is still reported.
  std::string Var = Site.Variable ? Site.Variable->getNameAsString() : "";
  std::string Target = Site.Variable ? "'" + Var + "'" : "shared memory";
  auto Report = [&](std::string Message, std::string Note) {
    addFinding(Findings, Arrays, Site.Variable, Loc, std::move(Message),
               std::move(Note));
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

void SharedBankConflictCheck::proposeLayout(const FunctionDecl *Kernel,
                                            const VarDecl *Array,
                                            ArrayRequests &Requests,
                                            std::vector<Finding> &Findings) {
  Finding &F = Findings[*Requests.FirstFinding];
  SourceLocation DeclLoc = Array->getLocation();
  std::string Var = Array->getNameAsString();
  if (Requests.Library) {
    F.FixNotes.push_back(
        {DeclLoc,
         llvm::formatv("no layout fix offered: '{0}' is laid out and indexed "
                       "by library code ('{1}'); another algorithm, type or "
                       "number of items per thread changes its pattern",
                       Var, displayName(Requests.Library, *Context))});
    return;
  }
  auto G = geometryOf(Array, *Context);
  // An extern array's size is what every launch in this file passes.
  bool Extern = false;
  std::vector<const Expr *> LaunchArgs;
  if (!G) {
    const auto *IAT = Context->getAsIncompleteArrayType(Array->getType());
    QualType Inner = Array->getType();
    while (const ArrayType *AT = Context->getAsArrayType(Inner))
      Inner = AT->getElementType();
    if (!IAT && Inner->isRecordType()) {
      // The accesses are to arrays inside a struct: the layout fixes pad or
      // swizzle a plain array, not a member of one.
      F.FixNotes.push_back(
          {DeclLoc, "no layout fix offered: '" + Var + "' is " +
                        (Context->getAsArrayType(Array->getType())
                             ? "an array of structs"
                             : "a struct") +
                        " ('" + Inner.getUnqualifiedType().getAsString() +
                        "'); warpcheck pads or swizzles only plain arrays, "
                        "not an array that is a member of a struct"});
      return;
    }
    std::optional<uint64_t> Bytes;
    bool Agree = IAT != nullptr;
    for (const LaunchIndex::DynamicShared &L :
         Analyses->launches().dynamicSharedFor(Kernel)) {
      if (!L.Bytes || (Bytes && *Bytes != *L.Bytes))
        Agree = false;
      else
        Bytes = L.Bytes;
      if (L.Arg)
        LaunchArgs.push_back(L.Arg);
    }
    uint64_t Elem =
        IAT && !IAT->getElementType()->isIncompleteType()
            ? Context->getTypeSizeInChars(IAT->getElementType()).getQuantity()
            : 0;
    if (!Agree || !Bytes || Elem == 0 || *Bytes < Elem) {
      F.FixNotes.push_back(
          {DeclLoc,
           llvm::formatv("no layout fix offered: '{0}' is an extern "
                         "(dynamic) array and the launches in this file do "
                         "not pass one constant size",
                         Var)});
      return;
    }
    G = ArrayGeometry{{*Bytes / Elem}, Elem};
    Extern = true;
  }
  if (Requests.ShapeUnknown) {
    F.FixNotes.push_back(
        {DeclLoc, "no layout fix offered: the block shape of the kernel is "
                  "not known (the shapes analyzed were assumed)"});
    return;
  }
  if (!Requests.Complete || Requests.Groups.empty()) {
    F.FixNotes.push_back(
        {DeclLoc, llvm::formatv("no layout fix offered: not every access to "
                                "'{0}' could be followed",
                                Var)});
    return;
  }
  // Every candidate is scored on every request: merge the repeats once.
  std::vector<RequestGroup> Groups = mergeRepeats(Requests.Groups);
  LayoutScore Original = scoreLayout(Layout(), *G, Groups);
  std::optional<LayoutScore> Pad = bestPadding(*G, Groups, MaxPad);
  std::optional<LayoutScore> Swz = bestSwizzle(*G, Groups);
  // Rows of any length: seed 001's column XOR; preferred when it does at
  // least as well and the flat swizzle cannot be written as an index.
  if (std::optional<LayoutScore> Row = bestRowXor(*G, Groups))
    if (!Swz || Row->TotalWavefronts < Swz->TotalWavefronts ||
        (Row->TotalWavefronts == Swz->TotalWavefronts &&
         swizzleEdit(Array, Swz->L, *G, Requests.Sites, *Context)
             .Hints.empty()))
      Swz = Row;
  unsigned N = Requests.Sites.size();
  std::string All =
      N == 1 ? "its access" : llvm::formatv("all {0} accesses", N).str();
  auto Effect = [&](const LayoutScore &S) {
    if (S.conflictFree())
      return llvm::formatv("makes {0} conflict-free", All).str();
    return llvm::formatv("cuts the wavefronts of {0} from {1} to {2}", All,
                         Original.TotalWavefronts, S.TotalWavefronts)
        .str();
  };
  auto Useful = [&](const std::optional<LayoutScore> &S) {
    return S && S->Decided && S->TotalWavefronts < Original.TotalWavefronts;
  };
  LayoutEdit PadFix, SwzFix;
  if (Useful(Pad)) {
    PadFix = padEdit(Array, Pad->L.Pad, Requests.Sites, *Context,
                     Pad->L.RowElems, Extern ? &*G : nullptr, LaunchArgs);
    std::string Elements = Pad->L.Pad == 1 ? "element" : "elements";
    std::string Rows, Index;
    if (Pad->L.RowElems) {
      Rows = llvm::formatv("pad each row of {0} elements by {1} {2}",
                           Pad->L.RowElems, Pad->L.Pad, Elements);
      Index =
          Pad->L.Pad == 1
              ? llvm::formatv("index i becomes i + i / {0}", Pad->L.RowElems)
                    .str()
              : llvm::formatv("index i becomes i + i / {0} * {1}",
                              Pad->L.RowElems, Pad->L.Pad)
                    .str();
    } else {
      Rows = llvm::formatv("pad each row by {0} {1}", Pad->L.Pad, Elements);
    }
    // "'int t[32][33]' (index ...)", or for an extern array, how the
    // launches change.
    std::string How;
    if (Extern)
      How = llvm::formatv(" ({0}; {1})", PadFix.Summary, Index);
    else if (Index.empty())
      How = llvm::formatv(": '{0}'", PadFix.Summary);
    else
      How = llvm::formatv(": '{0}' ({1})", PadFix.Summary, Index);
    F.FixNotes.push_back(
        {DeclLoc, llvm::formatv("{0}{1} {2} (+{3} bytes)", Rows, How,
                                Effect(*Pad), Pad->L.extraBytes(*G))});
  }
  if (Useful(Swz)) {
    SwzFix = swizzleEdit(Array, Swz->L, *G, Requests.Sites, *Context);
    F.FixNotes.push_back(
        {DeclLoc, llvm::formatv("{0}swizzle: {1} (index {2}) {3} (+0 bytes)",
                                Useful(Pad) ? "or " : "", Swz->L.name(),
                                SwzFix.Summary, Effect(*Swz))});
  }
  if (!Useful(Pad) && !Useful(Swz) && !Original.Decided &&
      !(Pad && Pad->Decided) && !(Swz && Swz->Decided)) {
    // Undecided is not "no layout reduces": a padding may well help, but
    // nothing can be proven about requests whose addresses are not known.
    F.FixNotes.push_back(
        {DeclLoc, llvm::formatv("no layout fix offered: the wavefronts of "
                                "'{0}' cannot be decided under any padding or "
                                "swizzle (its addresses depend on values "
                                "warpcheck does not follow)",
                                Var)});
    return;
  }
  if (!Useful(Pad) && !Useful(Swz)) {
    F.FixNotes.push_back(
        {DeclLoc, llvm::formatv("no padding up to {0} and no XOR swizzle "
                                "reduces the wavefronts of '{1}'",
                                MaxPad, Var)});
    return;
  }
  // Which becomes the edit: fewest wavefronts, then least memory.
  bool UseSwizzle;
  if (FixStyle == "pad")
    UseSwizzle = false;
  else if (FixStyle == "swizzle")
    UseSwizzle = true;
  else
    UseSwizzle = Useful(Swz) &&
                 (!Useful(Pad) || Swz->TotalWavefronts < Pad->TotalWavefronts ||
                  (Swz->TotalWavefronts == Pad->TotalWavefronts &&
                   !SwzFix.Hints.empty()));
  // In auto, the other one when the preferred one cannot be written.
  if (FixStyle == "auto" && (UseSwizzle ? SwzFix : PadFix).Hints.empty() &&
      Useful(UseSwizzle ? Pad : Swz) &&
      !(UseSwizzle ? PadFix : SwzFix).Hints.empty())
    UseSwizzle = !UseSwizzle;
  const LayoutEdit &Chosen = UseSwizzle ? SwzFix : PadFix;
  const std::optional<LayoutScore> &Score = UseSwizzle ? Swz : Pad;
  if (!Useful(Score))
    return;
  if (Chosen.Hints.empty()) {
    F.FixNotes.push_back({DeclLoc, "no edit offered: " + Chosen.Reason});
    return;
  }
  F.Fixes = Chosen.Hints;
  if (AnalysisReport *Sink = reportFor(*TidyContext)) {
    const SourceManager &SM = Context->getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(F.Loc);
    FixClaim C;
    C.File = P.isValid() ? P.getFilename() : "";
    C.Line = P.isValid() ? P.getLine() : 0;
    C.Column = P.isValid() ? P.getColumn() : 0;
    C.Kernel = displayName(Kernel, *Context);
    C.Variable = Var;
    C.Layout = Score->L.name();
    C.TotalWavefronts = Score->TotalWavefronts;
    Sink->addFixClaim(std::move(C));
  }
}

} // namespace warpcheck
