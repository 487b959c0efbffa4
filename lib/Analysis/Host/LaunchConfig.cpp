//===--- LaunchConfig.cpp - The block of a cudaLaunchConfig_t -------------===//
//
// cudaLaunchKernelEx(&config, k, ...) takes its block from config.blockDim:
// the last assignment before the launch, else the initializer; or, for a
// configuration held by an object whose constructor fills it (ggml's
// `ggml_cuda_pdl_config cfg(params); cudaLaunchKernelEx(&cfg.cfg, ...)`),
// the constructor's last assignment, read with its parameters bound to the
// object's construction.
//
//===----------------------------------------------------------------------===//

#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"

#include <functional>

using namespace clang;

namespace warpcheck {

const CXXConstructExpr *constructionOf(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return nullptr;
  Init = Init->IgnoreImplicit();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Init))
    Init = Cast->getSubExpr()->IgnoreImplicit();
  return dyn_cast<CXXConstructExpr>(Init);
}

namespace {

/// `this->Holder.Member` (Member null: any member of Holder), or null.
const MemberExpr *memberOfThis(const Expr *E, const FieldDecl *Holder) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME)
    return nullptr;
  const auto *Inner =
      dyn_cast<MemberExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!Inner || Inner->getMemberDecl() != Holder ||
      !isa<CXXThisExpr>(Inner->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return ME;
}

/// The assignment S makes (`=` or a class's operator=), or false.
bool assignmentParts(const Stmt *S, const Expr *&LHS, const Expr *&RHS,
                     bool &Plain) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp()) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
    Plain = BO->getOpcode() == BO_Assign;
    return true;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->isAssignmentOp() && Op->getNumArgs() == 2) {
    LHS = Op->getArg(0);
    RHS = Op->getArg(1);
    Plain = Op->getOperator() == OO_Equal;
    return true;
  }
  return false;
}

/// Whether S returns or throws: a statement after it may not run.
bool leavesEarly(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt, CXXThrowExpr, CoreturnStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (leavesEarly(Child))
      return true;
  return false;
}

/// Whether Record (or a base) has a reference member: it may name a part of
/// the configuration and change it under another name.
bool hasReferenceFields(const CXXRecordDecl *Record) {
  if (!Record || !Record->hasDefinition())
    return true;
  for (const FieldDecl *F : Record->fields())
    if (F->getType()->isReferenceType())
      return true;
  for (const CXXBaseSpecifier &B : Record->bases())
    if (hasReferenceFields(B.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

/// Whether S calls anything, writes through a pointer or assigns: what it
/// may change is not in its syntax.
bool hasHiddenEffects(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr>(S) && !isa<CXXOperatorCallExpr>(S))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    return true;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && (Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus ||
             Op->getOperator() == OO_MinusMinus))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp())
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_Deref)
    return true;
  if (const auto *ME = dyn_cast<MemberExpr>(S);
      ME && ME->isArrow() &&
      !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return true;
  for (const Stmt *Child : S->children())
    if (hasHiddenEffects(Child))
      return true;
  return false;
}

} // namespace

const Expr *HostEvaluator::constructedConfigBlock(const MemberExpr *Config,
                                                  const Expr *Launch,
                                                  const FieldDecl *&Block,
                                                  std::string &WhyNot) {
  const VarDecl *VD = variableOf(Config->getBase());
  const auto *Holder = dyn_cast<FieldDecl>(Config->getMemberDecl());
  const RecordDecl *Record =
      Holder ? Holder->getType()->getAsRecordDecl() : nullptr;
  const FunctionDecl *Owner = VD ? enclosingFunction(VD) : nullptr;
  const CXXConstructExpr *Construct = VD ? constructionOf(VD) : nullptr;
  const CXXConstructorDecl *Ctor =
      Construct ? Construct->getConstructor() : nullptr;
  const auto *Body =
      Ctor && Ctor->isUserProvided() && Ctor->hasBody()
          ? dyn_cast<CompoundStmt>(Ctor->getDefinition()->getBody())
          : nullptr;
  WhyNot = "the launch configuration " + notConstant(Config, Ctx);
  if (!VD || !Record || Config->isArrow() || !VD->hasLocalStorage() ||
      VD->getType()->isReferenceType() || isa<ParmVarDecl>(VD) || !Owner ||
      !Owner->getBody() || !Body || Ctor->isVariadic() ||
      inLambdaOrJumps(Body, nullptr) || leavesEarly(Body) ||
      hasReferenceFields(Ctor->getParent()) ||
      mayChange(VD, Owner->getBody(), nullptr, Launch))
    return nullptr;
  for (const FieldDecl *F : Record->fields())
    if (F->getName() == "blockDim")
      Block = F;
  if (!Block)
    return nullptr;
  // The last statement of the constructor that assigns Holder.blockDim;
  // after it, only plain assignments of other members with nothing hidden.
  const Expr *Value = nullptr;
  for (const Stmt *S : Body->body()) {
    const Expr *LHS = nullptr, *RHS = nullptr;
    bool Plain = false;
    bool Assigns = assignmentParts(S, LHS, RHS, Plain);
    const MemberExpr *Target = Assigns ? memberOfThis(LHS, Holder) : nullptr;
    if (Target && Target->getMemberDecl() == Block && Plain &&
        !hasHiddenEffects(RHS)) {
      Value = RHS;
      continue;
    }
    if (!Value)
      continue; // before it: overwritten
    const auto *Whole =
        Assigns ? dyn_cast<MemberExpr>(LHS->IgnoreParenImpCasts()) : nullptr;
    bool OtherMember =
        (Target && Target->getMemberDecl() != Block) ||
        (Whole && Whole->getMemberDecl() != Holder &&
         isa<CXXThisExpr>(Whole->getBase()->IgnoreParenImpCasts()));
    if (!OtherMember || hasHiddenEffects(RHS)) {
      WhyNot = "'" + VD->getNameAsString() + "." + Holder->getNameAsString() +
               ".blockDim' may be changed after it is set in the constructor";
      return nullptr;
    }
  }
  if (!Value)
    WhyNot = "'" + VD->getNameAsString() + "." + Holder->getNameAsString() +
             ".blockDim' is not set by its constructor";
  return Value;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::configBlock(const Expr *E, const Expr *Launch,
                           const FunctionDecl *In, std::string &WhyNot,
                           const Guards *Guards,
                           llvm::ArrayRef<CallGraph::Site> Through) {
  const Expr *Config = stripKernelExpr(E);
  if (const auto *Member = dyn_cast<MemberExpr>(Config)) {
    // `&holder.cfg`, a configuration its holder's constructor fills.
    const FieldDecl *Block = nullptr;
    const Expr *Value = constructedConfigBlock(Member, Launch, Block, WhyNot);
    if (!Value)
      return std::nullopt;
    EntryScope F(*this, In, Through, Guards);
    const auto *Construct = constructionOf(cast<VarDecl>(
        cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts())
            ->getDecl()));
    FrameScope InConstructor(*this,
                             {Construct->getConstructor(), Construct, Current});
    return dimsAt(Value, 1, WhyNot);
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Config);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const RecordDecl *Record = VD ? VD->getType()->getAsRecordDecl() : nullptr;
  if (!Record) {
    WhyNot = "the launch configuration " + notConstant(E, Ctx);
    return std::nullopt;
  }
  const FieldDecl *Field = nullptr;
  for (const FieldDecl *F : Record->fields())
    if (F->getName() == "blockDim")
      Field = F;
  if (!Field) {
    WhyNot = "'" + VD->getNameAsString() + "' has no blockDim";
    return std::nullopt;
  }
  const Expr *Value = lastConfigBlock(VD, Field, Launch, WhyNot);
  if (!Value)
    return std::nullopt;
  EntryScope F(*this, In, Through, Guards);
  return dimsAt(Value, 1, WhyNot);
}

const Expr *HostEvaluator::lastConfigBlock(const VarDecl *VD,
                                           const FieldDecl *Field,
                                           const Expr *Launch,
                                           std::string &WhyNot) {
  // The last assignment of config.blockDim before the launch, else the
  // initializer.
  std::string Name = VD->getNameAsString();
  const Expr *Value = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  std::function<bool(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return true;
    // `config.blockDim = dim3(64)` is a call of dim3's operator=.
    const Expr *LHS = nullptr, *RHS = nullptr;
    bool Plain = false;
    if (assignmentParts(S, LHS, RHS, Plain) &&
        SM.isBeforeInTranslationUnit(S->getBeginLoc(), Launch->getBeginLoc())) {
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
            WhyNot = "'" + Name +
                     ".blockDim' is assigned in a way that "
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
  if (const FunctionDecl *F = enclosingFunction(VD))
    if (!Walk(F->getBody()))
      return nullptr;
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
  if (!Value)
    WhyNot = "'" + Name + ".blockDim' is not set";
  return Value;
}

} // namespace warpcheck
