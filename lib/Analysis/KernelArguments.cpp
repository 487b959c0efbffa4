//===--- KernelArguments.cpp - Kernel parameters fixed by their launches -===//

#include "KernelArguments.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SaveAndRestore.h"

#include <map>

using namespace clang;

namespace warpcheck {
namespace {

/// Whether V is assigned, incremented or has its address taken in S.
bool modifiedIn(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  auto Names = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && Names(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Names(UO->getSubExpr()))
      return true;
  // Bound to a non-const reference: may be changed through it.
  if (const auto *VD = dyn_cast<DeclStmt>(S))
    for (const Decl *D : VD->decls())
      if (const auto *R = dyn_cast<VarDecl>(D))
        if (R->getType()->isReferenceType() &&
            !R->getType().getNonReferenceType().isConstQualified() &&
            R->getInit() && Names(R->getInit()))
          return true;
  for (const Stmt *C : S->children())
    if (modifiedIn(C, V))
      return true;
  return false;
}

/// A compile-time constant argument: a constant expression, or a local
/// variable initialized with one and never changed in its function.
std::optional<int64_t> constantArgument(const Expr *Arg,
                                        const FunctionDecl *Caller,
                                        ASTContext &Ctx) {
  if (Arg->isValueDependent() || !Arg->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (Arg->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
    return R.Val.getInt().getExtValue();
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit() ||
      !Caller || !Caller->getBody() || V->getType()->isReferenceType())
    return std::nullopt;
  Expr::EvalResult Init;
  if (V->getInit()->isValueDependent() ||
      !V->getInit()->EvaluateAsInt(Init, Ctx, Expr::SE_NoSideEffects))
    return std::nullopt;
  if (modifiedIn(Caller->getBody(), V))
    return std::nullopt;
  return Init.Val.getInt().getExtValue();
}

/// The launches of every kernel, in one walk of the translation unit.
class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  /// What the walk saw of one kernel's launches.
  struct Launches {
    std::vector<LaunchedArgument> Arguments;
    llvm::SmallSet<unsigned, 4> Varies;
    unsigned Count = 0;
    std::string First;
  };

  explicit LaunchFinder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    llvm::SaveAndRestore<const FunctionDecl *> Saved(Caller, FD);
    return RecursiveASTVisitor::TraverseFunctionDecl(FD);
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    llvm::SaveAndRestore<const FunctionDecl *> Saved(Caller, FD);
    return RecursiveASTVisitor::TraverseCXXMethodDecl(FD);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    Launches &K = ByKernel[Callee->getCanonicalDecl()];
    K.Arguments.resize(Callee->getNumParams());
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      LaunchCallees.insert(Ref);
    ++K.Count;
    if (K.First.empty()) {
      const SourceManager &SM = Ctx.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
      if (P.isValid())
        K.First = llvm::formatv("{0}:{1}",
                                llvm::sys::path::filename(P.getFilename()),
                                P.getLine());
    }
    for (unsigned I = 0; I < K.Arguments.size(); ++I) {
      if (I >= Call->getNumArgs()) {
        K.Varies.insert(I);
        continue;
      }
      std::optional<int64_t> V = constantArgument(Call->getArg(I), Caller, Ctx);
      if (!V || (K.Arguments[I].Value && *K.Arguments[I].Value != *V))
        K.Varies.insert(I);
      else
        K.Arguments[I].Value = V;
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    // Visited after the launch that names it (pre-order), so a launch's own
    // callee is already known.
    if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (!LaunchCallees.count(Ref))
        AddressTaken.insert(FD->getCanonicalDecl());
    return true;
  }

  ASTContext &Ctx;
  const FunctionDecl *Caller = nullptr;
  std::map<const FunctionDecl *, Launches> ByKernel;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> LaunchCallees;
  llvm::DenseSet<const FunctionDecl *> AddressTaken;
};

} // namespace

TranslationUnitLaunches::TranslationUnitLaunches(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  // Launches are in the main file; the headers are not walked (cost).
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
  for (auto &[Kernel, K] : Finder.ByKernel) {
    bool Taken = Finder.AddressTaken.contains(Kernel);
    for (unsigned I = 0; I < K.Arguments.size(); ++I) {
      LaunchedArgument &A = K.Arguments[I];
      if (K.Varies.count(I) || Taken)
        A.Value.reset();
      A.FirstLaunch = K.First;
      A.Launches = K.Count;
    }
    ByKernel[Kernel] = std::move(K.Arguments);
  }
}

std::vector<LaunchedArgument>
TranslationUnitLaunches::of(const FunctionDecl *Kernel) const {
  auto It = ByKernel.find(Kernel->getCanonicalDecl());
  if (It != ByKernel.end())
    return It->second;
  // Never launched in the file: nothing fixed.
  return std::vector<LaunchedArgument>(Kernel->getNumParams());
}

std::vector<LaunchedArgument> launchedArguments(const FunctionDecl *Kernel,
                                                ASTContext &Ctx) {
  return TranslationUnitLaunches(Ctx).of(Kernel);
}

} // namespace warpcheck
