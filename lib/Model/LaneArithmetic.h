//===--- LaneArithmetic.h - Integer operations on every thread --*- C++ -*-===//
//
// The engine's arithmetic, apart from the engine (as the Clang Static
// Analyzer keeps SValBuilder apart from ExprEngine): one C++ integer
// operation applied to every thread's values. Two warp-uniform operands cost
// one operation; the result of an operation the symbolic domain cannot
// express is Opaque in that thread (the engine then decides whether it is a
// new warp-uniform unknown).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_LANEARITHMETIC_H
#define WARPCHECK_MODEL_LANEARITHMETIC_H

#include "LaneVector.h"
#include "SymbolicInt.h"

namespace warpcheck {

enum class LaneOp { Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor,
                    LT, GT, LE, GE, EQ, NE };

/// A Op B in every thread, with C++ semantics for operands of Bits bits
/// (Signed or not); comparisons give 0 or 1.
LaneVector combineLanes(LaneOp Op, const LaneVector &A, const LaneVector &B,
                        bool Signed, unsigned Bits, AtomTable &Atoms);

} // namespace warpcheck

#endif
