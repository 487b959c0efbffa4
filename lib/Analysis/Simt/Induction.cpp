//===--- Induction.cpp - Loop counters and their update
//---------------------===//
//
// The one recognition of a loop counter's update (Induction.h), and the
// elements a range-based for steps through.
//
//===----------------------------------------------------------------------===//

#include "Induction.h"
#include "Engine.h"
#include "Host/Mutation.h"

#include <cmath>
#include <functional>

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

/// Whether Inner is Outer or a part of it.
bool contains(const Stmt *Outer, const Stmt *Inner) {
  if (Outer == Inner)
    return true;
  for (const Stmt *C : Outer->children())
    if (C && contains(C, Inner))
      return true;
  return false;
}

/// A use of V in S, if there is one.
const DeclRefExpr *referenceTo(const Stmt *S, const VarDecl *V) {
  if (!S)
    return nullptr;
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return R;
  for (const Stmt *C : S->children())
    if (const DeclRefExpr *R = referenceTo(C, V))
      return R;
  return nullptr;
}

/// Whether E reads a variable declared in S.
bool readsLocalOf(const Expr *E, const Stmt *S) {
  if (!S)
    return false;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && mentions(E, V))
        return true;
    return false;
  }
  for (const Stmt *C : S->children())
    if (C && readsLocalOf(E, C))
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
  std::function<void(const Stmt *)> Consider = [&](const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return;
    // `a += s, b += t, ++i`: each operand of a comma is its own statement,
    // run in order (a loop with several counters).
    if (const auto *Comma = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
        Comma && Comma->getOpcode() == BO_Comma) {
      Consider(Comma->getLHS());
      Consider(Comma->getRHS());
      return;
    }
    if (writesAtRoot(E->IgnoreParenImpCasts(), V))
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
    // `v = v * 2` reads as `v *= 2`, and so does Rodinia's `v = 2 * v`.
    const auto *RHS = dyn_cast<BinaryOperator>(Amount->IgnoreParenImpCasts());
    if (!RHS)
      return 0;
    bool Commuted = RHS->getOpcode() == BO_Mul && varOf(RHS->getRHS()) == V &&
                    varOf(RHS->getLHS()) != V;
    if (varOf(RHS->getLHS()) != V && !Commuted)
      return 0;
    Op = RHS->getOpcode() == BO_Mul   ? BO_MulAssign
         : RHS->getOpcode() == BO_Shl ? BO_ShlAssign
         : RHS->getOpcode() == BO_Shr ? BO_ShrAssign
         : RHS->getOpcode() == BO_Div ? BO_DivAssign
                                      : BO_Assign;
    Amount = Commuted ? RHS->getLHS() : RHS->getRHS();
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

/// The trip count of `for (float v = s; v < b; v += d)` (or <=, >, >=, !=,
/// either side, ++, --, -=) whose start, bound and step are constants that
/// are integers of magnitude below 2^24, with the increment the counter's
/// only write: every value the counter takes is then an integer the float
/// holds exactly, so each addition and comparison is exact and the trip
/// count is the integer loop's (as LLVM's IndVarSimplify turns such a
/// counter into an integer one). Anything else: nullopt, unknown as before.
std::optional<unsigned> floatCounterTrip(const ForStmt *For, ASTContext &Ctx) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  const auto *Cmp = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!V || !V->getType()->isRealFloatingType() || !V->getInit() || !Cmp ||
      !Cmp->isComparisonOp() || !For->getInc() ||
      counterUpdates(V, For->getBody(), For->getInc()).sole() != For->getInc())
    return std::nullopt;
  std::optional<AdditiveUpdate> Up = additiveUpdate(For->getInc(), V);
  bool Left = varOf(Cmp->getLHS()) == V;
  if (!Up || (!Left && varOf(Cmp->getRHS()) != V))
    return std::nullopt;
  const double Exact = 16777216.0; // 2^24: every integer below is a float
  auto Integer = [&](const Expr *E) -> std::optional<double> {
    llvm::APFloat F(0.0);
    if (!E || E->isValueDependent() || !E->EvaluateAsFloat(F, Ctx))
      return std::nullopt;
    bool Lost = false;
    F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &Lost);
    double D = F.convertToDouble();
    if (Lost || D != std::floor(D) || std::fabs(D) >= Exact)
      return std::nullopt;
    return D;
  };
  std::optional<double> Start = Integer(V->getInit());
  std::optional<double> Bound = Integer(Left ? Cmp->getRHS() : Cmp->getLHS());
  std::optional<double> Step =
      Up->Step ? Integer(Up->Step) : std::optional<double>(1.0);
  if (!Start || !Bound || !Step || *Step == 0)
    return std::nullopt;
  double Delta = Up->Negative ? -*Step : *Step;
  BinaryOperatorKind Op =
      Left ? Cmp->getOpcode()
           : BinaryOperator::reverseComparisonOp(Cmp->getOpcode());
  auto Holds = [&](double X) {
    switch (Op) {
    case BO_LT:
      return X < *Bound;
    case BO_LE:
      return X <= *Bound;
    case BO_GT:
      return X > *Bound;
    case BO_GE:
      return X >= *Bound;
    case BO_NE:
      return X != *Bound;
    default:
      return X == *Bound;
    }
  };
  unsigned Trip = 0;
  for (double X = *Start; Holds(X); X += Delta)
    if (++Trip > (1u << 16) || std::fabs(X + Delta) >= Exact)
      return std::nullopt; // past what is followed, or not exact
  return Trip;
}

namespace {

/// The braced list or array a range-based for runs over, through the
/// temporaries and conversions clang wraps it in.
const Expr *rangeOperand(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(E))
      E = IL->getSubExpr();
    else if (const auto *EC = dyn_cast<ExprWithCleanups>(E))
      E = EC->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else
      return E;
  }
  return nullptr;
}

/// Element I of a constant array variable's initializer, when it is an
/// integer clang's constant evaluator knows (`constexpr int s[] = {...}`).
std::optional<int64_t> constantElement(const Expr *Array, unsigned I,
                                       const ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Array);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !(V->isConstexpr() || V->getType().isConstant(Ctx)) ||
      !V->getInit() || V->getInit()->isValueDependent())
    return std::nullopt;
  const APValue *A = V->evaluateValue();
  if (!A || !A->isArray())
    return std::nullopt;
  const APValue &E = I < A->getArrayInitializedElts()
                         ? A->getArrayInitializedElt(I)
                     : A->hasArrayFiller() ? A->getArrayFiller()
                                           : *A;
  if (!E.isInt())
    return std::nullopt;
  return E.getInt().getExtValue();
}

} // namespace

void Engine::bindRangeElement(const CXXForRangeStmt *S, const Value &Elem,
                              const LValue *ElemLV) {
  const VarDecl *V = S->getLoopVariable();
  Value Val =
      V->getType()->isReferenceType() && ElemLV ? pointerTo(*ElemLV) : Elem;
  if (Val.K == Value::Kind::Int)
    fitToType(Val, V->getType());
  // Known to the compiler when it unrolls the loop.
  Val.CT.merge(CompileTime{CompileTime::Cause::None, "", {S}});
  frame().Env[V] = std::move(Val);
  frame().DeclDepth[V] = {M.Depth, M.Region, unsigned(Loops.size()), false};
}

bool Engine::execRangeForElements(const CXXForRangeStmt *S) {
  const VarDecl *V = S->getLoopVariable();
  const Expr *Operand = rangeOperand(S->getRangeInit());
  if (!V || !Operand || isObjectVar(V) || !S->getBody())
    return false;
  bool ByRef = V->getType()->isReferenceType();
  QualType ElemT = V->getType().getNonReferenceType();
  if (!ElemT->isScalarType())
    return false;
  const auto *List = dyn_cast<InitListExpr>(Operand);
  const ConstantArrayType *Array =
      List ? nullptr : Ctx.getAsConstantArrayType(Operand->getType());
  // A reference to a braced list's element has no object the engine keeps.
  if ((!List && !Array) || (List && ByRef) || (Array && !Operand->isGLValue()))
    return false;
  unsigned Count =
      List ? List->getNumInits() : unsigned(Array->getSize().getZExtValue());
  // The list's elements are computed once, before the loop; an array is
  // read element by element, as the loop's `*__begin` does.
  std::vector<Value> Listed;
  if (List)
    for (const Expr *Init : List->inits())
      Listed.push_back(eval(Init));
  LValue Whole = Array ? evalLValue(Operand) : LValue();
  QualType Elem = Array ? Array->getElementType() : ElemT;
  Mask Saved = M;
  Loops.push_back(
      {std::vector<Exit>(N, Exit::None), std::vector<Exit>(N, Exit::None), S});
  LoopRun Run;
  unsigned PerLoop =
      std::max(Limits.MaxLoopIterations, Limits.MaxKnownLoopIterations);
  for (unsigned I = 0; I < Count && !Stopped && anyLive(); ++I) {
    if (I >= PerLoop || ++Iterations > Limits.MaxTotalIterations ||
        WarpRequests > Limits.MaxWarpRequests / 2) {
      // Past a budget: one symbolic iteration for the other elements.
      llvm::SaveAndRestore Past(
          LoopBudget, "the loop at line " + std::to_string(lineOf(S)) +
                          " ran past the budget of iterations "
                          "followed one by one");
      bindRangeElement(
          S, unknown("an element of '" + sourceText(Operand) + "'"), nullptr);
      if (ElemT->isIntegralOrEnumerationType() && !ByRef)
        frame().Env[V] =
            opaqueInt("an element of '" + sourceText(Operand) + "'");
      ++SymbolicEntries[S]; // not every iteration's counts
      symbolicIteration(S, nullptr, S->getBody(), nullptr);
      break;
    }
    if (List) {
      bindRangeElement(S, Listed[I], nullptr);
    } else {
      LValue At = lvalueOf(
          pointerOffset(pointerTo(Whole), intConstant(I), Elem, false));
      Value Got;
      if (ByRef)
        Got = Value();
      else if (std::optional<int64_t> C = constantElement(Operand, I, Ctx))
        Got = intConstant(*C);
      else
        Got = load(At, Elem, Operand);
      bindRangeElement(S, Got, &At);
    }
    if (!runIteration(S, nullptr, S->getBody(), nullptr, Run))
      break;
  }
  Loops.pop_back();
  M = applyExits(Saved);
  // The compiler knows the trip count: the list's or the array's length.
  Run.Trip = Count;
  decideUnrolling(S, predictUnrolling(S, Run));
  return true;
}

} // namespace simt
} // namespace warpcheck
