//===--- RejectedSharedObjects.cpp - Code clang did not parse -------------===//

#include "RejectedSharedObjects.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>

using namespace clang;

namespace warpcheck {

bool isRejectedSharedVar(const Decl *D) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && V->isInvalidDecl() && V->hasAttr<CUDASharedAttr>() &&
         V->getType()->isRecordType() && !V->getType()->isDependentType();
}

namespace {
void collectRejected(const Stmt *S,
                     llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (isRejectedSharedVar(D))
        Out.push_back(cast<VarDecl>(D));
  for (const Stmt *Child : S->children())
    collectRejected(Child, Out);
}

/// The rejected variable a RecoveryExpr stands for: its operand, or (`&bar`,
/// where clang keeps no operand) the one identifier it spells.
const VarDecl *namedBy(const RecoveryExpr *R,
                       llvm::ArrayRef<const VarDecl *> Rejected,
                       const ASTContext &Ctx) {
  for (const Expr *Sub : R->subExpressions())
    if (const auto *Ref =
            dyn_cast_or_null<DeclRefExpr>(Sub ? Sub->IgnoreParens() : nullptr))
      if (llvm::is_contained(Rejected, Ref->getDecl()))
        return cast<VarDecl>(Ref->getDecl());
  if (!R->subExpressions().empty())
    return nullptr;
  StringRef Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(R->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts());
  for (const VarDecl *V : Rejected)
    if (V->getName() == Text)
      return V;
  return nullptr;
}

/// Calls every RecoveryExpr of E with the rejected variable it names (null
/// when it names none); false from Visit stops the walk. False when E holds
/// a TypoExpr (an error that is not a use of a rejected variable).
bool forEachHole(
    const Stmt *S, llvm::ArrayRef<const VarDecl *> Rejected,
    const ASTContext &Ctx,
    llvm::function_ref<bool(const RecoveryExpr *, const VarDecl *)> Visit) {
  if (!S)
    return true;
  if (const auto *R = dyn_cast<RecoveryExpr>(S))
    return Visit(R, namedBy(R, Rejected, Ctx));
  if (isa<TypoExpr>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (!forEachHole(Child, Rejected, Ctx, Visit))
      return false;
  return true;
}
} // namespace

const VarDecl *rejectedSharedInTemplate(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && V->hasAttr<CUDASharedAttr>()) {
        // Rejected already, or rejected in every instantiation: a class
        // whose default constructor does work.
        const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
        if (V->isInvalidDecl() ||
            (RD && RD->hasDefinition() && !RD->hasTrivialDefaultConstructor() &&
             !RD->isDependentContext()))
          return V;
      }
  for (const Stmt *Child : S->children())
    if (const VarDecl *V = rejectedSharedInTemplate(Child))
      return V;
  return nullptr;
}

llvm::SmallVector<const VarDecl *, 2> rejectedSharedVars(const Stmt *Scope) {
  llvm::SmallVector<const VarDecl *, 2> Out;
  collectRejected(Scope, Out);
  return Out;
}

const VarDecl *rejectedSharedUse(const Expr *E,
                                 llvm::ArrayRef<const VarDecl *> Rejected,
                                 const ASTContext &Ctx) {
  if (Rejected.empty())
    return nullptr;
  const VarDecl *Found = nullptr;
  bool Complete = forEachHole(E, Rejected, Ctx,
                              [&](const RecoveryExpr *, const VarDecl *V) {
                                Found = V;
                                return V != nullptr;
                              });
  return Complete ? Found : nullptr;
}

namespace {
bool didNotParseIn(const Stmt *S, llvm::ArrayRef<const VarDecl *> Rejected,
                   const ASTContext &Ctx) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    return E->containsErrors() && !rejectedSharedUse(E, Rejected, Ctx);
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D->isInvalidDecl() && !isRejectedSharedVar(D))
        return true;
  for (const Stmt *Child : S->children())
    if (didNotParseIn(Child, Rejected, Ctx))
      return true;
  return false;
}

bool callsAtomic(const Stmt *S);

/// The callee's name of a call clang resolved or left unresolved.
StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *F = Call->getDirectCallee())
    return F->getIdentifier() ? F->getName() : StringRef();
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(Callee))
    return U->getName().isIdentifier()
               ? U->getName().getAsIdentifierInfo()->getName()
               : StringRef();
  return {};
}

bool isAtomicName(StringRef Name) {
  return Name.starts_with("atomic") || Name.starts_with("__atomic");
}

bool callsAtomic(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (isAtomicName(calleeName(Call)))
      return true;
  for (const Stmt *Child : S->children())
    if (callsAtomic(Child))
      return true;
  return false;
}

/// The record a value of type T is, if any.
const CXXRecordDecl *recordOf(QualType T) {
  return T.isNull() ? nullptr : T->getAsCXXRecordDecl();
}

/// Follows one operation on a rejected object from its hole outwards through
/// members, subscripts and member calls, and classifies it by what uses it.
class OperationWalk {
public:
  OperationWalk(const Expr *Root, const ASTContext &Ctx) : Ctx(Ctx) {
    mapParents(Root);
  }

  RejectedOperation classify(const RecoveryExpr *Hole, const VarDecl *V) {
    RejectedOperation Op;
    Op.Var = V;
    QualType T = V->getType();
    const Stmt *Cur = Hole;
    llvm::SmallVector<const CXXMethodDecl *, 2> Methods;
    bool EndsInCall = false;
    for (const Stmt *P = parent(Cur); P; Cur = P, P = parent(P)) {
      if (isa<ParenExpr>(P) ||
          (isa<ImplicitCastExpr>(P) &&
           cast<ImplicitCastExpr>(P)->getCastKind() != CK_LValueToRValue))
        continue;
      if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(P)) {
        if (M->isImplicitAccess() || M->getBase() != Cur)
          break;
        T = member(T, M->getMember(), Methods);
        EndsInCall = false;
        continue;
      }
      if (const auto *M = dyn_cast<MemberExpr>(P)) {
        if (M->getBase() != Cur)
          break;
        T = member(T, M->getMemberDecl()->getDeclName(), Methods);
        EndsInCall = false;
        continue;
      }
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(P)) {
        if (A->getLHS() != Cur)
          break;
        T = element(T);
        EndsInCall = false;
        continue;
      }
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        if (Call->getCallee() != Cur || Methods.empty())
          break;
        T = Methods.front()->getReturnType().getNonReferenceType();
        EndsInCall = true;
        continue;
      }
      break;
    }
    Op.Site = cast<Expr>(Cur);
    Op.Width = widthOf(T);
    const Stmt *User = parent(Cur);
    while (User && (isa<ParenExpr>(User) || isa<ImplicitCastExpr>(User)))
      User = parent(User);
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(User);
        B && B->getLHS()->IgnoreParens() == Cur && B->isAssignmentOp()) {
      if (B->isCompoundAssignmentOp())
        Op.Kinds.push_back(AccessKind::Load);
      Op.Kinds.push_back(AccessKind::Store);
      return Op;
    }
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(User)) {
      if (U->isIncrementDecrementOp()) {
        Op.Kinds = {AccessKind::Load, AccessKind::Store};
        return Op;
      }
      if (U->getOpcode() == UO_AddrOf) {
        // Its address: updated by an atomic*, otherwise handed on to code
        // that may write it.
        const Stmt *Consumer = parent(U);
        while (Consumer && isa<ParenExpr, ImplicitCastExpr>(Consumer))
          Consumer = parent(Consumer);
        const auto *Call = dyn_cast_or_null<CallExpr>(Consumer);
        Op.Kinds.push_back(Call && isAtomicName(calleeName(Call))
                               ? AccessKind::Atomic
                               : AccessKind::Store);
        return Op;
      }
    }
    if (EndsInCall) {
      // What a member function does to the object it is called on.
      bool Atomic = false, Const = true;
      for (const CXXMethodDecl *M : Methods) {
        const FunctionDecl *Def = nullptr;
        Atomic |= M->hasBody(Def) && callsAtomic(Def->getBody());
        Const &= M->isConst();
      }
      Op.Kinds.push_back(Atomic  ? AccessKind::Atomic
                         : Const ? AccessKind::Load
                                 : AccessKind::Store);
      return Op;
    }
    Op.Kinds.push_back(AccessKind::Load);
    return Op;
  }

private:
  const ASTContext &Ctx;
  llvm::DenseMap<const Stmt *, const Stmt *> Parents;

  void mapParents(const Stmt *S) {
    for (const Stmt *Child : S->children())
      if (Child) {
        Parents[Child] = S;
        mapParents(Child);
      }
  }
  const Stmt *parent(const Stmt *S) const { return Parents.lookup(S); }

  /// The type of member Name of a T; null when it is not found. Methods
  /// receives the member functions so named.
  QualType member(QualType T, DeclarationName Name,
                  llvm::SmallVectorImpl<const CXXMethodDecl *> &Methods) {
    Methods.clear();
    const CXXRecordDecl *RD = recordOf(T);
    if (!RD || !RD->hasDefinition())
      return {};
    QualType Found;
    for (const NamedDecl *D : RD->lookup(Name)) {
      if (const auto *F = dyn_cast<FieldDecl>(D))
        Found = F->getType();
      else if (const auto *M = dyn_cast<CXXMethodDecl>(D))
        Methods.push_back(M);
    }
    return Found;
  }

  QualType element(QualType T) const {
    if (T.isNull())
      return {};
    if (const ArrayType *A = Ctx.getAsArrayType(T))
      return A->getElementType();
    if (const auto *P = T->getAs<PointerType>())
      return P->getPointeeType();
    return {};
  }

  unsigned widthOf(QualType T) const {
    if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
        !T->isConstantSizeType())
      return 4;
    uint64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    return Bytes && Bytes <= 16 && llvm::isPowerOf2_64(Bytes) ? unsigned(Bytes)
                                                              : 4;
  }
};
} // namespace

bool didNotParse(const Stmt *S, const ASTContext &Ctx) {
  return didNotParseIn(S, rejectedSharedVars(S), Ctx);
}

llvm::SmallVector<RejectedOperation, 2>
rejectedOperations(const Expr *E, llvm::ArrayRef<const VarDecl *> Rejected,
                   const ASTContext &Ctx) {
  llvm::SmallVector<RejectedOperation, 2> Ops;
  if (Rejected.empty())
    return Ops;
  OperationWalk Walk(E, Ctx);
  bool Complete =
      forEachHole(E, Rejected, Ctx, [&](const RecoveryExpr *R, const VarDecl *V) {
        if (V)
          Ops.push_back(Walk.classify(R, V));
        return V != nullptr;
      });
  // A hole that is not a use of a rejected object: code that does not
  // compile, which the caller reports as such.
  if (!Complete)
    Ops.clear();
  return Ops;
}

} // namespace warpcheck
