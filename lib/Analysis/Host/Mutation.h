//===--- Mutation.h - Whether code may change a variable --------*- C++ -*-===//
//
// The one answer to "may this code change that variable?", for host and
// device code alike. Every use of the variable is classified by where it
// sits (its parents): a read (loaded, a const reference or copy taken, a
// const method called, sizeof), an assignment or increment, its address
// taken, or anything else, which may change it (a non-const reference
// bound, a by-reference argument, a non-const method). What is not a read
// counts as a change: the answer errs on the side of "changed".
//
// std::forward(v) and std::move(v) are v. An argument bound to a
// forwarding reference (`template <class T> f(T &&)`, a pack `Ts &&...`) of
// a visible body is read when every use of that parameter there is a read
// (forwarded into by-value parameters, loaded): llm.c's benchmark_kernel.
//
// With an ASTContext, a use the syntax cannot settle (a call argument, a
// method call, an address handed on) is settled by clang's
// ExprMutationAnalyzer, which follows references and pointers to const.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_MUTATION_H
#define WARPCHECK_ANALYSIS_HOST_MUTATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

namespace warpcheck {

/// How one use of a variable treats it.
enum class UseKind {
  Read,
  /// `v = e`, `v += e`, `++v`, or the same on a member or element of v.
  Assigned,
  /// `&v` (or of a member or element).
  AddressTaken,
  /// Anything else that is not a read: a non-const reference bound to it,
  /// an argument passed by reference, a non-const method called.
  MayChange,
};

/// One use of a variable.
struct VariableUse {
  const clang::DeclRefExpr *Ref = nullptr;
  UseKind Kind = UseKind::Read;
  /// The expression that changes it: the assignment or increment, the `&`,
  /// or the outermost expression of the variable (`v.x`, `v[i]`) otherwise.
  const clang::Expr *At = nullptr;
  /// The member named on the way (`x` of `b.x = 4`), when one is.
  const clang::ValueDecl *Member = nullptr;
  /// Whether what changes is part of the variable (an element or a member,
  /// or the elements of an array handed on as a pointer), not the variable
  /// itself: a pointer or array variable still holds the same address.
  bool Part = false;
};

/// Classifies the use Ref given its parents, outermost first (Parents.back()
/// is Ref's parent).
VariableUse classifyUse(const clang::DeclRefExpr *Ref,
                        llvm::ArrayRef<const clang::Stmt *> Parents);

/// Calls Visit for every reference in S with its parents, outermost first:
/// the walk classifyUse's callers make, for questions it does not answer.
void forEachReference(
    const clang::Stmt *S,
    llvm::function_ref<void(const clang::DeclRefExpr *,
                            llvm::ArrayRef<const clang::Stmt *>)>
        Visit);

/// Every use of VD in S that is not a read, in source order.
std::vector<VariableUse> changingUses(const clang::VarDecl *VD,
                                      const clang::Stmt *S);

/// Whether S may change VD (no use of VD in S outside Except is anything
/// but a read). With Ctx, uses the syntax cannot settle are asked of
/// ExprMutationAnalyzer.
bool mayChange(const clang::VarDecl *VD, const clang::Stmt *S,
               clang::ASTContext *Ctx = nullptr,
               const clang::Stmt *Except = nullptr);

/// Whether every use of the array VD in S reads an element (`T[i]`,
/// `T[i].x`, a copy of `T[i]`): no element is changed and neither the array
/// nor an element has its address or a non-const reference taken.
bool onlyElementsRead(const clang::VarDecl *VD, const clang::Stmt *S);

/// Calls Visit for every use in S of a variable that is not a read.
void forEachChangingUse(
    const clang::Stmt *S,
    llvm::function_ref<void(const clang::VarDecl *, const VariableUse &)>
        Visit);

/// The variables S may change, each once, in order of their first change.
std::vector<const clang::VarDecl *> changedVariables(const clang::Stmt *S);

/// While one lives on this thread, changingUses, mayChange (without
/// Except), forEachChangingUse, changedVariables and pathTo (HostSyntax.h)
/// walk each statement once and answer from what they found: a launcher's
/// body is asked about each of its variables and statements. The
/// statements must outlive it; scopes nest (a file next to the analyzed one
/// gets its own).
class BodyIndexScope {
public:
  BodyIndexScope();
  ~BodyIndexScope();
  BodyIndexScope(const BodyIndexScope &) = delete;
  BodyIndexScope &operator=(const BodyIndexScope &) = delete;
  struct Index;
  /// The parent of every statement under Root, when a scope is active on
  /// this thread; else null.
  static const llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> *
  parentsUnder(const clang::Stmt *Root);

private:
  std::unique_ptr<Index> Own;
  Index *Saved;
};

} // namespace warpcheck

#endif
