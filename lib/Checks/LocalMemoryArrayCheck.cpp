//===--- LocalMemoryArrayCheck.cpp - warpcheck-local-memory-array ---------===//

#include "LocalMemoryArrayCheck.h"

#include "Host/HostSyntax.h"
#include "AnalysisReport.h"
#include "KernelAnalysis.h"
#include "LocalArrayAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Mangle.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {

namespace {
std::string mangledNameOf(const FunctionDecl *FD, ASTContext &Ctx) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  if (!MC->shouldMangleDeclName(FD))
    return FD->getNameAsString();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  MC->mangleName(GlobalDecl(FD), OS);
  return OS.str();
}
} // namespace

namespace {
InterpreterLimits limitsFrom(unsigned UnrollBudget,
                             unsigned MaxLoopIterations) {
  InterpreterLimits Limits;
  Limits.UnrollBudget = UnrollBudget;
  Limits.MaxLoopIterations = MaxLoopIterations;
  return Limits;
}
} // namespace

LocalMemoryArrayCheck::LocalMemoryArrayCheck(
    StringRef Name, clang::tidy::ClangTidyContext *Context)
    : KernelCheck(Name, Context),
      Limits(limitsFrom(Options.get("UnrollBudget", 2200u),
                        Options.get("MaxLoopIterations", 512u))),
      ArrayOptions{StringRef(Options.get("DeviceDebug", "false"))
                       .equals_insensitive("true")} {}

void LocalMemoryArrayCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "UnrollBudget", unsigned(Limits.UnrollBudget));
  Options.store(Opts, "MaxLoopIterations", Limits.MaxLoopIterations);
  Options.store(Opts, "DeviceDebug",
                ArrayOptions.DeviceDebug ? "true" : "false");
}

void LocalMemoryArrayCheck::checkKernel(const FunctionDecl *Kernel) {
  ASTContext &Ctx = astContext();
  // Where arrays live does not depend on the block shape much; the first
  // shape every check analyzes the kernel with stands for all.
  Dim3 Block = analysis().blockShapes(Kernel).front().Block;
  std::shared_ptr<const KernelAnalysis> Interp =
      analysis().get(Kernel, Block, Limits);
  std::vector<LocalArrayVerdict> Verdicts =
      judgeLocalArrays(*Interp, Ctx, ArrayOptions);
  std::string KName = displayName(Kernel, Ctx);
  if (AnalysisReport *Report = report())
    recordKernel(*Report, Kernel, KName, Verdicts);
  for (const LocalArrayVerdict &V : Verdicts)
    render(V, KName);
}

void LocalMemoryArrayCheck::recordKernel(
    AnalysisReport &Report, const FunctionDecl *Kernel,
    const std::string &KName, const std::vector<LocalArrayVerdict> &Verdicts) {
  const SourceManager &SM = astContext().getSourceManager();
  KernelRecord K;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Kernel->getLocation()));
  K.File = P.isValid() ? P.getFilename() : "";
  K.Name = KName;
  K.MangledName = mangledNameOf(Kernel, astContext());
  K.PredictedLocalBytes = predictedDepotBytes(Verdicts);
  K.PredictedFrameBytes = predictedFrameBytes(Verdicts);
  for (const LocalArrayVerdict &V : Verdicts) {
    K.PredictedSpill |= V.LikelySpilled;
    K.Unknown |= V.Status == LocalArrayStatus::Unknown;
    K.FinalUnknown |= V.Final == LocalArrayStatus::Unknown;
    LocalArrayRecord R;
    PresumedLoc D =
        SM.getPresumedLoc(SM.getExpansionLoc(V.Array->getLocation()));
    R.File = D.isValid() ? D.getFilename() : "";
    R.Line = D.isValid() ? D.getLine() : 0;
    R.Column = D.isValid() ? D.getColumn() : 0;
    R.Function = displayName(V.Function, astContext());
    R.Kernel = KName;
    R.Variable = V.Array->getNameAsString();
    R.Bytes = V.Bytes;
    R.Status = localArrayStatusName(V.Status);
    R.Reason = V.LikelySpilled ? "indexed only with constants, but larger "
                                 "than the register file: likely spilled"
                               : V.Reason;
    R.LikelySpilled = V.LikelySpilled;
    R.PtxasKeepsDepot = V.PtxasKeepsDepot;
    R.FinalStatus = localArrayStatusName(V.Final);
    R.FinalReason = V.FinalReason;
    Report.addLocalArray(std::move(R));
  }
  Report.addKernel(std::move(K));
}

void LocalMemoryArrayCheck::render(const LocalArrayVerdict &V,
                                   const std::string &KName) {
  const SourceManager &SM = astContext().getSourceManager();
  std::string Var = V.Array->getNameAsString();
  if (V.LikelySpilled) {
    diag(V.Array->getLocation(),
         "'%0' (%1 bytes) is indexed only with constants, but needs %2 "
         "registers, more than the 255 a thread has: likely spilled to "
         "local memory")
        << Var << unsigned(V.Bytes) << unsigned((V.Bytes + 3) / 4);
    diag(V.Array->getLocation(),
         "in '%0'; keep it in shared memory, or work on fewer elements at "
         "a time",
         DiagnosticIDs::Note)
        << KName;
    return;
  }
  if (V.Status == LocalArrayStatus::Registers)
    return;
  SourceLocation Loc = V.Site ? SM.getExpansionLoc(V.Site->getBeginLoc())
                              : V.Array->getLocation();
  if (V.Status == LocalArrayStatus::Local &&
      V.Final == LocalArrayStatus::Registers) {
    // A PTX depot that ptxas moves back to registers: the final code has
    // no local memory, so a remark, not a warning.
    diag(Loc,
         "'%0' (%1 bytes) is in a local depot in PTX, since %2, but ptxas "
         "will keep it in registers: %3",
         DiagnosticIDs::Remark)
        << Var << unsigned(V.Bytes) << V.Reason << V.FinalReason;
    return;
  }
  if (V.Final == LocalArrayStatus::Local)
    diag(Loc, "'%0' (%1 bytes) will live in local memory: %2")
        << Var << unsigned(V.Bytes) << V.Reason;
  else if (V.Status == LocalArrayStatus::Local)
    diag(Loc, "'%0' (%1 bytes) may live in local memory: %2; whether "
              "ptxas moves its depot to registers is not known")
        << Var << unsigned(V.Bytes) << V.Reason;
  else
    diag(Loc, "'%0' (%1 bytes) may live in local memory: %2")
        << Var << unsigned(V.Bytes) << V.Reason;
  for (const auto &[NoteLoc, Text] : V.Notes)
    diag(NoteLoc, "%0", DiagnosticIDs::Note) << Text;
  if (V.Final == LocalArrayStatus::Local && !V.FinalReason.empty())
    diag(V.Array->getLocation(), "ptxas keeps the %0-byte depot: %1",
         DiagnosticIDs::Note)
        << unsigned(V.Bytes) << V.FinalReason;
  diag(V.Array->getLocation(), "'%0' declared here, in '%1'; %2",
       DiagnosticIDs::Note)
      << Var << KName << V.Fix;
}

} // namespace warpcheck
