//===--- HostDims.cpp - The block shapes host code gives an expression ----===//
//
// dim3 values: constructed from integers (every combination of the members'
// values), copied, chosen by `?:`, built member by member in a local
// (LocalDim3.h), read from a table of shapes, returned by a helper, passed
// as a parameter, or set in a cudaLaunchConfig_t.
//
//===----------------------------------------------------------------------===//

#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"
#include "Host/LocalDim3.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"

#include <functional>

using namespace clang;

namespace warpcheck {

std::optional<HostEvaluator::Dims>
HostEvaluator::dims(const Expr *E, const FunctionDecl *In, std::string &WhyNot,
                    const Guards *Guards,
                    const std::vector<KnownCondition> *Known,
                    llvm::ArrayRef<CallGraph::Site> Through) {
  llvm::SaveAndRestore<const std::vector<KnownCondition> *> K(KnownConditions,
                                                              Known);
  llvm::SaveAndRestore<const FunctionDecl *> KI(KnownIn, Known ? In : nullptr);
  EntryScope F(*this, In, Through, Guards);
  return dimsAt(E, 0, WhyNot);
}

std::optional<HostEvaluator::Dims>
HostEvaluator::dimension(const Expr *E, unsigned Depth, std::string &WhyNot) {
  auto Values = intsAt(E, Depth, WhyNot);
  if (!Values)
    return std::nullopt;
  // A dimension the runtime refuses (0 of a zero-initialized table entry,
  // more than 1024) launches nothing: that value gives no shape.
  Dims Out;
  for (auto &V : *Values)
    if (V.Value > 0 && V.Value <= 1024)
      Out.push_back({Dim3{unsigned(V.Value), 1, 1}, V.Via});
  if (Out.empty()) {
    WhyNot = "a block dimension of " + std::to_string(Values->front().Value) +
             " is not valid";
    return std::nullopt;
  }
  return Out;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::combineMembers(llvm::ArrayRef<const Expr *> Args, unsigned Depth,
                              std::string &WhyNot) {
  // Members one by one: every combination of their values.
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
    if (Next.size() > MaxShapes) {
      WhyNot =
          "the block takes more than " + std::to_string(MaxShapes) + " shapes";
      return std::nullopt;
    }
    Out = std::move(Next);
  }
  return Out;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::dimsAt(const Expr *E, unsigned Depth, std::string &WhyNot) {
  if (!E || Depth > MaxDepth) {
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
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return dimsAt(Default->getExpr(), Depth + 1, WhyNot);
  if (const Expr *Forwarded = forwardedArgument(E))
    return dimsAt(Forwarded, Depth + 1, WhyNot);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return dimsAt(FC->getSubExpr(), Depth + 1, WhyNot);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return dimsAt(MT->getSubExpr(), Depth + 1, WhyNot);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return dimsAt(BT->getSubExpr(), Depth + 1, WhyNot);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 && isDim3(Construct->getArg(0)->getType()))
      return dimsAt(Construct->getArg(0), Depth + 1, WhyNot);
    if (Construct->getNumArgs() == 1 &&
        !Construct->getArg(0)->getType()->isIntegralOrEnumerationType()) {
      WhyNot =
          "the block is built from " + notConstant(Construct->getArg(0), Ctx);
      return std::nullopt;
    }
    return combineMembers({Construct->getArgs(), Construct->getNumArgs()},
                          Depth, WhyNot);
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    if (Init->getNumInits() == 1 && isDim3(Init->getInit(0)->getType()))
      return dimsAt(Init->getInit(0), Depth + 1, WhyNot);
    return combineMembers({Init->getInits(), Init->getNumInits()}, Depth,
                          WhyNot);
  }
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    auto T = dimsAt(Cond->getTrueExpr(), Depth + 1, WhyNot);
    auto F = T ? dimsAt(Cond->getFalseExpr(), Depth + 1, WhyNot) : std::nullopt;
    if (!F)
      return std::nullopt;
    for (auto &V : *F)
      addUnique(*T, V);
    return T;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && isDim3(VD->getType()))
      return dim3Variable(Ref, VD, Depth, WhyNot);
  if (const auto *Member = dyn_cast<MemberExpr>(E);
      Member && isDim3(E->getType()) && isa<FieldDecl>(Member->getMemberDecl()))
    return fieldDims(Member, Depth, WhyNot);
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E);
      Sub && isDim3(E->getType()))
    if (const auto *Table =
            dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts());
        Table && isa<VarDecl>(Table->getDecl()))
      return tableElement(Sub, Depth, WhyNot);
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && isDim3(E->getType()) && !isa<CUDAKernelCallExpr>(Call))
    return throughReturns<Dim3>(
        Call, Depth, WhyNot, [this](const Expr *A, unsigned D, std::string &W) {
          return dimsAt(A, D, W);
        });
  if (E->getType()->isIntegralOrEnumerationType())
    return dimension(E, Depth, WhyNot);
  WhyNot = "the block argument is " + notConstant(E, Ctx);
  return std::nullopt;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::dim3Variable(const DeclRefExpr *Ref, const VarDecl *VD,
                            unsigned Depth, std::string &WhyNot) {
  if (VD->isInvalidDecl()) {
    WhyNot = "'" + VD->getNameAsString() + "' does not compile";
    return std::nullopt;
  }
  if (const auto *Param = dyn_cast<ParmVarDecl>(VD))
    return parameterValues<Dim3>(
        Param, Depth, WhyNot,
        [this](const Expr *A, unsigned D, std::string &W) {
          return dimsAt(A, D, W);
        });
  if (!VD->getInit()) {
    WhyNot = "'" + VD->getNameAsString() + "' has no initializer here";
    return std::nullopt;
  }
  // A local reference sees every later change of what it names.
  if (VD->getType()->isReferenceType()) {
    WhyNot = "the block is the reference '" + VD->getNameAsString() + "'";
    return std::nullopt;
  }
  auto Init = dimsAt(VD->getInit(), Depth + 1, WhyNot);
  // A local variable may be built member by member before the launch.
  if (!Init || !VD->hasLocalStorage() || VD->getType().isConstQualified())
    return Init;
  // A member assigned a value that is not a constant: the evaluator's values
  // for it, read where it is assigned (the same function, the same frame).
  auto Assigned = [this, Depth](const Expr *A, std::string &W)
      -> std::optional<std::vector<std::pair<int64_t, std::string>>> {
    auto V = intsAt(A, Depth + 1, W);
    if (!V)
      return std::nullopt;
    std::vector<std::pair<int64_t, std::string>> Out;
    for (auto &X : *V)
      Out.push_back({X.Value, X.Via});
    return Out;
  };
  Dims Out;
  for (auto &V : *Init) {
    auto D = LocalDim3(VD, Ref, Ctx, Assigned).valuesAtUse(V.Value, WhyNot);
    if (!D)
      return std::nullopt;
    for (const auto &[Each, Via] : *D)
      addUnique(Out,
                Traced<Dim3>{Each, V.Via == Via ? Via : joinVia(V.Via, Via)});
  }
  if (Out.size() > MaxShapes) {
    WhyNot = "'" + VD->getNameAsString() + "' takes more than " +
             std::to_string(MaxShapes) + " values";
    return std::nullopt;
  }
  return Out;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::tableElement(const ArraySubscriptExpr *Sub, unsigned Depth,
                            std::string &WhyNot) {
  // An element of a table of shapes (`dim3 Shapes[] = {...}; Shapes[i]`)
  // that is only read: the element a constant index names, else any.
  const auto *VD = cast<VarDecl>(
      cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts())->getDecl());
  std::string Name = "'" + VD->getNameAsString() + "'";
  const InitListExpr *Table = localTable(*VD);
  if (!Table) {
    WhyNot = "the block is an element of " + Name +
             ", which is not a table of shapes only read";
    return std::nullopt;
  }
  std::optional<int64_t> Index = evaluateInt(Sub->getIdx(), Ctx);
  if (!Index) {
    std::string IndexWhy;
    if (auto Indices = intsAt(Sub->getIdx(), Depth + 1, IndexWhy);
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
    auto Element = dimsAt(Table->getInit(I), Depth + 1, WhyNot);
    if (!Element)
      return std::nullopt;
    for (auto &V : *Element)
      addUnique(Out,
                Traced<Dim3>{V.Value, joinVia("element " + std::to_string(I) +
                                                  " of " + Name,
                                              V.Via)});
  }
  if (Out.empty()) {
    WhyNot = "the block is an element of the empty table " + Name;
    return std::nullopt;
  }
  return Out;
}

} // namespace warpcheck
