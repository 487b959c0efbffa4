//===--- InterpretOperators.cpp - Operators ---------------------------------===//
//
// Transfer functions for C and C++ operators: arithmetic, comparisons and
// logic per thread, assignments, increments, pointer arithmetic and `?:`.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

Value Engine::pointerOffset(const Value &Ptr,
                                             const Value &Index,
                                             QualType Pointee, bool Subtract) {
  const Value *P = &Ptr, *I = &Index;
  if (P->K != Value::Kind::Pointer)
    std::swap(P, I);
  if (P->K != Value::Kind::Pointer) {
    Value R = unknown();
    addDeps(R.Deps, Ptr.Deps);
    addDeps(R.Deps, Index.Deps);
    return R;
  }
  Value R = *P;
  uint64_t Size = sizeOf(Pointee);
  if (I->K != Value::Kind::Int || Size == 0) {
    for (auto &L : R.L)
      L = SymbolicInt::opaque();
    addDeps(R.Deps, I->Deps);
    R.CT.merge(I->CT);
    if (!R.CT.hard()) {
      R.CT.Why = CompileTime::Cause::Memory;
      R.CT.What = "a value the analysis cannot follow";
    }
    return R;
  }
  for (unsigned T = 0; T < N; ++T) {
    SymbolicInt Scaled =
        sym::mul(I->L[T], SymbolicInt::constant(int64_t(Size)), Atoms);
    R.L[T] = Subtract ? sym::sub(R.L[T], Scaled) : sym::add(R.L[T], Scaled);
  }
  addDeps(R.Deps, I->Deps);
  R.CT.merge(I->CT);
  return R;
}

/// The lane operation of a C++ binary operator (nullopt for the others).
static std::optional<LaneOp> laneOpOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add:
    return LaneOp::Add;
  case BO_Sub:
    return LaneOp::Sub;
  case BO_Mul:
    return LaneOp::Mul;
  case BO_Div:
    return LaneOp::Div;
  case BO_Rem:
    return LaneOp::Rem;
  case BO_Shl:
    return LaneOp::Shl;
  case BO_Shr:
    return LaneOp::Shr;
  case BO_And:
    return LaneOp::And;
  case BO_Or:
    return LaneOp::Or;
  case BO_Xor:
    return LaneOp::Xor;
  case BO_LT:
    return LaneOp::LT;
  case BO_GT:
    return LaneOp::GT;
  case BO_LE:
    return LaneOp::LE;
  case BO_GE:
    return LaneOp::GE;
  case BO_EQ:
    return LaneOp::EQ;
  case BO_NE:
    return LaneOp::NE;
  default:
    return std::nullopt;
  }
}

Value Engine::arithmetic(BinaryOperatorKind Op, const Value &A,
                                          const Value &B, QualType OperandType,
                                          QualType ResultType, const Expr *E) {
  if (A.K != Value::Kind::Int || B.K != Value::Kind::Int) {
    if (ResultType->isIntegralOrEnumerationType()) {
      Value R = opaqueInt("'" + sourceText(E) + "'");
      addDeps(R.Deps, A.Deps);
      addDeps(R.Deps, B.Deps);
      return R;
    }
    return unknown();
  }
  bool Signed = typeIsSigned(OperandType);
  unsigned Bits = typeBits(OperandType);
  Value R;
  R.K = Value::Kind::Int;
  std::optional<LaneOp> LOp = laneOpOf(Op);
  R.L = LOp ? combineLanes(*LOp, A.L, B.L, Signed, Bits, Atoms)
            : LaneVector(N, SymbolicInt::opaque());
  // Comparisons of a warp-uniform difference decide uniformly: keep them as
  // one unknown so branches on them keep every thread active.
  if (BinaryOperator::isComparisonOp(Op)) {
    Value Diff;
    Diff.K = Value::Kind::Int;
    Diff.L = combineLanes(LaneOp::Sub, A.L, B.L, Signed, Bits, Atoms);
    settleOpaque(R, {&Diff}, E);
    addDeps(R.Deps, A.Deps);
    addDeps(R.Deps, B.Deps);
  } else {
    settleOpaque(R, {&A, &B}, E);
  }
  R.CT = A.CT;
  R.CT.merge(B.CT);
  fitToType(R, ResultType);
  return R;
}

Value Engine::evalLogical(const BinaryOperator *E) {
  bool IsAnd = E->getOpcode() == BO_LAnd;
  Value L = eval(E->getLHS());
  Mask Saved = M, Then, Else;
  splitMask(L, E->getLHS(), Then, Else);
  M = IsAnd ? Then : Else; // the right side runs only where it is needed
  Value Rv = eval(E->getRHS());
  M = Saved;
  Value R;
  R.K = Value::Kind::Int;
  R.L.resize(N);
  auto Truth = [](const Value &V, unsigned T) -> std::optional<bool> {
    if (V.K != Value::Kind::Int || !V.L[T].isConstant())
      return std::nullopt;
    return V.L[T].Const != 0;
  };
  for (unsigned T = 0; T < N; ++T) {
    auto A = Truth(L, T);
    if (A && *A != IsAnd) {
      R.L[T] = SymbolicInt::constant(!IsAnd ? 1 : 0);
      continue;
    }
    auto B = Truth(Rv, T);
    if (A && B) {
      R.L[T] = SymbolicInt::constant(*B);
      continue;
    }
    if (B && *B != IsAnd) {
      R.L[T] = SymbolicInt::constant(!IsAnd ? 1 : 0);
      continue;
    }
    // One side decided in the neutral way: the other side is the answer.
    if (A && Rv.K == Value::Kind::Int) {
      R.L[T] = Rv.L[T];
      continue;
    }
    if (B && L.K == Value::Kind::Int) {
      R.L[T] = L.L[T];
      continue;
    }
    R.L[T] = SymbolicInt::opaque();
  }
  addDeps(R.Deps, L.Deps);
  addDeps(R.Deps, Rv.Deps);
  settleOpaque(R, {&L, &Rv}, E);
  // `j < n && j < 8` is known to be false once `j < 8` is: the compiler
  // knows the loop's upper bound.
  auto DecidesAll = [&](const Value &V) {
    if (V.CT.hard() || V.K != Value::Kind::Int)
      return false;
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T) && (!V.L[T].isConstant() || (V.L[T].Const != 0) == IsAnd))
        return false;
    return true;
  };
  if (DecidesAll(L))
    R.CT = L.CT;
  else if (DecidesAll(Rv))
    R.CT = Rv.CT;
  else {
    R.CT = L.CT;
    R.CT.merge(Rv.CT);
  }
  for (unsigned T = 0; T < N; ++T)
    if (R.L[T].Opaque) {
      addDep(R.Deps, "'" + sourceText(E) + "'");
      break;
    }
  return R;
}

Value Engine::evalBinary(const BinaryOperator *E) {
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_LAnd || Op == BO_LOr)
    return evalLogical(E);
  if (Op == BO_Comma) {
    eval(E->getLHS());
    return eval(E->getRHS());
  }
  if (Op == BO_Assign) {
    Value V = eval(E->getRHS());
    LValue LV = evalLValue(E->getLHS());
    if (V.K == Value::Kind::Int)
      fitToType(V, E->getLHS()->getType());
    store(LV, V, E->getLHS()->getType(), E->getLHS());
    return V;
  }
  if (E->isCompoundAssignmentOp()) {
    const auto *CAO = cast<CompoundAssignOperator>(E);
    Value Rhs = eval(E->getRHS());
    LValue LV = evalLValue(E->getLHS());
    QualType LT = E->getLHS()->getType();
    Value Old = load(LV, LT, E->getLHS());
    BinaryOperatorKind BaseOp = BinaryOperator::getOpForCompoundAssignment(Op);
    Value New;
    if (Old.K == Value::Kind::Pointer &&
        (BaseOp == BO_Add || BaseOp == BO_Sub)) {
      New = pointerOffset(Old, Rhs, LT->getPointeeType(), BaseOp == BO_Sub);
    } else {
      Value OldConv = Old;
      fitToType(OldConv, CAO->getComputationLHSType());
      New =
          arithmetic(BaseOp, OldConv, Rhs, CAO->getComputationLHSType(), LT, E);
    }
    store(LV, New, LT, E->getLHS());
    return New;
  }
  Value A = eval(E->getLHS());
  Value B = eval(E->getRHS());
  if ((Op == BO_Add || Op == BO_Sub) &&
      (A.K == Value::Kind::Pointer || B.K == Value::Kind::Pointer)) {
    if (A.K == Value::Kind::Pointer && B.K == Value::Kind::Pointer) {
      Value R = opaqueInt("pointer difference");
      if (A.Shared == B.Shared && A.Region == B.Region) {
        uint64_t Size = sizeOf(E->getLHS()->getType()->getPointeeType());
        for (unsigned T = 0; T < N && Size; ++T)
          R.L[T] = sym::div(sym::sub(A.L[T], B.L[T]),
                            SymbolicInt::constant(int64_t(Size)), true);
      }
      return R;
    }
    QualType PT = A.K == Value::Kind::Pointer ? E->getLHS()->getType()
                                              : E->getRHS()->getType();
    return pointerOffset(A, B, PT->getPointeeType(), Op == BO_Sub);
  }
  return arithmetic(Op, A, B, E->getLHS()->getType(), E->getType(), E);
}

Value Engine::evalUnary(const UnaryOperator *E) {
  switch (E->getOpcode()) {
  case UO_AddrOf:
    return pointerTo(evalLValue(E->getSubExpr()));
  case UO_Deref: {
    LValue LV = evalLValue(E);
    return load(LV, E->getType(), E);
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue LV = evalLValue(E->getSubExpr());
    QualType T = E->getSubExpr()->getType();
    Value Old = load(LV, T, E->getSubExpr());
    Value One = intConstant(1);
    Value New;
    bool Inc = E->isIncrementOp();
    if (Old.K == Value::Kind::Pointer)
      New = pointerOffset(Old, One, T->getPointeeType(), !Inc);
    else
      New = arithmetic(Inc ? BO_Add : BO_Sub, Old, One, T, T, E);
    store(LV, New, T, E->getSubExpr());
    return E->isPrefix() ? New : Old;
  }
  case UO_Plus:
  case UO_Extension:
    return eval(E->getSubExpr());
  case UO_Minus:
  case UO_Not:
  case UO_LNot: {
    Value V = eval(E->getSubExpr());
    if (V.K != Value::Kind::Int)
      return E->getType()->isIntegralOrEnumerationType()
                 ? opaqueInt("'" + sourceText(E) + "'")
                 : unknown();
    Value R = V;
    for (unsigned T = 0; T < N; ++T) {
      if (E->getOpcode() == UO_Minus)
        R.L[T] = sym::neg(V.L[T]);
      else if (E->getOpcode() == UO_Not)
        R.L[T] = sym::bitNot(V.L[T]);
      else {
        auto B = sym::compare(V.L[T], SymbolicInt::constant(0), sym::CmpOp::EQ,
                              true, 64);
        R.L[T] = B ? SymbolicInt::constant(*B) : SymbolicInt::opaque();
      }
    }
    settleOpaque(R, {&V}, E);
    fitToType(R, E->getType());
    return R;
  }
  default: {
    Value R = unknown();
    R.CT = eval(E->getSubExpr()).CT;
    return R;
  }
  }
}

Value Engine::evalConditional(const AbstractConditionalOperator *E,
                              llvm::function_ref<Value(const Expr *)> Arm) {
  Value C = eval(E->getCond());
  Mask Saved = M, Then, Else;
  splitMask(C, E->getCond(), Then, Else);
  // A conditional lvalue read (`c ? s[i] : x`): each side is a load in
  // the threads that take it.
  auto Side = [&](const Expr *S) {
    if (Arm)
      return Arm(S);
    // A nested `?:` arm loads from its own arms (through eval, which keeps
    // the expression budget).
    if (E->isGLValue() && isa<AbstractConditionalOperator>(S->IgnoreParens()))
      return eval(S);
    if (E->isGLValue() && !S->getType()->isRecordType() &&
        !S->getType()->isArrayType())
      return load(evalLValue(S), S->getType(), S);
    return eval(S);
  };
  M = Then;
  Value A = Side(E->getTrueExpr());
  M = Else;
  Value B = Side(E->getFalseExpr());
  M = Saved;
  // Every thread takes one side (`b < a ? b : a` on values the same in the
  // whole block): its value, whatever the other side would have been.
  auto AnyLive = [&](const Mask &Side) {
    return llvm::any_of(Side.A,
                        [](Activity A) { return A != Activity::Inactive; });
  };
  if (AnyLive(Then) != AnyLive(Else)) {
    Value R = AnyLive(Then) ? A : B;
    // The compiler still does not know which side (a launched value).
    if (C.CT.hard() && !R.CT.hard()) {
      R.CT.Why = CompileTime::Cause::Condition;
      R.CT.What = sourceText(E->getCond());
    }
    R.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
    return R;
  }
  if (A.K != B.K ||
      (A.K == Value::Kind::Pointer &&
       (A.Shared != B.Shared || A.Region != B.Region ||
        A.LocalObject != B.LocalObject)) ||
      A.K == Value::Kind::Unknown) {
    Value R = E->getType()->isIntegralOrEnumerationType()
                  ? opaqueInt("'" + sourceText(E) + "'")
                  : mergeTargets(A, B, "'" + sourceText(E) + "'");
    addDeps(R.Deps, A.Deps);
    addDeps(R.Deps, B.Deps);
    return R;
  }
  Value R = A;
  R.CT.merge(B.CT);
  bool Differs = false;
  for (unsigned T = 0; T < N; ++T)
    if (Then.A[T] != Activity::Inactive || Else.A[T] != Activity::Inactive)
      if (A.L[T] != B.L[T])
        Differs = true;
  if (Differs && C.CT.hard() && !R.CT.hard()) {
    R.CT.Why = CompileTime::Cause::Condition;
    R.CT.What = sourceText(E->getCond());
  }
  if (Differs)
    R.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  for (unsigned T = 0; T < N; ++T) {
    bool InThen = Then.A[T] != Activity::Inactive;
    bool InElse = Else.A[T] != Activity::Inactive;
    if (InThen && InElse && A.L[T] != B.L[T]) {
      R.L[T] = SymbolicInt::opaque();
      addDeps(R.Deps, Then.Deps);
      addDep(R.Deps, "'" + sourceText(E->getCond()) + "'");
    } else if (!InThen) {
      R.L[T] = B.L[T];
    }
  }
  addDeps(R.Deps, B.Deps);
  if (R.K == Value::Kind::Int)
    fitToType(R, E->getType());
  return R;
}

} // namespace simt
} // namespace warpcheck
