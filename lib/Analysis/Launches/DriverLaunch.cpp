//===--- DriverLaunch.cpp - Kernels launched by name through the driver API
//===//

#include "Launches/DriverLaunch.h"
#include "Host/Guards.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"
#include "Host/OutParameters.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <map>

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
  const VarDecl *VD = Sub ? variableOf(Sub->getBase()) : nullptr;
  return VD ? nameTable(*VD) : std::nullopt;
}

/// The kernel names the local CUfunction E can hold at a launch in In:
/// every cuModuleGetFunction(&f, module, name) of In that can run, when
/// nothing else writes f. Names: each with where it was looked up.
bool namesOf(const Expr *E, const FunctionDecl *In, const CallGraph &Calls,
             HostEvaluator &Eval, const ASTContext &Ctx,
             std::vector<std::pair<std::string, std::string>> &Names,
             DriverLaunch &Out) {
  const VarDecl *VD = variableOf(E);
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
      Names.push_back({std::move(S), At});
  }
  if (Names.empty()) {
    Out.WhyNot = "no cuModuleGetFunction names the kernel";
    return false;
  }
  return true;
}

/// The block of a driver launch: `b.x, b.y, b.z` of one dim3 keep its
/// values together; other arguments are evaluated one by one.
/// AtLaunch: the values variables have there (Guards.h).
std::optional<HostEvaluator::Dims>
blockOf(const CallExpr *Call, const FunctionDecl *In, HostEvaluator &Eval,
        const Guards &AtLaunch, std::string &WhyNot) {
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

/// The call that receives `&VD` when that is VD's only change and the call
/// runs whenever its statement of Body does (the statement is the call, or
/// the call is an argument of one: `checkCudaErrors(init(&f))`); its
/// argument index in Arg and its statement's index in Statement.
const CallExpr *soleAddressCall(const VarDecl *VD, const CompoundStmt *Body,
                                unsigned &Arg, unsigned &Statement) {
  std::vector<VariableUse> Uses = changingUses(VD, Body);
  if (Uses.size() != 1 || Uses[0].Kind != UseKind::AddressTaken || Uses[0].Part)
    return nullptr;
  std::vector<const Stmt *> Path;
  if (!pathTo(Body, Uses[0].At, Path) || Path.size() < 3)
    return nullptr;
  // Path: Body, its statement, ..., the call, (casts), the `&`.
  const CallExpr *Call = nullptr;
  for (size_t I = Path.size() - 1; I-- > 1 && !Call;)
    Call = dyn_cast<CallExpr>(Path[I]);
  if (!Call)
    return nullptr;
  for (size_t I = 1; I + 1 < Path.size() && Path[I] != Call; ++I)
    if (!isa<CallExpr>(Path[I]) && !isa<ImplicitCastExpr>(Path[I]) &&
        !isa<ParenExpr>(Path[I]) && !isa<ExprWithCleanups>(Path[I]))
      return nullptr;
  // A virtual method may run another body than the one named here.
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(Callee);
      M && M->isVirtual())
    return nullptr;
  if (!Callee || !Callee->getDefinition() ||
      Call->getNumArgs() > Callee->getNumParams())
    return nullptr;
  for (Arg = 0; Arg < Call->getNumArgs(); ++Arg)
    if (Call->getArg(Arg)->IgnoreParenImpCasts() == Uses[0].At)
      break;
  auto Index = statementIndex(Body, Call);
  if (Arg == Call->getNumArgs() || !Index)
    return nullptr;
  Statement = *Index;
  return Call;
}

/// The locals other than the CUfunction that Call hands back (`&bs`, their
/// only change), each with the parameter that receives it.
std::vector<std::pair<const VarDecl *, const ParmVarDecl *>>
handedBesideIt(const CallExpr *Call, unsigned KernelArg,
               const CompoundStmt *Body) {
  std::vector<std::pair<const VarDecl *, const ParmVarDecl *>> Out;
  const FunctionDecl *Callee = Call->getDirectCallee()->getDefinition();
  for (unsigned J = 0; J < Call->getNumArgs(); ++J) {
    const auto *Addr =
        dyn_cast<UnaryOperator>(Call->getArg(J)->IgnoreParenImpCasts());
    const auto *Ref =
        Addr && Addr->getOpcode() == UO_AddrOf
            ? dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParens())
            : nullptr;
    const auto *X = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (J == KernelArg || !X || !X->hasLocalStorage() || isa<ParmVarDecl>(X) ||
        X->getType()->isReferenceType())
      continue;
    std::vector<VariableUse> Uses = changingUses(X, Body);
    if (Uses.size() == 1 && Uses[0].At == Addr)
      Out.push_back({X, Callee->getParamDecl(J)});
  }
  return Out;
}

/// Adds Blocks to the kernel Name of Out, made with Via when new.
void addKernelBlocks(DriverLaunch &Out, const std::string &Name,
                     const std::string &Via,
                     const HostEvaluator::Dims &Blocks) {
  DriverKernel *K = nullptr;
  for (DriverKernel &Known : Out.Kernels)
    if (Known.Name == Name)
      K = &Known;
  if (!K) {
    Out.Kernels.push_back({Name, Via, {}});
    K = &Out.Kernels.back();
  }
  for (const auto &B : Blocks)
    addUnique(K->Blocks, B);
}

/// handedBack's answer for one callee (OutParameters.h).
struct FollowedCallee {
  std::optional<std::vector<HandedBack>> Ways;
  std::string WhyNot;
};
/// Per translation unit: matrixMulDrv's two launches follow initCUDA once.
using FollowedCallees = std::map<const FunctionDecl *, FollowedCallee>;

/// Callee's ways, run on its first launch and kept for the others.
const FollowedCallee &follow(const FunctionDecl *Callee, const ASTContext &Ctx,
                             FollowedCallees &Followed) {
  auto [It, New] = Followed.try_emplace(Callee);
  if (New)
    It->second.Ways = handedBack(Callee, Ctx, It->second.WhyNot);
  return It->second;
}

/// A call of the launch's function that hands back its CUfunction
/// (`initCUDA(argc, argv, &matrixMul, &block_size)`).
struct HandingCall {
  const CallExpr *Call = nullptr;
  const FunctionDecl *Callee = nullptr;
  /// The body of the launch's function.
  const CompoundStmt *Body = nullptr;
  /// The argument that receives `&f`, the statement of Body that holds
  /// the call.
  unsigned Arg = 0, Statement = 0;
  /// "main.cpp:120".
  std::string At;
  /// The locals handed back beside the kernel (handedBesideIt).
  std::vector<std::pair<const VarDecl *, const ParmVarDecl *>> Beside;
};

/// The call that hands back the CUfunction Launch runs, when that is the
/// only change of a local CUfunction and it comes in a statement of In's
/// body before the launch's; else nullopt.
std::optional<HandingCall> handingCallOf(const CallExpr *Launch,
                                         const FunctionDecl *In,
                                         const ASTContext &Ctx) {
  const VarDecl *VD = variableOf(Launch->getArg(0));
  HandingCall H;
  H.Body = In ? dyn_cast_or_null<CompoundStmt>(In->getBody()) : nullptr;
  if (!VD || !H.Body || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      VD->getType()->isReferenceType() ||
      (VD->getInit() &&
       !VD->getInit()->isNullPointerConstant(
           const_cast<ASTContext &>(Ctx), Expr::NPC_ValueDependentIsNotNull)))
    return std::nullopt;
  H.Call = soleAddressCall(VD, H.Body, H.Arg, H.Statement);
  auto LaunchStatement = H.Call ? statementIndex(H.Body, Launch) : std::nullopt;
  if (!H.Call || !LaunchStatement || *LaunchStatement <= H.Statement)
    return std::nullopt;
  H.Callee = H.Call->getDirectCallee()->getDefinition();
  H.At = locationText(H.Call->getBeginLoc(), Ctx.getSourceManager());
  H.Beside = handedBesideIt(H.Call, H.Arg, H.Body);
  return H;
}

/// Pins each local handed back beside the kernel to its value on Way, for
/// reads after the call. False when a value contradicts a guard already in
/// At: that way does not reach the launch.
bool pinBeside(const HandedBack &Way, const HandingCall &H,
               const ASTContext &Ctx, Guards &At) {
  bool Possible = true;
  for (const auto &[X, P] : H.Beside) {
    std::optional<int64_t> V;
    if (auto S = Way.Stored.find(P); S == Way.Stored.end())
      V = X->getInit() ? evaluateInt(X->getInit(), Ctx) : std::nullopt;
    else if (S->second.Kind == PathValue::Int)
      V = S->second.I;
    if (!V)
      continue;
    if (auto Old = At.find(X); Old != At.end())
      Possible &= llvm::is_contained(Old->second.Values, *V);
    GuardValues G;
    G.Values = {*V};
    G.Via = "'" + X->getNameAsString() + "' is " + std::to_string(*V) +
            " with it, as '" + H.Callee->getNameAsString() +
            "' hands them back at " + H.At;
    G.Body = H.Body;
    G.ReadFrom = H.Statement + 1;
    At[X] = std::move(G);
  }
  return Possible;
}

/// A way's block is not known: every name the ways hand back may run with
/// a shape not known, and no kernel is shaped.
void shapesNotKnown(const std::vector<HandedBack> &Ways,
                    const ParmVarDecl *KernelParam, const std::string &Why,
                    DriverLaunch &Out) {
  for (const HandedBack &Other : Ways)
    if (auto N = Other.Stored.find(KernelParam);
        N != Other.Stored.end() && N->second.Kind == PathValue::Name &&
        !llvm::is_contained(Out.Unshaped, N->second.S))
      Out.Unshaped.push_back(N->second.S);
  Out.Kernels.clear();
  Out.WhyNot = Why;
}

/// The kernel of a driver launch handed back, with the block size beside
/// it, by a call of In (`initCUDA(argc, argv, &matrixMul, &block_size)`):
/// each way through the callee pairs a kernel name with its values. False
/// when the launch's CUfunction is not of that form; true with Out's
/// kernels, or its WhyNot, otherwise.
bool handedBackTogether(const CallExpr *Launch, const FunctionDecl *In,
                        HostEvaluator &Eval, const ASTContext &Ctx,
                        FollowedCallees &Followed, DriverLaunch &Out) {
  std::optional<HandingCall> H = handingCallOf(Launch, In, Ctx);
  if (!H)
    return false;
  std::string Callee = H->Callee->getNameAsString();
  const FollowedCallee &Run = follow(H->Callee, Ctx, Followed);
  if (!Run.Ways) {
    Out.WhyNot = "the kernel is handed back by '" + Callee + "' at " + H->At +
                 ", which warpcheck does not follow: " + Run.WhyNot;
    return true;
  }
  const ParmVarDecl *KernelParam = H->Callee->getParamDecl(H->Arg);
  Guards Base = guardsAt(Launch, In, Ctx);
  std::string Via = "by name from cuModuleGetFunction in '" + Callee + "'";
  std::string Why;
  for (const HandedBack &Way : *Run.Ways) {
    auto K = Way.Stored.find(KernelParam);
    // Null (or never stored): cuLaunchKernel fails, no kernel runs.
    if (K == Way.Stored.end() || K->second.Kind == PathValue::Null)
      continue;
    if (K->second.Kind != PathValue::Name) {
      Out.Kernels.clear();
      Out.WhyNot = "the kernel '" + Callee + "' hands back at " + H->At +
                   " is not known on every way through it";
      return true;
    }
    Guards At = Base;
    if (!pinBeside(Way, *H, Ctx, At))
      continue;
    auto Blocks = blockOf(Launch, In, Eval, At, Why);
    if (!Blocks) {
      shapesNotKnown(*Run.Ways, KernelParam, Why, Out);
      return true;
    }
    addKernelBlocks(Out, K->second.S, Via, *Blocks);
  }
  if (Out.Kernels.empty())
    Out.WhyNot = "no way through '" + Callee + "' hands back a kernel";
  return true;
}

} // namespace

std::vector<DriverLaunch> driverLaunches(const ASTContext &Ctx,
                                         const CallGraph &Calls,
                                         HostEvaluator &Eval) {
  std::vector<DriverLaunch> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  FollowedCallees Followed;
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
      if (handedBackTogether(S.Call, S.Caller, Eval, Ctx, Followed, L)) {
        Out.push_back(std::move(L));
        continue;
      }
      std::vector<std::pair<std::string, std::string>> Names;
      if (namesOf(S.Call->getArg(0), S.Caller, Calls, Eval, Ctx, Names, L)) {
        auto Blocks = blockOf(S.Call, S.Caller, Eval,
                              guardsAt(S.Call, S.Caller, Ctx), L.WhyNot);
        for (auto &[Name, Via] : Names) {
          if (Blocks)
            L.Kernels.push_back({std::move(Name), std::move(Via), *Blocks});
          else
            L.Unshaped.push_back(std::move(Name));
        }
      }
      Out.push_back(std::move(L));
    }
  }
  return Out;
}

} // namespace warpcheck
