//===--- Guards.h - Values a condition forces at a launch -------*- C++ -*-===//
//
// `switch (threads) { case 256: k<<<g, threads>>>(...)` and
// `if (n == 64) k<<<g, n>>>(...)` fix the value a variable has at the
// launch: the labels of the enclosing cases, the constant of an enclosing
// equality (its else branch: of an inequality). Only variables their
// function never changes (Mutation.h) are kept, so the value at the launch
// is the value wherever the block was built, or variables assigned only in
// statements of the function's body before the condition's, which hold the
// value for reads after those statements.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_GUARDS_H
#define WARPCHECK_ANALYSIS_HOST_GUARDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpcheck {

/// `case`s of a `switch (v)` the launch sits in, or the constant of an
/// enclosing `if (v == C)` (else branch: `if (v != C)`). Only variables
/// never written in their function (every use a plain read) are kept, so
/// the value at the launch is the value wherever the block was built, or
/// variables only assigned in statements of the function's body before the
/// one holding the condition (then only for reads after those).
struct GuardValues {
  std::vector<int64_t> Values;
  /// "'threads' is 512 in 'case 512' at f.cu:222".
  std::string Via;
  /// A variable its function assigns before the condition (ggml's
  /// `block_size_best` chosen by a loop, then `switch (block_size_best)`):
  /// the values hold only for reads in the statements of Body from
  /// ReadFrom on, which run after every assignment. Null: everywhere.
  const clang::CompoundStmt *Body = nullptr;
  unsigned ReadFrom = 0;
  /// The evaluator's frame of the function the condition is in (a call
  /// followed, HostValue.h): a recursive call's frame of the same function
  /// has other values. -1: any frame.
  int Frame = -1;
};

/// Whether the guard G holds where Use reads its variable.
bool guardHoldsAt(const GuardValues &G, const clang::Expr *Use);
using Guards = std::map<const clang::VarDecl *, GuardValues>;

/// Whether every use of VD in S reads it (no assignment, increment,

/// A condition around a launch and the way it goes there (`if (n > 1)`
/// whose then branch holds the launch: true). Only conditions that call
/// nothing, change nothing and read only variables their function never
/// changes, so the same expression elsewhere in the function has the same
/// value (HostBranches.cpp).
struct KnownCondition {
  const clang::Expr *Cond;
  bool Holds;
};

/// The known conditions around Launch in the body of Function.
std::vector<KnownCondition> conditionsAt(const clang::Stmt *Launch,
                                         const clang::FunctionDecl *Function);

/// Whether Cond calls nothing, changes nothing and reads only variables
/// Function never changes.
bool stableCondition(const clang::Expr *Cond,
                     const clang::FunctionDecl *Function);

/// The guards around Launch in the body of Function.
Guards guardsAt(const clang::Stmt *Launch, const clang::FunctionDecl *Function,
                const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
