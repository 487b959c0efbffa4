//===--- HostArithmetic.cpp - C++ integer arithmetic on host values -------===//

#include "Host/HostArithmetic.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace warpcheck {

/// V as a value of integer type T: wrapped for unsigned types (and, as in
/// C++20, for conversions to signed ones).
std::optional<int64_t> convertTo(int64_t V, QualType T, const ASTContext &Ctx) {
  if (T->isBooleanType())
    return int64_t(V != 0);
  if (!T->isIntegralOrEnumerationType())
    return std::nullopt;
  unsigned Width = Ctx.getIntWidth(T);
  if (Width == 0 || Width > 64)
    return std::nullopt;
  if (Width == 64)
    return V;
  uint64_t Bits = uint64_t(V) & ((uint64_t(1) << Width) - 1);
  if (T->isSignedIntegerOrEnumerationType() && (Bits >> (Width - 1)) != 0)
    return int64_t(Bits | ~((uint64_t(1) << Width) - 1));
  return int64_t(Bits);
}

/// L op R computed in the (already promoted) operand type T.
std::optional<int64_t> applyBinary(int64_t L, int64_t R, BinaryOperatorKind Op,
                                   QualType T, const ASTContext &Ctx) {
  // Integers only: a floating-point operation is not followed.
  if (!T->isIntegralOrEnumerationType())
    return std::nullopt;
  if (BinaryOperator::isComparisonOp(Op) || BinaryOperator::isLogicalOp(Op)) {
    bool Unsigned =
        T->isUnsignedIntegerOrEnumerationType() && Ctx.getIntWidth(T) == 64;
    uint64_t UL = uint64_t(L), UR = uint64_t(R);
    switch (Op) {
    case BO_LT:
      return int64_t(Unsigned ? UL < UR : L < R);
    case BO_GT:
      return int64_t(Unsigned ? UL > UR : L > R);
    case BO_LE:
      return int64_t(Unsigned ? UL <= UR : L <= R);
    case BO_GE:
      return int64_t(Unsigned ? UL >= UR : L >= R);
    case BO_EQ:
      return int64_t(L == R);
    case BO_NE:
      return int64_t(L != R);
    case BO_LAnd:
      return int64_t(L && R);
    case BO_LOr:
      return int64_t(L || R);
    default:
      return std::nullopt;
    }
  }
  bool Signed = T->isSignedIntegerOrEnumerationType();
  unsigned Width = Ctx.getIntWidth(T);
  if (Width == 0 || Width > 64)
    return std::nullopt;
  int64_t Out = 0;
  switch (Op) {
  case BO_Add:
    if (__builtin_add_overflow(L, R, &Out) && Signed)
      return std::nullopt;
    Out = int64_t(uint64_t(L) + uint64_t(R));
    break;
  case BO_Sub:
    if (__builtin_sub_overflow(L, R, &Out) && Signed)
      return std::nullopt;
    Out = int64_t(uint64_t(L) - uint64_t(R));
    break;
  case BO_Mul:
    if (__builtin_mul_overflow(L, R, &Out) && Signed)
      return std::nullopt;
    Out = int64_t(uint64_t(L) * uint64_t(R));
    break;
  case BO_Div:
  case BO_Rem:
    if (R == 0)
      return std::nullopt;
    if (Signed) {
      if (L == INT64_MIN && R == -1)
        return std::nullopt;
      Out = Op == BO_Div ? L / R : L % R;
    } else {
      Out = int64_t(Op == BO_Div ? uint64_t(L) / uint64_t(R)
                                 : uint64_t(L) % uint64_t(R));
    }
    break;
  case BO_And:
    Out = L & R;
    break;
  case BO_Or:
    Out = L | R;
    break;
  case BO_Xor:
    Out = L ^ R;
    break;
  case BO_Shl:
  case BO_Shr:
    if (R < 0 || R >= int64_t(Width) || (Signed && Op == BO_Shl && L < 0))
      return std::nullopt;
    if (Op == BO_Shr) {
      Out = Signed ? L >> R : int64_t(uint64_t(L) >> R);
      break;
    }
    Out = int64_t(uint64_t(L) << R);
    if (Signed && (Out >> R) != L)
      return std::nullopt;
    break;
  default:
    return std::nullopt;
  }
  // A signed result that does not fit the type overflowed: no value.
  std::optional<int64_t> Fitted = convertTo(Out, T, Ctx);
  if (Signed && Fitted && *Fitted != Out)
    return std::nullopt;
  return Fitted;
}

std::optional<int64_t> applyUnary(int64_t V, UnaryOperatorKind Op, QualType T,
                                  const ASTContext &Ctx) {
  switch (Op) {
  case UO_Plus:
    return V;
  case UO_Minus:
    return applyBinary(0, V, BO_Sub, T, Ctx);
  case UO_Not:
    return convertTo(~V, T, Ctx);
  case UO_LNot:
    return int64_t(V == 0);
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> applyCompoundAssign(const CompoundAssignOperator *CAO,
                                           int64_t Old, int64_t R, QualType T,
                                           const ASTContext &Ctx) {
  QualType Common = CAO->getComputationResultType();
  auto L = convertTo(Old, CAO->getComputationLHSType(), Ctx);
  auto RC = convertTo(R, Common, Ctx);
  if (!L || !RC)
    return std::nullopt;
  auto New = applyBinary(
      *L, *RC, BinaryOperator::getOpForCompoundAssignment(CAO->getOpcode()),
      Common, Ctx);
  return New ? convertTo(*New, T, Ctx) : std::nullopt;
}

} // namespace warpcheck
