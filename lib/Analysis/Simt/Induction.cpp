//===--- Induction.cpp - Loop counters and their update ---------------------===//
//
// The one recognition of a loop counter's update (Induction.h).
//
//===----------------------------------------------------------------------===//

#include "Induction.h"
#include "Host/Mutation.h"

using namespace clang;

namespace warpcheck {
namespace simt {

const VarDecl *varOf(const Expr *E) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
}

std::optional<int64_t> integerConstant(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    if (R->getDecl() == V)
      return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

namespace {

/// Whether S itself (not a part of it) writes V.
bool writesAtRoot(const Stmt *S, const VarDecl *V) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && varOf(BO->getLHS()) == V;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    return (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
           varOf(UO->getSubExpr()) == V;
  return false;
}

/// The changes of V itself in S (Mutation.h): assignments, increments, its
/// address taken, a by-reference argument.
unsigned countWrites(const Stmt *S, const VarDecl *V) {
  if (!S)
    return 0;
  unsigned Count = 0;
  for (const VariableUse &U : changingUses(V, S))
    Count += !U.Part;
  return Count;
}

} // namespace

CounterUpdates counterUpdates(const VarDecl *V, const Stmt *Body,
                              const Expr *Inc) {
  CounterUpdates U;
  U.Writes = countWrites(Body, V) + countWrites(Inc, V);
  auto Consider = [&](const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (E && writesAtRoot(E->IgnoreParenImpCasts(), V))
      U.TopLevel.push_back(E);
  };
  Consider(Inc);
  // Only a compound body has a top level of its own: a single statement
  // as the body is not looked into.
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Body))
    for (const Stmt *S : Block->body())
      Consider(S);
  return U;
}

std::optional<AdditiveUpdate> additiveUpdate(const Expr *Update,
                                             const VarDecl *V) {
  const Expr *E = Update->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp() && varOf(UO->getSubExpr()) == V)
      return AdditiveUpdate{nullptr, UO->isDecrementOp()};
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if ((BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) &&
        varOf(BO->getLHS()) == V)
      return AdditiveUpdate{BO->getRHS(), BO->getOpcode() == BO_SubAssign};
  return std::nullopt;
}

int geometricChange(const Stmt *S, const VarDecl *V, const ASTContext &Ctx) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(S);
  if (!BO || varOf(BO->getLHS()) != V)
    return 0;
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *Amount = BO->getRHS();
  if (Op == BO_Assign) {
    // `v = v * 2` reads as `v *= 2`.
    const auto *RHS = dyn_cast<BinaryOperator>(Amount->IgnoreParenImpCasts());
    if (!RHS || varOf(RHS->getLHS()) != V)
      return 0;
    Op = RHS->getOpcode() == BO_Mul   ? BO_MulAssign
         : RHS->getOpcode() == BO_Shl ? BO_ShlAssign
         : RHS->getOpcode() == BO_Shr ? BO_ShrAssign
         : RHS->getOpcode() == BO_Div ? BO_DivAssign
                                      : BO_Assign;
    Amount = RHS->getRHS();
  }
  std::optional<int64_t> C = integerConstant(Amount, Ctx);
  if (!C)
    return 0;
  if ((Op == BO_MulAssign && *C >= 2) || (Op == BO_ShlAssign && *C >= 1))
    return 1;
  if ((Op == BO_DivAssign && *C >= 2) || (Op == BO_ShrAssign && *C >= 1))
    return -1;
  return 0;
}

} // namespace simt
} // namespace warpcheck
