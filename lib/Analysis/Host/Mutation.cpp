//===--- Mutation.cpp - Whether code may change a variable ----------------===//

#include "Host/Mutation.h"
#include "Host/HostSyntax.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {
namespace {

/// Whether a NoOp cast to a const type: a const reference or pointer is
/// taken, through which nothing is written.
bool addsConst(const Stmt *S) {
  const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
  return Cast && Cast->getCastKind() == CK_NoOp &&
         Cast->getType().isConstQualified();
}

/// Walks S keeping the parents of each node (outermost first).
template <typename Visit>
void walkWithParents(const Stmt *S, std::vector<const Stmt *> &Parents,
                     Visit &&V) {
  if (!S)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    V(Ref, Parents);
  Parents.push_back(S);
  for (const Stmt *Child : S->children())
    walkWithParents(Child, Parents, V);
  Parents.pop_back();
}

} // namespace

namespace {

/// One step of a use up through its parents: keep climbing (the parent
/// still names the variable or a part of it) or stop (Use is decided).
enum class Step { Climb, Stop };

/// Through an implicit cast. Above is the parent's own parent, or null.
Step throughCast(const ImplicitCastExpr *Cast, const Stmt *Above,
                 const Expr *&Current, VariableUse &Use) {
  switch (Cast->getCastKind()) {
  case CK_LValueToRValue:
  case CK_FunctionToPointerDecay:
    return Step::Stop;
  case CK_ArrayToPointerDecay:
    // Subscripted: the element is the variable's; else the address escapes.
    if (isa_and_nonnull<ArraySubscriptExpr>(Above)) {
      Current = Cast;
      return Step::Climb;
    }
    Use.Kind = UseKind::AddressTaken;
    Use.At = Cast;
    Use.Part = true;
    return Step::Stop;
  case CK_NoOp:
    if (addsConst(Cast))
      return Step::Stop;
    Current = Cast;
    return Step::Climb;
  default:
    Use.Kind = UseKind::MayChange;
    return Step::Stop;
  }
}

/// Through `v.m`: a field is part of the variable; a method may change it
/// unless const or static.
Step throughMember(const MemberExpr *Member, const Expr *&Current,
                   VariableUse &Use) {
  if (Member->isArrow()) // v->m: v is read (a pointer)
    return Step::Stop;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl())) {
    if (!Method->isConst() && !Method->isStatic()) {
      Use.Kind = UseKind::MayChange;
      Use.At = Member;
    }
    return Step::Stop;
  }
  if (!Use.Member)
    Use.Member = Member->getMemberDecl();
  Current = Member;
  Use.At = Member;
  Use.Part = true;
  return Step::Climb;
}

/// Through a built-in or overloaded operator.
Step throughOperator(const Stmt *P, const Expr *&Current, VariableUse &Use) {
  if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    if (BO->isAssignmentOp() &&
        BO->getLHS()->IgnoreParens() == Current->IgnoreParens()) {
      Use.Kind = UseKind::Assigned;
      Use.At = BO;
      return Step::Stop;
    }
    if (BO->getOpcode() == BO_Comma && BO->getRHS() == Current) {
      Current = BO;
      return Step::Climb;
    }
    // `v.*pm` names a member of v: it may be assigned.
    if (BO->getOpcode() == BO_PtrMemD && BO->getLHS() == Current) {
      Use.Kind = UseKind::MayChange;
      Use.At = BO;
      return Step::Stop;
    }
    // A built-in operator changes only what it assigns.
    return Step::Stop;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) {
      Use.Kind = UO->getOpcode() == UO_AddrOf ? UseKind::AddressTaken
                                              : UseKind::Assigned;
      Use.At = UO;
    } else if (UO->getOpcode() != UO_Deref) { // *v: v is read (a pointer)
      Use.Kind = UseKind::MayChange;
    }
    return Step::Stop;
  }
  const auto *Op = cast<CXXOperatorCallExpr>(P);
  if (Op->isAssignmentOp() && Op->getNumArgs() == 2 &&
      Op->getArg(0)->IgnoreParens() == Current->IgnoreParens()) {
    Use.Kind = UseKind::Assigned;
    Use.At = Op;
    return Step::Stop;
  }
  Use.Kind = UseKind::MayChange;
  Use.At = Op;
  return Step::Stop;
}

/// Through a lambda's capture. A plain capture (`[&]`, `[&v]`, `[v]`) is
/// judged by the lambda's body, a child of the lambda walked with it; a
/// by-reference init-capture (`[&r = v]`) hands v on under another name.
Step throughCapture(const LambdaExpr *Lambda, const Expr *Current,
                    VariableUse &Use) {
  auto Init = Lambda->capture_init_begin();
  for (auto C = Lambda->capture_begin(); C != Lambda->capture_end();
       ++C, ++Init) {
    if (*Init != Current || !C->capturesVariable() || !Lambda->isInitCapture(C))
      continue;
    const auto *Captured = dyn_cast<VarDecl>(C->getCapturedVar());
    if (Captured && Captured->getType()->isReferenceType() &&
        !Captured->getType().getNonReferenceType().isConstQualified())
      Use.Kind = UseKind::MayChange;
  }
  return Step::Stop;
}

/// The parameter of Callee's pattern that its I-th parameter comes from
/// (a pack's parameters all come from the pack), or null.
const ParmVarDecl *patternParameter(const FunctionDecl *Pattern,
                                    const FunctionDecl *Callee, unsigned I) {
  unsigned Expanded = Callee->getNumParams();
  unsigned At = 0;
  for (const ParmVarDecl *P : Pattern->parameters()) {
    unsigned Width = 1;
    if (P->isParameterPack())
      Width = Expanded + 1 - Pattern->getNumParams();
    if (I < At + Width)
      return P;
    At += Width;
  }
  return nullptr;
}

/// Whether the I-th parameter of Callee comes from a forwarding reference
/// of its template (`T&&`, `Ts&&...`).
bool isForwardingReference(const FunctionDecl *Callee, unsigned I) {
  const FunctionTemplateDecl *Template = Callee->getPrimaryTemplate();
  if (!Template)
    return false;
  const ParmVarDecl *P =
      patternParameter(Template->getTemplatedDecl(), Callee, I);
  if (!P)
    return false;
  QualType T = P->getType();
  if (const auto *Pack = T->getAs<PackExpansionType>())
    T = Pack->getPattern();
  const auto *R = T->getAs<RValueReferenceType>();
  const auto *Parm =
      R ? R->getPointeeType()->getAs<TemplateTypeParmType>() : nullptr;
  return Parm && !R->getPointeeType().hasQualifiers() &&
         Parm->getDepth() == Template->getTemplateParameters()->getDepth();
}

/// Whether Arg, an argument of Call bound to a forwarding-reference
/// parameter of a visible body, is only read there (forwarded into
/// by-value parameters, loaded): then the call does not change it.
bool forwardedOnlyToReads(const CallExpr *Call, const Expr *Arg) {
  // Forwarding into forwarding: bounded (recursive templates).
  static thread_local unsigned Depth = 0;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Definition = nullptr;
  if (Depth >= 4 || isa<CXXOperatorCallExpr>(Call) || !Callee ||
      !Callee->hasBody(Definition))
    return false;
  for (unsigned A = 0; A < Call->getNumArgs(); ++A) {
    if (Call->getArg(A) != Arg)
      continue;
    if (A >= Definition->getNumParams() ||
        !isForwardingReference(Definition, A))
      return false;
    ++Depth;
    bool Read = changingUses(Definition->getParamDecl(A), Definition->getBody())
                    .empty();
    --Depth;
    return Read;
  }
  return false;
}

/// Through any other parent.
Step throughOther(const Stmt *P, const Expr *&Current, VariableUse &Use) {
  // Parentheses and opaque values stand for what they hold, and so do
  // std::forward and std::move (casts).
  if (isa<ParenExpr, OpaqueValueExpr>(P) ||
      (isa<Expr>(P) && forwardedArgument(cast<Expr>(P)) == Current)) {
    Current = cast<Expr>(P);
    return Step::Climb;
  }
  if (const auto *Call = dyn_cast<CallExpr>(P);
      Call && forwardedOnlyToReads(Call, Current))
    return Step::Stop;
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(P)) {
    if (Sub->getBase()->IgnoreParenImpCasts() != Current->IgnoreParenImpCasts())
      return Step::Stop; // the variable is the index: read
    Current = Sub;
    Use.At = Sub;
    Use.Part = true;
    return Step::Climb;
  }
  // sizeof(v) is not evaluated.
  if (isa<UnaryExprOrTypeTraitExpr>(P))
    return Step::Stop;
  if (const auto *Lambda = dyn_cast<LambdaExpr>(P))
    return throughCapture(Lambda, Current, Use);
  // What clang could not type: an operation on a __shared__ object it
  // rejected reads it (the engine reports that operation as unknown,
  // RejectedSharedObjects.h); anything else may change what it names.
  if (isa<RecoveryExpr>(P)) {
    const auto *VD = dyn_cast<VarDecl>(Use.Ref->getDecl());
    if (!VD || !VD->hasAttr<CUDASharedAttr>())
      Use.Kind = UseKind::MayChange;
    return Step::Stop;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(P)) {
    // A copy through a const reference (dim3's implicit copy constructor).
    const CXXConstructorDecl *C = Construct->getConstructor();
    if (!C->isCopyOrMoveConstructor() || C->getNumParams() < 1 ||
        !C->getParamDecl(0)->getType().getNonReferenceType().isConstQualified())
      Use.Kind = UseKind::MayChange;
    return Step::Stop;
  }
  Use.Kind = UseKind::MayChange;
  if (isa<Expr>(P))
    Use.At = cast<Expr>(P);
  return Step::Stop;
}

} // namespace

VariableUse classifyUse(const DeclRefExpr *Ref,
                        llvm::ArrayRef<const Stmt *> Parents) {
  VariableUse Use{Ref, UseKind::Read, Ref, nullptr};
  // A const object (threadIdx, a constant) cannot change.
  QualType T = Ref->getDecl()->getType();
  if (T.isConstQualified() && !T->isReferenceType())
    return Use;
  const Expr *Current = Ref;
  for (size_t I = Parents.size(); I > 0; --I) {
    const Stmt *P = Parents[I - 1];
    Step S;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P))
      S = throughCast(Cast, I >= 2 ? Parents[I - 2] : nullptr, Current, Use);
    else if (const auto *Member = dyn_cast<MemberExpr>(P))
      S = throughMember(Member, Current, Use);
    else if (isa<BinaryOperator, UnaryOperator, CXXOperatorCallExpr>(P))
      S = throughOperator(P, Current, Use);
    else
      S = throughOther(P, Current, Use);
    if (S == Step::Stop)
      return Use;
  }
  return Use;
}

/// The changing uses of every variable in one statement, in source order.
struct StatementUses {
  std::vector<std::pair<const VarDecl *, VariableUse>> Uses;
  llvm::DenseMap<const VarDecl *, std::vector<unsigned>> ByVariable;
};

using ParentMap = llvm::DenseMap<const Stmt *, const Stmt *>;

struct BodyIndexScope::Index {
  llvm::DenseMap<const Stmt *, std::unique_ptr<StatementUses>> Statements;
  llvm::DenseMap<const Stmt *, std::unique_ptr<ParentMap>> Parents;
};

namespace {

thread_local BodyIndexScope::Index *CurrentIndex = nullptr;

void collectUses(const Stmt *S, StatementUses &Out) {
  std::vector<const Stmt *> Parents;
  walkWithParents(S, Parents,
                  [&](const DeclRefExpr *Ref, llvm::ArrayRef<const Stmt *> P) {
                    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
                    if (!VD)
                      return;
                    VariableUse Use = classifyUse(Ref, P);
                    if (Use.Kind == UseKind::Read)
                      return;
                    Out.ByVariable[VD].push_back(Out.Uses.size());
                    Out.Uses.push_back({VD, Use});
                  });
}

/// S's changing uses: from the thread's index, else walked now into Local.
const StatementUses &usesIn(const Stmt *S, StatementUses &Local) {
  if (!CurrentIndex) {
    collectUses(S, Local);
    return Local;
  }
  auto &Slot = CurrentIndex->Statements[S];
  if (!Slot) {
    Slot = std::make_unique<StatementUses>();
    collectUses(S, *Slot);
  }
  return *Slot;
}

} // namespace

BodyIndexScope::BodyIndexScope()
    : Own(std::make_unique<Index>()), Saved(CurrentIndex) {
  CurrentIndex = Own.get();
}

BodyIndexScope::~BodyIndexScope() { CurrentIndex = Saved; }

const ParentMap *BodyIndexScope::parentsUnder(const Stmt *Root) {
  if (!CurrentIndex || !Root)
    return nullptr;
  auto &Slot = CurrentIndex->Parents[Root];
  if (!Slot) {
    Slot = std::make_unique<ParentMap>();
    // The first parent a depth-first walk meets, as pathTo's walk would.
    std::vector<const Stmt *> Stack{Root};
    while (!Stack.empty()) {
      const Stmt *S = Stack.back();
      Stack.pop_back();
      std::vector<const Stmt *> Children;
      for (const Stmt *Child : S->children())
        if (Child && Child != Root && Slot->try_emplace(Child, S).second)
          Children.push_back(Child);
      Stack.insert(Stack.end(), Children.rbegin(), Children.rend());
    }
  }
  return Slot.get();
}

void forEachReference(
    const Stmt *S,
    llvm::function_ref<void(const DeclRefExpr *, llvm::ArrayRef<const Stmt *>)>
        Visit) {
  std::vector<const Stmt *> Parents;
  walkWithParents(S, Parents, Visit);
}

std::vector<VariableUse> changingUses(const VarDecl *VD, const Stmt *S) {
  std::vector<VariableUse> Out;
  if (!S)
    return Out;
  StatementUses Local;
  const StatementUses &Uses = usesIn(S, Local);
  if (auto It = Uses.ByVariable.find(VD); It != Uses.ByVariable.end())
    for (unsigned I : It->second)
      Out.push_back(Uses.Uses[I].second);
  return Out;
}

bool mayChange(const VarDecl *VD, const Stmt *S, ASTContext *Ctx,
               const Stmt *Except) {
  if (!S)
    return false;
  bool Unsettled = false;
  bool Changed = false;
  if (!Except) {
    for (const VariableUse &Use : changingUses(VD, S)) {
      if (Use.Kind == UseKind::MayChange && Ctx)
        Unsettled = true;
      else
        Changed = true;
    }
  } else {
    std::vector<const Stmt *> Parents;
    walkWithParents(
        S, Parents,
        [&](const DeclRefExpr *Ref, llvm::ArrayRef<const Stmt *> P) {
          if (Changed || Ref->getDecl() != VD || llvm::is_contained(P, Except))
            return;
          if (classifyUse(Ref, P).Kind != UseKind::Read)
            Changed = true;
        });
  }
  if (Changed || !Unsettled)
    return Changed;
  // Calls and methods: clang's analysis follows the parameter types.
  return ExprMutationAnalyzer(*S, *Ctx).isMutated(VD);
}

bool onlyElementsRead(const VarDecl *VD, const Stmt *S) {
  bool Ok = true;
  std::vector<const Stmt *> Parents;
  walkWithParents(
      S, Parents, [&](const DeclRefExpr *Ref, llvm::ArrayRef<const Stmt *> P) {
        if (!Ok || Ref->getDecl() != VD)
          return;
        // sizeof(T) is not evaluated.
        if (llvm::any_of(P, [](const Stmt *S) {
              return isa<UnaryExprOrTypeTraitExpr>(S);
            }))
          return;
        // The array itself must be subscripted, then read.
        const auto *Decay =
            P.empty() ? nullptr : dyn_cast<ImplicitCastExpr>(P.back());
        if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay ||
            P.size() < 2 || !isa<ArraySubscriptExpr>(P[P.size() - 2]))
          Ok = false;
        else
          Ok = classifyUse(Ref, P).Kind == UseKind::Read;
      });
  return Ok;
}

void forEachChangingUse(
    const Stmt *S,
    llvm::function_ref<void(const VarDecl *, const VariableUse &)> Visit) {
  if (!S)
    return;
  StatementUses Local;
  for (const auto &[VD, Use] : usesIn(S, Local).Uses)
    Visit(VD, Use);
}

std::vector<const VarDecl *> changedVariables(const Stmt *S) {
  std::vector<const VarDecl *> Out;
  forEachChangingUse(S, [&](const VarDecl *VD, const VariableUse &) {
    if (!llvm::is_contained(Out, VD))
      Out.push_back(VD);
  });
  return Out;
}

} // namespace warpcheck
