//===--- InterpretConstructors.cpp - Objects built by constructors --------===//
//
// Per-thread objects of class type whose constructors are followed: member
// and base initializers, reference members bound to __shared__ storage
// (every CUB primitive keeps `TempStorage &temp_storage`), and temporaries
// (`BlockLoad(storage).Load(...)`).
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

/// Base moved by Offset bytes.
static LValue offsetBy(LValue Base, int64_t Offset) {
  for (auto &O : Base.Offset)
    O = sym::add(O, SymbolicInt::constant(Offset));
  return Base;
}

LValue Engine::fieldLValue(LValue Base, const FieldDecl *Field,
                           const Expr *Site) {
  if (!Field || Field->isBitField() || Field->getParent()->isInvalidDecl() ||
      (Base.K != LValue::Kind::Shared && Base.K != LValue::Kind::Memory &&
       Base.K != LValue::Kind::LocalObject))
    return LValue();
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Field->getParent());
  LValue R = offsetBy(
      std::move(Base),
      int64_t(Layout.getFieldOffset(Field->getFieldIndex()) / 8));
  if (!Field->getType()->isReferenceType())
    return R;
  // A reference member holds the address it was bound to.
  QualType Ptr = Ctx.getPointerType(Field->getType().getNonReferenceType());
  return lvalueOf(load(R, Ptr, Site));
}

/// The constructor's definition when the engine may enter it.
static const CXXConstructorDecl *followedDefinition(const Engine &En,
                                                   const CXXConstructExpr *E) {
  const CXXConstructorDecl *Ctor = E->getConstructor();
  const FunctionDecl *Body = nullptr;
  if (!Ctor || !Ctor->hasBody(Body) || !Body || Body->isInvalidDecl())
    return nullptr;
  const auto *Def = dyn_cast<CXXConstructorDecl>(Body);
  if (!Def || Def->isVariadic() || Def->getParent()->isInvalidDecl() ||
      Def->getParent()->getNumVBases() || !En.followsLibraryCode(Def))
    return nullptr;
  for (const Frame &F : En.Frames)
    if (F.FD == Def)
      return nullptr; // recursion
  return Def;
}

/// The byte offset of the member an initializer names, through anonymous
/// unions and structs; nullopt for a bit-field or a member of another class.
static std::optional<int64_t> memberOffset(ASTContext &Ctx,
                                           const CXXCtorInitializer *Init,
                                           const CXXRecordDecl *Class) {
  if (const IndirectFieldDecl *Indirect = Init->getIndirectMember()) {
    const FieldDecl *Anon = Indirect->getAnonField();
    if (!Anon || Anon->isBitField())
      return std::nullopt;
    return int64_t(Ctx.getFieldOffset(Indirect) / 8);
  }
  const FieldDecl *Field = Init->getMember();
  if (!Field || Field->isBitField() || Field->getParent() != Class)
    return std::nullopt;
  return int64_t(Ctx.getFieldOffset(Field) / 8);
}

void Engine::initMember(const LValue &At, QualType T, const Expr *Init) {
  if (T->isReferenceType()) {
    store(At, pointerTo(evalLValue(Init)),
          Ctx.getPointerType(T.getNonReferenceType()), Init);
    return;
  }
  if (T->isRecordType() || T->isArrayType()) {
    initAggregate(At, T, Init);
    return;
  }
  Value V = isa<ImplicitValueInitExpr>(Init) ? zeroOf(T) : eval(Init);
  if (V.K == Value::Kind::Int)
    fitToType(V, T);
  store(At, V, T, Init);
}

void Engine::runInitializers(const CXXConstructorDecl *Def, const LValue &Dst) {
  const CXXRecordDecl *Class = Def->getParent();
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Class);
  for (const CXXCtorInitializer *Init : Def->inits()) {
    const Expr *Value = Init->getInit();
    if (!Value || Stopped)
      continue;
    if (Init->isDelegatingInitializer()) {
      initAggregate(Dst, Ctx.getRecordType(Class), Value);
    } else if (Init->isBaseInitializer()) {
      const CXXRecordDecl *Base = Init->getBaseClass()->getAsCXXRecordDecl();
      if (Base && !Init->isBaseVirtual())
        initAggregate(
            offsetBy(Dst, Layout.getBaseClassOffset(Base).getQuantity()),
            QualType(Init->getBaseClass(), 0), Value);
    } else if (std::optional<int64_t> Offset =
                   memberOffset(Ctx, Init, Class)) {
      initMember(offsetBy(Dst, *Offset), Init->getAnyMember()->getType(),
                 Value);
    } else {
      // A bit-field: evaluated for its accesses; the object's bytes there
      // become unknown.
      eval(Value);
      havocObject(Dst.Var, "a bit-field set by a constructor");
    }
  }
}

bool Engine::followConstructor(const LValue &Dst, const CXXConstructExpr *E) {
  const CXXConstructorDecl *Def = followedDefinition(*this, E);
  if (!Def || Dst.K != LValue::Kind::LocalObject ||
      Frames.size() > Limits.MaxCallDepth)
    return false;
  // An array of objects: each element constructed in turn.
  if (const ConstantArrayType *Array =
          Ctx.getAsConstantArrayType(E->getType())) {
    uint64_t Count = Array->getSize().getZExtValue();
    uint64_t Size = sizeOf(Array->getElementType());
    if (Count > 64 || Size == 0 || !Ctx.getBaseElementType(Array)
                                        ->isRecordType() ||
        Ctx.getAsArrayType(Array->getElementType()))
      return false;
    for (uint64_t I = 0; I < Count; ++I)
      enterConstructor(Def, E, offsetBy(Dst, int64_t(I * Size)));
    return true;
  }
  if (E->getType()->isArrayType())
    return false;
  enterConstructor(Def, E, Dst);
  return true;
}

void Engine::enterConstructor(const CXXConstructorDecl *Def,
                              const CXXConstructExpr *E, const LValue &Dst) {
  Frame F;
  F.FD = Def;
  F.Entry = E;
  F.Returned.assign(N, Exit::None);
  F.This = pointerTo(Dst);
  bindArguments(F, Def,
                llvm::ArrayRef<const Expr *>(E->getArgs(), E->getNumArgs()),
                Def->hasAttr<NoInlineAttr>());
  runFrame(std::move(F), Def->getBody(),
           [&] { runInitializers(Def, Dst); });
}

void Engine::reportUnfollowedConstructor(const CXXConstructExpr *E,
                                         const std::string &Why) {
  for (const Expr *Arg : E->arguments()) {
    simt::Value P = evalOpaqueArgument(Arg, Why);
    QualType T = Arg->getType();
    reportUnfollowedShared(P, T->isPointerType() ? T->getPointeeType() : T,
                           Arg, Why);
  }
}

LValue Engine::materialize(const MaterializeTemporaryExpr *E) {
  QualType T = E->getType();
  const Expr *Init = E->getSubExpr();
  bool Scalar = !T->isRecordType() && !T->isArrayType();
  // A glvalue already names its object; a prvalue bound to a reference
  // (`cuda::std::min(a - b, 8)`) gets an object of its own.
  if (T->isArrayType() || (Scalar && !Init->isPRValue()))
    return evalLValue(Init);
  const VarDecl *&Tmp = Temporaries[E];
  if (!Tmp) {
    auto *DC = const_cast<FunctionDecl *>(Frames.back().FD);
    Tmp = VarDecl::Create(Ctx, DC, E->getBeginLoc(), E->getBeginLoc(),
                          &Ctx.Idents.get("temporary"), T,
                          Ctx.getTrivialTypeSourceInfo(T), SC_None);
  }
  Objects[Tmp] = ThreadObject();
  LValue Dst = objectLValue(Tmp);
  if (!Scalar) {
    initAggregate(Dst, T, Init);
    return Dst;
  }
  ObjectScalars.insert(Tmp);
  simt::Value V = eval(Init);
  if (V.K == simt::Value::Kind::Int)
    fitToType(V, T);
  storeObject(Dst, V, T);
  return Dst;
}

} // namespace simt
} // namespace warpcheck
