//===--- LaunchConfig.cpp - Block shapes of kernels -----------------------===//

#include "LaunchConfig.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace warpcheck {

namespace {
std::optional<int64_t> evaluateInt(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

bool isDim3(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

std::optional<Dim3> evaluateBlockDimImpl(const Expr *E, const ASTContext &Ctx,
                                         unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evaluateBlockDimImpl(FC->getSubExpr(), Ctx, Depth + 1);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evaluateBlockDimImpl(MT->getSubExpr(), Ctx, Depth + 1);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 && isDim3(Construct->getArg(0)->getType()))
      return evaluateBlockDimImpl(Construct->getArg(0), Ctx, Depth + 1);
    if (Construct->getNumArgs() == 1 &&
        !Construct->getArg(0)->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Dim3 D;
    unsigned *Fields[] = {&D.X, &D.Y, &D.Z};
    for (unsigned I = 0; I < Construct->getNumArgs() && I < 3; ++I) {
      auto V = evaluateInt(Construct->getArg(I), Ctx);
      if (!V || *V <= 0 || *V > 1024)
        return std::nullopt;
      *Fields[I] = unsigned(*V);
    }
    return D;
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    Dim3 D;
    unsigned *Fields[] = {&D.X, &D.Y, &D.Z};
    for (unsigned I = 0; I < Init->getNumInits() && I < 3; ++I) {
      auto V = evaluateInt(Init->getInit(I), Ctx);
      if (!V || *V <= 0 || *V > 1024)
        return std::nullopt;
      *Fields[I] = unsigned(*V);
    }
    return D;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (isDim3(VD->getType()) && VD->getInit())
        return evaluateBlockDimImpl(VD->getInit(), Ctx, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType()) {
    auto V = evaluateInt(E, Ctx);
    if (V && *V > 0 && *V <= 1024)
      return Dim3{unsigned(*V), 1, 1};
  }
  return std::nullopt;
}

std::string locationText(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}
} // namespace

std::string displayName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return OS.str();
}

std::optional<Dim3> evaluateBlockDim(const Expr *E, const ASTContext &Ctx) {
  auto D = evaluateBlockDimImpl(E, Ctx, 0);
  if (D && D->threads() > 1024)
    return std::nullopt;
  return D;
}

void LaunchSites::addLaunch(const CUDAKernelCallExpr *Call,
                            const ASTContext &Ctx) {
  const FunctionDecl *Kernel = Call->getDirectCallee();
  const CallExpr *Config = Call->getConfig();
  if (!Kernel || !Config || Config->getNumArgs() < 2)
    return;
  Kernel = Kernel->getCanonicalDecl();
  DynamicShared D;
  if (Config->getNumArgs() >= 3 && !isa<CXXDefaultArgExpr>(Config->getArg(2))) {
    D.Arg = Config->getArg(2);
    // A constant, or a variable initialized with one (as block shapes are).
    auto V = evaluateInt(D.Arg, Ctx);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(D.Arg->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        if (!V && VD->getInit() && VD->getType()->isIntegerType())
          V = evaluateInt(VD->getInit(), Ctx);
    if (V && *V >= 0)
      D.Bytes = uint64_t(*V);
  }
  Dynamic[Kernel].push_back(D);
  auto Block = evaluateBlockDim(Config->getArg(1), Ctx);
  if (!Block) {
    ++Unresolved[Kernel];
    return;
  }
  auto &List = Shapes[Kernel];
  for (const auto &S : List)
    if (S.Block == *Block)
      return;
  List.push_back({*Block, "launch",
                  "from launch at " + locationText(Call->getBeginLoc(),
                                                   Ctx.getSourceManager())});
}

const std::vector<BlockShapeChoice> &
LaunchSites::shapesFor(const FunctionDecl *Kernel) const {
  static const std::vector<BlockShapeChoice> None;
  auto It = Shapes.find(Kernel->getCanonicalDecl());
  return It == Shapes.end() ? None : It->second;
}

const std::vector<LaunchSites::DynamicShared> &
LaunchSites::dynamicSharedFor(const FunctionDecl *Kernel) const {
  static const std::vector<DynamicShared> None;
  auto It = Dynamic.find(Kernel->getCanonicalDecl());
  return It == Dynamic.end() ? None : It->second;
}

unsigned LaunchSites::unresolvedLaunches(const FunctionDecl *Kernel) const {
  auto It = Unresolved.find(Kernel->getCanonicalDecl());
  return It == Unresolved.end() ? 0 : It->second;
}

std::map<std::string, Dim3>
BlockShapeOptions::parsePerKernel(llvm::StringRef Text, std::string &Error) {
  std::map<std::string, Dim3> Result;
  llvm::SmallVector<llvm::StringRef, 8> Entries;
  Text.split(Entries, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Entry : Entries) {
    auto [Name, Shape] = Entry.trim().split('=');
    auto D = Dim3::parse(Shape.trim().str());
    if (Name.trim().empty() || !D) {
      Error = "invalid per-kernel block shape '" + Entry.str() +
              "' (expected name=X[,Y[,Z]])";
      continue;
    }
    Result[Name.trim().str()] = *D;
  }
  return Result;
}

std::vector<BlockShapeChoice>
chooseBlockShapes(const FunctionDecl *Kernel, const LaunchSites &Sites,
                  const BlockShapeOptions &Options, const ASTContext &Ctx) {
  std::string Name = Kernel->getNameAsString();
  std::string FullName = displayName(Kernel, Ctx);
  for (const std::string &Key : {FullName, Name}) {
    auto It = Options.PerKernel.find(Key);
    if (It != Options.PerKernel.end())
      return {{It->second, "option", "from the per-kernel option"}};
  }
  // Launches name the primary template's specialization: look it up through
  // the canonical declaration of this instantiation.
  const auto &Launched = Sites.shapesFor(Kernel);
  if (!Launched.empty())
    return Launched;
  if (Options.CommandLine)
    return {{*Options.CommandLine, "block-dim", "from --block-dim"}};
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent()) {
      Expr::EvalResult R;
      if (LB->getMaxThreads()->EvaluateAsInt(R, Ctx)) {
        int64_t N = R.Val.getInt().getExtValue();
        if (N > 0 && N <= 1024)
          return {{Dim3{unsigned(N), 1, 1}, "launch_bounds",
                   "from __launch_bounds__(" + std::to_string(N) +
                       "), taken as a 1-D block"}};
      }
    }
  }
  return {{DefaultBlockDim, "default",
           "default; no launch of this kernel in the file: set --block-dim "
           "or the per-kernel option"}};
}

} // namespace warpcheck
