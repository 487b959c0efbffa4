//===--- LoopPolicy.cpp - How the compiler will treat each loop -------------===//
//
// Unroll hints, the loop cost model and the prediction of NVVM's full
// unrolling (calibrated with nvcc 13 for sm_90: docs/local-memory.md).
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

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

/// The size of a loop as the unroller sees it, roughly in instructions:
/// memory accesses and arithmetic 1, division and calls 4; names,
/// literals, casts and built-in variables are free.
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
             isa<AbstractConditionalOperator>(S) || isa<MemberExpr>(S))
      C = 1;
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
  std::vector<const VarDecl *> Vars;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    auto Note = [&](const Expr *Target) {
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          if (std::find(Vars.begin(), Vars.end(), V) == Vars.end())
            Vars.push_back(V);
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isAssignmentOp())
        Note(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        Note(UO->getSubExpr());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (std::find(Vars.begin(), Vars.end(), V) == Vars.end())
            Vars.push_back(V);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Loop);
  return ModifiedCache[Loop] = std::move(Vars);
}

} // namespace simt
} // namespace warpcheck
