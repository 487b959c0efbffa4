//===--- HostArithmetic.h - C++ integer arithmetic on host values -*- C++
//-*-===//
//
// Host values are computed as the compiler computes them: in the operand
// type, wrapping for unsigned types (and for conversions, as in C++20), and
// giving no value for what C++ leaves undefined (a signed overflow, a
// division by zero, a shift past the width). One set of rules for every
// host-side value: block shapes, kernel arguments, dim3 members.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_HOSTARITHMETIC_H
#define WARPCHECK_ANALYSIS_HOST_HOSTARITHMETIC_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/OperationKinds.h"

#include <cstdint>
#include <optional>

namespace warpcheck {

/// V as a value of integer type T; nullopt for a type wider than 64 bits.
std::optional<int64_t> convertTo(int64_t V, clang::QualType T,
                                 const clang::ASTContext &Ctx);

/// L Op R computed in the (already promoted) operand type T: arithmetic,
/// bitwise, shift, comparison and logical operators. nullopt where C++
/// gives no value.
std::optional<int64_t> applyBinary(int64_t L, int64_t R,
                                   clang::BinaryOperatorKind Op,
                                   clang::QualType T,
                                   const clang::ASTContext &Ctx);

/// `Old op= R` as C++ computes it: both in the computation type, the result
/// converted back to T (the target's type); nullopt where C++ gives no value.
std::optional<int64_t>
applyCompoundAssign(const clang::CompoundAssignOperator *CAO, int64_t Old,
                    int64_t R, clang::QualType T, const clang::ASTContext &Ctx);

/// Op V for the unary operators +, -, ~ and ! in type T.
std::optional<int64_t> applyUnary(int64_t V, clang::UnaryOperatorKind Op,
                                  clang::QualType T,
                                  const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
