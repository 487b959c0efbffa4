//===--- HostLoops.cpp - The values a host loop gives its counters -------===//
//
// `for (int bs = 32; bs <= 1024; bs *= 2) k<<<g, bs>>>(...)` launches with
// every value the counter takes; `for (; log2N > 11; log2N -= 2, N >>= 2)
// {...} k<<<M, N / 4>>>(..., log2N)` launches with the values the loop
// leaves. A `while` whose body only steps its counters is the same loop
// (`while (nth < ncols && nth < 1024) nth *= 2;`); a conjunct of the
// condition that is a run-time value may end the loop at any test, so the
// values it leaves are every value the known conjuncts let through and the
// first they stop. Both are the loop run by hand: the counters start from
// values the evaluator gives, the condition and the increment are evaluated
// with them (as Guards, which variableValues reads first), and the run stops
// where the condition is false. Only a loop whose counters nothing else changes
// (every change of them is in its increment, or a plain `=` in its init), whose
// body does not leave it with `break` (for values after it), and that runs
// where the counters' starting values are known (declared in the block that
// holds it, or parameters with the loop in the function's own body) is run.
//
//===----------------------------------------------------------------------===//

#include "Host/HostArithmetic.h"
#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace warpcheck {
namespace {

/// The most iterations a loop is run for, and the most starting states.
constexpr unsigned MaxIterations = 4096;
constexpr size_t MaxStarts = 8;

/// Whether S only steps variables: an assignment, compound assignment or
/// increment of a variable, or a block of them.
bool onlySteps(const Stmt *S) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : Block->body())
      if (!onlySteps(Child))
        return false;
    return !Block->body_empty();
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = E->IgnoreParens();
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(E);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  return Target && isa<DeclRefExpr>(Target->IgnoreParens());
}

void collectLoops(const Stmt *S, std::vector<LoopParts> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *F = dyn_cast<ForStmt>(S))
    Out.push_back({F, F->getInit(), F->getCond(), F->getInc(), F->getBody()});
  // `while (nth < n && nth < 1024) nth *= 2;` (ggml's softmax).
  if (const auto *W = dyn_cast<WhileStmt>(S); W && !W->getConditionVariable() &&
                                              W->getBody() &&
                                              onlySteps(W->getBody()))
    Out.push_back({W, nullptr, W->getCond(), W->getBody(), nullptr});
  for (const Stmt *Child : S->children())
    collectLoops(Child, Out);
}

/// Whether U is a plain `v = e` in Init.
bool plainAssignIn(const VariableUse &U, const Stmt *Init) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(U.At);
  return Init && BO && BO->getOpcode() == BO_Assign && contains(Init, U.At);
}

/// Whether every change of VD in Body is in Loop's increment or a plain
/// assignment in its init (of the variable itself, not a part).
bool onlyLoopChanges(const VarDecl *VD, const LoopParts &Loop,
                     const Stmt *Body) {
  std::vector<VariableUse> Uses = changingUses(VD, Body);
  if (Uses.empty())
    return false;
  for (const VariableUse &U : Uses) {
    if (U.Kind != UseKind::Assigned || U.Part || U.Member || !U.At)
      return false;
    bool InInc = Loop.Inc && contains(Loop.Inc, U.At);
    if (!InInc && !plainAssignIn(U, Loop.Init))
      return false;
  }
  return true;
}

/// Whether S holds a `break` that leaves S itself (not a nested loop's or
/// switch's).
bool breaksOut(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<BreakStmt>(S))
    return true;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (breaksOut(Child))
      return true;
  return false;
}

/// Whether VD is declared in Loop's init.
bool declaredInInit(const VarDecl *VD, const LoopParts &Loop) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(Loop.Init);
  if (!DS)
    return false;
  for (const Decl *D : DS->decls())
    if (D == VD)
      return true;
  return false;
}

/// Whether VD starts Loop with a known value each time Loop runs: declared
/// in its init, declared earlier in Block (the block holding Loop), or a
/// parameter with Block the function's body.
bool startsKnown(const VarDecl *VD, const LoopParts &Loop,
                 const CompoundStmt *Block, const Stmt *Body) {
  // A static local keeps its value from the last call: no known start.
  if (!VD->hasLocalStorage())
    return false;
  if (declaredInInit(VD, Loop))
    return true;
  if (isa<ParmVarDecl>(VD))
    return Block == Body;
  for (const Stmt *Child : Block->body()) {
    if (Child == Loop.Loop)
      return false;
    if (const auto *DS = dyn_cast<DeclStmt>(Child))
      for (const Decl *D : DS->decls())
        if (D == VD)
          return true;
  }
  return false;
}

} // namespace

bool unchangedUpTo(const VarDecl *VD, const Expr *Use, const Stmt *Body) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block || !Use || inLambdaOrJumps(Body, Use))
    return false;
  std::optional<size_t> UseAt;
  size_t I = 0;
  for (const Stmt *Child : Block->body()) {
    if (contains(Child, Use)) {
      UseAt = I;
      break;
    }
    ++I;
  }
  if (!UseAt)
    return false;
  // Every change in a statement after the use's: the use sees the start.
  for (const VariableUse &U : changingUses(VD, Body)) {
    const Stmt *At = U.At ? U.At : U.Ref;
    for (size_t J = 0; J <= *UseAt; ++J)
      if (contains(Block->body_begin()[J], At))
        return false;
  }
  return true;
}

std::optional<int64_t> HostEvaluator::valueInState(const Expr *E,
                                                   const LoopState &State,
                                                   unsigned Depth,
                                                   std::string &WhyNot) {
  Guards With = Active ? *Active : Guards{};
  for (const auto &[VD, V] : State)
    With[VD] = GuardValues{{V}, ""};
  llvm::SaveAndRestore<const Guards *> G(Active, &With);
  auto Values = intsAt(E, Depth + 1, WhyNot);
  if (!Values || Values->size() != 1) {
    if (Values)
      WhyNot = notConstant(E, Ctx) + " takes several values in the loop";
    return std::nullopt;
  }
  return Values->front().Value;
}

std::optional<bool> HostEvaluator::loopTest(const Expr *Cond,
                                            const LoopState &State,
                                            unsigned Depth, bool &MayStop,
                                            std::string &WhyNot) {
  // true with MayStop: either way; true without: true; false: false.
  const Expr *C = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(C);
  if (BO && BO->getOpcode() == BO_LAnd) {
    auto L = loopTest(BO->getLHS(), State, Depth, MayStop, WhyNot);
    if (!L || !*L)
      return L;
    return loopTest(BO->getRHS(), State, Depth, MayStop, WhyNot);
  }
  if (BO && BO->getOpcode() == BO_LOr) {
    bool MayL = false, MayR = false;
    auto L = loopTest(BO->getLHS(), State, Depth, MayL, WhyNot);
    if (!L || (*L && !MayL))
      return L;
    auto R = loopTest(BO->getRHS(), State, Depth, MayR, WhyNot);
    if (!R || (*R && !MayR) || (!*L && !*R))
      return R;
    MayStop = true;
    return true;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(C);
      UO && UO->getOpcode() == UO_LNot) {
    bool May = false;
    auto V = loopTest(UO->getSubExpr(), State, Depth, May, WhyNot);
    if (!V)
      return V;
    if (!May)
      return !*V;
    MayStop = true;
    return true;
  }
  std::string Why;
  if (auto V = valueInState(Cond, State, Depth, Why))
    return *V != 0;
  // A run-time value that changes nothing: either way.
  if (!Cond->HasSideEffects(Ctx)) {
    MayStop = true;
    return true;
  }
  WhyNot = Why;
  return std::nullopt;
}

bool HostEvaluator::stepLoop(const Stmt *S, LoopState &State, unsigned Depth,
                             std::string &WhyNot) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : Block->body())
      if (!stepLoop(Child, State, Depth, WhyNot))
        return false;
    return true;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E) {
    WhyNot = "the loop's increment cannot be followed";
    return false;
  }
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    E = Cleanups->getSubExpr()->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Comma)
    return stepLoop(BO->getLHS(), State, Depth, WhyNot) &&
           stepLoop(BO->getRHS(), State, Depth, WhyNot);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  const auto *UO = dyn_cast<UnaryOperator>(E);
  const Expr *Target = BO && BO->isAssignmentOp()           ? BO->getLHS()
                       : UO && UO->isIncrementDecrementOp() ? UO->getSubExpr()
                                                            : nullptr;
  const auto *Ref =
      Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParens()) : nullptr;
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  auto It = VD ? State.find(VD) : State.end();
  if (It == State.end()) {
    WhyNot = "the loop's increment " + notConstant(E, Ctx);
    return false;
  }
  QualType T = VD->getType();
  std::optional<int64_t> New;
  if (UO) {
    New = applyBinary(It->second, 1, UO->isIncrementOp() ? BO_Add : BO_Sub, T,
                      Ctx);
  } else {
    // The right side sees the counters as they are now (a comma sequences).
    auto R = valueInState(BO->getRHS(), State, Depth, WhyNot);
    if (!R)
      return false;
    if (BO->getOpcode() == BO_Assign) {
      New = convertTo(*R, T, Ctx);
    } else {
      New = applyCompoundAssign(cast<CompoundAssignOperator>(BO), It->second,
                                *R, T, Ctx);
    }
  }
  if (!New) {
    WhyNot = "the loop's increment gives '" + VD->getNameAsString() +
             "' a value C++ does not define";
    return false;
  }
  It->second = *New;
  return true;
}

std::optional<std::vector<HostEvaluator::LoopState>>
HostEvaluator::loopStarts(const LoopParts &Loop,
                          const std::vector<const VarDecl *> &Counters,
                          unsigned Depth, std::string &WhyNot) {
  std::vector<LoopState> Starts{{}};
  for (const VarDecl *W : Counters) {
    // The expression W starts from: a plain `W = e` in the init, its
    // initializer, or (a parameter) the argument.
    const Expr *From = nullptr;
    if (Loop.Init)
      for (const VariableUse &U : changingUses(W, Loop.Init))
        if (const auto *BO = dyn_cast_or_null<BinaryOperator>(U.At))
          From = BO->getRHS();
    if (!From)
      From = W->getInit();
    std::vector<LoopState> Next;
    for (const LoopState &S : Starts) {
      std::optional<Ints> Values;
      std::string Why;
      if (From) {
        Guards With = Active ? *Active : Guards{};
        for (const auto &[VD, V] : S)
          With[VD] = GuardValues{{V}, ""};
        llvm::SaveAndRestore<const Guards *> G(Active, &With);
        Values = intsAt(From, Depth + 1, Why);
      } else if (const auto *P = dyn_cast<ParmVarDecl>(W)) {
        Values = parameterValues<int64_t>(
            P, Depth, Why,
            [this](const Expr *A, unsigned D, std::string &Wh) {
              return intsAt(A, D, Wh);
            },
            /*AtEntry=*/true);
      } else {
        Why = "'" + W->getNameAsString() + "' has no value before the loop";
      }
      if (!Values) {
        WhyNot = Why;
        return std::nullopt;
      }
      for (const auto &V : *Values) {
        auto C = convertTo(V.Value, W->getType(), Ctx);
        if (!C) {
          WhyNot = "'" + W->getNameAsString() + "' cannot be followed";
          return std::nullopt;
        }
        LoopState T = S;
        T[W] = *C;
        Next.push_back(std::move(T));
      }
    }
    if (Next.size() > MaxStarts) {
      WhyNot = "the loop's counters start from more than " +
               std::to_string(MaxStarts) + " values";
      return std::nullopt;
    }
    Starts = std::move(Next);
  }
  return Starts;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::loopValues(const VarDecl *VD, const DeclRefExpr *Ref,
                          unsigned Depth, std::string &WhyNot) {
  const FunctionDecl *Owner = isa<ParmVarDecl>(VD)
                                  ? dyn_cast<FunctionDecl>(VD->getDeclContext())
                                  : enclosingFunction(VD);
  const Stmt *Body = Owner ? Owner->getBody() : nullptr;
  if (!Body || !VD->hasLocalStorage() ||
      !VD->getType()->isIntegralOrEnumerationType() ||
      VD->getType().isVolatileQualified() || inLambdaOrJumps(Body, Ref))
    return std::nullopt;
  std::vector<LoopParts> Loops;
  collectLoops(Body, Loops);
  std::optional<LoopParts> Found;
  for (const LoopParts &L : Loops)
    if (L.Cond && onlyLoopChanges(VD, L, Body))
      Found = L;
  if (!Found)
    return std::nullopt;
  const LoopParts &Loop = *Found;
  std::vector<const Stmt *> Path;
  if (!pathTo(Body, Loop.Loop, Path) || Path.size() < 2)
    return std::nullopt;
  const auto *Block = dyn_cast<CompoundStmt>(Path[Path.size() - 2]);
  bool Inside = Loop.Body && contains(Loop.Body, Ref);
  bool After = false;
  if (Block && !Inside) {
    bool Seen = false;
    for (const Stmt *Child : Block->body()) {
      After |= Seen && contains(Child, Ref);
      Seen |= Child == Loop.Loop;
    }
  }
  if (!Block || (!Inside && !After) || (After && breaksOut(Loop.Body)))
    return std::nullopt;
  // The counters: every variable the increment or the init assigns.
  std::vector<const VarDecl *> Counters;
  for (const Stmt *Part : {Loop.Init, Loop.Inc})
    if (Part)
      for (const VarDecl *W : changedVariables(Part))
        if (std::find(Counters.begin(), Counters.end(), W) == Counters.end())
          Counters.push_back(W);
  for (const VarDecl *W : Counters)
    if (!W->getType()->isIntegralOrEnumerationType() ||
        W->getType().isVolatileQualified() || !onlyLoopChanges(W, Loop, Body) ||
        !startsKnown(W, Loop, Block, Body))
      return std::nullopt;
  // Declared in the init: its initializer runs before the other counters'.
  auto Starts = loopStarts(Loop, Counters, Depth, WhyNot);
  if (!Starts)
    return std::nullopt;
  std::string At =
      locationText(Loop.Loop->getBeginLoc(), Ctx.getSourceManager());
  std::string Name = "'" + VD->getNameAsString() + "'";
  Ints Out;
  for (LoopState State : *Starts) {
    unsigned Runs = 0;
    for (;; ++Runs) {
      if (Runs > MaxIterations) {
        WhyNot = "the loop at " + At + " runs more than " +
                 std::to_string(MaxIterations) + " times";
        return std::nullopt;
      }
      bool MayStop = false;
      auto Test = loopTest(Loop.Cond, State, Depth, MayStop, WhyNot);
      if (!Test)
        return std::nullopt;
      if (!*Test)
        break;
      // A run-time part of the condition may end the loop here.
      if (MayStop && After)
        addUnique(Out,
                  Traced<int64_t>{State[VD], Name + " may be " +
                                                 std::to_string(State[VD]) +
                                                 " after the loop at " + At});
      if (Inside)
        addUnique(Out,
                  Traced<int64_t>{State[VD], Name + " from the loop at " + At});
      if (Out.size() > MaxValues) {
        WhyNot = Name + " takes more than " + std::to_string(MaxValues) +
                 " values in the loop at " + At;
        return std::nullopt;
      }
      if (Loop.Inc && !stepLoop(Loop.Inc, State, Depth, WhyNot))
        return std::nullopt;
    }
    if (After)
      addUnique(Out, Traced<int64_t>{State[VD],
                                     Name + " is " + std::to_string(State[VD]) +
                                         " after the loop at " + At});
  }
  if (Out.empty()) {
    WhyNot = "the loop at " + At + " never runs its body";
    return std::nullopt;
  }
  return Out;
}

} // namespace warpcheck
