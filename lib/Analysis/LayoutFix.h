//===--- LayoutFix.h - Padding and swizzle edits in the source --*- C++ -*-===//
//
// Turns a layout found by the search (LayoutSearch.h) into source edits: a
// padded innermost dimension in the declaration, or an XOR swizzle written
// consistently into the index of every access to the array. An edit is made
// only when every access can be rewritten; otherwise Reason says why.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAYOUTFIX_H
#define WARPCHECK_ANALYSIS_LAYOUTFIX_H

#include "LayoutSearch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// The dimensions and element size of a __shared__ array; nullopt for an
/// extern array (its size is set at launch).
std::optional<ArrayGeometry> geometryOf(const clang::VarDecl *V,
                                        const clang::ASTContext &Ctx);

struct LayoutEdit {
  std::vector<clang::FixItHint> Hints;
  /// Why there is no edit (Hints empty).
  std::string Reason;
  /// For the note: "float tile[32][33]" or "[r][c ^ r]".
  std::string Summary;
};

/// Padding changes every row stride the array's type implies: every access
/// must index the array directly (a pointer with its own stride would not
/// follow). A 1-D array padded by a row stride (RowElems > 0) grows by
/// Pad per row and every index i becomes i + i / RowElems * Pad.
/// An extern __shared__ array has no size to edit: Extern gives its size
/// (from the launches) and LaunchArgs the launches' size arguments, which
/// grow instead.
LayoutEdit padEdit(const clang::VarDecl *V, unsigned Pad,
                   const std::vector<const clang::Expr *> &Sites,
                   const clang::ASTContext &Ctx, uint64_t RowElems = 0,
                   const ArrayGeometry *Extern = nullptr,
                   const std::vector<const clang::Expr *> &LaunchArgs = {});

/// Sites are the access expressions of V the interpreter recorded.
LayoutEdit swizzleEdit(const clang::VarDecl *V, const Layout &L,
                       const ArrayGeometry &G,
                       const std::vector<const clang::Expr *> &Sites,
                       const clang::ASTContext &Ctx);

} // namespace warpcheck

#endif
