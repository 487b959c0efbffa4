//===--- ParseFailures.cpp - Kernels clang did not fully parse ------------===//

#include "ParseFailures.h"

#include "Host/HostSyntax.h"
#include "Launches/BlockShapePolicy.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace warpcheck {

bool kernelDidNotParse(const FunctionDecl *Kernel) {
  return !Kernel->getBody() || Kernel->isInvalidDecl() ||
         didNotParse(Kernel->getBody(), Kernel->getASTContext());
}

namespace {
std::string where(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return llvm::formatv("{0}:{1}:{2}", P.getFilename(), P.getLine(),
                       P.getColumn());
}

/// The first statement or expression that did not parse, for the note.
const Stmt *firstHole(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (!E->containsErrors())
      return nullptr;
    for (const Stmt *Child : S->children())
      if (const Stmt *H = firstHole(Child))
        return H;
    return S;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D->isInvalidDecl())
        return S;
  for (const Stmt *Child : S->children())
    if (const Stmt *H = firstHole(Child))
      return H;
  return nullptr;
}

/// Collects the functions Root calls, transitively, whose bodies did not
/// parse (library headers aside: their bodies are not followed).
void collectUnparsed(const Stmt *S, const SourceManager &SM,
                     llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen,
                     std::vector<const FunctionDecl *> &Out) {
  if (!S)
    return;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      const FunctionDecl *Def = nullptr;
      if (Callee->hasBody(Def) && Def &&
          !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
          Seen.insert(Def).second) {
        if (Def->isInvalidDecl() || didNotParse(Def->getBody(), Def->getASTContext()))
          Out.push_back(Def);
        collectUnparsed(Def->getBody(), SM, Seen, Out);
      }
    }
  for (const Stmt *Child : S->children())
    collectUnparsed(Child, SM, Seen, Out);
}
} // namespace

std::vector<std::string> parseFailureNotes(const FunctionDecl *Kernel,
                                           ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  std::string Name = displayName(Kernel, Context);
  std::vector<std::string> Notes;
  if (kernelDidNotParse(Kernel)) {
    const Stmt *Hole = firstHole(Kernel->getBody());
    unsigned Line =
        Hole ? SM.getPresumedLineNumber(SM.getExpansionLoc(Hole->getBeginLoc()))
             : 0;
    std::string Why = "its body did not parse";
    // A use of a declaration clang rejected (a __shared__ object whose
    // constructor does work: nvcc warns and skips it, clang refuses it).
    if (const auto *Rec = dyn_cast_or_null<RecoveryExpr>(Hole))
      for (const Expr *Child : Rec->subExpressions())
        if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Child))
          if (Ref->getDecl()->isInvalidDecl())
            Why = llvm::formatv(
                "clang rejected the declaration of '{0}' (line {1})",
                Ref->getDecl()->getNameAsString(),
                SM.getPresumedLineNumber(
                    SM.getExpansionLoc(Ref->getDecl()->getLocation())));
    // The line of the first hole, after "its body did not parse".
    std::string AtLine =
        Line && Why[0] == 'i' ? llvm::formatv(" (line {0})", Line).str() : "";
    Notes.push_back(
        llvm::formatv("{0}: note: kernel '{1}' not analyzed: {2}{3}",
                      where(Kernel->getLocation(), SM), Name, Why, AtLine));
    return Notes;
  }
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  Seen.insert(Kernel);
  std::vector<const FunctionDecl *> Unparsed;
  collectUnparsed(Kernel->getBody(), SM, Seen, Unparsed);
  for (const FunctionDecl *F : Unparsed) {
    const Stmt *Hole = firstHole(F->getBody());
    Notes.push_back(llvm::formatv(
        "{0}: note: '{1}' (called by '{2}') did not parse here: its accesses "
        "there are not analyzed, and what it writes and returns is unknown",
        where(Hole ? Hole->getBeginLoc() : F->getLocation(), SM),
        F->getNameAsString(), Name));
  }
  return Notes;
}

} // namespace warpcheck
