//===--- LocalDim3.h - A local dim3 followed to one use ---------*- C++ -*-===//
//
// `dim3 b(32); b.y = 4; b.x *= 2; k<<<g, b>>>(...)`: a local dim3 (or
// integer) is followed from its declaration, member assignment by member
// assignment, through straight-line code to one use. A member assigned under
// a condition, in a loop, or through a pointer or reference stops it, with
// the reason. An assigned value that is not a compile-time constant is asked
// of the host evaluator when one is given (`b.x = threads`, a parameter every
// call passes 256): every value it can have, each giving the dim3 one value.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_LOCALDIM3_H
#define WARPCHECK_ANALYSIS_HOST_LOCALDIM3_H

#include "BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warpcheck {

class LocalDim3 {
public:
  /// The values an integer expression can have, each with how it was found;
  /// nullopt (the string says why) when it cannot be followed.
  using IntValues =
      std::function<std::optional<std::vector<std::pair<int64_t, std::string>>>(
          const clang::Expr *, std::string &)>;

  /// Values: asked for an assigned value that is not a constant (none:
  /// such an assignment stops it).
  LocalDim3(const clang::VarDecl *Var, const clang::Expr *Use,
            const clang::ASTContext &Ctx, IntValues Values = nullptr)
      : Var(Var), Use(Use), Ctx(Ctx), Name(Var->getNameAsString()),
        Evaluate(std::move(Values)) {}

  /// The value at Use, given the value Init of the declaration; nullopt
  /// (WhyNot says why) when the way there cannot be followed or it has
  /// several.
  std::optional<Dim3> valueAtUse(Dim3 Init, std::string &WhyNot);
  /// Every value it can have at Use (at most MaxStates), each with how its
  /// assigned values were found ("" when all are constants).
  std::optional<std::vector<std::pair<Dim3, std::string>>>
  valuesAtUse(Dim3 Init, std::string &WhyNot);

  /// The most values followed at once.
  static constexpr size_t MaxStates = 8;

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
  /// The values E can have: a constant, else the evaluator's.
  std::optional<std::vector<std::pair<int64_t, std::string>>>
  assignedValues(const clang::Expr *E, const std::string &What,
                 std::string &WhyNot);
  /// The member of Var that E names (b.x), or null.
  const clang::FieldDecl *memberOf(const clang::Expr *E) const;
  std::string why(const clang::Stmt *S, const Change &C) const;

  const clang::VarDecl *Var;
  const clang::Expr *Use;
  const clang::ASTContext &Ctx;
  std::string Name;
  IntValues Evaluate;
  /// The values it may have at the statement being stepped, each with how
  /// its assigned values were found.
  std::vector<std::pair<Dim3, std::string>> Values;
};

} // namespace warpcheck

#endif
