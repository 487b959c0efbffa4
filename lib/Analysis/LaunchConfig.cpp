//===--- LaunchConfig.cpp - Block shapes of kernels -----------------------===//

#include "LaunchConfig.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
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

std::optional<Dim3> evaluateBlockDimImpl(const Expr *E, const ASTContext &Ctx,
                                         unsigned Depth, std::string &WhyNot) {
  if (!E || Depth > 8) {
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
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evaluateBlockDimImpl(FC->getSubExpr(), Ctx, Depth + 1, WhyNot);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evaluateBlockDimImpl(MT->getSubExpr(), Ctx, Depth + 1, WhyNot);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 && isDim3(Construct->getArg(0)->getType()))
      return evaluateBlockDimImpl(Construct->getArg(0), Ctx, Depth + 1, WhyNot);
    if (Construct->getNumArgs() == 1 &&
        !Construct->getArg(0)->getType()->isIntegralOrEnumerationType()) {
      WhyNot =
          "the block is built from " + notConstant(Construct->getArg(0), Ctx);
      return std::nullopt;
    }
    Dim3 D;
    unsigned *Fields[] = {&D.X, &D.Y, &D.Z};
    for (unsigned I = 0; I < Construct->getNumArgs() && I < 3; ++I) {
      auto V = evaluateDimension(Construct->getArg(I), Ctx, WhyNot);
      if (!V)
        return std::nullopt;
      *Fields[I] = *V;
    }
    return D;
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    Dim3 D;
    unsigned *Fields[] = {&D.X, &D.Y, &D.Z};
    for (unsigned I = 0; I < Init->getNumInits() && I < 3; ++I) {
      auto V = evaluateDimension(Init->getInit(I), Ctx, WhyNot);
      if (!V)
        return std::nullopt;
      *Fields[I] = *V;
    }
    return D;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (isDim3(VD->getType())) {
        if (VD->isInvalidDecl()) {
          WhyNot = "'" + VD->getNameAsString() + "' does not compile";
          return std::nullopt;
        }
        if (isa<ParmVarDecl>(VD)) {
          WhyNot = "the block is the parameter '" + VD->getNameAsString() + "'";
          return std::nullopt;
        }
        if (!VD->getInit()) {
          WhyNot = "'" + VD->getNameAsString() + "' has no initializer here";
          return std::nullopt;
        }
        auto Init = evaluateBlockDimImpl(VD->getInit(), Ctx, Depth + 1, WhyNot);
        // A local variable may be built member by member before the launch.
        if (Init && VD->hasLocalStorage() && !VD->getType().isConstQualified())
          return LocalDim3(VD, Ref, Ctx).valueAtUse(*Init, WhyNot);
        return Init;
      }
  if (E->getType()->isIntegralOrEnumerationType())
    if (auto V = evaluateDimension(E, Ctx, WhyNot))
      return Dim3{*V, 1, 1};
    else
      return std::nullopt;
  WhyNot = "the block argument is " + notConstant(E, Ctx);
  return std::nullopt;
}

std::string locationText(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}
} // namespace

std::string displayName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return OS.str();
}

std::optional<Dim3> evaluateBlockDim(const Expr *E, const ASTContext &Ctx,
                                     std::string *WhyNot) {
  std::string Why;
  auto D = evaluateBlockDimImpl(E, Ctx, 0, Why);
  if (D && (D->X == 0 || D->Y == 0 || D->Z == 0 || D->X > 1024 || D->Y > 1024 ||
            D->Z > 1024 || uint64_t(D->X) * D->Y * D->Z > 1024)) {
    Why = "a block of " + std::to_string(D->X) + "x" + std::to_string(D->Y) +
          "x" + std::to_string(D->Z) + " threads is not valid";
    D.reset();
  }
  if (!D && WhyNot)
    *WhyNot = Why.empty() ? "the block shape is not a constant" : Why;
  return D;
}

void LaunchSites::addLaunch(const CUDAKernelCallExpr *Call,
                            const ASTContext &Ctx) {
  const FunctionDecl *Kernel = Call->getDirectCallee();
  const CallExpr *Config = Call->getConfig();
  if (!Kernel || !Config || Config->getNumArgs() < 2)
    return;
  Kernel = Kernel->getCanonicalDecl();
  DynamicShared D;
  if (Config->getNumArgs() >= 3 && !isa<CXXDefaultArgExpr>(Config->getArg(2))) {
    D.Arg = Config->getArg(2);
    // A constant, or a variable initialized with one (as block shapes are).
    auto V = evaluateInt(D.Arg, Ctx);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(D.Arg->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        if (!V && VD->getInit() && VD->getType()->isIntegerType())
          V = evaluateInt(VD->getInit(), Ctx);
    if (V && *V >= 0)
      D.Bytes = uint64_t(*V);
  }
  Dynamic[Kernel].push_back(D);
  std::string Location =
      locationText(Call->getBeginLoc(), Ctx.getSourceManager());
  std::string WhyNot;
  auto Block = evaluateBlockDim(Config->getArg(1), Ctx, &WhyNot);
  if (!Block) {
    // Not a launch as far as block shapes go: it gives none.
    Unresolved[Kernel].push_back({Location, WhyNot});
    return;
  }
  auto &List = Shapes[Kernel];
  for (const auto &S : List)
    if (S.Block == *Block)
      return;
  List.push_back({*Block, "launch", "from launch at " + Location});
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
  // Launches name the primary template's specialization: look it up through
  // the canonical declaration of this instantiation.
  const auto &Launched = Sites.shapesFor(Kernel);
  if (!Launched.empty())
    return Launched;
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
  if (Options.CommandLine)
    return {{*Options.CommandLine, "block-dim",
             "from --block-dim" + (NotUsed.empty() ? "" : "; " + NotUsed)}};
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent()) {
      Expr::EvalResult R;
      if (LB->getMaxThreads()->EvaluateAsInt(R, Ctx)) {
        int64_t N = R.Val.getInt().getExtValue();
        if (N > 0 && N <= 1024)
          return {{Dim3{unsigned(N), 1, 1}, "launch_bounds",
                   "from __launch_bounds__(" + std::to_string(N) +
                       "), taken as a 1-D block" +
                       (NotUsed.empty() ? "" : "; " + NotUsed)}};
      }
    }
  }
  if (!NotUsed.empty())
    return {
        {DefaultBlockDim, "default",
         "default; " + NotUsed + ": set --block-dim or the per-kernel option"}};
  return {{DefaultBlockDim, "default",
           "default; no launch of this kernel in the file: set --block-dim "
           "or the per-kernel option"}};
}

} // namespace warpcheck
