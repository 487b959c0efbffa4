//===--- FieldWrites.cpp - Every value a program stores in a field --------===//

#include "Host/FieldWrites.h"
#include "Host/DeviceWarpSize.h"
#include "Host/HostSyntax.h"
#include "Host/HostValue.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

#include <set>

using namespace clang;

namespace warpcheck {
namespace {

/// The record T is, or the element record of an array of them.
const RecordDecl *recordOf(QualType T) {
  T = T.getNonReferenceType();
  while (const auto *A = T->getAsArrayTypeUnsafe())
    T = A->getElementType();
  const RecordDecl *RD = T->getAsRecordDecl();
  return RD ? RD->getDefinition() : nullptr;
}

class Collector {
public:
  Collector(const ASTContext &Ctx, HostEvaluator &Eval)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Eval(Eval) {}

  FieldWrites run() {
    walkDecl(Ctx.getTranslationUnitDecl());
    return std::move(Out);
  }

private:
  const ASTContext &Ctx;
  const SourceManager &SM;
  HostEvaluator &Eval;
  FieldWrites Out;
  const FunctionDecl *In = nullptr;
  bool InTemplate = false;

  /// A member named Name in a template's body that may be stored into:
  /// every field of that name may hold anything.
  void dependent(llvm::StringRef Name, const Stmt *Parent, SourceLocation At) {
    if (Parent) {
      if (const auto *BO = dyn_cast<BinaryOperator>(Parent);
          BO && !BO->isAssignmentOp())
        return;
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent);
          Cast && Cast->getCastKind() == CK_LValueToRValue)
        return;
    }
    FieldWrite &W = Out[anyFieldKey(Name)];
    if (W.Unknown.empty())
      W.Unknown =
          "'" + Name.str() + "' may be changed in a template at " + at(At);
  }

  std::string at(SourceLocation Loc) const { return locationText(Loc, SM); }

  bool inSystem(SourceLocation Loc) const {
    return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
  }

  // Kept by the field's name too: the same record may be spelled apart in
  // another file (a C file, another nesting), and any field of that name
  // counts for it.
  void unknown(const FieldDecl *F, const std::string &Why) {
    for (const std::string &Key : {fieldKey(F), anyFieldKey(F->getName())}) {
      FieldWrite &W = Out[Key];
      if (W.Unknown.empty())
        W.Unknown = Why;
    }
  }

  void value(const FieldDecl *F, int64_t V, const std::string &Via) {
    for (const std::string &Key : {fieldKey(F), anyFieldKey(F->getName())}) {
      FieldWrite &W = Out[Key];
      if (llvm::none_of(W.Values,
                        [V](const auto &Old) { return Old.first == V; }))
        W.Values.push_back({V, Via});
    }
  }

  /// A function other files may call that hands out a changeable object of
  /// a record (`device_info &get_info_mut();`), or such a global: any file
  /// may store anything into it, unseen.
  void handsOut(const NamedDecl *D, QualType T) {
    if (!D->isExternallyVisible())
      return;
    bool Changeable = false;
    if (T->isReferenceType() || T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      Changeable = !Pointee.isConstQualified();
      T = Pointee;
    } else if (isa<VarDecl>(D)) {
      Changeable = !T.isConstQualified();
    }
    if (const RecordDecl *RD = recordOf(T); RD && Changeable)
      allFields(RD, false,
                "'" + D->getNameAsString() + "' at " + at(D->getLocation()) +
                    " hands out a changeable '" + RD->getNameAsString() +
                    "' to other files",
                0, /*Clobbered=*/true);
  }

  /// A call of a function whose body this file does not show (declared
  /// here, defined elsewhere or nowhere read; or through a pointer) that is
  /// handed an object changeable (`void tune(Cfg &c); tune(d);`): it may
  /// store anything into the object's fields.
  void bodyless(const CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && (Callee->hasBody() || inSystem(Callee->getLocation())))
      return;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      QualType T = Call->getArg(I)->getType();
      QualType Param;
      if (Callee && I < Callee->getNumParams())
        Param = Callee->getParamDecl(I)->getType();
      // A record passed by value is a copy; by pointer or reference, the
      // object itself unless the parameter is to const.
      const RecordDecl *RD = nullptr;
      if (T->isPointerType() && !T->getPointeeType().isConstQualified())
        RD = recordOf(T->getPointeeType());
      else if (Call->getArg(I)->isLValue() &&
               (Param.isNull() ? !T.isConstQualified()
                               : Param->isReferenceType() &&
                                     !Param.getNonReferenceType()
                                          .isConstQualified()))
        RD = recordOf(T);
      if (!Param.isNull() && !Param->isPointerType() &&
          !Param->isReferenceType())
        RD = nullptr;
      if (RD)
        allFields(RD, false,
                  "'" + RD->getNameAsString() + "' is handed changeable at " +
                      at(Call->getBeginLoc()) + " to " +
                      (Callee ? "'" + Callee->getNameAsString() + "'"
                              : std::string("a call through a pointer")) +
                      ", whose body is not read",
                  0, /*Clobbered=*/true);
    }
  }

  /// Every followable field of RD and of the records it holds by value:
  /// zero (Zero) or unknown with Why.
  /// Clobbered: its memory is written as bytes, members with an
  /// initializer included.
  void allFields(const RecordDecl *RD, bool Zero, const std::string &Via,
                 unsigned Depth = 0, bool Clobbered = false) {
    if (!RD || Depth > 8)
      return;
    for (const FieldDecl *F : RD->fields()) {
      // A member with an initializer gets it (read at its declaration).
      if (F->hasInClassInitializer() && !Clobbered)
        continue;
      if (const RecordDecl *Inner = recordOf(F->getType())) {
        allFields(Inner, Zero, Via, Depth + 1, Clobbered);
        continue;
      }
      if (!followableField(F, Ctx))
        continue;
      Zero ? value(F, 0, Via) : unknown(F, Via);
    }
  }

  /// A store of E into F at Loc.
  void store(const FieldDecl *F, const Expr *E, SourceLocation Loc) {
    if (!followableField(F, Ctx))
      return;
    if (InTemplate) {
      unknown(F, "'" + F->getNameAsString() + "' is stored in a template at " +
                     at(Loc));
      return;
    }
    // A function other files may call: its parameters are theirs too.
    if (In && In->isExternallyVisible() && In->getNumParams() > 0 &&
        !evaluateInt(E, Ctx)) {
      std::string Via;
      if (!deviceWarpSize(E, Ctx, Via)) {
        unknown(F, "'" + F->getNameAsString() + "' is set at " + at(Loc) +
                       " in '" + In->getNameAsString() +
                       "', which other files may call");
        return;
      }
    }
    if (isa<ImplicitValueInitExpr>(E->IgnoreParenImpCasts())) {
      value(F, 0, at(Loc) + ": zero-initialized");
      return;
    }
    std::string Why;
    auto Values = Eval.ints(E, In, Why);
    if (!Values) {
      unknown(F, "'" + F->getNameAsString() + "' is set at " + at(Loc) +
                     " to " + notConstant(E, Ctx));
      return;
    }
    for (const auto &V : *Values)
      value(F, V.Value,
            at(Loc) + (V.Via.empty() ? std::string() : ": " + V.Via));
  }

  void walkDecl(const Decl *D) {
    if (!D || inSystem(D->getLocation()))
      return;
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!isa<CXXMethodDecl>(FD))
        handsOut(FD, FD->getReturnType());
      // Implicit members copy, move or default-construct (construct()).
      if (!FD->doesThisDeclarationHaveABody() || FD->isImplicit())
        return;
      // A template's own body: what it stores depends on its instances,
      // some of which other files may make.
      llvm::SaveAndRestore<bool> Pattern(
          InTemplate, InTemplate || FD->isDependentContext());
      const FunctionDecl *Saved = In;
      In = FD;
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
        constructor(Ctor);
      for (const ParmVarDecl *Param : FD->parameters())
        if (Param->hasDefaultArg() && !Param->hasUninstantiatedDefaultArg() &&
            !Param->hasUnparsedDefaultArg())
          walk(Param->getDefaultArg(), nullptr);
      walk(FD->getBody(), nullptr);
      In = Saved;
      return;
    }
    if (const auto *Field = dyn_cast<FieldDecl>(D)) {
      if (const Expr *Init = Field->getInClassInitializer()) {
        if (followableField(Field, Ctx))
          store(Field, Init, Field->getLocation());
        walk(Init, nullptr);
      }
      return;
    }
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      handsOut(VD, VD->getType());
      variable(VD);
    }
    if (const auto *Template = dyn_cast<ClassTemplateDecl>(D)) {
      for (const Decl *Spec : Template->specializations())
        walkDecl(Spec);
      return;
    }
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D)) {
      walkDecl(Template->getTemplatedDecl());
      for (const Decl *Spec : Template->specializations())
        walkDecl(Spec);
      return;
    }
    if (const auto *DC = dyn_cast<DeclContext>(D))
      for (const Decl *Child : DC->decls())
        walkDecl(Child);
  }

  /// A variable: left uninitialized on the stack, its fields are anything;
  /// with static storage, zero; its initializer is walked.
  void variable(const VarDecl *VD) {
    const RecordDecl *RD = recordOf(VD->getType());
    // `auto &[c, w] = d;`: the bindings name the fields.
    if (isa<DecompositionDecl>(VD) && RD)
      allFields(RD, false,
                "a structured binding at " + at(VD->getLocation()) +
                    " names its fields",
                0, /*Clobbered=*/true);
    if (RD && !VD->getType()->isReferenceType() && !VD->getInit())
      allFields(RD, !VD->hasLocalStorage(),
                VD->hasLocalStorage()
                    ? "'" + VD->getNameAsString() + "' at " +
                          at(VD->getLocation()) + " is not initialized"
                    : at(VD->getLocation()) + ": zero-initialized");
    if (VD->getType()->isLValueReferenceType() &&
        !VD->getType().getNonReferenceType().isConstQualified() &&
        VD->getInit())
      if (const auto *ME =
              dyn_cast<MemberExpr>(VD->getInit()->IgnoreParenImpCasts()))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          unknown(F, "a reference to '" + F->getNameAsString() + "' at " +
                         at(VD->getLocation()) + " may change it");
    if (const Expr *Init = VD->getInit())
      walk(Init, nullptr);
  }

  /// A user constructor: its member initializers store; a field it leaves
  /// without one (and without a default) may hold anything.
  void constructor(const CXXConstructorDecl *Ctor) {
    if (Ctor->isImplicit() || Ctor->isDefaulted())
      return;
    std::set<const FieldDecl *> Written;
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      // A base it initializes: its fields are not followed.
      if (Init->isBaseInitializer())
        if (const Type *Base = Init->getBaseClass())
          allFields(recordOf(QualType(Base, 0)), false,
                    "a base is initialized by the constructor at " +
                        at(Ctor->getLocation()),
                    0, /*Clobbered=*/true);
      const FieldDecl *F = Init->getMember();
      if (!F || !Init->isWritten())
        continue;
      Written.insert(F);
      store(F, Init->getInit(), Init->getSourceLocation());
      walk(Init->getInit(), nullptr);
    }
    for (const FieldDecl *F : Ctor->getParent()->fields()) {
      if (Written.count(F) || F->hasInClassInitializer())
        continue;
      std::string Why = "'" + F->getNameAsString() +
                        "' is not initialized by the constructor at " +
                        at(Ctor->getLocation());
      if (const RecordDecl *Inner = recordOf(F->getType()))
        allFields(Inner, false, Why);
      else if (followableField(F, Ctx))
        unknown(F, Why);
    }
  }

  /// A field read or changed at ME, whose parent expression is Parent.
  void member(const MemberExpr *ME, const Stmt *Parent) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F || !followableField(F, Ctx) || !Parent)
      return;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent);
        Cast && Cast->getCastKind() == CK_LValueToRValue)
      return; // read
    if (isa<UnaryExprOrTypeTraitExpr>(Parent))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Parent);
        BO && BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == ME) {
      if (BO->getOpcode() == BO_Assign)
        store(F, BO->getRHS(), BO->getOperatorLoc());
      else
        unknown(F, "'" + F->getNameAsString() + "' is changed at " +
                       at(BO->getOperatorLoc()));
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(Parent)) {
      // Bound to a `const T &` parameter: read.
      const FunctionDecl *Callee = Call->getDirectCallee();
      // `s(a, b)` of a member operator: argument 0 is the object.
      unsigned Skip = isa<CXXOperatorCallExpr>(Call) &&
                              isa_and_nonnull<CXXMethodDecl>(Callee)
                          ? 1
                          : 0;
      for (unsigned I = Skip; Callee && I < Call->getNumArgs(); ++I)
        if (Call->getArg(I)->IgnoreParens() == ME &&
            I - Skip < Callee->getNumParams()) {
          QualType T = Callee->getParamDecl(I - Skip)->getType();
          if (T->isReferenceType() &&
              T.getNonReferenceType().isConstQualified())
            return;
        }
    }
    unknown(F, "'" + F->getNameAsString() + "' at " + at(ME->getExprLoc()) +
                   " may be changed there");
  }

  /// A pointer to the memory of a record reached through another type.
  void cast(const CastExpr *C) {
    CastKind K = C->getCastKind();
    if (K != CK_BitCast && K != CK_LValueBitCast &&
        K != CK_LValueToRValueBitCast && K != CK_ReinterpretMemberPointer &&
        K != CK_IntegralToPointer)
      return;
    QualType From = C->getSubExpr()->getType(), To = C->getType();
    for (QualType T : {From, To}) {
      QualType Pointee =
          T->isPointerType() ? T->getPointeeType() : T.getNonReferenceType();
      if (const RecordDecl *RD = recordOf(Pointee))
        allFields(RD, false,
                  "the memory of '" + RD->getNameAsString() +
                      "' is reached through another type at " +
                      at(C->getExprLoc()),
                  0, /*Clobbered=*/true);
    }
  }

  void initList(const InitListExpr *List) {
    QualType T = List->getType();
    if (const RecordDecl *RD = T->getAsRecordDecl(); RD && !RD->isUnion()) {
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (I >= List->getNumInits())
          break;
        const Expr *Init = List->getInit(I++);
        if (isa<CXXDefaultInitExpr>(Init))
          continue; // the member's initializer, read at its declaration
        if (const RecordDecl *Inner = recordOf(F->getType())) {
          if (isa<ImplicitValueInitExpr>(Init))
            allFields(Inner, true,
                      at(List->getBeginLoc()) + ": zero-initialized");
          continue;
        }
        store(F, Init,
              Init->getBeginLoc().isValid() ? Init->getBeginLoc()
                                            : List->getBeginLoc());
      }
    }
    // `T a[16] = {}`: the elements not listed are the filler.
    if (List->hasArrayFiller()) {
      const Expr *Filler = List->getArrayFiller();
      if (const auto *Inner = dyn_cast_or_null<InitListExpr>(Filler))
        initList(Inner);
      else if (Filler && isa<ImplicitValueInitExpr>(Filler))
        allFields(recordOf(Filler->getType()), true,
                  at(List->getBeginLoc()) + ": zero-initialized");
    }
  }

  /// A function or class template of a system header made for a record
  /// (std::vector<R>, std::bit_cast<R>, std::make_unique<R>): it creates or
  /// writes such objects where no store is seen.
  void systemTemplate(const Decl *D, SourceLocation At) {
    if (!D || !inSystem(D->getLocation()))
      return;
    const TemplateArgumentList *Args = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      Args = FD->getTemplateSpecializationArgs();
    else if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
      Args = &Spec->getTemplateArgs();
    if (!Args)
      return;
    for (const TemplateArgument &A : Args->asArray())
      if (A.getKind() == TemplateArgument::Type) {
        QualType T = A.getAsType();
        if (T->isPointerType() || T->isReferenceType())
          T = T->getPointeeType();
        if (const RecordDecl *RD = recordOf(T);
            RD && !inSystem(RD->getLocation()))
          allFields(RD, false,
                    "'" + RD->getNameAsString() + "' is handed to '" +
                        llvm::cast<NamedDecl>(D)->getNameAsString() + "' at " +
                        at(At),
                    0, /*Clobbered=*/true);
      }
  }

  void construct(const CXXConstructExpr *C) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (Ctor)
      systemTemplate(Ctor->getParent(), C->getBeginLoc());
    if (!Ctor || Ctor->isCopyOrMoveConstructor() ||
        !(Ctor->isImplicit() || Ctor->isDefaulted()))
      return; // copies keep the values; a user constructor is walked
    const RecordDecl *RD = recordOf(C->getType());
    allFields(RD, C->requiresZeroInitialization(),
              C->requiresZeroInitialization()
                  ? at(C->getBeginLoc()) + ": zero-initialized"
                  : "an object at " + at(C->getBeginLoc()) +
                        " is not initialized");
  }

  void walk(const Stmt *S, const Stmt *Parent) {
    if (!S)
      return;
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      member(ME, Parent);
    } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(S)) {
      dependent(DM->getMember().getAsString(), Parent, DM->getMemberLoc());
    } else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(S)) {
      dependent(UM->getMemberName().getAsString(), Parent, UM->getMemberLoc());
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      // `&T::f`: a pointer to the member may store anywhere.
      if (const auto *F = dyn_cast<FieldDecl>(Ref->getDecl()))
        unknown(F, "a pointer to '" + F->getNameAsString() + "' is taken at " +
                       at(Ref->getLocation()));
    } else if (const auto *Paren = dyn_cast<CXXParenListInitExpr>(S)) {
      allFields(recordOf(Paren->getType()), false,
                "an object is initialized by parentheses at " +
                    at(Paren->getBeginLoc()),
                0, /*Clobbered=*/true);
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      systemTemplate(Call->getDirectCallee(), Call->getBeginLoc());
      bodyless(Call);
    } else if (const auto *C = dyn_cast<CastExpr>(S)) {
      cast(C);
    } else if (const auto *List = dyn_cast<InitListExpr>(S)) {
      initList(List);
    } else if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
      construct(C);
    } else if (const auto *New = dyn_cast<CXXNewExpr>(S)) {
      if (!New->hasInitializer())
        allFields(recordOf(New->getAllocatedType()), false,
                  "an object allocated at " + at(New->getBeginLoc()) +
                      " is not initialized");
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          variable(VD);
      return;
    } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      walk(Lambda->getBody(), S);
    }
    // Parentheses pass their parent on, so `(s.f) = 1` is a store.
    const Stmt *Next = isa<ParenExpr>(S) ? Parent : S;
    for (const Stmt *Child : S->children())
      walk(Child, Next);
  }
};

} // namespace

std::string fieldKey(const FieldDecl *Field) {
  return Field->getParent()->getQualifiedNameAsString() +
         "::" + Field->getNameAsString();
}

bool followableField(const FieldDecl *Field, const ASTContext &Ctx) {
  const RecordDecl *RD = Field->getParent();
  QualType T = Field->getType();
  const SourceManager &SM = Ctx.getSourceManager();
  return T->isIntegralOrEnumerationType() && !T.isVolatileQualified() &&
         !Field->isMutable() && !Field->isBitField() && RD && !RD->isUnion() &&
         !RD->isAnonymousStructOrUnion() && Field->getIdentifier() &&
         !SM.isInSystemHeader(SM.getExpansionLoc(Field->getLocation()));
}

std::vector<std::string> namesOfField(const FieldDecl *Field) {
  std::vector<std::string> Out{Field->getNameAsString()};
  for (const DeclContext *DC = Field->getParent(); DC; DC = DC->getParent())
    if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
      const TypedefNameDecl *Typedef = RD->getTypedefNameForAnonDecl();
      // A record with no name a file could spell: nothing to look for.
      if (!RD->getIdentifier() && !Typedef)
        return {};
      Out.push_back(RD->getIdentifier() ? RD->getNameAsString()
                                        : Typedef->getNameAsString());
    }
  return Out;
}

std::string anyFieldKey(llvm::StringRef Name) { return "*::" + Name.str(); }

FieldWrites fieldWritesOf(const ASTContext &Ctx, HostEvaluator &Eval) {
  return Collector(Ctx, Eval).run();
}

} // namespace warpcheck
