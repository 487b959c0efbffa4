//===--- LoopPolicy.cpp - How the compiler will treat each loop -------------===//
//
// Unroll hints, the loop cost model and the prediction of NVVM's full
// unrolling (calibrated with nvcc 13 for sm_90: docs/local-memory.md).
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "Host/Mutation.h"
#include "Induction.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::tagLoopVariables(const Stmt *Loop) {
  for (const VarDecl *V : modifiedIn(Loop)) {
    auto It = frame().Env.find(V);
    if (It != frame().Env.end())
      It->second.CT.merge(CompileTime{CompileTime::Cause::None, "", {Loop}});
  }
}

/// A member of a local struct named directly (`kv.x` of `float4 kv`):
/// SROA makes it a scalar, as free as a name. A member reached through a
/// reference or pointer (`s.x` of `float4 &s`) is a memory access.
static bool isLocalAggregateMember(const MemberExpr *ME) {
  if (ME->isArrow())
    return false;
  const auto *Ref = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
         !V->getType()->isReferenceType() && V->getType()->isRecordType();
}

/// The size of a loop as the unroller sees it, roughly in instructions:
/// memory accesses and arithmetic 1, division and calls 4; names,
/// literals, casts, built-in variables and members of local structs are
/// free (measured on wkv.cu's loop: docs/local-memory.md, rule 4).
unsigned Engine::loopCost(const Stmt *Loop) {
  auto It = CostCache.find(Loop);
  if (It != CostCache.end())
    return It->second;
  std::function<unsigned(const Stmt *)> Count = [&](const Stmt *S) {
    if (!S || isa<PseudoObjectExpr>(S))
      return 0u;
    unsigned C = 0;
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      C = BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem ||
                  BO->getOpcode() == BO_DivAssign ||
                  BO->getOpcode() == BO_RemAssign
              ? 4
          : BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_Comma ? 0
                                                                        : 1;
    else if (isa<ArraySubscriptExpr>(S) || isa<UnaryOperator>(S) ||
             isa<AbstractConditionalOperator>(S))
      C = 1;
    else if (const auto *ME = dyn_cast<MemberExpr>(S))
      C = isLocalAggregateMember(ME) ? 0 : 1;
    else if (isa<CallExpr>(S))
      C = 4;
    for (const Stmt *Child : S->children())
      C += Count(Child);
    return C;
  };
  return CostCache[Loop] = Count(Loop);
}

bool Engine::mayMeetConstantBound(const Expr *Cond) {
  if (!Cond)
    return false;
  const Expr *E = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return mayMeetConstantBound(BO->getLHS()) ||
           mayMeetConstantBound(BO->getRHS());
  if (!BO->isComparisonOp())
    return false;
  auto Constant = [&](const Expr *Side) {
    return !Side->isValueDependent() && Side->isIntegerConstantExpr(Ctx);
  };
  return Constant(BO->getLHS()) || Constant(BO->getRHS());
}

std::optional<int64_t> Engine::uniformConstant(const VarDecl *V) {
  auto It = frame().Env.find(V);
  if (It == frame().Env.end() || It->second.K != Value::Kind::Int)
    return std::nullopt;
  std::optional<int64_t> C;
  for (unsigned T = 0; T < N; ++T) {
    if (!laneLive(T))
      continue;
    std::optional<int64_t> L = It->second.L[T].asConstant();
    if (!L || (C && *C != *L))
      return std::nullopt;
    C = L;
  }
  return C;
}

std::optional<int64_t> Engine::uniformConstant(const Value &V) {
  if (V.K != Value::Kind::Int || !anyLive() || !isUniform(V.L))
    return std::nullopt;
  return V.L[firstLiveLane()].asConstant();
}

void GeometricCounter::step(Engine &E) {
  std::optional<int64_t> Now = E.uniformConstant(Var);
  if (!Halving && Now && Last) {
    if (Signed && *Last > 0 && *Now <= 0)
      Overflowed = true;
    else if (*Now == *Last)
      Ended = true;
  }
  Last = Now;
}

namespace {

/// The conditions that must all hold for a loop to go on: Cond split at
/// its top-level &&.
void conjuncts(const Expr *E, std::vector<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_LAnd) {
      conjuncts(BO->getLHS(), Out);
      conjuncts(BO->getRHS(), Out);
      return;
    }
  Out.push_back(E);
}

/// Whether one of the conditions ends the loop once the counter V has run
/// out: a halving counter (Direction -1) compared as `s > 0`, `s >= 1`,
/// `s != 0` or `s`; a doubling one (+1) as `o < n` or `o <= n`.
bool endsWhenRunOut(llvm::ArrayRef<const Expr *> Conjuncts, const VarDecl *V,
                    int Direction, const ASTContext &Ctx) {
  bool Bounds = false;
  for (const Expr *C : Conjuncts) {
    if (Direction < 0 && varOf(C) == V) {
      Bounds = true;
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(C);
    if (!BO || !BO->isComparisonOp())
      continue;
    BinaryOperatorKind Op = BO->getOpcode();
    const Expr *Other = nullptr;
    if (varOf(BO->getLHS()) == V) {
      Other = BO->getRHS();
    } else if (varOf(BO->getRHS()) == V) {
      Other = BO->getLHS();
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    if (!Other)
      continue;
    std::optional<int64_t> K = integerConstant(Other, Ctx);
    if (Direction > 0)
      Bounds |= Op == BO_LT || Op == BO_LE;
    else
      Bounds |= K && ((Op == BO_GT && *K >= 0) || (Op == BO_GE && *K >= 1) ||
                      (Op == BO_NE && *K == 0));
  }
  return Bounds;
}

} // namespace

std::optional<GeometricCounter>
Engine::geometricCounter(const Stmt *Loop, const Expr *Cond, const Stmt *Body,
                         const Expr *Inc) {
  if (!Cond)
    return std::nullopt;
  std::vector<const Expr *> Conjuncts;
  conjuncts(Cond, Conjuncts);
  for (const VarDecl *V : modifiedIn(Loop)) {
    if (!V->getType()->isIntegerType() || !frame().Env.count(V))
      continue;
    const Expr *Update = counterUpdates(V, Body, Inc).sole();
    if (!Update)
      continue;
    // The increment is read through its parentheses, a statement of the
    // body as it is written.
    int Direction = geometricChange(
        Update == Inc ? Inc->IgnoreParens() : Update, V, Ctx);
    if (!Direction || !endsWhenRunOut(Conjuncts, V, Direction, Ctx))
      continue;
    GeometricCounter G;
    G.Var = V;
    G.Halving = Direction < 0;
    G.Signed = V->getType()->isSignedIntegerType();
    G.MaxTrip = typeBits(V->getType()) + 1;
    G.Last = uniformConstant(V);
    return G;
  }
  return std::nullopt;
}

void Engine::decideUnrolling(const Stmt *Loop, LoopUnrolling U) {
  auto It = Unrolling.find(Loop);
  if (It == Unrolling.end() || (It->second.Unrolled && !U.Unrolled))
    Unrolling[Loop] = std::move(U);
}

const std::vector<const VarDecl *> &
Engine::modifiedIn(const Stmt *Loop) {
  auto It = ModifiedCache.find(Loop);
  if (It != ModifiedCache.end())
    return It->second;
  // The variables the loop may change themselves (Mutation.h; elements and
  // members live in memory, havocObjectsWrittenIn's), and what it declares:
  // both take a new value each iteration. In the order the loop names them:
  // the symbolic iteration gives them values in this order.
  llvm::SmallPtrSet<const DeclRefExpr *, 16> Changing;
  forEachChangingUse(Loop, [&](const VarDecl *, const VariableUse &U) {
    if (!U.Part)
      Changing.insert(U.Ref);
  });
  std::vector<const VarDecl *> Vars;
  auto Note = [&](const VarDecl *V) {
    if (std::find(Vars.begin(), Vars.end(), V) == Vars.end())
      Vars.push_back(V);
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Note(V);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Changing.count(Ref))
      Note(cast<VarDecl>(Ref->getDecl()));
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Loop);
  return ModifiedCache[Loop] = std::move(Vars);
}

} // namespace simt
} // namespace warpcheck
