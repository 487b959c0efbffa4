//===--- KernelCheck.cpp - A check that renders each kernel ---------------===//

#include "KernelCheck.h"

#include "Host/HostSyntax.h"
#include "ParseFailures.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warpcheck {

BlockShapeSettings
BlockShapeSettings::read(const clang::tidy::ClangTidyContext &Context) {
  // The options belong to the bank-conflict check (its storeOptions writes
  // them, the driver sets them for it); every check reads them here.
  const auto &Options = Context.getOptions().CheckOptions;
  auto Get = [&](llvm::StringRef Key) -> std::string {
    auto It = Options.find(("warpcheck-shared-bank-conflict." + Key).str());
    return It == Options.end() ? "" : It->second.Value;
  };
  BlockShapeSettings S;
  S.BlockDim = Get("BlockDim");
  S.KernelBlockDims = Get("KernelBlockDims");
  if (!S.BlockDim.empty()) {
    S.Shapes.CommandLine = Dim3::parse(S.BlockDim);
    if (!S.Shapes.CommandLine)
      S.Errors.push_back(llvm::formatv(
          "invalid BlockDim '{0}' (expected X[,Y[,Z]])", S.BlockDim));
  }
  std::string Error;
  S.Shapes.PerKernel =
      BlockShapeOptions::parsePerKernel(S.KernelBlockDims, Error);
  if (!Error.empty())
    S.Errors.push_back(Error);
  return S;
}

KernelCheck::KernelCheck(StringRef Name, clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      ShapeSettings(BlockShapeSettings::read(*Context)), TidyContext(Context) {}

AnalysisReport *KernelCheck::report() const { return reportFor(*TidyContext); }

void KernelCheck::registerMatchers(MatchFinder *Finder) {
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

void KernelCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (!Analyses) {
    // The files next to this one, when the driver reads them.
    AnalysisReport *Report = reportFor(*TidyContext);
    Analyses = TranslationUnitAnalysis::acquire(
        *Context, ShapeSettings.Shapes, Report ? Report->Siblings : nullptr);
    startTranslationUnit(*Analyses);
  }
  if (const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel"))
    Analyses->addKernel(Kernel);
  else if (const auto *Host = Result.Nodes.getNodeAs<FunctionDecl>("host"))
    Analyses->addHostCode(Host);
  else if (const auto *D = Result.Nodes.getNodeAs<Decl>("device"))
    Analyses->addDeviceCode(D);
}

namespace {
/// "k.cu:3:17: note: kernel 'k<int>' not analyzed: clang rejected its
/// instantiation: ..."
std::string rejectedNote(const RejectedTemplate &R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P =
      SM.getPresumedLoc(SM.getExpansionLoc(R.Specialization->getLocation()));
  std::string Why =
      R.Shared ? llvm::formatv(": its __shared__ '{0}' (line {1}) has a "
                               "constructor that does work, which nvcc skips",
                               R.Shared->getNameAsString(),
                               SM.getPresumedLineNumber(
                                   SM.getExpansionLoc(R.Shared->getLocation())))
                     .str()
               : std::string();
  return llvm::formatv("{0}:{1}:{2}: note: kernel '{3}' not analyzed: clang "
                       "rejected its instantiation{4}",
                       P.getFilename(), P.getLine(), P.getColumn(),
                       displayName(R.Specialization, Ctx), Why);
}

/// What the driver reads about the translation unit: is it CUDA, which
/// kernels were analyzed and which not, and why.
TranslationUnitRecord recordOf(const TranslationUnitAnalysis &TU,
                               ASTContext &Ctx) {
  TranslationUnitRecord R;
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    R.MainFile = Main->getName().str();
  const BankRulesChoice &Rules = TU.bankRules();
  R.Arch = Rules.Arch;
  R.BankRulesArch = Rules.Rules->Arch;
  R.BankRulesMeasured = Rules.Measured;
  R.DeviceRanges = TU.deviceRanges();
  R.HostRanges = TU.hostRanges();
  for (const FunctionDecl *Kernel : TU.kernels()) {
    for (std::string &Note : parseFailureNotes(Kernel, Ctx))
      R.ParseNotes.push_back(std::move(Note));
    if (kernelDidNotParse(Kernel))
      ++R.KernelsSkipped;
    else
      ++R.Kernels;
  }
  for (const RejectedTemplate &Rejected : TU.rejectedTemplates()) {
    R.ParseNotes.push_back(rejectedNote(Rejected, Ctx));
    ++R.KernelsSkipped;
  }
  R.HasDeviceCode = TU.hasDeviceCode() || R.Kernels > 0;
  return R;
}
} // namespace

void KernelCheck::onEndOfTranslationUnit() {
  AnalysisReport *Report = report();
  if (!Analyses) {
    // Nothing matched: no kernel, no device code, no host function.
    if (Report)
      Report->addTranslationUnit(TranslationUnitRecord());
    return;
  }
  for (const FunctionDecl *Kernel : Analyses->kernels()) {
    if (!kernelDidNotParse(Kernel))
      checkKernel(Kernel);
    Analyses->finished(Kernel);
  }
  if (Report && Analyses->claimTranslationUnitReport())
    Report->addTranslationUnit(recordOf(*Analyses, *Context));
  Analyses.reset();
  Context = nullptr;
}

} // namespace warpcheck
