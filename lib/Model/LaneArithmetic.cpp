//===--- LaneArithmetic.cpp - Integer operations on every thread ----------===//

#include "LaneArithmetic.h"

#include <cassert>

namespace warpcheck {

namespace {

SymbolicInt apply(LaneOp Op, const SymbolicInt &X, const SymbolicInt &Y,
                  bool Signed, unsigned Bits, AtomTable &Atoms) {
  switch (Op) {
  case LaneOp::Add:
    return sym::add(X, Y);
  case LaneOp::Sub:
    return sym::sub(X, Y);
  case LaneOp::Mul:
    return sym::mul(X, Y, Atoms);
  case LaneOp::Div:
    return sym::div(X, Y, Signed);
  case LaneOp::Rem:
    return sym::rem(X, Y, Signed);
  case LaneOp::Shl:
    return sym::shl(X, Y);
  case LaneOp::Shr:
    return sym::shr(X, Y, Signed, Bits);
  case LaneOp::And:
    return sym::bitAnd(X, Y);
  case LaneOp::Or:
    return sym::bitOr(X, Y);
  case LaneOp::Xor:
    return sym::bitXor(X, Y);
  case LaneOp::LT:
  case LaneOp::GT:
  case LaneOp::LE:
  case LaneOp::GE:
  case LaneOp::EQ:
  case LaneOp::NE: {
    sym::CmpOp C = Op == LaneOp::LT   ? sym::CmpOp::LT
                   : Op == LaneOp::GT ? sym::CmpOp::GT
                   : Op == LaneOp::LE ? sym::CmpOp::LE
                   : Op == LaneOp::GE ? sym::CmpOp::GE
                   : Op == LaneOp::EQ ? sym::CmpOp::EQ
                                      : sym::CmpOp::NE;
    auto Res = sym::compare(X, Y, C, Signed, Bits);
    return Res ? SymbolicInt::constant(*Res) : SymbolicInt::opaque();
  }
  }
  return SymbolicInt::opaque();
}

} // namespace

LaneVector combineLanes(LaneOp Op, const LaneVector &A, const LaneVector &B,
                        bool Signed, unsigned Bits, AtomTable &Atoms) {
  assert(A.size() == B.size() && "operands of one block");
  if (A.isUniform() && B.isUniform())
    return LaneVector(A.size(), A.empty() ? SymbolicInt()
                                          : apply(Op, A[0], B[0], Signed,
                                                  Bits, Atoms));
  LaneVector R;
  R.resize(A.size());
  for (size_t T = 0; T < A.size(); ++T)
    R[T] = apply(Op, A[T], B[T], Signed, Bits, Atoms);
  return R;
}

} // namespace warpcheck
