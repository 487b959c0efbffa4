//===--- CudaBuiltins.cpp - threadIdx, blockDim, atomics... ---------------===//

#include "CudaBuiltins.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace warpcheck {

std::optional<BuiltinIndex> matchBuiltinIndex(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const auto *POE = dyn_cast<PseudoObjectExpr>(E);
  if (!POE)
    return std::nullopt;
  const auto *Prop =
      dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
  if (!Prop)
    return std::nullopt;
  const Expr *BaseExpr = Prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(BaseExpr))
    BaseExpr = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Base = dyn_cast<DeclRefExpr>(BaseExpr);
  if (!Base)
    return std::nullopt;
  StringRef Var = Base->getDecl()->getName();
  StringRef Field = Prop->getPropertyDecl()->getName();
  std::optional<BuiltinIndexKind> Kind;
  if (Var == "threadIdx")
    Kind = BuiltinIndexKind::ThreadIdx;
  else if (Var == "blockIdx")
    Kind = BuiltinIndexKind::BlockIdx;
  else if (Var == "blockDim")
    Kind = BuiltinIndexKind::BlockDim;
  else if (Var == "gridDim")
    Kind = BuiltinIndexKind::GridDim;
  if (!Kind)
    return std::nullopt;
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (Dim == 3)
    return std::nullopt;
  return BuiltinIndex{*Kind, Dim};
}

std::string builtinMember(const Expr *E, StringRef Builtin) {
  E = E->IgnoreParenImpCasts();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    E = PO->getSyntacticForm()->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  std::string Member;
  if (const auto *Prop = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = Prop->getBaseExpr();
    Member = Prop->getPropertyDecl()->getName().str();
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    Base = ME->getBase();
    Member = ME->getMemberDecl()->getName().str();
  }
  if (!Base || (Member != "x" && Member != "y" && Member != "z"))
    return "";
  Base = Base->IgnoreParenImpCasts();
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(Base))
    if (Opaque->getSourceExpr())
      Base = Opaque->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref || Ref->getDecl()->getName() != Builtin)
    return "";
  return Member;
}

std::string builtinIndexName(BuiltinIndex B) {
  static const char *Vars[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
  static const char *Dims[] = {"x", "y", "z"};
  return std::string(Vars[unsigned(B.Kind)]) + "." + Dims[B.Dim];
}

bool isAtomicFunctionName(StringRef Name) {
  if (!Name.consume_front("atomic"))
    return false;
  Name.consume_back("_block");
  Name.consume_back("_system");
  static const char *Ops[] = {"Add", "Sub", "Exch", "Min", "Max", "Inc",
                              "Dec", "CAS", "And",  "Or",  "Xor"};
  for (const char *Op : Ops)
    if (Name == Op)
      return true;
  return false;
}

bool isSharedVariable(const VarDecl *VD) {
  return VD && VD->hasAttr<CUDASharedAttr>();
}

} // namespace warpcheck
