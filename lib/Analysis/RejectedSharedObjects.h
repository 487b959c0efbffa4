//===--- RejectedSharedObjects.h - Code clang did not parse -------*- C++
//-*-===//
//
// nvcc accepts a __shared__ object whose constructor does work (it warns and
// skips the dynamic initialization: `__shared__ cuda::barrier<...> bar;`);
// clang rejects the declaration, and every expression using the object is
// left with RecoveryExpr holes. The kernel is still analyzed: each operation
// on such an object becomes an access warpcheck cannot see (reported unknown,
// never dropped), classified as load, store or atomic from its syntax.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_REJECTEDSHAREDOBJECTS_H
#define WARPCHECK_ANALYSIS_REJECTEDSHAREDOBJECTS_H

#include "BankModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace warpcheck {

/// A __shared__ variable clang rejected because its constructor does work.
bool isRejectedSharedVar(const clang::Decl *D);

/// In a template's body, a __shared__ variable clang rejects (already, or
/// in each instantiation: its class's default constructor does work), which
/// keeps clang from instantiating the template's body.
const clang::VarDecl *rejectedSharedInTemplate(const clang::Stmt *Body);

/// The rejected __shared__ variables declared in Scope (a function body).
llvm::SmallVector<const clang::VarDecl *, 2>
rejectedSharedVars(const clang::Stmt *Scope);

/// The rejected variable an expression that did not parse uses, when every
/// part of it that did not parse is a use of one of Rejected; null otherwise.
const clang::VarDecl *
rejectedSharedUse(const clang::Expr *E,
                  llvm::ArrayRef<const clang::VarDecl *> Rejected,
                  const clang::ASTContext &Ctx);

/// True when clang's error recovery left holes in the statement (code nvcc
/// may accept and clang did not parse): an expression with errors or an
/// invalid declaration, other than uses of rejected __shared__ objects.
bool didNotParse(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// One operation on a rejected __shared__ object, as its syntax shows it.
struct RejectedOperation {
  /// The object's expression (`T.v[i]`, `C.bump(x)`, `bar`).
  const clang::Expr *Site = nullptr;
  const clang::VarDecl *Var = nullptr;
  /// A read-modify-write (`T.v[i] += x`) is a load then a store.
  llvm::SmallVector<AccessKind, 2> Kinds;
  /// Bytes per thread: the member's or element's size where clang's lookup
  /// finds it, 4 otherwise.
  unsigned Width = 4;
};

/// The operations E performs on the rejected variables Rejected. A use as
/// the left side of `=` is a store; of a compound assignment or `++`, a load
/// and a store; its address passed to an `atomic*` function, an atomic; a
/// member function called for its own sake, what its body does (an atomic
/// when it calls one, a load when it is const, a store otherwise); any other
/// use, a load. Empty unless every part of E that did not parse is a use of
/// one of Rejected.
llvm::SmallVector<RejectedOperation, 2>
rejectedOperations(const clang::Expr *E,
                   llvm::ArrayRef<const clang::VarDecl *> Rejected,
                   const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
