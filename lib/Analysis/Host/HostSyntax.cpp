//===--- HostSyntax.cpp - Small facts about host expressions --------------===//

#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace clang;

namespace warpcheck {

std::optional<int64_t> evaluateInt(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

const VarDecl *variableOf(const Expr *E) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
}

bool isDim3(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 40 || Text.contains('\n'))
    return "";
  return Text.str();
}

std::string notConstant(const Expr *E, const ASTContext &Ctx) {
  std::string Text = sourceText(E, Ctx);
  return Text.empty() ? "a value that is not a compile-time constant"
                      : "'" + Text + "', which is not a compile-time constant";
}

std::string locationText(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}

std::string displayName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return OS.str();
}

const FunctionDecl *enclosingFunction(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD;
  return nullptr;
}

const InitListExpr *localTable(const VarDecl &VD) {
  const auto *List =
      VD.getInit() ? dyn_cast<InitListExpr>(VD.getInit()->IgnoreImplicit())
                   : nullptr;
  const FunctionDecl *Owner = enclosingFunction(&VD);
  if (!List || !VD.hasLocalStorage() || !Owner || !Owner->getBody() ||
      !onlyElementsRead(&VD, Owner->getBody()))
    return nullptr;
  return List;
}

std::optional<std::vector<std::string>> nameTable(const VarDecl &VD) {
  const InitListExpr *List = localTable(VD);
  if (!List)
    return std::nullopt;
  std::vector<std::string> Out;
  for (const Expr *Init : List->inits()) {
    const auto *S = dyn_cast<StringLiteral>(Init->IgnoreParenImpCasts());
    if (!S)
      return std::nullopt;
    Out.push_back(S->getString().str());
  }
  return Out;
}

void collectReturns(const Stmt *S, std::vector<const ReturnStmt *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    Out.push_back(R);
    return;
  }
  for (const Stmt *Child : S->children())
    collectReturns(Child, Out);
}

const Expr *forwardedArgument(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParens());
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || Call->getNumArgs() != 1 || !F->getIdentifier() ||
      !F->isInStdNamespace())
    return nullptr;
  StringRef Name = F->getName();
  return Name == "forward" || Name == "move" ? Call->getArg(0) : nullptr;
}

const Expr *stripKernelExpr(const Expr *E) {
  while (true) {
    E = E->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref) {
        E = UO->getSubExpr();
        continue;
      }
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MT->getSubExpr();
      continue;
    }
    return E;
  }
}

const Expr *argumentAt(const Expr *Site, unsigned I) {
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Site))
    return I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Site))
    return I < Construct->getNumArgs() ? Construct->getArg(I) : nullptr;
  return nullptr;
}

bool contains(const Stmt *S, const Stmt *Target) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  for (const Stmt *Child : S->children())
    if (contains(Child, Target))
      return true;
  return false;
}

std::optional<unsigned> statementIndex(const CompoundStmt *Body,
                                       const Stmt *S) {
  unsigned I = 0;
  for (const Stmt *Child : Body->body()) {
    if (contains(Child, S))
      return I;
    ++I;
  }
  return std::nullopt;
}

bool pathTo(const Stmt *S, const Stmt *Target,
            std::vector<const Stmt *> &Path) {
  if (!S)
    return false;
  // Within a BodyIndexScope: up from Target through the parents of S's
  // statements, found once.
  if (const auto *Parents = BodyIndexScope::parentsUnder(S)) {
    std::vector<const Stmt *> Up;
    for (const Stmt *At = Target; At; At = Parents->lookup(At)) {
      Up.push_back(At);
      if (At == S) {
        Path.insert(Path.end(), Up.rbegin(), Up.rend());
        return true;
      }
    }
    return false;
  }
  Path.push_back(S);
  if (S == Target)
    return true;
  for (const Stmt *Child : S->children())
    if (pathTo(Child, Target, Path))
      return true;
  Path.pop_back();
  return false;
}

bool throughLambda(llvm::ArrayRef<const Stmt *> Path) {
  return llvm::any_of(Path, [](const Stmt *S) { return isa<LambdaExpr>(S); });
}

bool inLambdaOrJumps(const Stmt *Body, const Expr *Use) {
  std::vector<const Stmt *> Path;
  if (pathTo(Body, Use, Path) && throughLambda(Path))
    return true;
  std::function<bool(const Stmt *)> Jumps = [&](const Stmt *S) {
    if (!S)
      return false;
    if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
      return true;
    for (const Stmt *Child : S->children())
      if (Jumps(Child))
        return true;
    return false;
  };
  return Jumps(Body);
}

} // namespace warpcheck
