//===--- KernelArguments.cpp - Kernel parameters fixed by their launches -===//

#include "KernelArguments.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

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

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(const FunctionDecl *Kernel, ASTContext &Ctx)
      : Kernel(Kernel->getCanonicalDecl()), Ctx(Ctx),
        Result(Kernel->getNumParams()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Caller;
    Caller = FD;
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Caller = Saved;
    return Ok;
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    const FunctionDecl *Saved = Caller;
    Caller = FD;
    bool Ok = RecursiveASTVisitor::TraverseCXXMethodDecl(FD);
    Caller = Saved;
    return Ok;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->getCanonicalDecl() != Kernel)
      return true;
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      LaunchCallees.insert(Ref);
    ++Launches;
    if (First.empty()) {
      const SourceManager &SM = Ctx.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
      if (P.isValid())
        First = llvm::sys::path::filename(P.getFilename()).str() + ":" +
                std::to_string(P.getLine());
    }
    for (unsigned I = 0; I < Result.size(); ++I) {
      if (I >= Call->getNumArgs()) {
        Varies[I] = true;
        continue;
      }
      std::optional<int64_t> V = constantArgument(Call->getArg(I), Caller, Ctx);
      if (!V || (Result[I].Value && *Result[I].Value != *V))
        Varies[I] = true;
      else
        Result[I].Value = V;
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (FD->getCanonicalDecl() == Kernel && !LaunchCallees.count(Ref))
        AddressTaken = true;
    return true;
  }

  std::vector<LaunchedArgument> finish() {
    for (unsigned I = 0; I < Result.size(); ++I) {
      if (Varies.count(I) || AddressTaken || !Launches)
        Result[I].Value.reset();
      Result[I].FirstLaunch = First;
      Result[I].Launches = Launches;
    }
    return std::move(Result);
  }

private:
  const FunctionDecl *Kernel;
  ASTContext &Ctx;
  const FunctionDecl *Caller = nullptr;
  std::vector<LaunchedArgument> Result;
  std::map<unsigned, bool> Varies;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> LaunchCallees;
  bool AddressTaken = false;
  unsigned Launches = 0;
  std::string First;
};

} // namespace

std::vector<LaunchedArgument> launchedArguments(const FunctionDecl *Kernel,
                                                ASTContext &Ctx) {
  LaunchFinder Finder(Kernel, Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  // Launches are in the main file; the headers are not walked (cost).
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
  return Finder.finish();
}

} // namespace warpcheck
