//===--- HostBranches.cpp - The assignments that reach a use --------------===//
//
// `sqrt_block_size = 16;` in a launcher (llm.c's matmul_forward4): the
// last plain assignment among the statements of the function's body before
// the use's, when nothing after it changes the variable on the way and
// nothing but assignments changes it anywhere (no alias).
//
// `unsigned n; if (blocks > 1) n = 256; else if (pow2) n = len / 2; else
// n = floorPow2(len);`: a local that an if/else chain before its use sets
// once in every arm (Rodinia's scan `prescanArrayRecursive`). Its values are
// the arms' values, or, where the use is evaluated for a launch that sits
// under one of the chain's own conditions (`if (blocks > 1)
// prescan<<<grid, n>>>`), the arm that condition selects: the condition
// reads only variables its function never changes, so it has the same value
// at the chain and at the launch.
//
//===----------------------------------------------------------------------===//

#include "Host/Guards.h"
#include "Host/HostArithmetic.h"
#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/FoldingSet.h"

#include <functional>

using namespace clang;

namespace warpcheck {
namespace {

/// Whether A and B are the same expression of the same variables.
bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// The one plain `VD = e` of Arm (a statement of it at top level, or Arm
/// itself), when that is the only change of VD in Arm; else null.
const BinaryOperator *onlyAssignment(const VarDecl *VD, const Stmt *Arm) {
  std::vector<VariableUse> Uses = changingUses(VD, Arm);
  if (Uses.size() != 1 || Uses.front().Kind != UseKind::Assigned ||
      Uses.front().Part || Uses.front().Member)
    return nullptr;
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Uses.front().At);
  if (!BO || BO->getOpcode() != BO_Assign)
    return nullptr;
  if (BO == Arm)
    return BO;
  if (const auto *Block = dyn_cast<CompoundStmt>(Arm))
    for (const Stmt *Child : Block->body())
      if (Child == BO)
        return BO;
  return nullptr;
}

} // namespace

bool stableCondition(const Expr *Cond, const FunctionDecl *Function) {
  if (!Cond || !Function || !Function->getBody())
    return false;
  bool Stable = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Stable)
      return;
    if (isa<CallExpr, LambdaExpr, StmtExpr>(S) ||
        (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isAssignmentOp()) ||
        (isa<UnaryOperator>(S) &&
         cast<UnaryOperator>(S)->isIncrementDecrementOp())) {
      Stable = false;
      return;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        if (!(VD->hasLocalStorage() || isa<ParmVarDecl>(VD)) ||
            VD->getType().isVolatileQualified() ||
            mayChange(VD, Function->getBody()))
          Stable = false;
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Cond);
  return Stable;
}

std::vector<KnownCondition> conditionsAt(const Stmt *Launch,
                                         const FunctionDecl *Function) {
  std::vector<KnownCondition> Out;
  std::vector<const Stmt *> Path;
  if (!Function || !Function->getBody() ||
      !pathTo(Function->getBody(), Launch, Path))
    return Out;
  for (size_t I = 0; I + 1 < Path.size(); ++I) {
    if (isa<LambdaExpr>(Path[I]))
      Out.clear(); // the conditions outside a lambda are not its
    const auto *If = dyn_cast<IfStmt>(Path[I]);
    if (!If || If->getConditionVariable() || If->getInit() ||
        !stableCondition(If->getCond(), Function))
      continue;
    if (Path[I + 1] == If->getThen())
      Out.push_back({If->getCond(), true});
    else if (Path[I + 1] == If->getElse())
      Out.push_back({If->getCond(), false});
  }
  return Out;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::branchValues(const VarDecl *VD, const DeclRefExpr *Ref,
                            unsigned Depth, std::string &WhyNot) {
  const FunctionDecl *Owner = enclosingFunction(VD);
  const auto *Body =
      Owner ? dyn_cast_or_null<CompoundStmt>(Owner->getBody()) : nullptr;
  if (!Body || !VD->hasLocalStorage() || inLambdaOrJumps(Body, Ref))
    return std::nullopt;
  // The chain: the one statement of the body, between the declaration and
  // the use, that holds every change of VD.
  std::vector<VariableUse> Changes = changingUses(VD, Body);
  const IfStmt *Chain = nullptr;
  bool Declared = false, Used = false;
  for (const Stmt *Child : Body->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(Child))
      for (const Decl *D : DS->decls())
        Declared |= D == VD;
    if (contains(Child, Ref)) {
      Used = true;
      break;
    }
    if (const auto *If = dyn_cast<IfStmt>(Child); If && Declared && !Chain)
      if (!Changes.empty() && contains(If, Changes.front().At))
        Chain = If;
  }
  if (!Chain || !Used)
    return std::nullopt;
  for (const VariableUse &U : Changes)
    if (!U.At || !contains(Chain, U.At))
      return std::nullopt;
  // Known conditions hold in the launch's own function only.
  bool Known = KnownConditions && KnownIn &&
               KnownIn->getCanonicalDecl() == Owner->getCanonicalDecl();
  // Every change sits in an arm, not in a condition.
  for (const IfStmt *If = Chain; If;
       If = dyn_cast_or_null<IfStmt>(If->getElse())) {
    if (contains(If->getCond(), Changes.front().At))
      return std::nullopt;
    for (const VariableUse &U : Changes)
      if (contains(If->getCond(), U.At))
        return std::nullopt;
  }
  Ints Out;
  for (const IfStmt *If = Chain; If;) {
    std::optional<bool> Holds;
    if (Known && stableCondition(If->getCond(), Owner))
      for (const KnownCondition &K : *KnownConditions)
        if (sameExpr(K.Cond, If->getCond(), Ctx))
          Holds = K.Holds;
    const Stmt *Else = If->getElse();
    std::vector<const Stmt *> Arms;
    if (Holds.value_or(true))
      Arms.push_back(If->getThen());
    if (!Holds.value_or(false) && Else && !isa<IfStmt>(Else))
      Arms.push_back(Else);
    if (!Else && !Holds.value_or(false))
      return std::nullopt; // no arm assigns on this way
    for (const Stmt *Arm : Arms) {
      const BinaryOperator *Assign = onlyAssignment(VD, Arm);
      if (!Assign)
        return std::nullopt;
      auto Values = intsAt(Assign->getRHS(), Depth + 1, WhyNot);
      if (!Values)
        return std::nullopt;
      for (auto &V : *Values)
        if (auto C = convertTo(V.Value, VD->getType(), Ctx))
          addUnique(Out,
                    Traced<int64_t>{
                        *C, joinVia("'" + VD->getNameAsString() + "' set at " +
                                        locationText(Assign->getBeginLoc(),
                                                     Ctx.getSourceManager()),
                                    V.Via)});
    }
    If = Holds.value_or(false) ? nullptr : dyn_cast_or_null<IfStmt>(Else);
  }
  if (Out.empty() || Out.size() > MaxValues)
    return std::nullopt;
  return Out;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::assignedValues(const VarDecl *VD, const DeclRefExpr *Ref,
                              unsigned Depth, std::string &WhyNot) {
  const FunctionDecl *Owner = isa<ParmVarDecl>(VD)
                                  ? dyn_cast<FunctionDecl>(VD->getDeclContext())
                                  : enclosingFunction(VD);
  const auto *Body =
      Owner ? dyn_cast_or_null<CompoundStmt>(Owner->getBody()) : nullptr;
  if (!Body || !VD->hasLocalStorage() || VD->getType().isVolatileQualified() ||
      inLambdaOrJumps(Body, Ref))
    return std::nullopt;
  std::vector<VariableUse> Changes = changingUses(VD, Body);
  for (const VariableUse &U : Changes)
    if (U.Kind != UseKind::Assigned || U.Part || U.Member || !U.At)
      return std::nullopt;
  const BinaryOperator *Last = nullptr;
  bool Used = false;
  for (const Stmt *Child : Body->body()) {
    unsigned In = 0;
    for (const VariableUse &U : Changes)
      In += contains(Child, U.At);
    if (contains(Child, Ref)) {
      Used = In == 0;
      break;
    }
    if (In == 0)
      continue;
    // The statement is the assignment itself: it runs whenever the use
    // does.
    const auto *E = dyn_cast<Expr>(Child);
    const auto *BO =
        E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
    const auto *LHS =
        BO ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()) : nullptr;
    Last = In == 1 && BO && BO->getOpcode() == BO_Assign && LHS &&
                   LHS->getDecl() == VD
               ? BO
               : nullptr;
  }
  if (!Used || !Last)
    return std::nullopt;
  auto Values = intsAt(Last->getRHS(), Depth + 1, WhyNot);
  if (!Values)
    return std::nullopt;
  Ints Out;
  for (auto &V : *Values) {
    auto C = convertTo(V.Value, VD->getType(), Ctx);
    if (!C)
      return std::nullopt;
    addUnique(Out, Traced<int64_t>{
                       *C, joinVia("'" + VD->getNameAsString() + "' set at " +
                                       locationText(Last->getBeginLoc(),
                                                    Ctx.getSourceManager()),
                                   V.Via)});
  }
  return Out;
}

} // namespace warpcheck
