//===--- LaunchConfig.cpp - Block shapes of kernels -----------------------===//

#include "LaunchConfig.h"
#include "CrossFileLaunches.h"
#include "CudaBuiltins.h"
#include "ShapeFamily.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Path.h"

#include <functional>

using namespace clang;

namespace warpcheck {

namespace {
std::optional<int64_t> evaluateInt(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

bool isDim3(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

/// E's source text when short, for the reason a launch is not resolved.
std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 40 || Text.contains('\n'))
    return "";
  return Text.str();
}

/// "'n' is not a compile-time constant", or a phrase without the text.
std::string notConstant(const Expr *E, const ASTContext &Ctx) {
  std::string Text = sourceText(E, Ctx);
  return Text.empty() ? "a value that is not a compile-time constant"
                      : "'" + Text + "', which is not a compile-time constant";
}

/// One block dimension given by E: a constant from 1 to 1024.
std::optional<unsigned> evaluateDimension(const Expr *E, const ASTContext &Ctx,
                                          std::string &WhyNot) {
  auto V = evaluateInt(E, Ctx);
  if (!V) {
    WhyNot = "the block size is " + notConstant(E, Ctx);
    return std::nullopt;
  }
  if (*V <= 0 || *V > 1024) {
    WhyNot = "a block dimension of " + std::to_string(*V) + " is not valid";
    return std::nullopt;
  }
  return unsigned(*V);
}

/// Follows a local dim3 variable from its declaration, member assignment by
/// member assignment, to one use (the launch, or a copy on the way there).
class LocalDim3 {
public:
  LocalDim3(const VarDecl *Var, const Expr *Use, const ASTContext &Ctx)
      : Var(Var), Use(Use), Ctx(Ctx), Name(Var->getNameAsString()) {}

  /// The value at Use, given the value Init of the declaration.
  std::optional<Dim3> valueAtUse(Dim3 Init, std::string &WhyNot);

private:
  /// A use of the variable that may change it.
  struct Change {
    const Stmt *At = nullptr;
    /// "x" when a member is assigned, empty otherwise.
    std::string Member;
  };

  std::optional<Change> findChange(const Stmt *S) const;
  void findChange(const Stmt *S, std::vector<const Stmt *> &Parents,
                  std::optional<Change> &Found) const;
  Change classify(const DeclRefExpr *Ref,
                  const std::vector<const Stmt *> &Parents) const;
  bool findDeclaration(const Stmt *S, const CompoundStmt *&Block,
                       size_t &Index) const;
  /// Runs one statement between the declaration and the use.
  bool step(const Stmt *S, std::string &WhyNot);
  bool assign(const Expr *E, std::string &WhyNot);
  /// The member of Var that E names (b.x), or null.
  const FieldDecl *memberOf(const Expr *E) const;
  std::string why(const Stmt *S, const Change &C) const;

  const VarDecl *Var;
  const Expr *Use;
  const ASTContext &Ctx;
  std::string Name;
  Dim3 Value;
};

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

const Stmt *skipTransparent(const std::vector<const Stmt *> &Parents,
                            size_t &I) {
  // Parents are innermost last; I walks outwards past parentheses and casts
  // that neither read nor write.
  while (I > 0) {
    const Stmt *P = Parents[I - 1];
    if (isa<ParenExpr>(P)) {
      --I;
      continue;
    }
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P))
      if (Cast->getCastKind() == CK_NoOp) {
        --I;
        continue;
      }
    return P;
  }
  return nullptr;
}

LocalDim3::Change
LocalDim3::classify(const DeclRefExpr *Ref,
                    const std::vector<const Stmt *> &Parents) const {
  size_t I = Parents.size();
  const Stmt *P = skipTransparent(Parents, I);
  if (!P)
    return {Ref, ""};
  // A copy (to the launch, or to another dim3) or a plain read.
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(P))
    if (Construct->getConstructor()->isCopyConstructor())
      return {};
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P))
    if (Cast->getCastKind() == CK_LValueToRValue)
      return {};
  if (isa<UnaryExprOrTypeTraitExpr>(P)) // sizeof(b)
    return {};
  const auto *Member = dyn_cast<MemberExpr>(P);
  if (!Member || Member->isArrow())
    return {Ref, ""};
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl()))
    return Method->isConst() ? Change{} : Change{Member, ""};
  // b.x: read, or assigned.
  --I;
  const Stmt *Q = skipTransparent(Parents, I);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Q))
    if (Cast->getCastKind() == CK_LValueToRValue)
      return {};
  std::string Field = Member->getMemberDecl()->getNameAsString();
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Q))
    if (BO->isAssignmentOp())
      return {BO, Field};
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Q))
    if (UO->isIncrementDecrementOp())
      return {UO, Field};
  // Its address taken, bound to a reference: changed we do not know how.
  return {Member, ""};
}

void LocalDim3::findChange(const Stmt *S, std::vector<const Stmt *> &Parents,
                           std::optional<Change> &Found) const {
  if (!S || Found)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (Ref->getDecl() == Var) {
      Change C = classify(Ref, Parents);
      if (C.At)
        Found = C;
      return;
    }
  Parents.push_back(S);
  for (const Stmt *Child : S->children())
    findChange(Child, Parents, Found);
  Parents.pop_back();
}

std::optional<LocalDim3::Change> LocalDim3::findChange(const Stmt *S) const {
  std::vector<const Stmt *> Parents;
  std::optional<Change> Found;
  findChange(S, Parents, Found);
  return Found;
}

bool LocalDim3::findDeclaration(const Stmt *S, const CompoundStmt *&Block,
                                size_t &Index) const {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    size_t I = 0;
    for (const Stmt *Child : C->body()) {
      if (const auto *DS = dyn_cast<DeclStmt>(Child))
        for (const Decl *D : DS->decls())
          if (D == Var) {
            Block = C;
            Index = I;
            return true;
          }
      ++I;
    }
  }
  for (const Stmt *Child : S->children())
    if (findDeclaration(Child, Block, Index))
      return true;
  return false;
}

const FieldDecl *LocalDim3::memberOf(const Expr *E) const {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParens());
  if (!Member || Member->isArrow())
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  if (!Ref || Ref->getDecl() != Var)
    return nullptr;
  return dyn_cast<FieldDecl>(Member->getMemberDecl());
}

std::string LocalDim3::why(const Stmt *S, const Change &C) const {
  std::string What =
      C.Member.empty() ? "'" + Name + "'" : "'" + Name + "." + C.Member + "'";
  std::string Changed = C.Member.empty() ? " may be changed" : " is assigned";
  // Innermost construct between S and the change that makes it
  // conditional or repeated.
  std::function<const char *(const Stmt *)> Around =
      [&](const Stmt *T) -> const char * {
    if (!T || T == C.At)
      return nullptr;
    for (const Stmt *Child : T->children())
      if (contains(Child, C.At)) {
        if (const char *Inner = Around(Child))
          return Inner;
        break;
      }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(T))
      return " in a loop";
    if (isa<IfStmt, SwitchStmt, ConditionalOperator, BinaryConditionalOperator>(
            T))
      return " under a condition";
    if (const auto *BO = dyn_cast<BinaryOperator>(T))
      if (BO->isLogicalOp())
        return " under a condition";
    return nullptr;
  };
  if (const char *Where = Around(S))
    return What + Changed + Where;
  if (C.Member.empty())
    return What + " may be changed through a pointer or reference";
  return What + " is assigned in a way that cannot be followed";
}

bool LocalDim3::assign(const Expr *E, std::string &WhyNot) {
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    E = Cleanups->getSubExpr()->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Comma)
    return assign(BO->getLHS(), WhyNot) && assign(BO->getRHS(), WhyNot);
  const FieldDecl *Field = nullptr;
  const BinaryOperator *BO = dyn_cast<BinaryOperator>(E);
  const UnaryOperator *UO = dyn_cast<UnaryOperator>(E);
  if (BO && BO->isAssignmentOp())
    Field = memberOf(BO->getLHS());
  else if (UO && UO->isIncrementDecrementOp())
    Field = memberOf(UO->getSubExpr());
  if (!Field) {
    if (std::optional<Change> C = findChange(E)) {
      WhyNot = why(E, *C);
      return false;
    }
    return true; // reads it, or does not use it
  }
  std::string Member = Field->getNameAsString();
  unsigned *Slot = Member == "x"   ? &Value.X
                   : Member == "y" ? &Value.Y
                   : Member == "z" ? &Value.Z
                                   : nullptr;
  if (!Slot) {
    WhyNot = "'" + Name + "." + Member + "' is not a block dimension";
    return false;
  }
  uint32_t Old = *Slot, New;
  if (UO) {
    New = UO->isIncrementOp() ? Old + 1 : Old - 1;
  } else {
    auto V = evaluateInt(BO->getRHS(), Ctx);
    if (!V) {
      WhyNot = "'" + Name + "." + Member + "' is assigned " +
               notConstant(BO->getRHS(), Ctx);
      return false;
    }
    uint32_t R = uint32_t(*V);
    switch (BO->getOpcode()) {
    case BO_Assign:
      New = R;
      break;
    case BO_AddAssign:
      New = Old + R;
      break;
    case BO_SubAssign:
      New = Old - R;
      break;
    case BO_MulAssign:
      New = Old * R;
      break;
    case BO_DivAssign:
    case BO_RemAssign:
      if (R == 0) {
        WhyNot = "'" + Name + "." + Member + "' is divided by zero";
        return false;
      }
      New = BO->getOpcode() == BO_DivAssign ? Old / R : Old % R;
      break;
    case BO_ShlAssign:
    case BO_ShrAssign:
      if (*V < 0 || *V >= 32) {
        WhyNot =
            "'" + Name + "." + Member + "' is shifted by " + std::to_string(*V);
        return false;
      }
      New = BO->getOpcode() == BO_ShlAssign ? Old << R : Old >> R;
      break;
    case BO_AndAssign:
      New = Old & R;
      break;
    case BO_OrAssign:
      New = Old | R;
      break;
    case BO_XorAssign:
      New = Old ^ R;
      break;
    default:
      WhyNot = "'" + Name + "." + Member +
               "' is assigned in a way that "
               "cannot be followed";
      return false;
    }
  }
  *Slot = New;
  return true;
}

bool LocalDim3::step(const Stmt *S, std::string &WhyNot) {
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body())
      if (!step(Child, WhyNot))
        return false;
    return true;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return assign(E, WhyNot);
  if (std::optional<Change> C = findChange(S)) {
    WhyNot = why(S, *C);
    return false;
  }
  return true;
}

std::optional<Dim3> LocalDim3::valueAtUse(Dim3 Init, std::string &WhyNot) {
  Value = Init;
  const auto *Function = dyn_cast<FunctionDecl>(Var->getDeclContext());
  const Stmt *Body = Function ? Function->getBody() : nullptr;
  if (!Body) {
    WhyNot = "'" + Name + "' cannot be followed";
    return std::nullopt;
  }
  const CompoundStmt *Block = nullptr;
  size_t DeclIndex = 0;
  std::optional<size_t> UseIndex;
  if (findDeclaration(Body, Block, DeclIndex))
    for (size_t I = DeclIndex + 1; I < Block->size(); ++I)
      if (contains(Block->body_begin()[I], Use)) {
        UseIndex = I;
        break;
      }
  if (!UseIndex) {
    // Not straight-line code from the declaration to the use: the value is
    // the initial one only if nothing changes it.
    if (std::optional<Change> C = findChange(Body)) {
      WhyNot = why(Body, *C);
      return std::nullopt;
    }
    return Value;
  }
  for (size_t I = DeclIndex + 1; I < *UseIndex; ++I)
    if (!step(Block->body_begin()[I], WhyNot))
      return std::nullopt;
  // The statement of the use must not change it on the way.
  const Stmt *Last = Block->body_begin()[*UseIndex];
  if (std::optional<Change> C = findChange(Last)) {
    WhyNot = why(Last, *C);
    return std::nullopt;
  }
  return Value;
}

std::string locationText(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}

/// The most values one expression may stand for, and the most shapes one
/// kernel is analyzed with.
constexpr size_t MaxValues = 8;

/// A value the block argument may have, and how it was found when not
/// written at the launch: "'bs' is 128 at the call at main.cu:20".
template <typename T> struct Traced {
  T Value;
  std::string Via;
};

std::string joinVia(const std::string &A, const std::string &B) {
  if (A.empty())
    return B;
  if (B.empty())
    return A;
  return A + ", " + B;
}

template <typename T>
void addUnique(std::vector<Traced<T>> &Out, Traced<T> V) {
  for (const auto &O : Out)
    if (O.Value == V.Value)
      return;
  Out.push_back(std::move(V));
}

/// The function whose body holds declaration D, or null.
const FunctionDecl *enclosingFunction(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD;
  return nullptr;
}

/// Every `return E;` of a function body, outside nested lambdas.
void collectReturns(const Stmt *S, std::vector<const Expr *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    Out.push_back(R->getRetValue());
    return;
  }
  for (const Stmt *Child : S->children())
    collectReturns(Child, Out);
}

/// Strips parentheses, casts (`(void*)k`), `&k` and `*p` around a kernel.
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

/// The member name of `blockDim.x` (clang's builtin variables read their
/// members through properties), or empty when E is not a blockDim member.
/// The values a variable is known to have at a launch: the labels of the
/// `case`s of a `switch (v)` the launch sits in, or the constant of an
/// enclosing `if (v == C)` (else branch: `if (v != C)`). Only variables
/// never written in their function (every use a plain read) are kept, so
/// the value at the launch is the value wherever the block was built.
struct GuardValues {
  std::vector<int64_t> Values;
  /// "'threads' is 512 in 'case 512' at f.cu:222".
  std::string Via;
};
using Guards = std::map<const VarDecl *, GuardValues>;

/// Whether every use of VD in S reads it (no assignment, increment,
/// address or reference taken).
bool onlyRead(const Stmt *S, const VarDecl *VD, const Stmt *Parent) {
  if (!S)
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == VD) {
    const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    return Cast && Cast->getCastKind() == CK_LValueToRValue;
  }
  for (const Stmt *Child : S->children())
    if (!onlyRead(Child, VD, S))
      return false;
  return true;
}

/// Whether every use of the array VD in S reads an element (`T[i]`,
/// `T[i].x`, a copy of `T[i]`): no element or member is assigned, and
/// neither the array nor an element has its address or a reference taken.
bool onlyElementsRead(const Stmt *S, const VarDecl *VD,
                      llvm::SmallVectorImpl<const Stmt *> &Parents) {
  if (!S)
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == VD) {
    // Parents, innermost last: decay, subscript, then how the element is used.
    auto At = [&](size_t Up) -> const Stmt * {
      return Parents.size() >= Up ? Parents[Parents.size() - Up] : nullptr;
    };
    const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(At(1));
    const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(At(2));
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay || !Sub ||
        Sub->getBase()->IgnoreParenImpCasts() != Ref)
      return false;
    size_t Use = 3;
    // Adding const (`const dim3 &` of a copy) changes nothing.
    while (isa_and_nonnull<ParenExpr>(At(Use)) ||
           (isa_and_nonnull<ImplicitCastExpr>(At(Use)) &&
            cast<ImplicitCastExpr>(At(Use))->getCastKind() == CK_NoOp &&
            cast<ImplicitCastExpr>(At(Use))->getType().isConstQualified()))
      ++Use;
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(At(Use));
        Member && !Member->isArrow())
      ++Use;
    const Stmt *User = At(Use);
    if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(User))
      return Cast->getCastKind() == CK_LValueToRValue;
    // A copy: dim3's implicit copy constructor takes a const reference.
    if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(User))
      return Construct->getConstructor()->isCopyOrMoveConstructor() &&
             Construct->getConstructor()
                 ->getParamDecl(0)
                 ->getType()
                 .getNonReferenceType()
                 .isConstQualified();
    return false;
  }
  Parents.push_back(S);
  bool Ok = true;
  for (const Stmt *Child : S->children())
    if (!(Ok = onlyElementsRead(Child, VD, Parents)))
      break;
  Parents.pop_back();
  return Ok;
}

/// The variable E names (through casts and parentheses), when a local or
/// parameter of integer type.
const VarDecl *guardVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() ||
      !VD->getType()->isIntegralOrEnumerationType())
    return nullptr;
  return VD;
}

/// The values Cond forces on variables when it is Taken (true) or not.
void conditionGuards(const Expr *Cond, bool Taken, const ASTContext &Ctx,
                     std::map<const VarDecl *, std::vector<int64_t>> &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return conditionGuards(UO->getSubExpr(), !Taken, Ctx, Out);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return;
  auto Intersect = [&](const VarDecl *VD, std::vector<int64_t> V) {
    auto It = Out.find(VD);
    if (It == Out.end()) {
      Out[VD] = std::move(V);
      return;
    }
    std::vector<int64_t> Both;
    for (int64_t X : It->second)
      if (std::find(V.begin(), V.end(), X) != V.end())
        Both.push_back(X);
    It->second = std::move(Both);
  };
  if ((BO->getOpcode() == BO_EQ && Taken) ||
      (BO->getOpcode() == BO_NE && !Taken)) {
    for (auto [Side, Other] : {std::pair{BO->getLHS(), BO->getRHS()},
                               std::pair{BO->getRHS(), BO->getLHS()}})
      if (const VarDecl *VD = guardVariable(Side))
        if (auto C = evaluateInt(Other, Ctx))
          Intersect(VD, {*C});
    return;
  }
  // a && b taken, or a || b not taken: both hold.
  if ((BO->getOpcode() == BO_LAnd && Taken) ||
      (BO->getOpcode() == BO_LOr && !Taken)) {
    conditionGuards(BO->getLHS(), Taken, Ctx, Out);
    conditionGuards(BO->getRHS(), Taken, Ctx, Out);
    return;
  }
  // a || b taken: one of them holds; a variable both constrain takes the
  // union.
  if ((BO->getOpcode() == BO_LOr && Taken) ||
      (BO->getOpcode() == BO_LAnd && !Taken)) {
    std::map<const VarDecl *, std::vector<int64_t>> L, R;
    conditionGuards(BO->getLHS(), Taken, Ctx, L);
    conditionGuards(BO->getRHS(), Taken, Ctx, R);
    for (auto &[VD, V] : L) {
      auto It = R.find(VD);
      if (It == R.end())
        continue;
      // V first, then what only the other side allows.
      std::vector<int64_t> Union = V;
      llvm::SmallDenseSet<int64_t, 8> Seen(V.begin(), V.end());
      for (int64_t X : It->second)
        if (Seen.insert(X).second)
          Union.push_back(X);
      Intersect(VD, std::move(Union));
    }
  }
}

/// The path from S down to Target (S first, Target last); empty when
/// Target is not in S.
bool pathTo(const Stmt *S, const Stmt *Target, std::vector<const Stmt *> &Path) {
  if (!S)
    return false;
  Path.push_back(S);
  if (S == Target)
    return true;
  for (const Stmt *Child : S->children())
    if (pathTo(Child, Target, Path))
      return true;
  Path.pop_back();
  return false;
}

/// The case labels under which the statement at Index of a switch body
/// runs: its own labels and, while the statement before may fall through
/// into it, the labels before. nullopt when `default` is among them.
std::optional<std::vector<int64_t>>
caseLabels(const CompoundStmt *Body, size_t Index, const ASTContext &Ctx) {
  std::vector<int64_t> Out;
  std::vector<const Stmt *> List(Body->body_begin(), Body->body_end());
  for (size_t I = Index;; --I) {
    // `case 1: case 2: stmt` nests the labels.
    for (const Stmt *S = List[I]; isa<SwitchCase>(S);
         S = cast<SwitchCase>(S)->getSubStmt()) {
      const auto *Case = dyn_cast<CaseStmt>(S);
      if (!Case || Case->caseStmtIsGNURange())
        return std::nullopt;
      auto V = evaluateInt(Case->getLHS(), Ctx);
      if (!V)
        return std::nullopt;
      Out.push_back(*V);
    }
    if (I == 0)
      break;
    const Stmt *Before = List[I - 1];
    while (const auto *SC = dyn_cast<SwitchCase>(Before))
      Before = SC->getSubStmt();
    if (isa<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt>(Before))
      break;
  }
  if (Out.empty())
    return std::nullopt;
  std::reverse(Out.begin(), Out.end()); // source order
  return Out;
}

/// The guards around Launch in the body of Function.
Guards guardsAt(const Stmt *Launch, const FunctionDecl *Function,
                const ASTContext &Ctx) {
  Guards Out;
  if (!Function || !Function->getBody())
    return Out;
  std::vector<const Stmt *> Path;
  if (!pathTo(Function->getBody(), Launch, Path))
    return Out;
  // A launch inside a lambda: the guards outside it are not followed.
  size_t Start = 0;
  for (size_t I = 0; I < Path.size(); ++I)
    if (isa<LambdaExpr>(Path[I]))
      Start = I + 1;
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<const VarDecl *, bool> Read;
  auto Add = [&](const VarDecl *VD, std::vector<int64_t> Values,
                 const std::string &What, SourceLocation Loc) {
    auto [It, New] = Read.emplace(VD, false);
    if (New)
      It->second = onlyRead(Function->getBody(), VD, nullptr);
    if (!It->second)
      return;
    std::string Text = "'" + VD->getNameAsString() + "' is ";
    for (size_t I = 0; I < Values.size(); ++I)
      Text += (I ? I + 1 == Values.size() ? " or " : ", " : "") +
              std::to_string(Values[I]);
    Text += " " + What + " at " + locationText(Loc, SM);
    auto Found = Out.find(VD);
    if (Found == Out.end()) {
      Out[VD] = {std::move(Values), Text};
      return;
    }
    std::vector<int64_t> Both;
    for (int64_t X : Found->second.Values)
      if (std::find(Values.begin(), Values.end(), X) != Values.end())
        Both.push_back(X);
    Found->second.Values = std::move(Both);
    Found->second.Via += ", " + Text;
  };
  for (size_t I = Start; I + 1 < Path.size(); ++I) {
    const Stmt *S = Path[I], *Next = Path[I + 1];
    if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      const VarDecl *VD =
          Switch->getCond() ? guardVariable(Switch->getCond()) : nullptr;
      const auto *Body = dyn_cast<CompoundStmt>(Switch->getBody());
      if (!VD || Switch->getInit() || Switch->getConditionVariable() || !Body ||
          Next != Body || I + 2 >= Path.size())
        continue;
      auto Stmts = Body->body();
      size_t Index = std::find(Stmts.begin(), Stmts.end(), Path[I + 2]) -
                     Stmts.begin();
      if (Index >= Body->size())
        continue;
      if (auto Labels = caseLabels(Body, Index, Ctx)) {
        std::string What = Labels->size() == 1 ? "in 'case" : "in the cases";
        for (size_t L = 0; L < Labels->size(); ++L)
          What += (L ? ", " : " ") + std::to_string((*Labels)[L]);
        Add(VD, *Labels, What + (Labels->size() == 1 ? "'" : "") +
                             " of the switch",
            Switch->getBeginLoc());
      }
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval())
        continue;
      bool Taken = Next == If->getThen();
      if (!Taken && Next != If->getElse())
        continue;
      std::map<const VarDecl *, std::vector<int64_t>> Forced;
      conditionGuards(If->getCond(), Taken, Ctx, Forced);
      for (auto &[VD, Values] : Forced)
        Add(VD, Values,
            Taken ? "under the condition" : "in the else of the condition",
            If->getBeginLoc());
    }
  }
  return Out;
}

/// The warp size the CUDA runtime reports for every NVIDIA GPU: the model's.
constexpr int64_t DeviceWarpSize = WarpSize;

/// Whether Call is `cudaDeviceGetAttribute(&Var, cudaDevAttrWarpSize, dev)`
/// with Arg its first argument.
bool isWarpSizeAttributeQuery(const CallExpr *Call, const Expr *Arg) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->getName() != "cudaDeviceGetAttribute" ||
      Call->getNumArgs() < 2 || Call->getArg(0)->IgnoreParenImpCasts() != Arg)
    return false;
  const auto *Attr =
      dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
  return Attr && Attr->getDecl()->getName() == "cudaDevAttrWarpSize";
}

/// Whether every use of the local integer Var in S reads it or hands its
/// address to cudaDeviceGetAttribute(&Var, cudaDevAttrWarpSize, dev), which
/// writes it; QueriedBefore is set when one such call runs unconditionally
/// before Use. Var then holds the device's warp size at Use.
bool onlyWarpSizeAttribute(const Stmt *S, const VarDecl *Var,
                           std::vector<const Stmt *> &Parents,
                           const Expr *Use, const SourceManager &SM,
                           bool &QueriedBefore) {
  if (!S)
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == Var) {
    size_t I = Parents.size();
    const Stmt *P = skipTransparent(Parents, I);
    if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P);
        Cast && Cast->getCastKind() == CK_LValueToRValue)
      return true;
    const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
    if (!Addr || Addr->getOpcode() != UO_AddrOf || I < 2)
      return false;
    --I;
    const Stmt *Q = skipTransparent(Parents, I);
    // The address converted to int * or void * on its way to the call.
    while (I > 0 && isa_and_nonnull<ImplicitCastExpr, CStyleCastExpr>(Q)) {
      --I;
      Q = skipTransparent(Parents, I);
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(Q);
    if (!Call || Call->getNumArgs() < 1)
      return false;
    const Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CStyleCastExpr>(Arg))
      Arg = C->getSubExpr()->IgnoreParenImpCasts();
    if (Arg != Addr || !isWarpSizeAttributeQuery(Call, Call->getArg(0)
                                                           ->IgnoreParenImpCasts()))
      return false;
    // A query that runs whenever the function does, before the use: not
    // under a condition or in a loop (the condition of an `if` runs, and so
    // does the body of a `do`, as in CUDA_CHECK's `do { ... } while (0)`).
    bool Unconditional = true;
    for (size_t K = 0; K + 1 < Parents.size() && Unconditional; ++K) {
      const Stmt *Outer = Parents[K], *Inner = Parents[K + 1];
      if (const auto *If = dyn_cast<IfStmt>(Outer))
        Unconditional = Inner == If->getCond() || Inner == If->getInit();
      else if (const auto *BO = dyn_cast<BinaryOperator>(Outer))
        Unconditional = !BO->isLogicalOp() || Inner == BO->getLHS();
      else if (isa<ForStmt, WhileStmt, CXXForRangeStmt, SwitchStmt,
                   AbstractConditionalOperator, LambdaExpr>(Outer))
        Unconditional = false;
    }
    if (Unconditional &&
        SM.isBeforeInTranslationUnit(Call->getBeginLoc(), Use->getBeginLoc()))
      QueriedBefore = true;
    return true;
  }
  Parents.push_back(S);
  for (const Stmt *Child : S->children())
    if (!onlyWarpSizeAttribute(Child, Var, Parents, Use, SM, QueriedBefore)) {
      Parents.pop_back();
      return false;
    }
  Parents.pop_back();
  return true;
}

/// The device's warp size where E reads it from the CUDA runtime: the
/// `warpSize` member of a cudaDeviceProp (filled by cudaGetDeviceProperties)
/// or a local integer that only cudaDeviceGetAttribute(&v,
/// cudaDevAttrWarpSize, dev) writes. It is 32 on every NVIDIA GPU; Via says
/// so. nullopt for anything else.
std::optional<int64_t> deviceWarpSize(const Expr *E, const ASTContext &Ctx,
                                      std::string &Via) {
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *Member = dyn_cast<MemberExpr>(S)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Field->getName() != "warpSize" ||
        Field->getParent()->getName() != "cudaDeviceProp")
      return std::nullopt;
    std::string Text = sourceText(Member, Ctx);
    Via = "'" + (Text.empty() ? std::string("warpSize") : Text) +
          "' (cudaDeviceProp::warpSize) is " + std::to_string(DeviceWarpSize) +
          " on every NVIDIA GPU";
    return DeviceWarpSize;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(S);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) ||
      !Var->getType()->isIntegerType())
    return std::nullopt;
  const FunctionDecl *Function = enclosingFunction(Var);
  if (!Function || !Function->getBody())
    return std::nullopt;
  std::vector<const Stmt *> Parents;
  bool QueriedBefore = false;
  if (!onlyWarpSizeAttribute(Function->getBody(), Var, Parents, Ref,
                             Ctx.getSourceManager(), QueriedBefore) ||
      !QueriedBefore)
    return std::nullopt;
  Via = "'" + Var->getNameAsString() +
        "' is the warp size cudaDeviceGetAttribute gives, " +
        std::to_string(DeviceWarpSize) + " on every NVIDIA GPU";
  return DeviceWarpSize;
}

} // namespace

/// Evaluates block arguments and kernel expressions through the host code
/// of one translation unit: parameters take the arguments of every call,
/// helpers the values they return.
class LaunchSites::Evaluator {
public:
  Evaluator(const ASTContext &Ctx, const LaunchSites &Sites)
      : Ctx(Ctx), Sites(Sites) {}

  using Ints = std::vector<Traced<int64_t>>;
  using Dims = std::vector<Traced<Dim3>>;
  using Kernels = std::vector<const FunctionDecl *>;

  std::optional<Ints> ints(const Expr *E, unsigned Depth, std::string &WhyNot);
  std::optional<Dims> dims(const Expr *E, unsigned Depth, std::string &WhyNot);
  std::optional<Kernels> kernels(const Expr *E, unsigned Depth,
                                 std::string &WhyNot);
  /// The blockDim a cudaLaunchConfig_t at E (`&config`) is given.
  std::optional<Dims> configBlock(const Expr *E, const Expr *Launch,
                                  std::string &WhyNot);
  /// The values variables have at the launch being evaluated (null: none).
  const Guards *Active = nullptr;

private:
  /// The arguments passed for Param at every call of its function.
  template <typename T, typename F>
  std::optional<std::vector<Traced<T>>>
  throughCalls(const ParmVarDecl *Param, unsigned Depth, std::string &WhyNot,
               F Evaluate);
  /// The arguments passed for Param at the calls in the files next to this
  /// one; nullopt (WhyNot unchanged) when none calls Function.
  template <typename T>
  std::optional<std::vector<Traced<T>>>
  throughSiblingCalls(const clang::FunctionDecl *Function,
                      const ParmVarDecl *Param, std::string &WhyNot);
  /// The values every `return` of the function called by Call gives.
  template <typename T, typename F>
  std::optional<std::vector<Traced<T>>>
  throughReturns(const CallExpr *Call, unsigned Depth, std::string &WhyNot,
                 F Evaluate);
  std::optional<Dims> dimension(const Expr *E, unsigned Depth,
                                std::string &WhyNot);

  const ASTContext &Ctx;
  const LaunchSites &Sites;
};

template <typename T, typename F>
std::optional<std::vector<Traced<T>>>
LaunchSites::Evaluator::throughCalls(const ParmVarDecl *Param, unsigned Depth,
                                     std::string &WhyNot, F Evaluate) {
  const auto *Function = dyn_cast<FunctionDecl>(Param->getDeclContext());
  std::string Name = "'" + Param->getNameAsString() + "'";
  if (!Function) {
    WhyNot = "the block is the parameter " + Name;
    return std::nullopt;
  }
  std::string FName = displayName(Function, Ctx);
  auto It = Sites.Calls.find(Function->getCanonicalDecl());
  if (It == Sites.Calls.end() || It->second.empty()) {
    WhyNot = Name + " is a parameter of '" + FName +
             "', which is not called in this file";
    if (Function->isExternallyVisible())
      return throughSiblingCalls<T>(Function, Param, WhyNot);
    return std::nullopt;
  }
  std::vector<Traced<T>> Out;
  unsigned Index = Param->getFunctionScopeIndex();
  for (const CallExpr *Call : It->second) {
    unsigned ArgIndex = Index;
    if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Function))
      ++ArgIndex;
    if (ArgIndex >= Call->getNumArgs()) {
      WhyNot = Name + " is not passed at the call of '" + FName + "'";
      return std::nullopt;
    }
    const Expr *Arg = Call->getArg(ArgIndex);
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = Default->getExpr();
    std::string Why;
    auto Values = Evaluate(Arg, Depth + 1, Why);
    std::string At = locationText(Call->getBeginLoc(), Ctx.getSourceManager());
    if (!Values) {
      WhyNot = Name + " of '" + FName + "' at the call at " + At + ": " + Why;
      return std::nullopt;
    }
    for (auto &V : *Values) {
      std::string Via = Name + " from the call at " + At;
      addUnique(Out, Traced<T>{V.Value, joinVia(Via, V.Via)});
    }
    if (Out.size() > MaxValues) {
      WhyNot = Name + " of '" + FName + "' takes more than " +
               std::to_string(MaxValues) + " values";
      return std::nullopt;
    }
  }
  return Out;
}

template <typename T>
std::optional<std::vector<Traced<T>>>
LaunchSites::Evaluator::throughSiblingCalls(const FunctionDecl *Function,
                                            const ParmVarDecl *Param,
                                            std::string &WhyNot) {
  std::string Key = crossFileKey(Function, Ctx);
  std::string Name = "'" + Param->getNameAsString() + "'";
  std::string FName = displayName(Function, Ctx);
  unsigned Index = Param->getFunctionScopeIndex();
  std::vector<Traced<T>> Out;
  bool Called = false;
  for (const auto &Facts : Sites.siblings()) {
    auto It = Facts->Calls.find(Key);
    if (It == Facts->Calls.end())
      continue;
    for (const SiblingFacts::Call &Call : It->second) {
      Called = true;
      std::optional<std::vector<std::pair<T, std::string>>> Values;
      if constexpr (std::is_same_v<T, int64_t>) {
        if (Index < Call.Ints.size())
          Values = Call.Ints[Index];
      } else if constexpr (std::is_same_v<T, Dim3>) {
        if (Index < Call.Dims.size())
          Values = Call.Dims[Index];
      } else {
        return std::nullopt; // kernels are not followed across files
      }
      if (!Values) {
        WhyNot = Name + " of '" + FName + "' at the call at " +
                 Call.Location + ": " +
                 (Index < Call.WhyNot.size() && !Call.WhyNot[Index].empty()
                      ? Call.WhyNot[Index]
                      : "it cannot be followed");
        return std::nullopt;
      }
      for (auto &[V, Via] : *Values)
        addUnique(Out, Traced<T>{V, joinVia(Name + " from the call at " +
                                                Call.Location + " through '" +
                                                FName + "'",
                                            Via)});
      if (Out.size() > MaxValues) {
        WhyNot = Name + " of '" + FName + "' takes more than " +
                 std::to_string(MaxValues) + " values";
        return std::nullopt;
      }
    }
  }
  if (!Called)
    return std::nullopt;
  return Out;
}

template <typename T, typename F>
std::optional<std::vector<Traced<T>>>
LaunchSites::Evaluator::throughReturns(const CallExpr *Call, unsigned Depth,
                                       std::string &WhyNot, F Evaluate) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || isa<CXXMethodDecl>(Callee) &&
                                                     !cast<CXXMethodDecl>(
                                                          Callee)
                                                          ->isStatic()) {
    WhyNot = "the block argument is " + notConstant(Call, Ctx);
    return std::nullopt;
  }
  std::vector<const Expr *> Returns;
  collectReturns(Definition->getBody(), Returns);
  std::string FName = displayName(Callee, Ctx);
  if (Returns.empty()) {
    WhyNot = "'" + FName + "' returns nothing that can be followed";
    return std::nullopt;
  }
  std::vector<Traced<T>> Out;
  std::string At = locationText(Call->getBeginLoc(), Ctx.getSourceManager());
  for (const Expr *R : Returns) {
    std::string Why;
    auto Values = R ? Evaluate(R, Depth + 1, Why) : std::nullopt;
    if (!Values) {
      WhyNot = "'" + FName + "' called at " + At + " returns " +
               (Why.empty() ? "nothing" : Why);
      return std::nullopt;
    }
    for (auto &V : *Values)
      addUnique(Out, Traced<T>{V.Value,
                               joinVia("returned by '" + FName + "'", V.Via)});
  }
  if (Out.size() > MaxValues) {
    WhyNot = "'" + FName + "' returns more than " + std::to_string(MaxValues) +
             " values";
    return std::nullopt;
  }
  return Out;
}

std::optional<LaunchSites::Evaluator::Ints>
LaunchSites::Evaluator::ints(const Expr *E, unsigned Depth,
                             std::string &WhyNot) {
  if (!E || Depth > 12 || E->containsErrors()) {
    WhyNot = "the block size cannot be followed";
    return std::nullopt;
  }
  if (auto V = evaluateInt(E, Ctx))
    return Ints{{*V, ""}};
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(S))
    return ints(Default->getExpr(), Depth + 1, WhyNot);
  // The device's warp size, read from the runtime: 32.
  std::string Via;
  if (auto WarpSize = deviceWarpSize(S, Ctx, Via))
    return Ints{{*WarpSize, Via}};
  auto Self = [this](const Expr *A, unsigned D, std::string &W) {
    return ints(A, D, W);
  };
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl())) {
      if (Active)
        if (auto It = Active->find(VD); It != Active->end()) {
          if (It->second.Values.empty()) {
            WhyNot = "the conditions around the launch contradict each other";
            return std::nullopt;
          }
          Ints Out;
          for (int64_t V : It->second.Values)
            Out.push_back({V, It->second.Via});
          return Out;
        }
      if (const auto *Param = dyn_cast<ParmVarDecl>(VD))
        return throughCalls<int64_t>(Param, Depth, WhyNot, Self);
      // A local integer initialized once and never changed.
      if (VD->hasLocalStorage() && VD->getInit() &&
          VD->getType()->isIntegralOrEnumerationType()) {
        std::string Why;
        if (!LocalDim3(VD, Ref, Ctx).valueAtUse(Dim3{}, Why)) {
          WhyNot = "the block size '" + VD->getNameAsString() +
                   "' may be changed before the launch";
          return std::nullopt;
        }
        if (auto Init = ints(VD->getInit(), Depth + 1, Why))
          return Init;
      }
    }
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && !isa<CUDAKernelCallExpr>(Call) &&
      S->getType()->isIntegralOrEnumerationType())
    return throughReturns<int64_t>(Call, Depth, WhyNot, Self);
  if (const auto *Cond = dyn_cast<ConditionalOperator>(S)) {
    auto T = ints(Cond->getTrueExpr(), Depth + 1, WhyNot);
    auto F = T ? ints(Cond->getFalseExpr(), Depth + 1, WhyNot) : std::nullopt;
    if (!F)
      return std::nullopt;
    for (auto &V : *F)
      addUnique(*T, V);
    return T;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->isAdditiveOp() || BO->isMultiplicativeOp() ||
             BO->isShiftOp())) {
    auto L = ints(BO->getLHS(), Depth + 1, WhyNot);
    auto R = L ? ints(BO->getRHS(), Depth + 1, WhyNot) : std::nullopt;
    if (!R)
      return std::nullopt;
    Ints Out;
    for (auto &A : *L)
      for (auto &B : *R) {
        int64_t X = A.Value, Y = B.Value, V;
        switch (BO->getOpcode()) {
        case BO_Add: V = X + Y; break;
        case BO_Sub: V = X - Y; break;
        case BO_Mul: V = X * Y; break;
        case BO_Div:
        case BO_Rem:
          if (Y == 0) {
            WhyNot = "the block size divides by zero";
            return std::nullopt;
          }
          V = BO->getOpcode() == BO_Div ? X / Y : X % Y;
          break;
        case BO_Shl:
        case BO_Shr:
          if (Y < 0 || Y >= 32) {
            WhyNot = "the block size is shifted by " + std::to_string(Y);
            return std::nullopt;
          }
          V = BO->getOpcode() == BO_Shl ? X << Y : X >> Y;
          break;
        default:
          WhyNot = "the block size is " + notConstant(S, Ctx);
          return std::nullopt;
        }
        addUnique(Out, Traced<int64_t>{V, joinVia(A.Via, B.Via)});
      }
    if (Out.size() > MaxValues) {
      WhyNot = "the block size takes more than " + std::to_string(MaxValues) +
               " values";
      return std::nullopt;
    }
    return Out;
  }
  WhyNot = "the block size is " + notConstant(E, Ctx);
  return std::nullopt;
}

std::optional<LaunchSites::Evaluator::Dims>
LaunchSites::Evaluator::dimension(const Expr *E, unsigned Depth,
                                  std::string &WhyNot) {
  auto Values = ints(E, Depth, WhyNot);
  if (!Values)
    return std::nullopt;
  Dims Out;
  for (auto &V : *Values) {
    if (V.Value <= 0 || V.Value > 1024) {
      WhyNot = "a block dimension of " + std::to_string(V.Value) +
               " is not valid";
      return std::nullopt;
    }
    Out.push_back({Dim3{unsigned(V.Value), 1, 1}, V.Via});
  }
  return Out;
}

std::optional<LaunchSites::Evaluator::Dims>
LaunchSites::Evaluator::dims(const Expr *E, unsigned Depth,
                             std::string &WhyNot) {
  if (!E || Depth > 12) {
    WhyNot = "the block argument cannot be followed";
    return std::nullopt;
  }
  // Code that did not compile (an undeclared name in the shape) has recovery
  // expressions and invalid declarations in it: nothing to follow.
  if (E->containsErrors() || E->getType().isNull()) {
    WhyNot = "the block argument does not compile";
    return std::nullopt;
  }
  E = E->IgnoreImplicit()->IgnoreParens();
  auto Self = [this](const Expr *A, unsigned D, std::string &W) {
    return dims(A, D, W);
  };
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return dims(Default->getExpr(), Depth + 1, WhyNot);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return dims(FC->getSubExpr(), Depth + 1, WhyNot);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return dims(MT->getSubExpr(), Depth + 1, WhyNot);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return dims(BT->getSubExpr(), Depth + 1, WhyNot);
  // Members one by one: every combination of their values.
  auto Combine = [&](llvm::ArrayRef<const Expr *> Args) -> std::optional<Dims> {
    Dims Out{{Dim3{}, ""}};
    for (unsigned I = 0; I < Args.size() && I < 3; ++I) {
      if (isa<CXXDefaultArgExpr>(Args[I]))
        continue;
      auto V = dimension(Args[I], Depth + 1, WhyNot);
      if (!V)
        return std::nullopt;
      Dims Next;
      for (auto &Partial : Out)
        for (auto &Member : *V) {
          Dim3 D = Partial.Value;
          (I == 0 ? D.X : I == 1 ? D.Y : D.Z) = Member.Value.X;
          addUnique(Next, Traced<Dim3>{D, joinVia(Partial.Via, Member.Via)});
        }
      if (Next.size() > MaxValues) {
        WhyNot = "the block takes more than " + std::to_string(MaxValues) +
                 " shapes";
        return std::nullopt;
      }
      Out = std::move(Next);
    }
    return Out;
  };
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 && isDim3(Construct->getArg(0)->getType()))
      return dims(Construct->getArg(0), Depth + 1, WhyNot);
    if (Construct->getNumArgs() == 1 &&
        !Construct->getArg(0)->getType()->isIntegralOrEnumerationType()) {
      WhyNot =
          "the block is built from " + notConstant(Construct->getArg(0), Ctx);
      return std::nullopt;
    }
    return Combine({Construct->getArgs(), Construct->getNumArgs()});
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    if (Init->getNumInits() == 1 && isDim3(Init->getInit(0)->getType()))
      return dims(Init->getInit(0), Depth + 1, WhyNot);
    return Combine({Init->getInits(), Init->getNumInits()});
  }
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    auto T = dims(Cond->getTrueExpr(), Depth + 1, WhyNot);
    auto F = T ? dims(Cond->getFalseExpr(), Depth + 1, WhyNot) : std::nullopt;
    if (!F)
      return std::nullopt;
    for (auto &V : *F)
      addUnique(*T, V);
    return T;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (isDim3(VD->getType())) {
        if (VD->isInvalidDecl()) {
          WhyNot = "'" + VD->getNameAsString() + "' does not compile";
          return std::nullopt;
        }
        if (const auto *Param = dyn_cast<ParmVarDecl>(VD))
          return throughCalls<Dim3>(Param, Depth, WhyNot, Self);
        if (!VD->getInit()) {
          WhyNot = "'" + VD->getNameAsString() + "' has no initializer here";
          return std::nullopt;
        }
        auto Init = dims(VD->getInit(), Depth + 1, WhyNot);
        // A local variable may be built member by member before the launch.
        if (!Init || !VD->hasLocalStorage() ||
            VD->getType().isConstQualified())
          return Init;
        Dims Out;
        for (auto &V : *Init) {
          auto D = LocalDim3(VD, Ref, Ctx).valueAtUse(V.Value, WhyNot);
          if (!D)
            return std::nullopt;
          addUnique(Out, Traced<Dim3>{*D, V.Via});
        }
        return Out;
      }
  // An element of a table of shapes (`dim3 Shapes[] = {...}; Shapes[i]`)
  // that is only read: the element a constant index names, else any.
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E);
      Sub && isDim3(E->getType()))
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl())) {
        std::string Name = "'" + VD->getNameAsString() + "'";
        const auto *Table = dyn_cast_or_null<InitListExpr>(
            VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr);
        const FunctionDecl *Owner = enclosingFunction(VD);
        llvm::SmallVector<const Stmt *, 16> Parents;
        if (!Table || !VD->hasLocalStorage() || !Owner || !Owner->getBody() ||
            !onlyElementsRead(Owner->getBody(), VD, Parents)) {
          WhyNot = "the block is an element of " + Name +
                   ", which is not a table of shapes only read";
          return std::nullopt;
        }
        std::optional<int64_t> Index = evaluateInt(Sub->getIdx(), Ctx);
        if (!Index) {
          std::string IndexWhy;
          if (auto Indices = ints(Sub->getIdx(), Depth + 1, IndexWhy);
              Indices && Indices->size() == 1)
            Index = Indices->front().Value;
        }
        if (Index && (*Index < 0 || *Index >= int64_t(Table->getNumInits()))) {
          WhyNot = "the block is " + Name + "[" + std::to_string(*Index) +
                   "], outside the table";
          return std::nullopt;
        }
        Dims Out;
        for (unsigned I = 0; I < Table->getNumInits(); ++I) {
          if (Index && int64_t(I) != *Index)
            continue;
          auto Element = dims(Table->getInit(I), Depth + 1, WhyNot);
          if (!Element)
            return std::nullopt;
          for (auto &V : *Element)
            addUnique(Out, Traced<Dim3>{V.Value,
                                        joinVia("element " + std::to_string(I) +
                                                    " of " + Name,
                                                V.Via)});
        }
        if (Out.empty()) {
          WhyNot = "the block is an element of the empty table " + Name;
          return std::nullopt;
        }
        return Out;
      }
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && isDim3(E->getType()) && !isa<CUDAKernelCallExpr>(Call))
    return throughReturns<Dim3>(Call, Depth, WhyNot, Self);
  if (E->getType()->isIntegralOrEnumerationType())
    return dimension(E, Depth, WhyNot);
  WhyNot = "the block argument is " + notConstant(E, Ctx);
  return std::nullopt;
}

std::optional<LaunchSites::Evaluator::Kernels>
LaunchSites::Evaluator::kernels(const Expr *E, unsigned Depth,
                                std::string &WhyNot) {
  if (!E || Depth > 12 || E->containsErrors()) {
    WhyNot = "the kernel cannot be followed";
    return std::nullopt;
  }
  E = stripKernelExpr(E);
  llvm::SetVector<const FunctionDecl *, Kernels> Out;
  auto Add = [&](const std::optional<Kernels> &More) {
    if (!More)
      return false;
    Out.insert(More->begin(), More->end());
    return true;
  };
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    return kernels(Sub->getBase(), Depth + 1, WhyNot);
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    if (!Add(kernels(Cond->getTrueExpr(), Depth + 1, WhyNot)) ||
        !Add(kernels(Cond->getFalseExpr(), Depth + 1, WhyNot)))
      return std::nullopt;
    return Out.takeVector();
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Element : Init->inits())
      if (!Add(kernels(Element, Depth + 1, WhyNot)))
        return std::nullopt;
    return Out.takeVector();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref) {
    WhyNot = "the kernel is " + notConstant(E, Ctx);
    return std::nullopt;
  }
  if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
    if (!FD->hasAttr<CUDAGlobalAttr>()) {
      WhyNot = "'" + FD->getNameAsString() + "' is not a kernel";
      return std::nullopt;
    }
    return Kernels{FD->getCanonicalDecl()};
  }
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD) {
    WhyNot = "the kernel is " + notConstant(E, Ctx);
    return std::nullopt;
  }
  if (const auto *Param = dyn_cast<ParmVarDecl>(VD)) {
    auto Through = throughCalls<const FunctionDecl *>(
        Param, Depth, WhyNot,
        [this](const Expr *A, unsigned D,
               std::string &W) -> std::optional<std::vector<
                                   Traced<const FunctionDecl *>>> {
          auto K = kernels(A, D, W);
          if (!K)
            return std::nullopt;
          std::vector<Traced<const FunctionDecl *>> Out;
          for (const FunctionDecl *F : *K)
            Out.push_back({F, ""});
          return Out;
        });
    if (!Through)
      return std::nullopt;
    for (auto &T : *Through)
      Add(Kernels{T.Value});
    return Out.takeVector();
  }
  if (VD->getInit() && !Add(kernels(VD->getInit(), Depth + 1, WhyNot)))
    return std::nullopt;
  // A variable assigned other kernels may hold any of them.
  if (const FunctionDecl *F = enclosingFunction(VD)) {
    std::vector<const Expr *> Assigned;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        if (BO->getOpcode() == BO_Assign) {
          const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
          if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(L))
            L = Sub->getBase()->IgnoreParenImpCasts();
          if (const auto *LR = dyn_cast<DeclRefExpr>(L);
              LR && LR->getDecl() == VD)
            Assigned.push_back(BO->getRHS());
        }
      for (const Stmt *Child : S->children())
        Walk(Child);
    };
    Walk(F->getBody());
    for (const Expr *A : Assigned)
      if (!Add(kernels(A, Depth + 1, WhyNot)))
        return std::nullopt;
  }
  if (Out.empty()) {
    WhyNot = "'" + VD->getNameAsString() + "' holds no kernel that can be found";
    return std::nullopt;
  }
  return Out.takeVector();
}

std::optional<LaunchSites::Evaluator::Dims>
LaunchSites::Evaluator::configBlock(const Expr *E, const Expr *Launch,
                                    std::string &WhyNot) {
  const auto *Ref = dyn_cast<DeclRefExpr>(stripKernelExpr(E));
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const RecordDecl *Record =
      VD ? VD->getType()->getAsRecordDecl() : nullptr;
  if (!Record) {
    WhyNot = "the launch configuration " + notConstant(E, Ctx);
    return std::nullopt;
  }
  std::string Name = VD->getNameAsString();
  const FieldDecl *Field = nullptr;
  for (const FieldDecl *F : Record->fields())
    if (F->getName() == "blockDim")
      Field = F;
  if (!Field) {
    WhyNot = "'" + Name + "' has no blockDim";
    return std::nullopt;
  }
  // The last assignment of config.blockDim before the launch, else the
  // initializer.
  const Expr *Value = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const FunctionDecl *F = enclosingFunction(VD)) {
    std::function<bool(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return true;
      // `config.blockDim = dim3(64)` is a call of dim3's operator=.
      const Expr *LHS = nullptr, *RHS = nullptr;
      bool Plain = false;
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->isAssignmentOp()) {
        LHS = BO->getLHS();
        RHS = BO->getRHS();
        Plain = BO->getOpcode() == BO_Assign;
      } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
                 Op && Op->isAssignmentOp() && Op->getNumArgs() == 2) {
        LHS = Op->getArg(0);
        RHS = Op->getArg(1);
        Plain = Op->getOperator() == OO_Equal;
      }
      if (LHS && SM.isBeforeInTranslationUnit(S->getBeginLoc(),
                                              Launch->getBeginLoc())) {
        const auto *ME = dyn_cast<MemberExpr>(LHS->IgnoreParens());
        const Expr *Base = ME ? ME->getBase()->IgnoreParenImpCasts() : nullptr;
        if (const auto *Inner = dyn_cast_or_null<MemberExpr>(Base);
            Inner && Inner->getMemberDecl() == Field) {
          const auto *R =
              dyn_cast<DeclRefExpr>(Inner->getBase()->IgnoreParenImpCasts());
          if (R && R->getDecl() == VD) {
            WhyNot = "'" + Name + ".blockDim." +
                     ME->getMemberDecl()->getNameAsString() + "' is assigned";
            return false;
          }
        }
        if (ME && ME->getMemberDecl() == Field) {
          const auto *R = dyn_cast<DeclRefExpr>(Base);
          if (R && R->getDecl() == VD) {
            if (!Plain) {
              WhyNot = "'" + Name + ".blockDim' is assigned in a way that "
                                    "cannot be followed";
              return false;
            }
            Value = RHS;
          }
        }
      }
      for (const Stmt *Child : S->children())
        if (!Walk(Child))
          return false;
      return true;
    };
    if (!Walk(F->getBody()))
      return std::nullopt;
  }
  if (!Value && VD->getInit())
    if (const auto *Init =
            dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit())) {
      if (Init->isSyntacticForm() && Init->getSemanticForm())
        Init = Init->getSemanticForm();
      unsigned Index = Field->getFieldIndex();
      if (Index < Init->getNumInits() &&
          !isa<ImplicitValueInitExpr>(Init->getInit(Index)))
        Value = Init->getInit(Index);
    }
  if (!Value) {
    WhyNot = "'" + Name + ".blockDim' is not set";
    return std::nullopt;
  }
  return dims(Value, 1, WhyNot);
}

namespace {
/// Every launch and every call of a function in the translation unit,
/// template instantiations included.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *Call) {
    // Launches in templates count per instantiation; one with an error in
    // it is kept, to say why it gives no shape.
    if (Call->isInstantiationDependent() && !Call->containsErrors())
      return true;
    if (isa<CUDAKernelCallExpr>(Call)) {
      Launches.push_back(Call);
      LaunchFunction[Call] = Current;
      return true;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    Calls[Callee->getCanonicalDecl()].push_back(Call);
    if (Callee->getIdentifier()) {
      StringRef Name = Callee->getName();
      // The runtime's own wrappers call the C API with their parameters.
      const SourceManager &SM = Callee->getASTContext().getSourceManager();
      if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
        return true;
      if (Name == "cudaLaunchKernel" || Name == "cudaLaunchCooperativeKernel" ||
          Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC") {
        Launches.push_back(Call);
        LaunchFunction[Call] = Current;
      }
    }
    return true;
  }
  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Outer = Current;
    Current = FD;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Current = Outer;
    return Result;
  }
  const FunctionDecl *Current = nullptr;
  /// The function whose body holds each launch.
  std::map<const CallExpr *, const FunctionDecl *> LaunchFunction;
  std::vector<const CallExpr *> Launches;
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> Calls;
};
} // namespace

std::string displayName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return OS.str();
}

std::optional<Dim3> evaluateBlockDim(const Expr *E, const ASTContext &Ctx,
                                     std::string *WhyNot) {
  LaunchSites NoCalls;
  LaunchSites::Evaluator Eval(Ctx, NoCalls);
  std::string Why;
  auto D = Eval.dims(E, 0, Why);
  if (D && D->size() != 1) {
    Why = "the block takes more than one shape";
    D.reset();
  }
  std::optional<Dim3> Result;
  if (D)
    Result = D->front().Value;
  if (Result && (Result->X == 0 || Result->Y == 0 || Result->Z == 0 ||
                 Result->X > 1024 || Result->Y > 1024 || Result->Z > 1024 ||
                 uint64_t(Result->X) * Result->Y * Result->Z > 1024)) {
    Why = "a block of " + Result->str() + " threads is not valid";
    Result.reset();
  }
  if (!Result && WhyNot)
    *WhyNot = Why.empty() ? "the block shape is not a constant" : Why;
  return Result;
}

void LaunchSites::collect(const ASTContext &Ctx) {
  bool Follow = FollowSiblings;
  *this = LaunchSites();
  FollowSiblings = Follow;
  {
    const SourceManager &SM = Ctx.getSourceManager();
    if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      MainFile = Main->getName().str();
  }
  CallCollector Collector;
  Collector.TraverseAST(const_cast<ASTContext &>(Ctx));
  Calls = std::move(Collector.Calls);
  Evaluator Eval(Ctx, *this);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const CallExpr *Call : Collector.Launches) {
    const Expr *KernelArg = nullptr, *BlockArg = nullptr, *SharedArg = nullptr,
               *ConfigArg = nullptr;
    bool HasShared = false;
    std::string Via;
    if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(Call)) {
      const CallExpr *Config = Launch->getConfig();
      if (!Config || Config->getNumArgs() < 2)
        continue;
      KernelArg = Launch->getCallee();
      BlockArg = Config->getArg(1);
      HasShared = true;
      if (Config->getNumArgs() >= 3 &&
          !isa<CXXDefaultArgExpr>(Config->getArg(2)))
        SharedArg = Config->getArg(2);
    } else {
      StringRef Name = Call->getDirectCallee()->getName();
      Via = Name.str();
      if (Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC") {
        if (Call->getNumArgs() < 2)
          continue;
        ConfigArg = Call->getArg(0);
        KernelArg = Call->getArg(1);
      } else {
        if (Call->getNumArgs() < 3)
          continue;
        KernelArg = Call->getArg(0);
        BlockArg = Call->getArg(2);
        HasShared = true;
        if (Call->getNumArgs() >= 5 &&
            !isa<CXXDefaultArgExpr>(Call->getArg(4)))
          SharedArg = Call->getArg(4);
      }
    }
    std::string WhyNot;
    Eval.Active = nullptr;
    auto Kernels = Eval.kernels(KernelArg, 0, WhyNot);
    if (!Kernels)
      continue; // no kernel to give a shape to
    // `switch (threads) { case 256: k<<<g, threads>>>` fixes `threads`.
    Guards AtLaunch = guardsAt(Call, Collector.LaunchFunction[Call], Ctx);
    Eval.Active = &AtLaunch;
    std::string Location = locationText(Call->getBeginLoc(), SM);
    std::string What = Via.empty() ? "launch" : Via;
    auto Blocks = ConfigArg ? Eval.configBlock(ConfigArg, Call, WhyNot)
                            : Eval.dims(BlockArg, 0, WhyNot);
    if (Blocks)
      for (const auto &B : *Blocks) {
        const Dim3 &D = B.Value;
        if (D.X == 0 || D.Y == 0 || D.Z == 0 ||
            uint64_t(D.X) * D.Y * D.Z > 1024) {
          WhyNot = "a block of " + D.str() + " threads is not valid";
          Blocks.reset();
          break;
        }
      }
    for (const FunctionDecl *Kernel : *Kernels) {
      if (HasShared) {
        DynamicShared D;
        D.Arg = SharedArg;
        if (SharedArg) {
          // A constant, or a variable initialized with one (as block
          // shapes are).
          auto V = evaluateInt(SharedArg, Ctx);
          if (const auto *Ref =
                  dyn_cast<DeclRefExpr>(SharedArg->IgnoreParenImpCasts()))
            if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
              if (!V && VD->getInit() && VD->getType()->isIntegerType())
                V = evaluateInt(VD->getInit(), Ctx);
          if (V && *V >= 0)
            D.Bytes = uint64_t(*V);
        }
        Dynamic[Kernel].push_back(D);
      }
      if (!Blocks) {
        // Not a launch as far as block shapes go: it gives none.
        Unresolved[Kernel].push_back({Location, WhyNot});
        continue;
      }
      auto &List = Shapes[Kernel];
      for (const auto &B : *Blocks) {
        bool Seen = false;
        for (const auto &S : List)
          Seen |= S.Block == B.Value;
        if (Seen || List.size() >= MaxValues)
          continue;
        std::string Description = "from " + What + " at " + Location;
        if (!B.Via.empty())
          Description += ", " + B.Via;
        List.push_back({B.Value, "launch", Description});
      }
    }
  }
}

const std::vector<std::shared_ptr<const SiblingFacts>> &
LaunchSites::siblings() const {
  if (!Siblings)
    Siblings = MainFile.empty() || !FollowSiblings
                   ? std::vector<std::shared_ptr<const SiblingFacts>>()
                   : siblingFacts(MainFile);
  return *Siblings;
}

SiblingFacts LaunchSites::factsOf(const ASTContext &Ctx) {
  SiblingFacts Out;
  LaunchSites Sites;
  Sites.FollowSiblings = false;
  Sites.collect(Ctx);
  for (const auto &[Kernel, Shapes] : Sites.Shapes)
    Out.Launched[crossFileKey(Kernel, Ctx)] = Shapes;
  Evaluator Eval(Ctx, Sites);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &[Callee, Calls] : Sites.Calls) {
    // Functions another file may define: declared, not defined, here.
    if (Callee->hasBody() || !Callee->isExternallyVisible() ||
        Callee->getNumParams() == 0 || Callee->getNumParams() > 16 ||
        SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
      continue;
    bool Wanted = false;
    for (const ParmVarDecl *P : Callee->parameters())
      Wanted |= P->getType()->isIntegralOrEnumerationType() ||
                isDim3(P->getType().getNonReferenceType());
    if (!Wanted)
      continue;
    auto &List = Out.Calls[crossFileKey(Callee, Ctx)];
    for (const CallExpr *Call : Calls) {
      if (List.size() >= 64)
        break;
      SiblingFacts::Call C;
      C.Location = locationText(Call->getBeginLoc(), SM);
      unsigned N = Callee->getNumParams();
      C.Ints.resize(N);
      C.Dims.resize(N);
      C.WhyNot.resize(N);
      for (unsigned I = 0; I < N && I < Call->getNumArgs(); ++I) {
        const Expr *Arg = Call->getArg(I);
        QualType T = Callee->getParamDecl(I)->getType();
        std::string Why;
        if (T->isIntegralOrEnumerationType()) {
          if (auto V = Eval.ints(Arg, 1, Why)) {
            C.Ints[I].emplace();
            for (auto &X : *V)
              C.Ints[I]->push_back({X.Value, X.Via});
          }
        } else if (isDim3(T.getNonReferenceType())) {
          if (auto V = Eval.dims(Arg, 1, Why)) {
            C.Dims[I].emplace();
            for (auto &X : *V)
              C.Dims[I]->push_back({X.Value, X.Via});
          }
        }
        C.WhyNot[I] = Why;
      }
      List.push_back(std::move(C));
    }
  }
  return Out;
}

const std::vector<BlockShapeChoice> &
LaunchSites::shapesFor(const FunctionDecl *Kernel) const {
  static const std::vector<BlockShapeChoice> None;
  auto It = Shapes.find(Kernel->getCanonicalDecl());
  return It == Shapes.end() ? None : It->second;
}

const std::vector<LaunchSites::DynamicShared> &
LaunchSites::dynamicSharedFor(const FunctionDecl *Kernel) const {
  static const std::vector<DynamicShared> None;
  auto It = Dynamic.find(Kernel->getCanonicalDecl());
  return It == Dynamic.end() ? None : It->second;
}

const std::vector<LaunchSites::UnresolvedLaunch> &
LaunchSites::unresolvedLaunches(const FunctionDecl *Kernel) const {
  static const std::vector<UnresolvedLaunch> None;
  auto It = Unresolved.find(Kernel->getCanonicalDecl());
  return It == Unresolved.end() ? None : It->second;
}

std::map<std::string, Dim3>
BlockShapeOptions::parsePerKernel(llvm::StringRef Text, std::string &Error) {
  std::map<std::string, Dim3> Result;
  llvm::SmallVector<llvm::StringRef, 8> Entries;
  Text.split(Entries, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Entry : Entries) {
    auto [Name, Shape] = Entry.trim().split('=');
    auto D = Dim3::parse(Shape.trim().str());
    if (Name.trim().empty() || !D) {
      Error = "invalid per-kernel block shape '" + Entry.str() +
              "' (expected name=X[,Y[,Z]])";
      continue;
    }
    Result[Name.trim().str()] = *D;
  }
  return Result;
}

namespace {
/// Shapes from a `// warpcheck: block 16x16 [32x8 ...]` comment on the line
/// before the kernel (or before its template header).
std::vector<BlockShapeChoice> shapesFromComment(const FunctionDecl *Kernel,
                                                const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<SourceLocation> Starts{Kernel->getBeginLoc()};
  if (const FunctionDecl *Pattern = Kernel->getTemplateInstantiationPattern())
    Starts.push_back(Pattern->getBeginLoc());
  for (const FunctionDecl *F : std::initializer_list<const FunctionDecl *>{
           Kernel, Kernel->getTemplateInstantiationPattern()})
    if (F)
      if (const FunctionTemplateDecl *T = F->getDescribedFunctionTemplate())
        Starts.push_back(T->getBeginLoc());
  for (SourceLocation Start : Starts) {
    if (Start.isInvalid())
      continue;
    auto [FID, Offset] = SM.getDecomposedExpansionLoc(Start);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(FID, &Invalid);
    if (Invalid || Offset > Buffer.size())
      continue;
    // StringRef::rfind looks before its position.
    size_t LineStart = Buffer.rfind('\n', Offset);
    if (LineStart == StringRef::npos)
      continue;
    size_t PrevStart = Buffer.rfind('\n', LineStart);
    PrevStart = PrevStart == StringRef::npos ? 0 : PrevStart + 1;
    StringRef Line = Buffer.slice(PrevStart, LineStart).trim();
    if (!Line.consume_front("//"))
      continue;
    Line = Line.trim();
    if (!Line.consume_front("warpcheck:"))
      continue;
    Line = Line.trim();
    if (!Line.consume_front("block"))
      continue;
    std::string Where =
        locationText(SM.getComposedLoc(FID, unsigned(PrevStart)), SM);
    llvm::SmallVector<StringRef, 4> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    std::vector<BlockShapeChoice> Out;
    for (StringRef Word : Words)
      if (auto D = Dim3::parse(Word.trim().str())) {
        bool Seen = false;
        for (const auto &O : Out)
          Seen |= O.Block == *D;
        if (!Seen)
          Out.push_back({*D, "comment",
                         "from the comment 'warpcheck: block " +
                             Line.trim().str() + "' at " + Where});
      }
    if (!Out.empty())
      return Out;
  }
  return {};
}

/// The values the kernel compares blockDim.x, .y and .z with
/// (`if (blockDim.x != 128) return;`), and where the first comparison is.
struct Comparisons {
  std::vector<unsigned> Values[3];
  /// "blockDim.x == 64' at main.cu:12", per value of Values.
  std::vector<std::string> Where[3];
};

void collectComparisons(const Stmt *S, const ASTContext &Ctx,
                        Comparisons &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isEqualityOp()) {
    for (auto [Side, Other] : {std::pair{BO->getLHS(), BO->getRHS()},
                               std::pair{BO->getRHS(), BO->getLHS()}}) {
      std::string Member = builtinMember(Side, "blockDim");
      if (Member.empty())
        continue;
      auto V = evaluateInt(Other, Ctx);
      if (!V || *V <= 0 || *V > 1024)
        continue;
      auto &List = Out.Values[Member[0] - 'x'];
      if (std::find(List.begin(), List.end(), unsigned(*V)) != List.end())
        continue;
      List.push_back(unsigned(*V));
      std::string Text = sourceText(BO, Ctx);
      Out.Where[Member[0] - 'x'].push_back(
          (Text.empty() ? "blockDim." + Member + " == " + std::to_string(*V)
                        : Text) +
          "' at " + locationText(BO->getBeginLoc(), Ctx.getSourceManager()));
    }
  }
  for (const Stmt *Child : S->children())
    collectComparisons(Child, Ctx, Out);
}
} // namespace

std::vector<BlockShapeChoice>
chooseBlockShapes(const FunctionDecl *Kernel, const LaunchSites &Sites,
                  const BlockShapeOptions &Options, const ASTContext &Ctx) {
  std::string Name = Kernel->getNameAsString();
  std::string FullName = displayName(Kernel, Ctx);
  for (const std::string &Key : {FullName, Name}) {
    auto It = Options.PerKernel.find(Key);
    if (It != Options.PerKernel.end())
      return {{It->second, "option", "from the per-kernel option"}};
  }
  std::vector<BlockShapeChoice> Commented = shapesFromComment(Kernel, Ctx);
  if (!Commented.empty())
    return Commented;
  // Launches name the primary template's specialization: look it up through
  // the canonical declaration of this instantiation.
  const auto &Launched = Sites.shapesFor(Kernel);
  if (!Launched.empty())
    return Launched;
  // Launched in a file next to this one (a kernel declared there).
  if (Kernel->isExternallyVisible()) {
    std::vector<BlockShapeChoice> Elsewhere;
    std::string Key = crossFileKey(Kernel, Ctx);
    for (const auto &Facts : Sites.siblings())
      if (auto It = Facts->Launched.find(Key); It != Facts->Launched.end())
        for (const BlockShapeChoice &C : It->second) {
          bool Seen = false;
          for (const auto &E : Elsewhere)
            Seen |= E.Block == C.Block;
          if (!Seen && Elsewhere.size() < MaxValues)
            Elsewhere.push_back(C);
        }
    if (!Elsewhere.empty())
      return Elsewhere;
  }
  // Launches whose shape is not known give none; the shape used instead
  // says why they were not used.
  std::string NotUsed;
  const auto &Unresolved = Sites.unresolvedLaunches(Kernel);
  if (Unresolved.size() == 1)
    NotUsed = "the launch at " + Unresolved.front().Location +
              " is not used: " + Unresolved.front().Reason;
  else if (!Unresolved.empty())
    NotUsed = "the " + std::to_string(Unresolved.size()) +
              " launches are not used; the one at " +
              Unresolved.front().Location + ": " + Unresolved.front().Reason;
  std::string Suffix = NotUsed.empty() ? "" : "; " + NotUsed;
  if (Options.CommandLine)
    return {{*Options.CommandLine, "block-dim", "from --block-dim" + Suffix}};
  std::optional<int64_t> Bound;
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
    if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent())
      if (auto N = evaluateInt(LB->getMaxThreads(), Ctx); N && *N > 0 &&
                                                          *N <= 1024)
        Bound = *N;
  // The blockDim values the kernel compares against, with the launch bounds
  // filling the dimension not compared.
  Comparisons Compared;
  collectComparisons(Kernel->getBody(), Ctx, Compared);
  if (!Compared.Values[0].empty() || !Compared.Values[1].empty()) {
    std::vector<BlockShapeChoice> Out;
    auto Or1 = [](const std::vector<unsigned> &V) {
      return V.empty() ? std::vector<unsigned>{0} : V;
    };
    auto WhereOf = [&](unsigned Dim, unsigned V) {
      for (size_t I = 0; I < Compared.Values[Dim].size(); ++I)
        if (Compared.Values[Dim][I] == V)
          return "'" + Compared.Where[Dim][I];
      return std::string();
    };
    for (unsigned X : Or1(Compared.Values[0]))
      for (unsigned Y : Or1(Compared.Values[1]))
        for (unsigned Z : Or1(Compared.Values[2])) {
          std::string From = "from the comparison";
          std::string Sep = " ";
          for (auto [Dim, V] : {std::pair{0u, X}, {1u, Y}, {2u, Z}})
            if (V) {
              From += Sep + WhereOf(Dim, V);
              Sep = " and ";
            }
          Dim3 D{X ? X : 1, Y ? Y : 1, Z ? Z : 1};
          unsigned Known = D.X * D.Y * D.Z;
          if (Bound && (!X || !Y) && *Bound % Known == 0 && *Bound > Known) {
            (X ? D.Y : D.X) = unsigned(*Bound / Known);
            From += " and __launch_bounds__(" + std::to_string(*Bound) + ")";
          }
          if (D.threads() > 1024 || Out.size() >= MaxValues)
            continue;
          Out.push_back({D, "comparison", From + Suffix});
        }
    if (!Out.empty())
      return Out;
  }
  // Still open: every shape of a family consistent with the code, and what
  // holds across them.
  std::string NoFamily;
  if (auto Family = shapeFamily(Kernel, Ctx, Bound, NoFamily)) {
    std::string Count = std::to_string(Family->Shapes.size());
    std::string Description =
        Family->Shapes.size() == 1
            ? "the only shape assumed of " + Family->Assumed
            : "one of " + Count + " shapes assumed, " + Family->Assumed +
                  "; what is reported holds for " +
                  (Family->Shapes.size() == 2 ? "both" : "all " + Count);
    Description += Family->Shapes.size() == 1
                       ? "; what is reported holds for it, not for another "
                         "shape"
                       : ", not for a shape outside them";
    Description += NotUsed.empty() ? "; no launch of this kernel in the file"
                                   : "; " + NotUsed;
    return {{Family->Shapes.front(), "family", Description,
             std::move(Family->Shapes)}};
  }
  // One shape assumed: what is reported holds for it alone.
  const std::string NotCovered = "; assumed: what is reported holds for "
                                 "this shape, not for a launch with another";
  if (Bound)
    return {{Dim3{unsigned(*Bound), 1, 1}, "launch_bounds",
             "from __launch_bounds__(" + std::to_string(*Bound) +
                 "), taken as a 1-D block (" + NoFamily + ")" + NotCovered +
                 Suffix}};
  if (!NotUsed.empty())
    return {
        {DefaultBlockDim, "default",
         "default; " + NoFamily + NotCovered + "; " + NotUsed +
             ": set --block-dim or the per-kernel option"}};
  return {{DefaultBlockDim, "default",
           "default; " + NoFamily + NotCovered +
               "; no launch of this kernel in the file: set --block-dim "
               "or the per-kernel option"}};
}

} // namespace warpcheck
