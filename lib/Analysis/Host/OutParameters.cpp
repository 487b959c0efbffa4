//===--- OutParameters.cpp - What a function hands back through pointers --===//

#include "Host/OutParameters.h"
#include "Host/HostArithmetic.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <set>

using namespace clang;

namespace warpcheck {
namespace {

constexpr size_t MaxWays = 64;
constexpr unsigned MaxIterations = 64;
constexpr unsigned MaxSteps = 20000;

/// One way through the body so far.
struct Way {
  std::map<const VarDecl *, PathValue> Locals;
  /// Locals whose address a call received: unknown from then on.
  std::set<const VarDecl *> Escaped;
  HandedBack Out;
  /// Pointer parameters a call received: their stores are unknown.
  std::set<const ParmVarDecl *> OutEscaped;
};

enum class Flow { Normal, Break, Continue, Return };
/// An evaluation's end: a value, the way ended (a call that does not
/// return), or the run gives up.
enum class Eval { Value, Dead, GiveUp };

/// Whether a call of F does not return: declared so, or the C library's
/// exit functions (a global or std function of that name without a body
/// here; a method or a function of another namespace is not one).
bool noReturn(const FunctionDecl *F) {
  if (!F)
    return false;
  if (F->isNoReturn())
    return true;
  if (!F->getIdentifier() || isa<CXXMethodDecl>(F) || F->hasBody())
    return false;
  const DeclContext *In = F->getDeclContext()->getRedeclContext();
  if (!In->isTranslationUnit() && !F->isInStdNamespace())
    return false;
  StringRef N = F->getName();
  return N == "exit" || N == "abort" || N == "_Exit" || N == "quick_exit";
}

/// Whether S names one of Vars.
bool mentions(const Stmt *S, const std::set<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()); VD && Vars.count(VD))
      return true;
  for (const Stmt *Child : S->children())
    if (mentions(Child, Vars))
      return true;
  return false;
}

/// A left side whose store the run models: a variable, a member, an
/// element, or a dereference. Others (`(a, b) = 8`, `(c ? a : b) = 8`)
/// store where the run cannot say.
bool modelledTarget(const Expr *L) {
  L = L->IgnoreParens();
  const auto *U = dyn_cast<UnaryOperator>(L);
  return isa<DeclRefExpr>(L) || isa<MemberExpr>(L) ||
         isa<ArraySubscriptExpr>(L) || (U && U->getOpcode() == UO_Deref);
}

/// The pointer parameter `*p` dereferences, or null.
const ParmVarDecl *derefParameter(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParens());
  if (!U || U->getOpcode() != UO_Deref)
    return nullptr;
  return dyn_cast_or_null<ParmVarDecl>(variableOf(U->getSubExpr()));
}

/// The arguments of every call and construction in S, without parentheses
/// and implicit casts.
void collectCallArguments(const Stmt *S, std::set<const Expr *> &Out) {
  if (!S)
    return;
  if (const auto *C = dyn_cast<CallExpr>(S))
    for (const Expr *A : C->arguments())
      Out.insert(A->IgnoreParenImpCasts());
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    for (const Expr *A : C->arguments())
      Out.insert(A->IgnoreParenImpCasts());
  for (const Stmt *Child : S->children())
    collectCallArguments(Child, Out);
}

/// Whether a use of a pointer parameter, given its parents (outermost
/// first), is `*P` loaded or the left side of a plain assignment.
/// classifyUse stops at `*P` (P is read); what happens to `*P` is the
/// run's own question.
bool loadedOrStoredThrough(llvm::ArrayRef<const Stmt *> Parents) {
  size_t N = Parents.size();
  const auto *Load =
      N >= 2 ? dyn_cast<ImplicitCastExpr>(Parents[N - 1]) : nullptr;
  const auto *Deref = Load ? dyn_cast<UnaryOperator>(Parents[N - 2]) : nullptr;
  if (!Deref || Load->getCastKind() != CK_LValueToRValue ||
      Deref->getOpcode() != UO_Deref)
    return false;
  const Stmt *Use = N >= 3 ? Parents[N - 3] : nullptr;
  size_t I = N - 3;
  while (Use && isa<ParenExpr>(Use) && I > 0)
    Use = Parents[--I];
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Use))
    return Cast->getCastKind() == CK_LValueToRValue;
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Use);
  return BO && BO->getOpcode() == BO_Assign &&
         BO->getLHS()->IgnoreParens() == Deref;
}

/// Whether every use of the pointer parameter P in Body is `*P = e`, a
/// read of `*P`, or P handed to a call (its stores unknown from then on).
bool onlyStoredThrough(const ParmVarDecl *P, const Stmt *Body,
                       const std::set<const Expr *> &CallArgs) {
  bool Ok = true;
  forEachReference(
      Body, [&](const DeclRefExpr *R, llvm::ArrayRef<const Stmt *> Parents) {
        if (Ok && R->getDecl() == P && !CallArgs.count(R))
          Ok = loadedOrStoredThrough(Parents);
      });
  return Ok;
}

class Runner {
public:
  Runner(const FunctionDecl *F, const ASTContext &Ctx) : F(F), Ctx(Ctx) {}

  std::optional<std::vector<HandedBack>> run(std::string &WhyNot);

private:
  using Ways = std::vector<std::pair<Way, Flow>>;

  bool prepare(std::string &WhyNot);
  bool exec(const Stmt *S, Way W, Ways &Out);
  bool execBlock(const CompoundStmt *B, Way W, Ways &Out);
  bool execIf(const IfStmt *If, Way W, Ways &Out, bool InitDone = false);
  bool execLoop(const Stmt *Init, const Expr *Cond, const Stmt *Inc,
                const Stmt *Body, bool TestFirst, Way W, Ways &Out);
  bool execDecl(const DeclStmt *D, Way &W, bool &Dead);
  /// The ways a condition takes: those where it holds, those where not.
  bool branch(const Expr *Cond, Way W, std::vector<Way> &True,
              std::vector<Way> &False);

  Eval eval(const Expr *E, Way &W, PathValue &V);
  Eval evalCall(llvm::ArrayRef<const Expr *> Args, const FunctionDecl *Callee,
                Way &W);
  Eval evalAssign(const BinaryOperator *BO, Way &W, PathValue &V);
  Eval evalStep(const Expr *E, const VarDecl *VD, Way &W, PathValue &V);
  Eval evalBinary(const BinaryOperator *BO, Way &W, PathValue &V);
  Eval evalCast(const CastExpr *Cast, Way &W, PathValue &V);
  Eval evalUnary(const UnaryOperator *U, Way &W, PathValue &V);
  Eval evalConditional(const ConditionalOperator *C, Way &W, PathValue &V);
  Eval evalCallExpr(const CallExpr *Call, Way &W);
  Eval evalParts(const Expr *E, Way &W, PathValue &V);
  PathValue read(const VarDecl *VD, const Way &W) const;
  void set(const VarDecl *VD, PathValue V, Way &W) const;

  /// Whether A and B, evaluated in an order C++ leaves open, may see each
  /// other's changes (`f(i = 1, names[i])`, `(b = 8) + b`).
  bool unsequenced(const Expr *A, const Expr *B) const {
    bool SA = A->HasSideEffects(Ctx), SB = B->HasSideEffects(Ctx);
    return (SA && SB) || (SA && mentions(B, Tracked)) ||
           (SB && mentions(A, Tracked));
  }

  bool giveUp(const Stmt *S) {
    if (Why.empty())
      Why = std::string("'") + S->getStmtClassName() + "' at " +
            locationText(S->getBeginLoc(), Ctx.getSourceManager()) +
            " is not followed";
    return false;
  }

  const FunctionDecl *F;
  const ASTContext &Ctx;
  std::set<const VarDecl *> Tracked;
  std::set<const ParmVarDecl *> Outs;
  std::map<const VarDecl *, std::vector<std::string>> Tables;
  unsigned Steps = 0;
  std::string Why;
};

bool Runner::prepare(std::string &WhyNot) {
  const Stmt *Body = F->getBody();
  std::set<const Expr *> CallArgs;
  collectCallArguments(Body, CallArgs);
  for (const ParmVarDecl *P : F->parameters())
    if (P->getType()->isPointerType() &&
        !P->getType()->getPointeeType().isConstQualified() &&
        onlyStoredThrough(P, Body, CallArgs))
      Outs.insert(P);
  if (Outs.empty()) {
    WhyNot = "'" + F->getNameAsString() +
             "' stores through no pointer parameter warpcheck follows";
    return false;
  }
  // Locals: followed when every change is an assignment of the variable
  // itself or its address handed to a call (unknown after it).
  std::vector<const VarDecl *> Locals;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *VD = dyn_cast<VarDecl>(X))
          Locals.push_back(VD);
    for (const Stmt *C : S->children())
      Collect(C);
  };
  Collect(Body);
  // A lambda called later may change what it names where the run does not
  // look.
  std::set<const VarDecl *> InLambdas;
  forEachReference(
      Body, [&](const DeclRefExpr *R, llvm::ArrayRef<const Stmt *> Parents) {
        if (const auto *VD = dyn_cast<VarDecl>(R->getDecl());
            VD && throughLambda(Parents))
          InLambdas.insert(VD);
      });
  for (const VarDecl *VD : Locals) {
    if (VD->isStaticLocal())
      continue;
    QualType T = VD->getType();
    if (T->isArrayType()) {
      // A table of names only read: `const char *kernels[] = {"a", "b"}`.
      if (auto Names = nameTable(*VD))
        Tables[VD] = std::move(*Names);
      continue;
    }
    if (!T->isIntegralOrEnumerationType() && !T->isPointerType())
      continue;
    bool Followed = !VD->getType()->isReferenceType() && !InLambdas.count(VD);
    for (const VariableUse &U : changingUses(VD, Body))
      Followed &= !U.Part && (U.Kind == UseKind::Assigned ||
                              CallArgs.count(U.At->IgnoreParenImpCasts()));
    if (Followed)
      Tracked.insert(VD);
  }
  return true;
}

PathValue Runner::read(const VarDecl *VD, const Way &W) const {
  if (W.Escaped.count(VD))
    return {};
  auto It = W.Locals.find(VD);
  return It == W.Locals.end() ? PathValue{} : It->second;
}

void Runner::set(const VarDecl *VD, PathValue V, Way &W) const {
  if (Tracked.count(VD))
    W.Locals[VD] = std::move(V);
}

/// cuModuleGetFunction(&f, module, name): f holds the name looked up.
std::optional<std::string>
lookedUpName(const Expr *NameArg, const Way &W,
             const std::map<const VarDecl *, std::vector<std::string>> &Tables,
             const std::map<const VarDecl *, PathValue> &Locals) {
  const Expr *E = NameArg->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<StringLiteral>(E))
    return S->getString().str();
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(E);
  const VarDecl *Table = Sub ? variableOf(Sub->getBase()) : nullptr;
  auto It = Table ? Tables.find(Table) : Tables.end();
  if (It == Tables.end())
    return std::nullopt;
  const VarDecl *Index = variableOf(Sub->getIdx());
  std::optional<int64_t> I;
  if (Index && !W.Escaped.count(Index))
    if (auto L = Locals.find(Index);
        L != Locals.end() && L->second.Kind == PathValue::Int)
      I = L->second.I;
  if (!I && !Index)
    if (auto V = Sub->getIdx()->getIntegerConstantExpr(
            const_cast<ASTContext &>(Table->getASTContext())))
      if (V->isSignedIntN(64))
        I = V->getExtValue();
  if (!I || *I < 0 || size_t(*I) >= It->second.size())
    return std::nullopt;
  return It->second[size_t(*I)];
}

Eval Runner::evalCall(llvm::ArrayRef<const Expr *> Args,
                      const FunctionDecl *Callee, Way &W) {
  for (size_t I = 0; I < Args.size(); ++I)
    for (size_t J = I + 1; J < Args.size(); ++J)
      if (unsequenced(Args[I], Args[J]))
        return Eval::GiveUp;
  for (const Expr *A : Args) {
    PathValue Ignored;
    if (Eval R = eval(A, W, Ignored); R != Eval::Value)
      return R;
  }
  bool GetFunction = Callee && Callee->getIdentifier() &&
                     Callee->getName() == "cuModuleGetFunction" &&
                     Args.size() >= 3;
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I]->IgnoreParenImpCasts();
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(variableOf(A));
        P && Outs.count(P)) {
      W.OutEscaped.insert(P);
      continue;
    }
    const auto *U = dyn_cast<UnaryOperator>(A);
    const VarDecl *VD = U && U->getOpcode() == UO_AddrOf
                            ? variableOf(U->getSubExpr())
                            : variableOf(A);
    if (!VD || !Tracked.count(VD))
      continue;
    // Passed by value: a read. By address or reference: unknown from now
    // on, but cuModuleGetFunction only stores the name looked up.
    bool ByReference =
        U ? U->getOpcode() == UO_AddrOf : !isa<ImplicitCastExpr>(Args[I]);
    if (!ByReference)
      continue;
    if (GetFunction && I == 0 && U) {
      auto Name = lookedUpName(Args[2], W, Tables, W.Locals);
      W.Locals[VD] = Name ? PathValue::name(*Name) : PathValue{};
      continue;
    }
    W.Escaped.insert(VD);
  }
  return noReturn(Callee) ? Eval::Dead : Eval::Value;
}

Eval Runner::evalStep(const Expr *E, const VarDecl *VD, Way &W, PathValue &V) {
  PathValue Old = read(VD, W);
  V = {};
  if (Old.Kind != PathValue::Int) {
    set(VD, {}, W);
    return Eval::Value;
  }
  std::optional<int64_t> New;
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (!VD->getType()->isIntegralOrEnumerationType())
      return Eval::GiveUp;
    New = applyBinary(Old.I, 1, U->isIncrementOp() ? BO_Add : BO_Sub,
                      VD->getType(), Ctx);
    if (New)
      New = convertTo(*New, VD->getType(), Ctx);
    V = !New ? PathValue{} : PathValue::integer(U->isPrefix() ? *New : Old.I);
  } else {
    const auto *CAO = cast<CompoundAssignOperator>(E);
    PathValue R;
    if (Eval X = eval(CAO->getRHS(), W, R); X != Eval::Value)
      return X;
    if (R.Kind == PathValue::Int)
      New = applyCompoundAssign(CAO, Old.I, R.I, VD->getType(), Ctx);
    V = New ? PathValue::integer(*New) : PathValue{};
  }
  set(VD, New ? PathValue::integer(*New) : PathValue{}, W);
  return Eval::Value;
}

Eval Runner::evalAssign(const BinaryOperator *BO, Way &W, PathValue &V) {
  if (Eval R = eval(BO->getRHS(), W, V); R != Eval::Value)
    return R;
  const Expr *L = BO->getLHS()->IgnoreParens();
  if (const ParmVarDecl *P = derefParameter(L); P && Outs.count(P)) {
    W.Out.Stored[P] = V;
    return Eval::Value;
  }
  if (const VarDecl *VD = variableOf(L); VD && isa<DeclRefExpr>(L)) {
    set(VD, V, W);
    return Eval::Value;
  }
  // A store elsewhere (a global, a member, an element): nothing followed
  // changes, but its own side effects must be none.
  return !modelledTarget(L) || L->HasSideEffects(Ctx) ? Eval::GiveUp
                                                      : Eval::Value;
}

Eval Runner::evalBinary(const BinaryOperator *BO, Way &W, PathValue &V) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_Assign)
    return evalAssign(BO, W, V);
  if (BO->isCompoundAssignmentOp()) {
    const VarDecl *VD = variableOf(BO->getLHS());
    if (VD && isa<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      return evalStep(BO, VD, W, V);
    return !modelledTarget(BO->getLHS()) || BO->getLHS()->HasSideEffects(Ctx)
               ? Eval::GiveUp
               : eval(BO->getRHS(), W, V);
  }
  PathValue L, R;
  if (Op == BO_Comma) {
    Eval X = eval(BO->getLHS(), W, L);
    return X != Eval::Value ? X : eval(BO->getRHS(), W, V);
  }
  if (unsequenced(BO->getLHS(), BO->getRHS()))
    return Eval::GiveUp;
  if (Eval X = eval(BO->getLHS(), W, L); X != Eval::Value)
    return X;
  if (Op == BO_LAnd || Op == BO_LOr) {
    bool Short = L.Kind == PathValue::Int && (Op == BO_LAnd) == (L.I == 0);
    if (Short) {
      V = PathValue::integer(Op == BO_LOr);
      return Eval::Value;
    }
    // Whether the right side runs is not known: it must change nothing.
    if (L.Kind != PathValue::Int && BO->getRHS()->HasSideEffects(Ctx))
      return Eval::GiveUp;
  }
  if (Eval X = eval(BO->getRHS(), W, R); X != Eval::Value)
    return X;
  V = {};
  if (L.Kind == PathValue::Int && R.Kind == PathValue::Int) {
    if (Op == BO_LAnd || Op == BO_LOr)
      V = PathValue::integer(R.I != 0);
    else if (auto X = applyBinary(L.I, R.I, Op, BO->getLHS()->getType(), Ctx))
      V = PathValue::integer(*X);
  } else if ((Op == BO_EQ || Op == BO_NE) && L.Kind == PathValue::Null &&
             R.Kind == PathValue::Null) {
    // A name looked up may be null too (a failed lookup writes null), so
    // only two nulls compare known.
    V = PathValue::integer(Op == BO_EQ);
  }
  return Eval::Value;
}

Eval Runner::evalCast(const CastExpr *Cast, Way &W, PathValue &V) {
  PathValue Sub;
  if (Eval X = eval(Cast->getSubExpr(), W, Sub); X != Eval::Value)
    return X;
  switch (Cast->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
    V = Sub;
    break;
  case CK_IntegralCast:
    if (Sub.Kind == PathValue::Int)
      if (auto C = convertTo(Sub.I, Cast->getType(), Ctx))
        V = PathValue::integer(*C);
    break;
  case CK_IntegralToBoolean:
  case CK_PointerToBoolean:
    if (Sub.Kind == PathValue::Int)
      V = PathValue::integer(Sub.I != 0);
    else if (Sub.Kind == PathValue::Null)
      V = PathValue::integer(0);
    break;
  case CK_NullToPointer:
    V = PathValue::null();
    break;
  default:
    break;
  }
  return Eval::Value;
}

Eval Runner::evalUnary(const UnaryOperator *U, Way &W, PathValue &V) {
  if (U->isIncrementDecrementOp()) {
    const VarDecl *VD = variableOf(U->getSubExpr());
    if (!VD || !isa<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
      return !modelledTarget(U->getSubExpr()) ||
                     U->getSubExpr()->HasSideEffects(Ctx)
                 ? Eval::GiveUp
                 : Eval::Value;
    return evalStep(U, VD, W, V);
  }
  if (const ParmVarDecl *P = derefParameter(U); P && Outs.count(P)) {
    auto It = W.Out.Stored.find(P);
    if (It != W.Out.Stored.end() && !W.OutEscaped.count(P))
      V = It->second;
    return Eval::Value;
  }
  PathValue Sub;
  if (Eval X = eval(U->getSubExpr(), W, Sub); X != Eval::Value)
    return X;
  if (Sub.Kind == PathValue::Int && U->getOpcode() != UO_AddrOf &&
      U->getOpcode() != UO_Deref)
    if (auto C = applyUnary(Sub.I, U->getOpcode(), U->getType(), Ctx))
      V = PathValue::integer(*C);
  return Eval::Value;
}

Eval Runner::evalConditional(const ConditionalOperator *C, Way &W,
                             PathValue &V) {
  PathValue Cond;
  if (Eval X = eval(C->getCond(), W, Cond); X != Eval::Value)
    return X;
  if (Cond.Kind == PathValue::Int)
    return eval(Cond.I ? C->getTrueExpr() : C->getFalseExpr(), W, V);
  // Which arm runs is not known: neither may change anything.
  if (C->getTrueExpr()->HasSideEffects(Ctx) ||
      C->getFalseExpr()->HasSideEffects(Ctx))
    return Eval::GiveUp;
  Way Copy = W;
  PathValue T, F;
  if (eval(C->getTrueExpr(), Copy, T) != Eval::Value ||
      eval(C->getFalseExpr(), Copy, F) != Eval::Value)
    return Eval::GiveUp;
  if (T == F)
    V = T;
  return Eval::Value;
}

Eval Runner::evalCallExpr(const CallExpr *Call, Way &W) {
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Obj = Member->getImplicitObjectArgument()) {
      PathValue Ignored;
      if (Eval X = eval(Obj, W, Ignored); X != Eval::Value)
        return X;
    }
  if (!Call->getDirectCallee() && Call->getCallee()->HasSideEffects(Ctx))
    return Eval::GiveUp;
  std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
  return evalCall(Args, Call->getDirectCallee(), W);
}

/// Expressions that only pass a value on, or only evaluate their parts.
Eval Runner::evalParts(const Expr *E, Way &W, PathValue &V) {
  PathValue Ignored;
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return eval(Cleanups->getSubExpr(), W, V);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(M->getSubExpr(), W, V);
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(B->getSubExpr(), W, V);
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    if (Eval X = eval(Sub->getBase(), W, Ignored); X != Eval::Value)
      return X;
    return eval(Sub->getIdx(), W, Ignored);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return eval(ME->getBase(), W, Ignored);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    std::vector<const Expr *> Args(Construct->arg_begin(),
                                   Construct->arg_end());
    return evalCall(Args, nullptr, W);
  }
  if (isa<CXXDefaultArgExpr>(E) || !E->HasSideEffects(Ctx))
    return Eval::Value;
  giveUp(E);
  return Eval::GiveUp;
}

Eval Runner::eval(const Expr *E, Way &W, PathValue &V) {
  if (++Steps > MaxSteps) {
    Why = "the run of '" + F->getNameAsString() + "' takes too many steps";
    return Eval::GiveUp;
  }
  V = {};
  E = E->IgnoreParens();
  if (!E->HasSideEffects(Ctx) && E->getType()->isIntegralOrEnumerationType() &&
      !E->isValueDependent())
    if (auto C = evaluateInt(E, Ctx)) {
      V = PathValue::integer(*C);
      return Eval::Value;
    }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return evalCast(Cast, W, V);
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()))
      V = read(VD, W);
    return Eval::Value;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return evalUnary(U, W, V);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evalBinary(BO, W, V);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return evalConditional(C, W, V);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evalCallExpr(Call, W);
  return evalParts(E, W, V);
}

bool Runner::branch(const Expr *Cond, Way W, std::vector<Way> &True,
                    std::vector<Way> &False) {
  PathValue V;
  Eval X = eval(Cond, W, V);
  if (X == Eval::GiveUp)
    return giveUp(Cond);
  if (X == Eval::Dead)
    return true;
  bool Known = V.Kind == PathValue::Int;
  if (!Known || V.I)
    True.push_back(W);
  if (!Known || !V.I)
    False.push_back(std::move(W));
  return true;
}

bool Runner::execDecl(const DeclStmt *D, Way &W, bool &Dead) {
  for (const Decl *X : D->decls()) {
    const auto *VD = dyn_cast<VarDecl>(X);
    if (!VD)
      continue;
    PathValue V;
    if (const Expr *Init = VD->getInit()) {
      Eval R = eval(Init, W, V);
      if (R == Eval::GiveUp)
        return giveUp(D);
      if (R == Eval::Dead) {
        Dead = true;
        return true;
      }
    }
    // A new object each time its declaration runs: what a call kept of
    // the last one's address no longer points to it.
    W.Escaped.erase(VD);
    set(VD, V, W);
  }
  return true;
}

bool Runner::execIf(const IfStmt *If, Way W, Ways &Out, bool InitDone) {
  if (If->isConsteval())
    return giveUp(If);
  if (const Stmt *Init = If->getInit(); Init && !InitDone) {
    Ways After;
    if (!exec(Init, std::move(W), After))
      return false;
    for (auto &[A, Fl] : After)
      if (!execIf(If, std::move(A), Out, /*InitDone=*/true))
        return false;
    return true;
  }
  if (const DeclStmt *D = If->getConditionVariableDeclStmt()) {
    bool Dead = false;
    if (!execDecl(D, W, Dead))
      return false;
    if (Dead)
      return true;
  }
  std::vector<Way> T, Fs;
  if (!branch(If->getCond(), std::move(W), T, Fs))
    return false;
  for (Way &A : T)
    if (!exec(If->getThen(), std::move(A), Out))
      return false;
  for (Way &A : Fs) {
    if (If->getElse()) {
      if (!exec(If->getElse(), std::move(A), Out))
        return false;
    } else {
      Out.push_back({std::move(A), Flow::Normal});
    }
  }
  return true;
}

bool Runner::execLoop(const Stmt *Init, const Expr *Cond, const Stmt *Inc,
                      const Stmt *Body, bool TestFirst, Way W, Ways &Out) {
  std::vector<Way> Pending;
  if (Init) {
    Ways After;
    if (!exec(Init, std::move(W), After))
      return false;
    for (auto &[A, Fl] : After)
      Pending.push_back(std::move(A));
  } else {
    Pending.push_back(std::move(W));
  }
  for (unsigned Iteration = 0; !Pending.empty(); ++Iteration) {
    if (Iteration >= MaxIterations) {
      Why = "a loop at " +
            locationText(Body->getBeginLoc(), Ctx.getSourceManager()) +
            " runs more than " + std::to_string(MaxIterations) + " times";
      return false;
    }
    std::vector<Way> Enter;
    for (Way &A : Pending) {
      if (Cond && (TestFirst || Iteration > 0)) {
        std::vector<Way> Exit;
        if (!branch(Cond, std::move(A), Enter, Exit))
          return false;
        for (Way &E : Exit)
          Out.push_back({std::move(E), Flow::Normal});
      } else {
        Enter.push_back(std::move(A));
      }
    }
    Pending.clear();
    for (Way &A : Enter) {
      Ways After;
      if (!exec(Body, std::move(A), After))
        return false;
      for (auto &[B, Fl] : After) {
        if (Fl == Flow::Break || Fl == Flow::Return) {
          Out.push_back({std::move(B), Fl == Flow::Break ? Flow::Normal : Fl});
          continue;
        }
        if (!Inc) {
          Pending.push_back(std::move(B));
          continue;
        }
        PathValue Ignored;
        Eval X = eval(cast<Expr>(Inc), B, Ignored);
        if (X == Eval::GiveUp)
          return giveUp(Inc);
        if (X == Eval::Value)
          Pending.push_back(std::move(B));
      }
    }
    if (Pending.size() + Out.size() > MaxWays) {
      Why = "'" + F->getNameAsString() + "' has more than " +
            std::to_string(MaxWays) + " ways through it";
      return false;
    }
  }
  return true;
}

bool Runner::execBlock(const CompoundStmt *B, Way W, Ways &Out) {
  std::vector<Way> Live{std::move(W)};
  for (const Stmt *S : B->body()) {
    std::vector<Way> Next;
    for (Way &A : Live) {
      Ways After;
      if (!exec(S, std::move(A), After))
        return false;
      for (auto &[C, Fl] : After) {
        if (Fl == Flow::Normal)
          Next.push_back(std::move(C));
        else
          Out.push_back({std::move(C), Fl});
      }
    }
    if (Next.size() + Out.size() > MaxWays) {
      Why = "'" + F->getNameAsString() + "' has more than " +
            std::to_string(MaxWays) + " ways through it";
      return false;
    }
    Live = std::move(Next);
  }
  for (Way &A : Live)
    Out.push_back({std::move(A), Flow::Normal});
  return true;
}

bool Runner::exec(const Stmt *S, Way W, Ways &Out) {
  if (!S || isa<NullStmt>(S)) {
    Out.push_back({std::move(W), Flow::Normal});
    return true;
  }
  if (const auto *B = dyn_cast<CompoundStmt>(S))
    return execBlock(B, std::move(W), Out);
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    bool Dead = false;
    if (!execDecl(D, W, Dead))
      return false;
    if (!Dead)
      Out.push_back({std::move(W), Flow::Normal});
    return true;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return execIf(If, std::move(W), Out);
  if (const auto *L = dyn_cast<WhileStmt>(S)) {
    if (L->getConditionVariable())
      return giveUp(L);
    return execLoop(nullptr, L->getCond(), nullptr, L->getBody(), true,
                    std::move(W), Out);
  }
  if (const auto *L = dyn_cast<DoStmt>(S))
    return execLoop(nullptr, L->getCond(), nullptr, L->getBody(), false,
                    std::move(W), Out);
  if (const auto *L = dyn_cast<ForStmt>(S)) {
    if (L->getConditionVariable())
      return giveUp(L);
    return execLoop(L->getInit(), L->getCond(), L->getInc(), L->getBody(), true,
                    std::move(W), Out);
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    Out.push_back(
        {std::move(W), isa<BreakStmt>(S) ? Flow::Break : Flow::Continue});
    return true;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    PathValue Ignored;
    Eval X =
        R->getRetValue() ? eval(R->getRetValue(), W, Ignored) : Eval::Value;
    if (X == Eval::GiveUp)
      return giveUp(R);
    if (X == Eval::Value)
      Out.push_back({std::move(W), Flow::Return});
    return true;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    PathValue Ignored;
    Eval X = eval(E, W, Ignored);
    if (X == Eval::GiveUp)
      return giveUp(E);
    if (X == Eval::Value)
      Out.push_back({std::move(W), Flow::Normal});
    return true;
  }
  return giveUp(S);
}

std::optional<std::vector<HandedBack>> Runner::run(std::string &WhyNot) {
  if (!F->getBody()) {
    WhyNot = "'" + F->getNameAsString() + "' has no body here";
    return std::nullopt;
  }
  if (!prepare(WhyNot))
    return std::nullopt;
  Ways Ends;
  if (!exec(F->getBody(), Way{}, Ends)) {
    WhyNot =
        Why.empty() ? "'" + F->getNameAsString() + "' is not followed" : Why;
    return std::nullopt;
  }
  std::vector<HandedBack> Out;
  for (auto &[W, Fl] : Ends) {
    if (Fl == Flow::Break || Fl == Flow::Continue)
      continue;
    HandedBack H = W.Out;
    for (const ParmVarDecl *P : W.OutEscaped)
      H.Stored[P] = PathValue{};
    // A parameter not followed (a pointer used otherwise, a reference, a
    // pointer to const cast away) may be stored through anywhere.
    for (const ParmVarDecl *P : F->parameters())
      if (!Outs.count(P))
        H.Stored[P] = PathValue{};
    bool Seen = false;
    for (const HandedBack &O : Out)
      Seen |= O.Stored == H.Stored;
    if (!Seen)
      Out.push_back(std::move(H));
  }
  return Out;
}

} // namespace

std::optional<std::vector<HandedBack>>
handedBack(const FunctionDecl *F, const ASTContext &Ctx, std::string &WhyNot) {
  if (!F)
    return std::nullopt;
  if (const FunctionDecl *Def = F->getDefinition())
    F = Def;
  return Runner(F, Ctx).run(WhyNot);
}

} // namespace warpcheck
