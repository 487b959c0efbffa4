//===--- CallGraph.cpp - Who calls whom in one translation unit -----------===//

#include "Host/CallGraph.h"
#include "Host/HostSyntax.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace warpcheck {
namespace {

/// The most functions a function pointer is handed on through.
constexpr unsigned MaxHandOns = 4;

/// The function E hands on as a value (`f`, `&f`, `(f)`), with its name.
const FunctionDecl *functionNamed(const Expr *E, const DeclRefExpr *&Ref) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParens();
  Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
}

/// The parameter of Callee that argument Arg of Call binds, or -1.
int parameterOf(const CallExpr *Call, const FunctionDecl *Callee,
                unsigned Arg) {
  int I = int(Arg);
  if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee))
    --I;
  return I >= 0 && unsigned(I) < Callee->getNumParams() ? I : -1;
}

/// Climbs from a use of a function pointer through what leaves it the same
/// value: implicit casts, parentheses, `*p`, std::forward and std::move.
size_t climbSameValue(llvm::ArrayRef<const Stmt *> Parents, const Expr *&Cur) {
  size_t I = Parents.size();
  for (; I > 0; --I) {
    const Stmt *P = Parents[I - 1];
    const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
    const auto *U = dyn_cast<UnaryOperator>(P);
    bool Same = isa<ParenExpr>(P) ||
                (Cast && (Cast->getCastKind() == CK_FunctionToPointerDecay ||
                          Cast->getCastKind() == CK_LValueToRValue ||
                          Cast->getCastKind() == CK_NoOp)) ||
                (U && U->getOpcode() == UO_Deref) ||
                (isa<Expr>(P) && forwardedArgument(cast<Expr>(P)) == Cur);
    if (!Same)
      break;
    Cur = cast<Expr>(P);
  }
  return I;
}

bool useThrough(const FunctionDecl *G, const DeclRefExpr *Ref,
                llvm::ArrayRef<const Stmt *> Parents,
                const std::vector<CallGraph::Site> &Passed, unsigned Depth,
                std::vector<CallGraph::IndirectSite> &Out);

/// Collects the calls through P, a parameter of G holding a function, when
/// G only calls it or hands it on unchanged to a parameter its visible
/// callee treats the same way; false when P is used any other way (it
/// escapes: stored, returned, compared, called from a lambda, ...).
bool collectCallsThrough(const FunctionDecl *G, const ParmVarDecl *P,
                         const std::vector<CallGraph::Site> &Passed,
                         unsigned Depth,
                         std::vector<CallGraph::IndirectSite> &Out) {
  QualType T = P->getType().getNonReferenceType();
  if (Depth > MaxHandOns || !G->getBody() ||
      !(T->isFunctionPointerType() || T->isFunctionType()))
    return false;
  bool Ok = true;
  std::vector<const Stmt *> Parents;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == P)
      Ok = useThrough(G, Ref, Parents, Passed, Depth, Out);
    Parents.push_back(S);
    for (const Stmt *Child : S->children())
      Walk(Child);
    Parents.pop_back();
  };
  Walk(G->getBody());
  return Ok;
}

/// One use of a parameter holding a function: a call through it, or the
/// parameter handed on to a callee's parameter.
bool useThrough(const FunctionDecl *G, const DeclRefExpr *Ref,
                llvm::ArrayRef<const Stmt *> Parents,
                const std::vector<CallGraph::Site> &Passed, unsigned Depth,
                std::vector<CallGraph::IndirectSite> &Out) {
  // Called from a lambda: when and with what is another question.
  if (throughLambda(Parents))
    return false;
  const Expr *Cur = Ref;
  size_t I = climbSameValue(Parents, Cur);
  const auto *Call = I > 0 ? dyn_cast<CallExpr>(Parents[I - 1]) : nullptr;
  if (!Call || isa<CUDAKernelCallExpr>(Call))
    return false;
  if (Call->getCallee() == Cur) {
    Out.push_back({Call, G, Passed});
    return true;
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition))
    return false;
  for (unsigned A = 0; A < Call->getNumArgs(); ++A) {
    if (Call->getArg(A) != Cur)
      continue;
    int Param = parameterOf(Call, Definition, A);
    if (Param < 0)
      return false;
    std::vector<CallGraph::Site> Longer{{Call, G}};
    Longer.insert(Longer.end(), Passed.begin(), Passed.end());
    return collectCallsThrough(Definition, Definition->getParamDecl(Param),
                               Longer, Depth + 1, Out);
  }
  return false;
}

/// Whether T is std::function<...>.
bool isStdFunction(QualType T) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R && R->getIdentifier() && R->getName() == "function" &&
         R->isInStdNamespace();
}

/// The lambda class E's value is of, or null.
const CXXRecordDecl *lambdaOf(const Expr *E) {
  const auto *R = E->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return R && R->isLambda() ? R : nullptr;
}

/// Whether F is a member of libstdc++'s std::function handler for Lambda
/// (`_Function_handler<void(int), Lambda>::_M_invoke`).
bool isHandlerOf(const FunctionDecl *F, const CXXRecordDecl *Lambda) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  const auto *S =
      M ? dyn_cast<ClassTemplateSpecializationDecl>(M->getParent()) : nullptr;
  if (!S || !S->getIdentifier() || S->getName() != "_Function_handler" ||
      !S->isInStdNamespace())
    return false;
  for (const TemplateArgument &A : S->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type &&
        A.getAsType()->getAsCXXRecordDecl() == Lambda)
      return true;
  return false;
}

} // namespace

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

  // What an unevaluated operand names is not called.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    return unevaluated([&] {
      return RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E);
    });
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *E) {
    return unevaluated(
        [&] { return RecursiveASTVisitor::TraverseCXXNoexceptExpr(E); });
  }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL) {
    return unevaluated(
        [&] { return RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL); });
  }
  bool TraverseDecltypeType(DecltypeType *T) {
    return unevaluated(
        [&] { return RecursiveASTVisitor::TraverseDecltypeType(T); });
  }

  // A lambda's body is its call operator's: calls there are made by it
  // (a generic lambda's by each of its instantiations).
  bool TraverseLambdaExpr(LambdaExpr *L) {
    const FunctionDecl *Outer = Current;
    Current = L->getCallOperator();
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(L);
    if (const FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (FunctionDecl *Spec : T->specializations())
        Result = Result && TraverseDecl(Spec);
    Current = Outer;
    return Result;
  }

  bool VisitCallExpr(CallExpr *Call) {
    // Calls in templates count per instantiation; a launch with an error in
    // it is kept, to say why it gives no shape.
    // Visited before the callee's name (pre-order): that name is a call,
    // in a template's pattern too (its instantiations' calls are counted).
    Callees.insert(Call->getCallee()->IgnoreParenImpCasts());
    if (Call->isInstantiationDependent() && !Call->containsErrors())
      return true;
    // sizeof, decltype, noexcept: not called.
    if (Unevaluated)
      return true;
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
    if (const auto *Conversion = dyn_cast<CXXConversionDecl>(Callee);
        Conversion && Conversion->getParent()->isLambda())
      G.ConvertedLambdas.insert(Conversion->getParent());
    recordPassedFunctions(Call, Callee);
    if (isRuntimeLaunch(Call, Callee))
      G.Launches.push_back({Call, Current});
    // `f(256)` on a local std::function.
    if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0 &&
        isStdFunction(Call->getArg(0)->getType()))
      if (const auto *Object =
              dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(Object->getDecl())) {
          G.FunctionCalls[VD].push_back({Call, Current});
          CalledObjects.insert(Object);
        }
    return true;
  }

  // `std::function<void(int)> f = lambda;`: f holds the lambda.
  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->hasLocalStorage() || VD->getType()->isReferenceType() ||
        !isStdFunction(VD->getType()) || !VD->getInit())
      return true;
    const auto *Construct =
        dyn_cast<CXXConstructExpr>(VD->getInit()->IgnoreImplicit());
    if (!Construct || Construct->getNumArgs() != 1)
      return true;
    if (const CXXRecordDecl *L = lambdaOf(Construct->getArg(0))) {
      G.HeldLambdas[L].push_back(VD);
      Initializers.insert(Construct);
    }
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    // A std::function made from a lambda other than as a local's value.
    if (isStdFunction(Construct->getType()) && Construct->getNumArgs() >= 1 &&
        !Initializers.count(Construct))
      if (const CXXRecordDecl *L = lambdaOf(Construct->getArg(0)))
        G.HeldLambdas[L].push_back(nullptr);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && isStdFunction(VD->getType()) && !CalledObjects.count(Ref))
      G.FunctionEscapes.insert(VD);
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      if (!Callees.count(Ref))
        G.AddressTaken.insert(F->getCanonicalDecl());
    return true;
  }

private:
  /// Functions passed as arguments to parameters only called: their names
  /// are calls (through those parameters), not addresses taken.
  void recordPassedFunctions(const CallExpr *Call, const FunctionDecl *Callee) {
    const FunctionDecl *Definition = nullptr;
    if (!Callee->hasBody(Definition))
      return;
    for (unsigned A = 0; A < Call->getNumArgs(); ++A) {
      const DeclRefExpr *Ref = nullptr;
      const FunctionDecl *F = functionNamed(Call->getArg(A), Ref);
      int Param = F ? parameterOf(Call, Definition, A) : -1;
      if (Param < 0)
        continue;
      std::vector<IndirectSite> Sites;
      if (!collectCallsThrough(Definition, Definition->getParamDecl(Param),
                               {{Call, Current}}, 0, Sites))
        continue;
      Callees.insert(Ref);
      auto &List = G.Indirect[F->getCanonicalDecl()];
      List.insert(List.end(), Sites.begin(), Sites.end());
    }
  }

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

  template <typename F> bool unevaluated(F Traverse) {
    ++Unevaluated;
    bool Result = Traverse();
    --Unevaluated;
    return Result;
  }

  CallGraph &G;
  const FunctionDecl *Current = nullptr;
  unsigned Unevaluated = 0;
  llvm::SmallPtrSet<const Expr *, 32> Callees;
  /// Initializers of local std::function variables, and the names of
  /// those variables as the object of a call.
  llvm::SmallPtrSet<const Expr *, 8> Initializers;
  llvm::SmallPtrSet<const Expr *, 8> CalledObjects;
};

CallGraph::CallGraph(const ASTContext &Ctx) {
  Walker W(*this);
  W.TraverseAST(const_cast<ASTContext &>(Ctx));
  resolveStdFunctions();
}

bool CallGraph::calledOnlyForHandler(const FunctionDecl *F,
                                     const CXXRecordDecl *Lambda,
                                     unsigned Depth) const {
  const SourceManager &SM = F->getASTContext().getSourceManager();
  if (!SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return false;
  if (isHandlerOf(F, Lambda))
    return true;
  if (Depth == 0 || addressTaken(F) || !indirectCallsOf(F).empty() ||
      callsOf(F).empty())
    return false;
  for (const Site &S : callsOf(F))
    if (!S.Caller || !calledOnlyForHandler(S.Caller, Lambda, Depth - 1))
      return false;
  return true;
}

void CallGraph::resolveStdFunctions() {
  for (const auto &[Lambda, Holders] : HeldLambdas) {
    std::vector<Site> Known;
    bool AllKnown = true;
    for (const VarDecl *VD : Holders) {
      AllKnown &= VD && !FunctionEscapes.contains(VD);
      if (AllKnown)
        if (auto It = FunctionCalls.find(VD); It != FunctionCalls.end())
          Known.insert(Known.end(), It->second.begin(), It->second.end());
    }
    if (!AllKnown)
      continue;
    // The call operator (each instantiation of a generic one): the
    // library's calls for the handler become the variables' calls.
    for (auto &[F, Sites] : Calls) {
      const auto *M = dyn_cast<CXXMethodDecl>(F);
      if (!M || M->getParent() != Lambda ||
          M->getOverloadedOperator() != OO_Call)
        continue;
      std::vector<Site> Kept;
      for (const Site &S : Sites)
        if (!S.Caller || !calledOnlyForHandler(S.Caller, Lambda, 4))
          Kept.push_back(S);
      if (Kept.size() == Sites.size())
        continue;
      Kept.insert(Kept.end(), Known.begin(), Known.end());
      Sites = std::move(Kept);
    }
  }
}

const std::vector<CallGraph::Site> &
CallGraph::callsOf(const FunctionDecl *F) const {
  static const std::vector<Site> None;
  auto It = Calls.find(F->getCanonicalDecl());
  return It == Calls.end() ? None : It->second;
}

const std::vector<CallGraph::IndirectSite> &
CallGraph::indirectCallsOf(const FunctionDecl *F) const {
  static const std::vector<IndirectSite> None;
  auto It = Indirect.find(F->getCanonicalDecl());
  return It == Indirect.end() ? None : It->second;
}

bool CallGraph::addressTaken(const FunctionDecl *F) const {
  if (const auto *M = dyn_cast<CXXMethodDecl>(F);
      M && M->getParent()->isLambda() &&
      ConvertedLambdas.contains(M->getParent()))
    return true;
  return AddressTaken.contains(F->getCanonicalDecl());
}

} // namespace warpcheck
