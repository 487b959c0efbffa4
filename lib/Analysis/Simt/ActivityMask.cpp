//===--- ActivityMask.cpp - Which threads execute: masks, exits, branches ---===//
//
// The engine's counterpart of ProgramState::assume: a condition splits the
// activity mask into the threads that take each side.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::markExit(std::vector<Exit> &E) {
  for (unsigned L = 0; L < N; ++L) {
    Exit X = Exit::None;
    if (M.A[L] == Activity::Active)
      X = M.Conditional ? Exit::Uniform : Exit::Sure;
    else if (M.A[L] == Activity::Maybe)
      X = Exit::Maybe;
    if (X > E[L])
      E[L] = X;
  }
}

bool Engine::noUncertainExitOutlivedBy(const Frame::Declared &V) const {
  auto Sure = [](const std::vector<Exit> &E) {
    return llvm::none_of(
        E, [](Exit X) { return X == Exit::Uniform || X == Exit::Maybe; });
  };
  for (unsigned I = 0; I < Loops.size(); ++I) {
    bool Outside = I >= V.Loops;
    if (Outside && !Sure(Loops[I].Broken))
      return false;
    if ((Outside || (V.InLoopInit && I + 1 == V.Loops)) &&
        !Sure(Loops[I].Continued))
      return false;
  }
  return true;
}

/// Removes threads that returned, broke or continued from mask Base.
Mask Engine::applyExits(Mask Base) {
  auto Apply = [&](const std::vector<Exit> &E) {
    for (unsigned L = 0; L < N; ++L) {
      switch (E[L]) {
      case Exit::None:
        break;
      case Exit::Uniform:
        if (Base.A[L] != Activity::Inactive)
          Base.Conditional = true;
        break;
      case Exit::Maybe:
        if (Base.A[L] == Activity::Active)
          Base.A[L] = Activity::Maybe;
        break;
      case Exit::Sure:
        Base.A[L] = Activity::Inactive;
        break;
      }
    }
  };
  Apply(frame().Returned);
  // Threads that left any enclosing loop or switch do not run here.
  for (const LoopState &L : Loops) {
    Apply(L.Broken);
    Apply(L.Continued);
  }
  return Base;
}

bool Engine::anyLive() const {
  for (unsigned L = 0; L < N; ++L)
    if (M.A[L] != Activity::Inactive)
      return true;
  return false;
}

/// Splits the current mask by a condition into the threads that take the
/// true and the false side.
void Engine::splitMask(const Value &C, const Expr *CondExpr, Mask &Then, Mask &Else) {
  Then = M;
  Else = M;
  if (C.CT.hard()) {
    if (!M.CT.hard()) {
      Then.CT.Why = Else.CT.Why = CompileTime::Cause::Condition;
      Then.CT.What = Else.CT.What = sourceText(CondExpr);
    }
    Then.Depth = Else.Depth = M.Depth + 1;
  }
  Then.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  Else.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  // Symbolic lanes that all hold the same value decide uniformly.
  bool Uniform = C.K == Value::Kind::Int;
  const SymbolicInt *First = nullptr;
  if (Uniform)
    for (unsigned L = 0; L < N; ++L) {
      if (!laneLive(L) || C.L[L].isConstant())
        continue;
      if (C.L[L].Opaque || (First && *First != C.L[L])) {
        Uniform = false;
        break;
      }
      First = &C.L[L];
    }
  std::string Text = sourceText(CondExpr);
  for (unsigned L = 0; L < N; ++L) {
    if (!laneLive(L))
      continue;
    if (C.K == Value::Kind::Int && C.L[L].isConstant()) {
      if (C.L[L].Const != 0)
        Else.A[L] = Activity::Inactive;
      else
        Then.A[L] = Activity::Inactive;
      continue;
    }
    if (Uniform) {
      Then.Conditional = Else.Conditional = true;
      continue;
    }
    Then.A[L] = Else.A[L] = Activity::Maybe;
    for (Mask *Side : {&Then, &Else}) {
      addDep(Side->Deps, "'" + Text + "'");
    }
  }
  if (Then.Conditional != M.Conditional || Then.Deps != M.Deps)
    Then.Region = Else.Region = M.Region + 1;
}

bool Engine::undecidedUniform(const Value &C) const {
  if (C.K != Value::Kind::Int)
    return false;
  const SymbolicInt *First = nullptr;
  for (unsigned L = 0; L < N; ++L) {
    if (!laneLive(L))
      continue;
    if (C.L[L].isConstant() || C.L[L].Opaque || (First && *First != C.L[L]))
      return false;
    First = &C.L[L];
  }
  return First != nullptr;
}

bool Engine::splitsOn(const Value &C, unsigned Outcomes) const {
  return Outcomes >= 2 && LiveWorlds * Outcomes <= MaxWorlds &&
         undecidedUniform(C);
}

void Engine::endWorlds(Worlds W, bool MayHand) {
  // Values that differ between the worlds are not known to the compiler.
  if (W.CT.hard())
    for (FlowState &S : W.States)
      for (size_t F = 0; F < S.Envs.size(); ++F)
        for (auto &[V, Val] : S.Envs[F])
          for (const FlowState &O : W.States) {
            auto It = O.Envs[F].find(V);
            if (It != O.Envs[F].end() &&
                (It->second.K != Val.K || It->second.L != Val.L)) {
              Val.CT.merge(W.CT);
              break;
            }
          }
  if (MayHand && LiveWorlds * W.States.size() <= MaxWorlds && worldsDiffer(W)) {
    HandedWorlds = std::move(W);
    return;
  }
  joinWorlds(W);
}

void Engine::runInWorlds(Worlds W, llvm::ArrayRef<const Stmt *> Rest,
                         llvm::function_ref<void(unsigned)> First) {
  Mask Base = M;
  size_t SitesBefore = Sites.size();
  std::vector<unsigned> RequestsBefore;
  for (const SharedAccessSite &S : Sites)
    RequestsBefore.push_back(S.Summary.Requests);
  unsigned Count = unsigned(W.States.size());
  LiveWorlds *= Count;
  // Each world's requests are executions that may not happen: where the
  // worlds' counts differ, the count is a range.
  ++UncountedLoops;
  Worlds Out;
  Out.Condition = W.Condition;
  Out.CT = W.CT;
  for (unsigned I = 0; I < Count && !Stopped; ++I) {
    restoreFlow(W.States[I]);
    M = applyExits(Base);
    if (First)
      First(I);
    execStatements(Rest);
    Out.States.push_back(captureFlow());
  }
  --UncountedLoops;
  LiveWorlds /= Count;
  if (!Out.States.empty())
    joinWorlds(Out);
  M = applyExits(Base);
  nameWorldCondition(SitesBefore, RequestsBefore, W.Condition);
}

void Engine::nameWorldCondition(size_t SitesBefore,
                                const std::vector<unsigned> &RequestsBefore,
                                const std::string &Condition) {
  const std::string Loop =
      "which executions run (a loop's trip count is not known)";
  std::string Named = "which way '" + Condition +
                      "' goes (the same in every thread, not known)";
  for (size_t I = 0; I < Sites.size(); ++I) {
    AccessSummary &S = Sites[I].Summary;
    bool Touched = I >= SitesBefore || S.Requests != RequestsBefore[I];
    if (!Touched || S.Status != Verdict::Range)
      continue;
    auto It = std::find(S.DependsOn.begin(), S.DependsOn.end(), Loop);
    // Named only by the split: a loop of unknown trip count run in a
    // world (UncountedLoops) keeps the loop's reason beside it.
    if (It != S.DependsOn.end() && UncountedLoops == 0)
      *It = Named;
    else
      addDep(S.DependsOn, Named);
  }
}

const Expr *Engine::assumedArm(const AbstractConditionalOperator *E,
                               CompileTime *CT) const {
  const auto *CO = dyn_cast<ConditionalOperator>(E);
  if (!CO)
    return nullptr;
  auto It = Assumed.find(CO->getCond());
  if (It == Assumed.end())
    return nullptr;
  if (CT)
    *CT = It->second.second;
  return It->second.first ? CO->getTrueExpr() : CO->getFalseExpr();
}

namespace {

/// Whether evaluating E only reads scalar variables and computes: no
/// memory, no calls, no side effects (evaluating it again changes nothing).
bool readsOnlyVariables(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    // A __shared__ variable's read is an access.
    return V && !V->getType()->isReferenceType() &&
           !V->hasAttr<CUDASharedAttr>() &&
           V->getType()->isIntegralOrEnumerationType() &&
           !V->getType().isVolatileQualified();
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return (isa<ImplicitCastExpr>(Cast) || isa<CStyleCastExpr>(Cast)) &&
           Cast->getType()->isScalarType() &&
           !Cast->getType()->isPointerType() &&
           readsOnlyVariables(Cast->getSubExpr());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           U->getOpcode() != UO_AddrOf && readsOnlyVariables(U->getSubExpr());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           readsOnlyVariables(B->getLHS()) && readsOnlyVariables(B->getRHS());
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return readsOnlyVariables(Sub->getReplacement());
  if (const auto *C = dyn_cast<ConstantExpr>(E))
    return readsOnlyVariables(C->getSubExpr());
  return false;
}

/// The `?:` of a statement that split worlds could decide: an integer or
/// pointer value, its condition only reading variables; not inside a
/// lambda, a statement expression or another conditional part.
class ConditionalFinder : public RecursiveASTVisitor<ConditionalFinder> {
public:
  std::vector<const ConditionalOperator *> Found;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseStmtExpr(StmtExpr *) { return true; }
  bool VisitConditionalOperator(ConditionalOperator *C) {
    QualType T = C->getType();
    if ((T->isIntegralOrEnumerationType() || T->isPointerType()) &&
        readsOnlyVariables(C->getCond()))
      Found.push_back(C);
    return true;
  }
};

/// The variables E reads.
void variablesRead(const Stmt *E, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      Out.insert(V);
  for (const Stmt *Child : E->children())
    variablesRead(Child, Out);
}

/// Whether S does anything to a variable of Vars but load its value
/// (declare, assign, increment, take its address or a reference to it):
/// the condition read before S would then not be the one S computes.
bool touchesOtherThanLoads(const Stmt *S, const Stmt *Parent,
                           const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && Vars.count(V))
        return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    if (V && Vars.count(V) &&
        (!Cast || Cast->getCastKind() != CK_LValueToRValue))
      return true;
  }
  for (const Stmt *Child : S->children())
    if (touchesOtherThanLoads(Child, S, Vars))
      return true;
  return false;
}

} // namespace

const AbstractConditionalOperator *
Engine::splittableConditional(const Stmt *S) {
  if (!isa<DeclStmt>(S) && !isa<Expr>(S))
    return nullptr;
  if (LiveWorlds * 2 > MaxWorlds)
    return nullptr;
  ConditionalFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  for (const ConditionalOperator *C : Finder.Found) {
    if (Assumed.count(C->getCond()))
      continue;
    // Read now, the condition must be the value the statement computes:
    // nothing in the statement changes what it reads.
    llvm::SmallPtrSet<const VarDecl *, 4> Vars;
    variablesRead(C->getCond(), Vars);
    if (llvm::any_of(Vars, [&](const VarDecl *V) { return isObjectVar(V); }) ||
        touchesOtherThanLoads(S, nullptr, Vars))
      continue;
    // Evaluating a condition that only reads variables changes nothing.
    Value V = eval(C->getCond());
    if (splitsOn(V, 2))
      return C;
  }
  return nullptr;
}

} // namespace simt
} // namespace warpcheck
