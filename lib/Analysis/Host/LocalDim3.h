//===--- LocalDim3.h - A local dim3 followed to one use ---------*- C++ -*-===//
//
// `dim3 b(32); b.y = 4; b.x *= 2; k<<<g, b>>>(...)`: a local dim3 (or
// integer) is followed from its declaration, member assignment by member
// assignment, through straight-line code to one use. A member assigned under
// a condition, in a loop, through a pointer or reference, or from a value
// that is not a compile-time constant stops it, with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_LOCALDIM3_H
#define WARPCHECK_ANALYSIS_HOST_LOCALDIM3_H

#include "BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace warpcheck {

class LocalDim3 {
public:
  LocalDim3(const clang::VarDecl *Var, const clang::Expr *Use,
            const clang::ASTContext &Ctx)
      : Var(Var), Use(Use), Ctx(Ctx), Name(Var->getNameAsString()) {}

  /// The value at Use, given the value Init of the declaration; nullopt
  /// (WhyNot says why) when the way there cannot be followed.
  std::optional<Dim3> valueAtUse(Dim3 Init, std::string &WhyNot);

private:
  /// A use of the variable that may change it.
  struct Change {
    const clang::Stmt *At = nullptr;
    /// "x" when a member is assigned, empty otherwise.
    std::string Member;
  };

  /// The first use in S that may change the variable (Mutation.h).
  std::optional<Change> findChange(const clang::Stmt *S) const;
  bool findDeclaration(const clang::Stmt *S, const clang::CompoundStmt *&Block,
                       size_t &Index) const;
  /// Runs one statement between the declaration and the use.
  bool step(const clang::Stmt *S, std::string &WhyNot);
  bool assign(const clang::Expr *E, std::string &WhyNot);
  /// The member of Var that E names (b.x), or null.
  const clang::FieldDecl *memberOf(const clang::Expr *E) const;
  std::string why(const clang::Stmt *S, const Change &C) const;

  const clang::VarDecl *Var;
  const clang::Expr *Use;
  const clang::ASTContext &Ctx;
  std::string Name;
  Dim3 Value;
};

} // namespace warpcheck

#endif
