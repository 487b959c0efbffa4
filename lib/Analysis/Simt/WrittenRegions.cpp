//===--- WrittenRegions.cpp - What code may write in per-thread objects ---===//
//
// A walk over the statement that classifies every lvalue it writes, every
// address it lets go and every call it makes; calls are followed into their
// bodies (summaries per function, parameters and `this` as roots).
//
//===----------------------------------------------------------------------===//
#include "WrittenRegions.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {
namespace simt {

void RootWrites::add(int64_t Off, uint64_t Size) {
  if (Whole)
    return;
  if (Size == 0 || Ranges.size() >= 64) {
    Whole = true;
    return;
  }
  for (const auto &R : Ranges)
    if (R.first <= Off && Off + int64_t(Size) <= R.first + int64_t(R.second))
      return;
  Ranges.push_back({Off, Size});
}

void RootWrites::addShifted(const RootWrites &W, int64_t From) {
  if (W.Whole) {
    Whole = true;
    return;
  }
  for (const auto &R : W.Ranges)
    add(From + R.first, R.second);
}

namespace {

/// Where an lvalue or a pointer lies: in the object a root designates, at a
/// byte offset when Precise.
struct Place {
  /// Elsewhere: memory no per-thread object lives in (a global).
  enum Kind { Var, This, Elsewhere, Unresolved } K = Unresolved;
  const VarDecl *V = nullptr;
  bool Precise = false;
  /// Somewhere in [Off, Off + Size): an element of an array at an index
  /// not known (in bounds, as the language requires).
  bool Span = false;
  int64_t Off = 0;
  uint64_t Size = 0;
};

constexpr unsigned MaxCallDepth = 8;

/// A callee whose body is the code that runs.
const FunctionDecl *followable(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isInvalidDecl())
    return nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def))
    if (MD->isVirtual())
      return nullptr; // another override may run
  return Def;
}

/// A parameter or object whose callee cannot write through it.
bool readOnly(QualType Pointee) {
  if (!Pointee.isConstQualified())
    return false;
  const auto *RD = Pointee->getAsCXXRecordDecl();
  return !RD || !RD->hasMutableFields();
}

/// The byte offset of the base a derived-to-base cast reaches; nullopt
/// through a virtual base.
std::optional<int64_t> baseOffset(ASTContext &Ctx, const CastExpr *Cast) {
  QualType From = Cast->getSubExpr()->getType();
  if (From->isPointerType())
    From = From->getPointeeType();
  const CXXRecordDecl *Cur = From->getAsCXXRecordDecl();
  int64_t Off = 0;
  for (const CXXBaseSpecifier *Spec : Cast->path()) {
    const CXXRecordDecl *Base = Spec->getType()->getAsCXXRecordDecl();
    if (!Cur || !Base || Spec->isVirtual() || Cur->isInvalidDecl())
      return std::nullopt;
    Off += Ctx.getASTRecordLayout(Cur).getBaseClassOffset(Base).getQuantity();
    Cur = Base;
  }
  return Off;
}

bool isDerivedToBase(const CastExpr *Cast) {
  return Cast->getCastKind() == CK_DerivedToBase ||
         Cast->getCastKind() == CK_UncheckedDerivedToBase;
}

} // namespace

class RegionWalker {
public:
  RegionWalker(WrittenRegions &WR, WriteSet &Out, unsigned Depth)
      : WR(WR), Ctx(WR.Ctx), Out(Out), Depth(Depth) {}

  void walk(const Stmt *S);
  /// A constructor's member initializer: a reference or pointer member
  /// keeps the address it is given, to be written through later.
  void initializer(const CXXCtorInitializer *Init);
  /// What the returned reference or pointer designates, over every return.
  WrittenRegions::Returned returnedPlace(const FunctionDecl *FD) const;
  /// Roots the walk saw declared or rebound: their target is not the one the
  /// engine sees before the code runs.
  llvm::SmallPtrSet<const VarDecl *, 8> Declared, Rebound;

private:
  WrittenRegions &WR;
  ASTContext &Ctx;
  WriteSet &Out;
  unsigned Depth;
  llvm::SmallVector<const Expr *, 2> Returns;

  uint64_t sizeOf(QualType T) const {
    if (T->isIncompleteType() || T->isDependentType())
      return 0;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }
  Place region(const Expr *E);
  /// A variable's place; a reference this code binds is what it was bound
  /// to.
  Place varPlace(const VarDecl *V);
  /// Through a cast: a base class moves the place, any other cast but a
  /// no-op makes it imprecise (a reinterpretation).
  void shiftToBase(Place &P, const CastExpr *Cast) {
    if (Cast->getCastKind() == CK_NoOp || (P.Span && isDerivedToBase(Cast)))
      return;
    std::optional<int64_t> Off =
        isDerivedToBase(Cast) ? baseOffset(Ctx, Cast) : std::nullopt;
    if (Off)
      P.Off += *Off;
    else
      P.Precise = false;
  }
  Place pointee(const Expr *E);
  /// What a call returning a reference or a pointer designates.
  Place returned(const CallExpr *C);
  RootWrites *rootOf(const Place &P);
  void write(const Place &P, uint64_t Size);
  void writeShifted(const Place &P, const RootWrites &W);
  void escape(const Place &P) { writeShifted(P, wholeWrites()); }
  static RootWrites wholeWrites() {
    RootWrites W;
    W.Whole = true;
    return W;
  }
  void walkAddressOperand(const Expr *E);
  void call(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args,
            const Expr *Object, bool ObjectIsPointer);
  void lambda(const LambdaExpr *L);
  static bool isCallLike(const Stmt *S) {
    return isa<CallExpr>(S) || isa<CXXConstructExpr>(S);
  }
  bool walkCall(const Stmt *S);
  /// An aggregate's reference members bound to what the list gives them.
  void referenceMembers(const InitListExpr *IL);
};

Place RegionWalker::region(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    Place P = region(Cast->getSubExpr());
    shiftToBase(P, Cast);
    return P;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *B = dyn_cast<BindingDecl>(Ref->getDecl()))
      return B->getBinding() ? region(B->getBinding()) : Place();
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return varPlace(V);
    return Place();
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    // Either arm: both are let go (written anywhere), nothing is left to
    // place.
    escape(region(CO->getTrueExpr()));
    escape(region(CO->getFalseExpr()));
    Place P;
    P.K = Place::Elsewhere;
    return P;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return region(BO->getRHS());
    if (BO->getOpcode() == BO_PtrMemD || BO->getOpcode() == BO_PtrMemI) {
      // A member named by a pointer to member: somewhere in the object.
      Place P = BO->getOpcode() == BO_PtrMemD ? region(BO->getLHS())
                                              : pointee(BO->getLHS());
      P.Precise = false;
      return P;
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F || F->getType()->isReferenceType() ||
        F->getParent()->isInvalidDecl())
      return Place(); // a static member, or a reference member's referee
    Place P = ME->isArrow() ? pointee(ME->getBase()) : region(ME->getBase());
    if (F->isBitField())
      P.Precise = false;
    if (P.Precise && !P.Span) {
      P.Off += int64_t(Ctx.getFieldOffset(F) / 8);
      P.Size = sizeOf(F->getType());
    }
    return P;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Place P = pointee(AS->getBase());
    Expr::EvalResult Index;
    uint64_t Elem = sizeOf(AS->getType());
    if (!P.Precise || P.Span)
      return P;
    const Expr *Base = AS->getBase()->IgnoreParens();
    const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
    bool OfArray = Decay && Decay->getCastKind() == CK_ArrayToPointerDecay &&
                   Decay->getSubExpr()->getType()->isConstantArrayType();
    if (!AS->getIdx()->isValueDependent() &&
        AS->getIdx()->EvaluateAsInt(Index, Ctx) && Elem) {
      int64_t I = Index.Val.getInt().getExtValue();
      if (OfArray && (I < 0 || uint64_t(I + 1) * Elem > P.Size))
        P.Precise = false; // out of the row: anywhere in the object
      else
        P.Off += I * int64_t(Elem), P.Size = Elem;
    } else if (OfArray) {
      P.Span = true; // P covers the array: one of its elements
    } else {
      P.Precise = false;
    }
    return P;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref) {
    Place P = pointee(UO->getSubExpr());
    if (!P.Span)
      P.Size = sizeOf(UO->getType());
    return P;
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return returned(C);
  return Place(); // a temporary, a conditional lvalue
}

Place RegionWalker::varPlace(const VarDecl *V) {
  Place P;
  if (V->getType()->isReferenceType() && Declared.count(V) &&
      !isa<ParmVarDecl>(V) && V->getInit()) {
    // A lifetime-extended temporary is no object the engine names.
    const Expr *Init = V->getInit()->IgnoreParens();
    if (isa<MaterializeTemporaryExpr>(Init)) {
      P.K = Place::Elsewhere;
      return P;
    }
    return region(Init);
  }
  P.K = Place::Var;
  P.V = V;
  P.Precise = true;
  P.Size = sizeOf(V->getType().getNonReferenceType());
  return P;
}

Place RegionWalker::pointee(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue: {
      // A pointer variable; a pointer loaded from memory is unresolved.
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens());
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!V || !V->getType()->isPointerType())
        return Place();
      Place P;
      P.K = Place::Var;
      P.V = V;
      P.Precise = true;
      return P;
    }
    case CK_ArrayToPointerDecay:
      return region(Cast->getSubExpr());
    default: {
      Place P = pointee(Cast->getSubExpr());
      shiftToBase(P, Cast);
      return P;
    }
    }
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return returned(C);
  if (isa<CXXThisExpr>(E)) {
    Place P;
    P.K = Place::This;
    P.Precise = true;
    return P;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    return region(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
    Place P = pointee(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                               : BO->getRHS());
    P.Precise = false;
    return P;
  }
  return Place();
}

Place RegionWalker::returned(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  const FunctionDecl *Def = Depth < MaxCallDepth ? followable(FD) : nullptr;
  if (!Def)
    return Place();
  const WrittenRegions::Returned R = WR.summaryOf(Def, Depth + 1).Returns;
  Place P;
  P.K = R.K == WrittenRegions::Returned::Elsewhere ? Place::Elsewhere
                                                   : Place::Unresolved;
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(C);
  const auto *OpMD = Op ? dyn_cast<CXXMethodDecl>(FD) : nullptr;
  bool OpMethod = OpMD && OpMD->isImplicitObjectMemberFunction();
  if (R.K == WrittenRegions::Returned::This) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (ME)
        P = ME->isArrow() ? pointee(ME->getBase()) : region(ME->getBase());
    } else if (OpMethod && Op->getNumArgs() > 0) {
      P = region(Op->getArg(0));
    }
  } else if (R.K == WrittenRegions::Returned::Param) {
    unsigned I = R.Index + (OpMethod ? 1 : 0);
    if (I < C->getNumArgs()) {
      const Expr *Arg = C->getArg(I);
      P = Arg->getType()->isPointerType() ? pointee(Arg) : region(Arg);
    }
  }
  // Somewhere in the range the callee's returns reach.
  if (P.Precise && R.Precise && !P.Span) {
    P.Off += R.Off;
    P.Size = R.Size;
    P.Span = true;
  } else {
    P.Precise = false;
  }
  return P;
}

WrittenRegions::Returned
RegionWalker::returnedPlace(const FunctionDecl *FD) const {
  using R = WrittenRegions::Returned;
  QualType T = FD->getReturnType();
  R Result;
  Result.K = R::Unresolved;
  if (!T->isReferenceType() && !T->isPointerType())
    return Result;
  auto *Self = const_cast<RegionWalker *>(this);
  bool First = true;
  for (const Expr *E : Returns) {
    Place P = T->isReferenceType() ? Self->region(E) : Self->pointee(E);
    R One;
    One.K = R::Unresolved;
    One.Precise = P.Precise && P.Size;
    One.Off = P.Off;
    One.Size = P.Size;
    if (P.K == Place::This) {
      One.K = R::This;
    } else if (P.K == Place::Elsewhere ||
               (P.K == Place::Var && P.V->hasGlobalStorage())) {
      One.K = R::Elsewhere;
    } else if (P.K == Place::Var) {
      const auto *Parm = dyn_cast<ParmVarDecl>(P.V);
      QualType PT = P.V->getType();
      if (Parm && Parm->getDeclContext() == FD &&
          (PT->isReferenceType() || PT->isPointerType())) {
        One.K = R::Param;
        One.Index = Parm->getFunctionScopeIndex();
      }
    }
    if (!First && (One.K != Result.K || One.Index != Result.Index))
      One.K = R::Unresolved;
    if (!First && One.Precise && Result.Precise) {
      int64_t End = std::max(One.Off + int64_t(One.Size),
                             Result.Off + int64_t(Result.Size));
      One.Off = std::min(One.Off, Result.Off);
      One.Size = uint64_t(End - One.Off);
    } else if (!First) {
      One.Precise = false;
    }
    Result = One;
    First = false;
    if (Result.K == R::Unresolved)
      return Result;
  }
  return Result;
}

RootWrites *RegionWalker::rootOf(const Place &P) {
  if (P.K == Place::Unresolved) {
    Out.Unresolved = true;
    return nullptr;
  }
  if (P.K == Place::Elsewhere)
    return nullptr;
  return P.K == Place::This ? &Out.This : &Out.Vars[P.V];
}

void RegionWalker::write(const Place &P, uint64_t Size) {
  if (RootWrites *W = rootOf(P)) {
    if (P.Precise)
      W->add(P.Off, Size && !P.Span ? Size : P.Size);
    else
      W->Whole = true;
  }
}

void RegionWalker::writeShifted(const Place &P, const RootWrites &W) {
  if (W.empty())
    return;
  if (RootWrites *To = rootOf(P)) {
    if (!P.Precise || W.Whole)
      To->Whole = true;
    else if (P.Span)
      To->add(P.Off, P.Size); // relative to an element: any of them
    else
      To->addShifted(W, P.Off);
  }
}

/// Walks what an address operand computes, without counting the address
/// itself as let go (the caller accounted for it).
void RegionWalker::walkAddressOperand(const Expr *E) {
  const Expr *Bare = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(Bare);
      UO && UO->getOpcode() == UO_AddrOf) {
    walk(UO->getSubExpr());
    return;
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Bare);
      Cast && Cast->getCastKind() == CK_ArrayToPointerDecay) {
    walk(Cast->getSubExpr());
    return;
  }
  walk(E);
}

void RegionWalker::call(const FunctionDecl *FD,
                        llvm::ArrayRef<const Expr *> Args, const Expr *Object,
                        bool ObjectIsPointer) {
  Out.Calls = true;
  const FunctionDecl *Def = Depth < MaxCallDepth ? followable(FD) : nullptr;
  const WrittenRegions::Summary *S =
      Def ? &WR.summaryOf(Def, Depth + 1) : nullptr;
  if (S && S->Unresolved) {
    // The callee lets some address go: what it was handed is written
    // anywhere.
    Out.Unresolved = true;
    S = nullptr;
  }
  if (S)
    for (const auto &[V, W] : S->Outer)
      Out.Vars[V].addShifted(W, 0);
  if (Object) {
    Place P = ObjectIsPointer ? pointee(Object) : region(Object);
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    bool ConstCall =
        MD && MD->isConst() && readOnly(MD->getFunctionObjectParameterType());
    if (S)
      writeShifted(P, S->This);
    else if (!ConstCall)
      escape(P);
    walkAddressOperand(Object);
  }
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *Arg = Args[I];
    QualType PT = FD && I < FD->getNumParams() ? FD->getParamDecl(I)->getType()
                                               : Arg->getType();
    // Through a function pointer the parameter types are not looked at: a
    // glvalue argument is bound to a reference.
    bool ByRef = Arg->isGLValue() && (!FD || PT->isReferenceType());
    bool ByPtr = !ByRef && Arg->getType()->isPointerType();
    if (!ByRef && !ByPtr) {
      walk(Arg);
      continue;
    }
    Place P = ByRef ? region(Arg) : pointee(Arg);
    QualType Pointee =
        ByRef ? PT.getNonReferenceType() : Arg->getType()->getPointeeType();
    if (S && I < S->Params.size())
      writeShifted(P, S->Params[I]);
    else if (!readOnly(Pointee))
      escape(P);
    walkAddressOperand(Arg);
  }
}

void RegionWalker::referenceMembers(const InitListExpr *IL) {
  if (const InitListExpr *Sem = IL->getSemanticForm())
    IL = Sem;
  const auto *RD = IL->getType()->getAsRecordDecl();
  if (!RD || RD->isUnion())
    return;
  unsigned I = 0;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    I = CRD->getNumBases(); // C++17 aggregates list their bases first
  for (const FieldDecl *F : RD->fields()) {
    if (I >= IL->getNumInits())
      break;
    const Expr *E = IL->getInit(I++);
    if (F->getType()->isReferenceType() && E && E->isGLValue())
      escape(region(E));
  }
}

void RegionWalker::lambda(const LambdaExpr *L) {
  // Captured by reference: the closure may write it whenever it is called.
  for (const LambdaCapture &C : L->captures()) {
    const auto *Init =
        C.capturesVariable() ? dyn_cast<VarDecl>(C.getCapturedVar()) : nullptr;
    if (Init && Init->isInitCapture()) {
      // `[&r = a]`: a reference member bound to a.
      if (Init->getType()->isReferenceType() && Init->getInit() &&
          Init->getInit()->isGLValue())
        escape(region(Init->getInit()));
      continue;
    }
    if (C.capturesThis()) {
      Out.This.Whole = true;
    } else if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef) {
      if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
        escape(varPlace(V));
      else if (const auto *B = dyn_cast<BindingDecl>(C.getCapturedVar()))
        escape(B->getBinding() ? region(B->getBinding()) : Place());
    }
  }
  for (const Expr *Init : L->capture_inits())
    if (Init)
      walk(Init);
}

/// A call, an overloaded operator or a construction: what the callee may
/// write through what it is handed. False where nothing is left to do but
/// walk the children (a trivial constructor).
bool RegionWalker::walkCall(const Stmt *S) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    const auto *FD = Op->getDirectCallee();
    llvm::SmallVector<const Expr *, 4> Args(Op->arg_begin(), Op->arg_end());
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
        MD && !Args.empty() && MD->isImplicitObjectMemberFunction()) {
      if (MD->isTrivial() &&
          (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
        write(region(Args[0]), sizeOf(Args[0]->getType()));
        walkAddressOperand(Args[0]);
        for (unsigned I = 1; I < Args.size(); ++I)
          walk(Args[I]);
        Out.Calls = true;
        return true;
      }
      call(FD, llvm::ArrayRef(Args).drop_front(), Args[0], false);
      return true;
    }
    walk(Op->getCallee());
    call(FD, Args, nullptr, false);
    return true;
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    llvm::SmallVector<const Expr *, 4> Args(MC->arg_begin(), MC->arg_end());
    if (ME) {
      call(MC->getDirectCallee(), Args, ME->getBase(), ME->isArrow());
      return true;
    }
    // A pointer to member function: which one is not known; the object is
    // handed to it.
    if (const auto *PM =
            dyn_cast<BinaryOperator>(MC->getCallee()->IgnoreParens())) {
      escape(PM->getOpcode() == BO_PtrMemI ? pointee(PM->getLHS())
                                           : region(PM->getLHS()));
      walk(PM->getLHS());
      walk(PM->getRHS());
    } else {
      walk(MC->getCallee());
      Out.Unresolved = true;
    }
    call(nullptr, Args, nullptr, false);
    return true;
  } else if (const auto *C = dyn_cast<CallExpr>(S)) {
    walk(C->getCallee());
    llvm::SmallVector<const Expr *, 4> Args(C->arg_begin(), C->arg_end());
    call(C->getDirectCallee(), Args, nullptr, false);
    return true;
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (Ctor && Ctor->isTrivial()) {
      // A trivial copy reads its source; a trivial default does nothing.
    } else {
      llvm::SmallVector<const Expr *, 4> Args(CE->arg_begin(), CE->arg_end());
      call(Ctor, Args, nullptr, false);
      return true;
    }
  }
  return false;
}

void RegionWalker::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S); E && E->containsErrors()) {
    // Code clang could not type: every variable it names may be written.
    Out.Unresolved = true;
    Out.Calls = true;
    for (const Stmt *Child : S->children())
      if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Child))
        escape(region(Ref));
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp()) {
    Place Target = region(BO->getLHS());
    write(Target, sizeOf(BO->getLHS()->getType()));
    if (BO->getLHS()->getType()->isPointerType() && Target.K == Place::Var)
      Rebound.insert(Target.V); // through a reference to it too
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp()) {
      Place Target = region(UO->getSubExpr());
      write(Target, sizeOf(UO->getSubExpr()->getType()));
      if (UO->getSubExpr()->getType()->isPointerType() &&
          Target.K == Place::Var)
        Rebound.insert(Target.V);
    } else if (UO->getOpcode() == UO_AddrOf) {
      escape(region(UO->getSubExpr())); // the address may be written through
    }
  } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
             Cast && Cast->getCastKind() == CK_ArrayToPointerDecay) {
    escape(region(Cast->getSubExpr()));
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    walkAddressOperand(AS->getBase()); // indexing is not letting go
    walk(AS->getIdx());
    return;
  } else if (isCallLike(S)) {
    if (walkCall(S))
      return;
  } else if (const auto *IL = dyn_cast<InitListExpr>(S)) {
    referenceMembers(IL);
  } else if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    lambda(L);
    return;
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        Declared.insert(V);
        // Writes through a reference bound here reach what it was bound to
        // (region() follows it).
        const Expr *Init = V->getInit();
        if (Init && V->getType()->isReferenceType())
          walkAddressOperand(Init);
        else if (Init)
          walk(Init);
      }
    return;
  } else if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (RS->getRetValue())
      Returns.push_back(RS->getRetValue());
  } else if (isa<AsmStmt>(S)) {
    Out.Asm = true;
    for (const Stmt *Child : S->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child); E && E->isGLValue())
        escape(region(E));
  }
  for (const Stmt *Child : S->children())
    walk(Child);
}

void RegionWalker::initializer(const CXXCtorInitializer *Init) {
  const Expr *E = Init->getInit();
  if (!E)
    return;
  const FieldDecl *F = Init->getAnyMember();
  QualType T = F ? F->getType() : QualType();
  if (!T.isNull() && T->isReferenceType() && E->isGLValue())
    escape(region(E));
  else if (!T.isNull() && T->isPointerType())
    escape(pointee(E));
  walk(E);
}

WrittenRegions::WrittenRegions(ASTContext &Ctx) : Ctx(Ctx) {}
WrittenRegions::~WrittenRegions() = default;

const WriteSet &WrittenRegions::writesIn(const Stmt *S) {
  auto It = Statements.find(S);
  if (It != Statements.end())
    return *It->second;
  auto Out = std::make_unique<WriteSet>();
  RegionWalker W(*this, *Out, 0);
  W.walk(S);
  // A pointer declared or rebound in S designates, when S runs, an object
  // the engine cannot name beforehand.
  for (auto &[V, Writes] : Out->Vars) {
    bool Indirect =
        V->getType()->isPointerType() || V->getType()->isReferenceType();
    if (Indirect && (W.Declared.count(V) || W.Rebound.count(V)))
      Out->Unresolved = true;
  }
  return *(Statements[S] = std::move(Out));
}

const WrittenRegions::Summary &WrittenRegions::summaryOf(const FunctionDecl *FD,
                                                         unsigned Depth) {
  auto It = Summaries.find(FD);
  if (It != Summaries.end())
    return *It->second;
  // Until it is known (a recursive call): anything through anything.
  auto Guard = std::make_unique<Summary>();
  Guard->Params.resize(FD->getNumParams());
  for (RootWrites &P : Guard->Params)
    P.Whole = true;
  Guard->This.Whole = true;
  Guard->Unresolved = true;
  Summaries[FD] = std::move(Guard);

  WriteSet Set;
  RegionWalker W(*this, Set, Depth);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      W.initializer(Init);
  W.walk(FD->getBody());

  auto S = std::make_unique<Summary>();
  S->Returns = W.returnedPlace(FD);
  S->Params.resize(FD->getNumParams());
  S->This = Set.This;
  S->Unresolved = Set.Unresolved;
  for (auto &[V, Writes] : Set.Vars) {
    const auto *P = dyn_cast<ParmVarDecl>(V);
    bool Indirect =
        V->getType()->isPointerType() || V->getType()->isReferenceType();
    if (P && P->getDeclContext() == FD) {
      if (!Indirect)
        continue; // the callee's own copy
      RootWrites &To = S->Params[P->getFunctionScopeIndex()];
      To = Writes;
      if (W.Rebound.count(V)) {
        To.Whole = true;
        S->Unresolved = true;
      }
      continue;
    }
    if (V->hasGlobalStorage() ||
        (!Indirect && V->isLocalVarDecl() && W.Declared.count(V)))
      continue; // a global, or the callee's own object
    const DeclContext *Owner = V->getParentFunctionOrMethod();
    if (!W.Declared.count(V) && Owner && Owner != FD) {
      // A lambda's capture: the caller's variable itself.
      S->Outer[V].addShifted(Writes, 0);
      continue;
    }
    S->Unresolved = true; // a local alias
  }
  return *(Summaries[FD] = std::move(S));
}

} // namespace simt
} // namespace warpcheck
