//===--- HostSyntax.h - Small facts about host expressions ------*- C++ -*-===//
//
// What the host-side analyses read off an expression without following any
// value: its constant value, its text and location for a message, whether a
// type is dim3, the function that holds a declaration and what it returns.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_HOSTSYNTAX_H
#define WARPCHECK_ANALYSIS_HOST_HOSTSYNTAX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// E's value when it is an integer constant expression.
std::optional<int64_t> evaluateInt(const clang::Expr *E,
                                   const clang::ASTContext &Ctx);

/// The variable E names (through parentheses and implicit casts), or null.
const clang::VarDecl *variableOf(const clang::Expr *E);

/// Whether T is CUDA's dim3.
bool isDim3(clang::QualType T);

/// E's source text when short (40 characters, one line), else empty.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);

/// "'n', which is not a compile-time constant", or a phrase without the text.
std::string notConstant(const clang::Expr *E, const clang::ASTContext &Ctx);

/// "main.cu:88" for Loc.
std::string locationText(clang::SourceLocation Loc,
                         const clang::SourceManager &SM);

/// A function's name as diagnostics show it, with template arguments:
/// "parallel_transpose<int, 32>".
std::string displayName(const clang::FunctionDecl *FD,
                        const clang::ASTContext &Ctx);

/// The function whose body holds declaration D, or null.
const clang::FunctionDecl *enclosingFunction(const clang::Decl *D);

/// VD's braced initializer when VD is a local table whose function only
/// reads its elements (Mutation.h onlyElementsRead: `dim3 Shapes[] =
/// {...}; Shapes[i]`), else null: only then is an element one of the list's.
const clang::InitListExpr *localTable(const clang::VarDecl &VD);

/// The strings of a local table of string literals only read (`const char
/// *kernels[] = {"a", "b"}`), else nullopt.
std::optional<std::vector<std::string>> nameTable(const clang::VarDecl &VD);

/// Every `return` of a function body, outside nested lambdas.
void collectReturns(const clang::Stmt *S,
                    std::vector<const clang::ReturnStmt *> &Out);

/// x when E is `std::forward<T>(x)` or `std::move(x)` (casts, no more),
/// else null.
const clang::Expr *forwardedArgument(const clang::Expr *E);

/// Argument I of a call or a constructor's construction, or null.
const clang::Expr *argumentAt(const clang::Expr *Site, unsigned I);

/// Strips parentheses, casts (`(void*)k`), `&k` and `*p` around a kernel.
const clang::Expr *stripKernelExpr(const clang::Expr *E);

/// Whether a path of parents (outermost first) passes through a lambda:
/// what lies below runs when the lambda is called, not in order.
bool throughLambda(llvm::ArrayRef<const clang::Stmt *> Path);

/// Whether Use sits in a lambda within Body, or Body jumps (goto): then
/// straight-line order says nothing about when Use runs.
bool inLambdaOrJumps(const clang::Stmt *Body, const clang::Expr *Use);

/// Whether Target is S or inside it.
bool contains(const clang::Stmt *S, const clang::Stmt *Target);

/// The index of the statement of Body that holds S, or nullopt.
std::optional<unsigned> statementIndex(const clang::CompoundStmt *Body,
                                       const clang::Stmt *S);

/// The path from S down to Target (S first, Target last); false (Path
/// unchanged) when Target is not in S.
bool pathTo(const clang::Stmt *S, const clang::Stmt *Target,
            std::vector<const clang::Stmt *> &Path);

} // namespace warpcheck

#endif
