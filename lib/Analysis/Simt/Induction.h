//===--- Induction.h - Loop counters and their update -----------*- C++ -*-===//
//
// How one iteration of a loop (its body and increment) updates a variable,
// recognised once for the engine's two uses of a loop counter, as the Clang
// Static Analyzer's LoopUnrolling.cpp recognises its counter once:
//  - the symbolic iteration (InterpretControlFlow.cpp), where a variable
//    stepped by a loop-invariant amount becomes start + k * step;
//  - the doubling or halving counter whose type's width bounds the trip
//    count (LoopPolicy.cpp).
// A counter is updated once per iteration: it is written exactly once in the
// body and the increment together, by the increment itself or by a
// statement at the top of the body.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_INDUCTION_H
#define WARPCHECK_ANALYSIS_SIMT_INDUCTION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace warpcheck {
namespace simt {

/// The variable E names, through parentheses and implicit casts.
const clang::VarDecl *varOf(const clang::Expr *E);

/// E's value when it is an integer constant expression.
std::optional<int64_t> integerConstant(const clang::Expr *E,
                                       const clang::ASTContext &Ctx);

/// Whether S mentions V anywhere.
bool mentions(const clang::Stmt *S, const clang::VarDecl *V);

/// Whether Inner is Outer or a part of it.
bool contains(const clang::Stmt *Outer, const clang::Stmt *Inner);

/// A use of V in S, if there is one.
const clang::DeclRefExpr *referenceTo(const clang::Stmt *S,
                                      const clang::VarDecl *V);

/// Whether E reads a variable declared in S.
bool readsLocalOf(const clang::Expr *E, const clang::Stmt *S);

/// How one iteration of a loop writes a variable.
struct CounterUpdates {
  /// Writes anywhere in the body and the increment: assignments, ++ and
  /// --, and taking its address (which lets it be written).
  unsigned Writes = 0;
  /// The statements of the iteration's top level whose outermost operation
  /// (through parentheses and implicit casts) is one of those writes, as
  /// written: the increment first, then those of a compound body in order.
  llvm::SmallVector<const clang::Expr *, 2> TopLevel;
  /// The counter's one update per iteration: the only write, made by a
  /// statement of the top level; null when there is no such statement.
  const clang::Expr *sole() const {
    return Writes == 1 && TopLevel.size() == 1 ? TopLevel.front() : nullptr;
  }
};

CounterUpdates counterUpdates(const clang::VarDecl *V, const clang::Stmt *Body,
                              const clang::Expr *Inc);

/// An update that adds a step to V: `++v` and `v--` (Step null: one),
/// `v += s` and `v -= s` (Step s).
struct AdditiveUpdate {
  const clang::Expr *Step = nullptr;
  bool Negative = false;
};

/// Update, through parentheses and implicit casts, as an additive update of
/// V, if it is one.
std::optional<AdditiveUpdate> additiveUpdate(const clang::Expr *Update,
                                             const clang::VarDecl *V);

/// How the statement S, looked at as it is (no parentheses stripped),
/// changes V by a constant factor: +1 when it doubles it or more
/// (`v *= 2`, `v <<= 1`, `v = v * 2`), -1 when it halves it or more
/// (`v /= 2`, `v >>= 1`, `v = v >> 1`), 0 otherwise.
int geometricChange(const clang::Stmt *S, const clang::VarDecl *V,
                    const clang::ASTContext &Ctx);

/// The trip count of a `for` loop whose counter is a float or double that
/// takes only integer values it holds exactly (constant start, bound and
/// step below 2^24 in magnitude; the increment is its only write); nullopt
/// otherwise.
std::optional<unsigned> floatCounterTrip(const clang::ForStmt *For,
                                         clang::ASTContext &Ctx);

} // namespace simt
} // namespace warpcheck

#endif
