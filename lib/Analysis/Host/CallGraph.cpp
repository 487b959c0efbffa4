//===--- CallGraph.cpp - Who calls whom in one translation unit -----------===//

#include "Host/CallGraph.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace warpcheck {

class CallGraph::Walker : public RecursiveASTVisitor<Walker> {
public:
  explicit Walker(CallGraph &G) : G(G) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Outer = Current;
    Current = FD;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Current = Outer;
    return Result;
  }

  bool VisitCallExpr(CallExpr *Call) {
    // Calls in templates count per instantiation; a launch with an error in
    // it is kept, to say why it gives no shape.
    if (Call->isInstantiationDependent() && !Call->containsErrors())
      return true;
    // Visited before the callee's name (pre-order): that name is a call.
    Callees.insert(Call->getCallee()->IgnoreParenImpCasts());
    if (const auto *M = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens()))
      Callees.insert(M);
    if (isa<CUDAKernelCallExpr>(Call)) {
      // A launch is not a call whose arguments a parameter takes: the
      // kernel's parameters are the launch index's (LaunchIndex.h).
      G.Launches.push_back({Call, Current});
      return true;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    G.Calls[Callee->getCanonicalDecl()].push_back({Call, Current});
    if (isRuntimeLaunch(Call, Callee))
      G.Launches.push_back({Call, Current});
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (!Callees.count(Ref))
        G.AddressTaken.insert(F->getCanonicalDecl());
    return true;
  }

private:
  /// The runtime's launch calls in user code (its own wrappers in its
  /// headers call the C API with their parameters).
  static bool isRuntimeLaunch(const CallExpr *Call,
                              const FunctionDecl *Callee) {
    if (!Callee->getIdentifier())
      return false;
    const SourceManager &SM = Callee->getASTContext().getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
      return false;
    StringRef Name = Callee->getName();
    return Name == "cudaLaunchKernel" ||
           Name == "cudaLaunchCooperativeKernel" ||
           Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC";
  }

  CallGraph &G;
  const FunctionDecl *Current = nullptr;
  llvm::SmallPtrSet<const Expr *, 32> Callees;
};

CallGraph::CallGraph(const ASTContext &Ctx) {
  Walker W(*this);
  W.TraverseAST(const_cast<ASTContext &>(Ctx));
}

const std::vector<CallGraph::Site> &
CallGraph::callsOf(const FunctionDecl *F) const {
  static const std::vector<Site> None;
  auto It = Calls.find(F->getCanonicalDecl());
  return It == Calls.end() ? None : It->second;
}

bool CallGraph::addressTaken(const FunctionDecl *F) const {
  return AddressTaken.contains(F->getCanonicalDecl());
}

} // namespace warpcheck
