//===--- DriverLaunch.cpp - Kernels launched by name through the driver API
//===//

#include "Launches/DriverLaunch.h"
#include "Host/Guards.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace warpcheck {
namespace {

bool named(const FunctionDecl *F, std::initializer_list<StringRef> Names) {
  if (!F || !F->getIdentifier())
    return false;
  for (StringRef N : Names)
    if (F->getName() == N)
      return true;
  return false;
}

/// Whether an `if` around S in Body has a condition the evaluator decides
/// against S's branch: S does not run.
bool deadBranch(const Stmt *S, const FunctionDecl *In, const Stmt *Body,
                HostEvaluator &Eval) {
  std::vector<const Stmt *> Path;
  if (!pathTo(Body, S, Path))
    return false;
  for (size_t I = 0; I + 1 < Path.size(); ++I) {
    const auto *If = dyn_cast<IfStmt>(Path[I]);
    if (!If || If->getConditionVariable() || If->getInit() || If->isConsteval())
      continue;
    bool InThen = Path[I + 1] == If->getThen();
    bool InElse = Path[I + 1] == If->getElse();
    if (!InThen && !InElse)
      continue;
    std::string Why;
    auto V = Eval.ints(If->getCond(), In, Why);
    if (!V || V->empty())
      continue;
    bool AllTrue = true, AllFalse = true;
    for (const auto &X : *V)
      (X.Value ? AllFalse : AllTrue) = false;
    if ((InThen && AllFalse) || (InElse && AllTrue))
      return true;
  }
  return false;
}

/// The strings E can be: a literal, or any element of a local table of
/// literals that is only read.
std::optional<std::vector<std::string>> stringsOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<StringLiteral>(E))
    return std::vector<std::string>{S->getString().str()};
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(E);
  const auto *Ref =
      Sub ? dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts())
          : nullptr;
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const FunctionDecl *Owner = VD ? enclosingFunction(VD) : nullptr;
  const auto *List =
      VD && VD->getInit()
          ? dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit())
          : nullptr;
  if (!List || !VD->hasLocalStorage() || !Owner || !Owner->getBody() ||
      !onlyElementsRead(VD, Owner->getBody()))
    return std::nullopt;
  std::vector<std::string> Out;
  for (const Expr *Init : List->inits()) {
    const auto *S = dyn_cast<StringLiteral>(Init->IgnoreParenImpCasts());
    if (!S)
      return std::nullopt;
    Out.push_back(S->getString().str());
  }
  return Out;
}

/// The kernel names the local CUfunction E can hold at a launch in In:
/// every cuModuleGetFunction(&f, module, name) of In that can run, when
/// nothing else writes f.
bool namesOf(const Expr *E, const FunctionDecl *In, const CallGraph &Calls,
             HostEvaluator &Eval, const ASTContext &Ctx, DriverLaunch &Out) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const Stmt *Body = In ? In->getBody() : nullptr;
  if (!VD || !Body || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      (VD->getInit() &&
       !VD->getInit()->isNullPointerConstant(
           const_cast<ASTContext &>(Ctx), Expr::NPC_ValueDependentIsNotNull))) {
    Out.WhyNot = "the kernel is " + notConstant(E, Ctx) +
                 ", not a local CUfunction only cuModuleGetFunction writes";
    return false;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const CallExpr *> Getters;
  for (const auto &[Callee, Sites] : Calls.calls()) {
    if (!named(Callee, {"cuModuleGetFunction"}))
      continue;
    for (const CallGraph::Site &S : Sites) {
      if (!S.Caller || S.Caller->getCanonicalDecl() != In->getCanonicalDecl() ||
          S.Call->getNumArgs() < 3)
        continue;
      const auto *Addr =
          dyn_cast<UnaryOperator>(S.Call->getArg(0)->IgnoreParenImpCasts());
      const auto *Target =
          Addr && Addr->getOpcode() == UO_AddrOf
              ? dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParens())
              : nullptr;
      if (Target && Target->getDecl() == VD)
        Getters.push_back(S.Call);
    }
  }
  // Every write of f is one of those calls' `&f`.
  for (const VariableUse &U : changingUses(VD, Body)) {
    bool Getter = false;
    for (const CallExpr *G : Getters)
      Getter |= U.At == G->getArg(0)->IgnoreParenImpCasts();
    if (!Getter) {
      Out.WhyNot = "'" + VD->getNameAsString() +
                   "' is written other than by cuModuleGetFunction";
      return false;
    }
  }
  for (const CallExpr *G : Getters) {
    if (deadBranch(G, In, Body, Eval))
      continue;
    auto Strings = stringsOf(G->getArg(2));
    if (!Strings) {
      Out.WhyNot = "the kernel name at " + locationText(G->getBeginLoc(), SM) +
                   " is " + notConstant(G->getArg(2), Ctx);
      return false;
    }
    std::string At = "by name from cuModuleGetFunction at " +
                     locationText(G->getBeginLoc(), SM);
    for (std::string &S : *Strings)
      Out.Names.push_back({std::move(S), At});
  }
  if (Out.Names.empty()) {
    Out.WhyNot = "no cuModuleGetFunction names the kernel";
    return false;
  }
  return true;
}

/// The block of a driver launch: `b.x, b.y, b.z` of one dim3 keep its
/// values together; other arguments are evaluated one by one.
std::optional<HostEvaluator::Dims>
blockOf(const CallExpr *Call, const FunctionDecl *In, HostEvaluator &Eval,
        const ASTContext &Ctx, std::string &WhyNot) {
  Guards AtLaunch = guardsAt(Call, In, Ctx);
  const Expr *Base = nullptr;
  const ValueDecl *Same = nullptr;
  bool Members = true;
  for (unsigned I = 0; I < 3; ++I) {
    const auto *ME =
        dyn_cast<MemberExpr>(Call->getArg(4 + I)->IgnoreParenImpCasts());
    const auto *R =
        ME ? dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())
           : nullptr;
    if (!R || ME->isArrow() || !isDim3(R->getType()) ||
        ME->getMemberDecl()->getName() != StringRef(&"xyz"[I], 1) ||
        (Same && Same != R->getDecl())) {
      Members = false;
      break;
    }
    Same = R->getDecl();
    Base = R;
  }
  if (Members)
    return Eval.dims(Base, In, WhyNot, &AtLaunch);
  std::optional<HostEvaluator::Ints> Parts[3];
  for (unsigned I = 0; I < 3; ++I) {
    Parts[I] = Eval.ints(Call->getArg(4 + I), In, WhyNot, &AtLaunch);
    if (!Parts[I])
      return std::nullopt;
  }
  HostEvaluator::Dims Out;
  for (const auto &X : *Parts[0])
    for (const auto &Y : *Parts[1])
      for (const auto &Z : *Parts[2]) {
        if (X.Value <= 0 || Y.Value <= 0 || Z.Value <= 0 ||
            X.Value * Y.Value * Z.Value > 1024) {
          WhyNot = "a block of " + std::to_string(X.Value) + "x" +
                   std::to_string(Y.Value) + "x" + std::to_string(Z.Value) +
                   " threads is not valid";
          return std::nullopt;
        }
        addUnique(Out, Traced<Dim3>{Dim3{unsigned(X.Value), unsigned(Y.Value),
                                         unsigned(Z.Value)},
                                    joinVia(X.Via, joinVia(Y.Via, Z.Via))});
      }
  if (Out.size() > MaxShapes) {
    WhyNot =
        "the block takes more than " + std::to_string(MaxShapes) + " values";
    return std::nullopt;
  }
  return Out;
}

} // namespace

std::vector<DriverLaunch> driverLaunches(const ASTContext &Ctx,
                                         const CallGraph &Calls,
                                         HostEvaluator &Eval) {
  std::vector<DriverLaunch> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &[Callee, Sites] : Calls.calls()) {
    if (!named(Callee,
               {"cuLaunchKernel", "cuLaunchKernel_ptsz",
                "cuLaunchCooperativeKernel", "cuLaunchCooperativeKernel_ptsz"}))
      continue;
    for (const CallGraph::Site &S : Sites) {
      if (S.Call->getNumArgs() < 7 || !S.Caller ||
          SM.isInSystemHeader(SM.getExpansionLoc(S.Call->getBeginLoc())))
        continue;
      DriverLaunch L;
      L.Location = locationText(S.Call->getBeginLoc(), SM);
      if (namesOf(S.Call->getArg(0), S.Caller, Calls, Eval, Ctx, L))
        L.Blocks = blockOf(S.Call, S.Caller, Eval, Ctx, L.WhyNot);
      Out.push_back(std::move(L));
    }
  }
  return Out;
}

} // namespace warpcheck
