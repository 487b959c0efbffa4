//===--- LayoutFix.cpp - Padding and swizzle edits in the source ----------===//

#include "LayoutFix.h"

#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace warpcheck {

std::optional<ArrayGeometry> geometryOf(const VarDecl *V,
                                        const ASTContext &Ctx) {
  ArrayGeometry G;
  QualType T = V->getType();
  while (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    G.Dims.push_back(AT->getSize().getZExtValue());
    T = AT->getElementType();
  }
  if (G.Dims.empty() || T->isIncompleteType() || T->isDependentType())
    return std::nullopt;
  G.ElementBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  return G;
}

namespace {

std::string text(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R =
      SM.getExpansionRange(CharSourceRange::getTokenRange(E->getSourceRange()));
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

/// Wraps S in parentheses unless it is a name or a number.
std::string paren(const std::string &S) {
  bool Simple = !S.empty();
  for (char C : S)
    if (!isalnum(static_cast<unsigned char>(C)) && C != '_' && C != '.')
      Simple = false;
  return Simple ? S : "(" + S + ")";
}

/// The chain a[i0][i1]... on V reached from an access expression: the
/// indices, outermost first; empty when the access is not of that form.
std::vector<const Expr *> subscriptsOf(const Expr *Site, const VarDecl *V) {
  const Expr *E = Site->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) // atomicAdd(&a[i], v)
    E = Call->getNumArgs() ? Call->getArg(0)->IgnoreParenImpCasts() : E;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
  std::vector<const Expr *> Indices;
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Indices.insert(Indices.begin(), AS->getIdx());
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref || Ref->getDecl() != V)
    return {};
  return Indices;
}

unsigned log2Exact(uint64_t V) {
  unsigned L = 0;
  while ((uint64_t(1) << L) < V)
    ++L;
  return (uint64_t(1) << L) == V ? L : ~0u;
}

/// `(c) ^ ((((r) >> K) & Mask) << M)`, simplified.
std::string xorTerm(const std::string &Target, const std::string &Source,
                    unsigned Shift, uint64_t Mask, unsigned M, bool MaskFree) {
  std::string Bits = paren(Source);
  if (Shift)
    Bits = "(" + Bits + " >> " + std::to_string(Shift) + ")";
  if (!MaskFree)
    Bits = "(" + Bits + " & " + std::to_string(Mask) + ")";
  if (M)
    Bits = "(" + Bits + " << " + std::to_string(M) + ")";
  return paren(Target) + " ^ " + Bits;
}

} // namespace

/// Why some access does not index V directly with all its dimensions.
static std::string indirectAccess(const VarDecl *V, size_t Dims,
                                  const std::vector<const Expr *> &Sites,
                                  const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Expr *Site : Sites)
    if (subscriptsOf(Site, V).size() != Dims)
      return "the access at line " +
             std::to_string(SM.getPresumedLineNumber(
                 SM.getExpansionLoc(Site->getBeginLoc()))) +
             " does not index '" + V->getNameAsString() + "' directly";
  return "";
}

/// The value of an index that is a compile-time constant.
static std::optional<int64_t> constantIndex(const Expr *E,
                                            const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// Replaces the innermost subscript of every access of V by Rewrite(its
/// subscripts, outermost first), once per expression (a compound assignment
/// is a load and a store of one). False, with Edit.Reason, when some access
/// cannot be rewritten; then no hint is added.
static bool rewriteInnermost(
    const VarDecl *V, size_t Dims, const std::vector<const Expr *> &Sites,
    const ASTContext &Ctx, LayoutEdit &Edit,
    llvm::function_ref<std::string(const std::vector<const Expr *> &)>
        Rewrite) {
  Edit.Reason = indirectAccess(V, Dims, Sites, Ctx);
  if (!Edit.Reason.empty())
    return false;
  std::set<const Expr *> Done;
  std::vector<FixItHint> Hints;
  for (const Expr *Site : Sites) {
    std::vector<const Expr *> Idx = subscriptsOf(Site, V);
    if (!Done.insert(Idx.back()).second)
      continue;
    for (const Expr *I : Idx)
      if (I->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) ||
          I->getBeginLoc().isMacroID()) {
        Edit.Reason = "index '" + text(I, Ctx) +
                      "' has side effects or comes from a macro";
        return false;
      }
    // An index the layout leaves as it is (a row whose XOR is 0) is not
    // rewritten: `c ^ 0` only costs the reader.
    std::string New = Rewrite(Idx);
    if (New == text(Idx.back(), Ctx))
      continue;
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Idx.back()->getSourceRange()), New));
  }
  Edit.Hints.insert(Edit.Hints.end(), Hints.begin(), Hints.end());
  return true;
}

LayoutEdit padEdit(const VarDecl *V, unsigned Pad,
                   const std::vector<const Expr *> &Sites,
                   const ASTContext &Ctx, uint64_t RowElems,
                   const ArrayGeometry *Extern,
                   const std::vector<const Expr *> &LaunchArgs) {
  LayoutEdit Edit;
  std::optional<ArrayGeometry> G =
      Extern ? std::optional<ArrayGeometry>(*Extern) : geometryOf(V, Ctx);
  bool Stride = G && G->Dims.size() == 1 && RowElems > 0;
  if (!G || (G->Dims.size() < 2 && !Stride)) {
    Edit.Reason = "only arrays of two or more dimensions, or 1-D arrays "
                  "indexed as rows, can be padded";
    return Edit;
  }
  // The elements a 1-D array grows by: Pad per row.
  uint64_t Growth = Stride ? G->Dims[0] / RowElems * Pad : Pad;
  std::string Decl = V->getType()
                         ->getBaseElementTypeUnsafe()
                         ->getCanonicalTypeInternal()
                         .getAsString(Ctx.getPrintingPolicy()) +
                     " " + V->getNameAsString();
  for (size_t I = 0; I < G->Dims.size(); ++I)
    Decl +=
        "[" +
        std::to_string(G->Dims[I] + (I + 1 == G->Dims.size() ? Growth : 0)) +
        "]";
  Edit.Summary = Decl;
  Edit.Reason = indirectAccess(V, G->Dims.size(), Sites, Ctx);
  if (!Edit.Reason.empty())
    return Edit;
  // Every index i becomes i + i / RowElems * Pad (constants folded).
  if (Stride && !rewriteInnermost(V, 1, Sites, Ctx, Edit, [&](const auto &Idx) {
        if (auto E = constantIndex(Idx[0], Ctx))
          return std::to_string(*E + *E / int64_t(RowElems) * Pad);
        std::string I = paren(text(Idx[0], Ctx));
        return I + " + " + I + " / " + std::to_string(RowElems) +
               (Pad == 1 ? "" : " * " + std::to_string(Pad));
      }))
    return Edit;
  if (Extern) {
    // The launches pass the size: each grows by the pad of every row.
    const SourceManager &SM = Ctx.getSourceManager();
    uint64_t Bytes = G->elements() * G->ElementBytes;
    uint64_t More = Growth * G->ElementBytes;
    Edit.Summary = "launches pass " + std::to_string(Bytes + More) +
                   " bytes of dynamic shared memory instead of " +
                   std::to_string(Bytes);
    for (const Expr *Arg : LaunchArgs) {
      CharSourceRange R = CharSourceRange::getTokenRange(Arg->getSourceRange());
      if (Arg->getBeginLoc().isMacroID() || Arg->getEndLoc().isMacroID() ||
          !SM.isWrittenInMainFile(Arg->getBeginLoc())) {
        Edit.Hints.clear();
        Edit.Reason = "a launch's shared-memory size is not written in this "
                      "file";
        return Edit;
      }
      const Expr *Bare = Arg->IgnoreParenImpCasts();
      std::string Add = " + " + std::to_string(More);
      if (isa<DeclRefExpr>(Bare) || isa<IntegerLiteral>(Bare)) {
        Edit.Hints.push_back(FixItHint::CreateInsertion(
            Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts()),
            Add));
      } else {
        Edit.Hints.push_back(
            FixItHint::CreateReplacement(R, "(" + text(Arg, Ctx) + ")" + Add));
      }
    }
    return Edit;
  }
  const TypeSourceInfo *TSI = V->getTypeSourceInfo();
  if (!TSI) {
    Edit.Reason = "the declaration has no written type";
    return Edit;
  }
  TypeLoc TL = TSI->getTypeLoc();
  std::optional<ArrayTypeLoc> Innermost;
  while (auto ATL = TL.getAs<ArrayTypeLoc>()) {
    Innermost = ATL;
    TL = ATL.getElementLoc();
  }
  if (!Innermost || !Innermost->getSizeExpr()) {
    Edit.Reason = "the innermost dimension has no written size";
    return Edit;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = SM.getExpansionRange(CharSourceRange::getTokenRange(
      Innermost->getSizeExpr()->getSourceRange()));
  if (R.isInvalid() || SM.isInSystemHeader(R.getBegin())) {
    Edit.Reason = "the size is not written in this file";
    return Edit;
  }
  SourceLocation End =
      Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
  if (R.isCharRange())
    End = R.getEnd();
  Edit.Hints.push_back(
      FixItHint::CreateInsertion(End, " + " + std::to_string(Growth)));
  return Edit;
}

LayoutEdit swizzleEdit(const VarDecl *V, const Layout &L,
                       const ArrayGeometry &G,
                       const std::vector<const Expr *> &Sites,
                       const ASTContext &Ctx) {
  LayoutEdit Edit;
  uint64_t Mask = (uint64_t(1) << L.B) - 1;
  if (G.Dims.size() > 2) {
    // Still say what the swizzle is: on the flattened element index.
    Edit.Summary = "[" + xorTerm("i", "i", L.M + L.S, Mask, L.M, false) +
                   "] of the flattened element index i";
    Edit.Reason = "the array has more than two dimensions";
    return Edit;
  }
  bool TwoD = G.Dims.size() == 2;
  unsigned Cols = TwoD ? log2Exact(G.Dims[1]) : 0;
  // A row XOR is written directly: c ^ (((r >> S) & Mask) << M).
  unsigned RowShift = 0;
  if (L.K == Layout::Kind::RowXor) {
    RowShift = L.S;
    Cols = 0;
  } else if (TwoD) {
    RowShift = L.M + L.S - Cols;
  }
  if (TwoD && L.K != Layout::Kind::RowXor &&
      (Cols == ~0u || L.M + L.B > Cols || L.M + L.S < Cols)) {
    Edit.Reason = "the swizzle mixes column bits, which cannot be written "
                  "as a column index";
    return Edit;
  }
  // Rows below 2^B need no mask.
  bool MaskFree = TwoD && RowShift == 0 && G.Dims[0] <= Mask + 1;
  Edit.Summary =
      TwoD ? "[r][" + xorTerm("c", "r", RowShift, Mask, L.M, MaskFree) + "]"
           : "[" + xorTerm("i", "i", L.M + L.S, Mask, L.M, false) + "]";
  if (!rewriteInnermost(
          V, G.Dims.size(), Sites, Ctx, Edit, [&](const auto &Idx) {
            // Constant indices get their swizzled value.
            auto C0 = constantIndex(Idx[0], Ctx);
            if (!TwoD && C0)
              return std::to_string(
                  *C0 ^ (((*C0 >> (L.M + L.S)) & int64_t(Mask)) << L.M));
            if (TwoD && C0) {
              int64_t Bits = ((*C0 >> RowShift) & int64_t(Mask)) << L.M;
              if (auto C1 = constantIndex(Idx[1], Ctx))
                return std::to_string(*C1 ^ Bits);
              // A constant row XORs a constant: none for a row of 0.
              std::string Col = text(Idx[1], Ctx);
              return Bits ? paren(Col) + " ^ " + std::to_string(Bits) : Col;
            }
            return TwoD ? xorTerm(text(Idx[1], Ctx), text(Idx[0], Ctx),
                                  RowShift, Mask, L.M, MaskFree)
                        : xorTerm(text(Idx[0], Ctx), text(Idx[0], Ctx),
                                  L.M + L.S, Mask, L.M, false);
          }))
    return Edit;
  if (Edit.Hints.empty())
    Edit.Reason = "no access to rewrite";
  return Edit;
}

} // namespace warpcheck
