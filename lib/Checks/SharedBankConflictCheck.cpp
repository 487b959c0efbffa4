//===--- SharedBankConflictCheck.cpp - warpcheck-shared-bank-conflict -----===//

#include "SharedBankConflictCheck.h"

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
    : ClangTidyCheck(Name, Context),
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
  Context = Result.Context;
  if (!Analyses) {
    Analyses = KernelAnalysisCache::acquire(*Context);
    // Said before any check reads a result: every kernel runs once, with
    // the requests the layout search needs.
    if (FixStyle != "none")
      Analyses->wantCapture();
  }
  if (const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    // Templates are analyzed per instantiation, with their arguments.
    if (Kernel->isDependentContext() ||
        Result.SourceManager->isInSystemHeader(Kernel->getLocation()))
      return;
    if (std::find(Kernels.begin(), Kernels.end(), Kernel) == Kernels.end())
      Kernels.push_back(Kernel);
    const SourceManager &SM = *Result.SourceManager;
    if (SM.isInMainFile(SM.getExpansionLoc(Kernel->getLocation()))) {
      HasDeviceCode = true;
      CharSourceRange R = SM.getExpansionRange(Kernel->getSourceRange());
      DeviceRanges.push_back(
          {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())});
    }
    return;
  }
  if (const auto *Host = Result.Nodes.getNodeAs<FunctionDecl>("host")) {
    const SourceManager &SM = *Result.SourceManager;
    if (Host->getBody()) {
      CharSourceRange R =
          SM.getExpansionRange(Host->getBody()->getSourceRange());
      if (SM.isInMainFile(R.getBegin()))
        HostRanges.push_back(
            {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())});
    }
    return;
  }
  if (const auto *D = Result.Nodes.getNodeAs<Decl>("device")) {
    HasDeviceCode = true;
    const SourceManager &SM = *Result.SourceManager;
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->hasBody()) {
        CharSourceRange R = SM.getExpansionRange(FD->getSourceRange());
        if (SM.isInMainFile(R.getBegin()))
          DeviceRanges.push_back(
              {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())});
      }
  }
}

void SharedBankConflictCheck::onEndOfTranslationUnit() {
  TranslationUnitRecord TU;
  TU.HasDeviceCode = HasDeviceCode;
  TU.DeviceRanges = std::move(DeviceRanges);
  TU.HostRanges = std::move(HostRanges);
  DeviceRanges.clear();
  HostRanges.clear();
  if (!Context) { // nothing matched: no kernel, no device code
    if (AnalysisReport *Report = activeAnalysisReport())
      Report->addTranslationUnit(TU);
    Kernels.clear();
    Launches = LaunchSites();
    return;
  }
  const SourceManager &SM = Context->getSourceManager();
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    TU.MainFile = Main->getName().str();
  // Launches anywhere in the translation unit, host and device code.
  Launches.collect(*Context);
  for (const FunctionDecl *Kernel : Kernels) {
    for (std::string &Note : parseFailureNotes(Kernel, *Context))
      TU.ParseNotes.push_back(std::move(Note));
    if (kernelDidNotParse(Kernel)) {
      ++TU.KernelsSkipped;
      Analyses->finished(Kernel);
      continue;
    }
    ++TU.Kernels;
    std::vector<Finding> Findings;
    std::map<const VarDecl *, ArrayRequests> Arrays;
    for (const BlockShapeChoice &Shape :
         chooseBlockShapes(Kernel, Launches, Shapes, *Context))
      analyzeKernel(Kernel, Shape, Findings, Arrays);
    if (FixStyle != "none")
      for (auto &[Array, Requests] : Arrays)
        if (Requests.FirstFinding)
          proposeLayout(Kernel, Array, Requests, Findings);
    Analyses->finished(Kernel);
    for (const Finding &F : Findings) {
      diag(F.Loc, "%0") << F.Message << F.Fixes;
      for (const std::string &Note : F.Notes)
        diag(F.Loc, "%0", DiagnosticIDs::Note) << Note;
      for (const auto &[Loc, Note] : F.FixNotes)
        diag(Loc, "%0", DiagnosticIDs::Note) << Note;
    }
  }
  if (AnalysisReport *Report = activeAnalysisReport())
    Report->addTranslationUnit(TU);
  Kernels.clear();
  Launches = LaunchSites();
  HasDeviceCode = false;
  Context = nullptr;
  Analyses.reset();
}

void SharedBankConflictCheck::analyzeKernel(
    const FunctionDecl *Kernel, const BlockShapeChoice &Shape,
    std::vector<Finding> &Findings,
    std::map<const VarDecl *, ArrayRequests> &Arrays) {
  const VarDecl *CurrentArray = nullptr;
  auto Report = [&](SourceLocation Loc, std::string Message, std::string Note) {
    size_t Index = Findings.size();
    bool Found = false;
    for (size_t I = 0; I < Findings.size(); ++I)
      if (Findings[I].Loc == Loc && Findings[I].Message == Message) {
        Findings[I].Notes.push_back(std::move(Note));
        Index = I;
        Found = true;
        break;
      }
    if (!Found)
      Findings.push_back({Loc, std::move(Message), {std::move(Note)}, {}, {}});
    ArrayRequests &A = Arrays[CurrentArray];
    if (!A.FirstFinding || Index < *A.FirstFinding)
      A.FirstFinding = Index;
  };
  InterpreterLimits Limits;
  Limits.MaxLoopIterations = MaxLoopIterations;
  std::shared_ptr<const KernelAnalysis> Analysis = Analyses->get(
      Kernel, Shape, Limits,
      FixStyle != "none"
          ? std::optional<size_t>(KernelAnalysisCache::DefaultCaptureLimit)
          : std::nullopt);
  const KernelAnalysis &Interp = *Analysis;
  const SourceManager &SM = Context->getSourceManager();
  std::string KName = displayName(Kernel, *Context);
  AnalysisReport *Sink = activeAnalysisReport();

  // Every access of every array, for a fix that must serve them all.
  if (FixStyle != "none") {
    std::set<const VarDecl *> Seen;
    for (const SharedAccessSite &Site : Interp.sites()) {
      ArrayRequests &A = Arrays[Site.Variable];
      if (std::find(A.Sites.begin(), A.Sites.end(), Site.Site) == A.Sites.end())
        A.Sites.push_back(Site.Site);
      if (!Seen.insert(Site.Variable).second)
        continue;
      const auto *Captured = Interp.capturedRequests(Site.Variable);
      if (!Captured || Site.Summary.Truncated) {
        A.Complete = false;
        continue;
      }
      A.Tables.push_back(std::make_unique<AtomTable>(Interp.atoms()));
      A.Groups.push_back({A.Tables.back().get(), *Captured});
    }
  }

  for (const SharedAccessSite &Site : Interp.sites()) {
    const AccessSummary &Sum = Site.Summary;
    CurrentArray = Site.Variable;
    if (Sum.Requests == 0)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(Site.Site->getBeginLoc());
    std::string Var = Site.Variable->getNameAsString();
    Verdict Status = Sum.Truncated ? Verdict::Unknown : Sum.Status;
    std::vector<std::string> Depends = Sum.DependsOn;
    if (Sum.Truncated)
      Depends.push_back("analysis bound: " + Interp.truncationReason());

    if (Sink) {
      AccessRecord R;
      PresumedLoc P = SM.getPresumedLoc(Loc);
      R.File = P.isValid() ? P.getFilename() : "";
      R.Line = P.isValid() ? P.getLine() : 0;
      R.Column = P.isValid() ? P.getColumn() : 0;
      R.EndLine =
          SM.getPresumedLineNumber(SM.getExpansionLoc(Site.Site->getEndLoc()));
      R.Function = displayName(Site.Function, *Context);
      R.Kernel = KName;
      R.Variable = Var;
      R.Kind = accessKindName(Site.Kind);
      R.WidthBytes = Site.WidthBytes;
      R.Block = Shape.Block;
      R.BlockSource = Shape.Source;
      R.BlockDescription = Shape.Description;
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
      Sink->addAccess(std::move(R));
    }

    const RequestResult &W = Sum.Worst;
    std::string Where = "in '" + KName + "' with block " + Shape.Block.str() +
                        " (" + Shape.Description + ")";
    if (Status == Verdict::Unknown) {
      if (!ReportUnknown)
        continue;
      Report(Loc,
             llvm::formatv("bank conflicts of {0} '{1}' cannot be decided: "
                           "it depends on {2}",
                           accessPhrase(Site.Kind), Var, quoteList(Depends)),
             llvm::formatv("{0}; up to {1} wavefronts per request, {2} ideal",
                           Where, W.MaxWavefronts, W.Ideal));
      continue;
    }
    if (W.MaxWavefronts <= W.Ideal || W.Worst.Ways < MinWays)
      continue;
    std::string Lanes = "warp " + std::to_string(Sum.WorstWarp) + ": lanes " +
                        formatLaneList(W.Worst.WorstLanes) + " hit bank " +
                        std::to_string(W.Worst.WorstBank) + " with " +
                        std::to_string(W.Worst.WorstWords) + " distinct words";
    // Under a loop whose trip count is not known, the executions followed
    // stand for every execution.
    std::string Instances =
        !Sum.CountsExact ? "; worst of every execution"
        : Sum.Instances > 1
            ? "; worst of " + std::to_string(Sum.Instances) + " executions"
            : "";
    if (Status == Verdict::Range) {
      Report(Loc,
             llvm::formatv("up to {0}-way bank conflict on {1} '{2}': {3} to "
                           "{4} wavefronts per request, {5} ideal",
                           W.Worst.Ways, accessPhrase(Site.Kind), Var,
                           W.MinWavefronts, W.MaxWavefronts, W.Ideal),
             Where + "; " + Lanes + Instances + "; the count depends on " +
                 quoteList(Depends));
      continue;
    }
    Report(Loc,
           llvm::formatv("{0}-way bank conflict on {1} '{2}': {3} wavefronts "
                         "per request, {4} ideal",
                         W.Worst.Ways, accessPhrase(Site.Kind), Var,
                         W.MaxWavefronts, W.Ideal),
           Where + "; " + Lanes + Instances);
  }
}

void SharedBankConflictCheck::proposeLayout(const FunctionDecl *Kernel,
                                            const VarDecl *Array,
                                            ArrayRequests &Requests,
                                            std::vector<Finding> &Findings) {
  Finding &F = Findings[*Requests.FirstFinding];
  SourceLocation DeclLoc = Array->getLocation();
  std::string Var = Array->getNameAsString();
  auto G = geometryOf(Array, *Context);
  // An extern array's size is what every launch in this file passes.
  bool Extern = false;
  std::vector<const Expr *> LaunchArgs;
  if (!G) {
    const auto *IAT = Context->getAsIncompleteArrayType(Array->getType());
    std::optional<uint64_t> Bytes;
    bool Agree = IAT != nullptr;
    for (const LaunchSites::DynamicShared &L :
         Launches.dynamicSharedFor(Kernel)) {
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
          {DeclLoc, "no layout fix offered: '" + Var +
                        "' is an extern (dynamic) array and the launches in "
                        "this file do not pass one constant size"});
      return;
    }
    G = ArrayGeometry{{*Bytes / Elem}, Elem};
    Extern = true;
  }
  if (!Requests.Complete || Requests.Groups.empty()) {
    F.FixNotes.push_back({DeclLoc, "no layout fix offered: not every access "
                                   "to '" +
                                       Var + "' could be followed"});
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
      N == 1 ? "its access" : "all " + std::to_string(N) + " accesses";
  auto Effect = [&](const LayoutScore &S) {
    if (S.conflictFree())
      return "makes " + All + " conflict-free";
    return "cuts the wavefronts of " + All + " from " +
           std::to_string(Original.TotalWavefronts) + " to " +
           std::to_string(S.TotalWavefronts);
  };
  auto Useful = [&](const std::optional<LayoutScore> &S) {
    return S && S->Decided && S->TotalWavefronts < Original.TotalWavefronts;
  };
  LayoutEdit PadFix, SwzFix;
  if (Useful(Pad)) {
    PadFix = padEdit(Array, Pad->L.Pad, Requests.Sites, *Context,
                     Pad->L.RowElems, Extern ? &*G : nullptr, LaunchArgs);
    std::string Rows =
        Pad->L.RowElems ? "pad each row of " + std::to_string(Pad->L.RowElems) +
                              " elements by " + std::to_string(Pad->L.Pad)
                        : "pad each row by " + std::to_string(Pad->L.Pad);
    Rows += Pad->L.Pad == 1 ? " element" : " elements";
    std::string Index =
        Pad->L.RowElems
            ? "index i becomes i + i / " + std::to_string(Pad->L.RowElems) +
                  (Pad->L.Pad == 1 ? "" : " * " + std::to_string(Pad->L.Pad))
            : "";
    // "'int t[32][33]' (index ...)", or for an extern array, how the
    // launches change.
    std::string How = Extern ? " (" + PadFix.Summary + "; " + Index + ")"
                             : ": '" + PadFix.Summary + "'" +
                                   (Index.empty() ? "" : " (" + Index + ")");
    F.FixNotes.push_back({DeclLoc, Rows + How + " " + Effect(*Pad) + " (+" +
                                       std::to_string(Pad->L.extraBytes(*G)) +
                                       " bytes)"});
  }
  if (Useful(Swz)) {
    SwzFix = swizzleEdit(Array, Swz->L, *G, Requests.Sites, *Context);
    F.FixNotes.push_back({DeclLoc, std::string(Useful(Pad) ? "or " : "") +
                                       "swizzle: " + Swz->L.name() +
                                       " (index " + SwzFix.Summary + ") " +
                                       Effect(*Swz) + " (+0 bytes)"});
  }
  if (!Useful(Pad) && !Useful(Swz)) {
    F.FixNotes.push_back({DeclLoc, "no padding up to " +
                                       std::to_string(MaxPad) +
                                       " and no XOR swizzle reduces the "
                                       "wavefronts of '" +
                                       Var + "'"});
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
  if (AnalysisReport *Sink = activeAnalysisReport()) {
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
