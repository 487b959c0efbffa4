//===--- HostValue.cpp - The values host code gives an expression ---------===//
//
// The integer half of the evaluator, the frames that tie parameters to the
// call being followed, and the ways through calls and returns. Block shapes
// and tables are in HostDims.cpp, kernels in KernelCallees.cpp.
//
//===----------------------------------------------------------------------===//

#include "Host/HostValue.h"
#include "Host/DeviceWarpSize.h"
#include "Host/HostArithmetic.h"
#include "Host/HostSyntax.h"
#include "Host/HostValueInternal.h"
#include "Host/LocalDim3.h"
#include "Host/Mutation.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/SaveAndRestore.h"

#include <functional>

using namespace clang;

namespace warpcheck {

std::string joinVia(const std::string &A, const std::string &B) {
  // One argument read twice (`dim3(bs, bs)`) is said once.
  if (A.empty() || A == B)
    return B;
  if (B.empty())
    return A;
  return A + ", " + B;
}

std::string crossFileKey(const FunctionDecl *FD, const ASTContext &Ctx) {
  return displayName(FD, Ctx) + "/" + std::to_string(FD->getNumParams());
}

Guards inFrame(const Guards *G, int Frame) {
  Guards Out = G ? *G : Guards{};
  for (auto &[VD, V] : Out)
    V.Frame = Frame;
  return Out;
}

std::optional<HostEvaluator::Ints> HostEvaluator::ints(const Expr *E,
                                                       const FunctionDecl *In,
                                                       std::string &WhyNot,
                                                       const Guards *Guards) {
  EntryScope F(*this, In, {}, Guards);
  return intsAt(E, 0, WhyNot);
}

std::optional<int64_t> HostEvaluator::singleValue(const Expr *E,
                                                  const FunctionDecl *In) {
  auto Values = valueSet(E, In);
  if (!Values || Values->size() != 1)
    return std::nullopt;
  return Values->front();
}

std::optional<std::vector<int64_t>>
HostEvaluator::valueSet(const Expr *E, const FunctionDecl *In) {
  if (!In)
    return std::nullopt;
  llvm::SaveAndRestore<bool> C(Chains, true);
  llvm::SaveAndRestore<const Guards *> G(Active, nullptr);
  FrameScope F(*this, {In});
  unsigned Budget = MaxChains;
  std::vector<int64_t> Values;
  if (!valuesAlongChains(E, Current, Budget, Values) || Values.empty())
    return std::nullopt;
  llvm::sort(Values);
  return Values;
}

bool HostEvaluator::valuesAlongChains(const Expr *E, int First,
                                      unsigned &Budget,
                                      std::vector<int64_t> &Values) {
  if (Budget == 0)
    return false;
  --Budget;
  Unbound = nullptr;
  std::string Why;
  {
    llvm::SaveAndRestore<int> At(Current, First);
    if (auto V = intsAt(E, 0, Why)) {
      for (const Traced<int64_t> &Each : *V)
        if (!llvm::is_contained(Values, Each.Value))
          Values.push_back(Each.Value);
      return Values.size() <= MaxValues;
    }
  }
  // The outermost function's parameter is needed: try each of its calls.
  int Outer = int(Frames.size()) - 1;
  const FunctionDecl *F = Frames[Outer].Function;
  if (!Unbound || !F || Unbound->getCanonicalDecl() != F->getCanonicalDecl() ||
      Outer - First + 1 >= int(MaxChainLength) || Calls.addressTaken(F) ||
      F->hasAttr<CUDAGlobalAttr>() || F->isMain())
    return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isVirtual())
    return false;
  return chainsThroughCallers(F, Outer, E, First, Budget, Values);
}

bool HostEvaluator::chainsThroughCallers(const FunctionDecl *F, int Outer,
                                         const Expr *E, int First,
                                         unsigned &Budget,
                                         std::vector<int64_t> &Values) {
  const auto &Sites = Calls.callsOf(F);
  const auto &Indirect = Calls.indirectCallsOf(F);
  // The calls in the files next to this one (of a function they may call),
  // each on its own, besides this file's.
  std::vector<const ExternalCall *> Others;
  if (External && F->isExternallyVisible())
    Others = External(crossFileKey(F, Ctx));
  if (Sites.empty() && Indirect.empty() && Others.empty())
    return false;
  for (const ExternalCall *C : Others) {
    Frames[Outer].External = C;
    bool Ok = valuesAlongChains(E, First, Budget, Values);
    Frames[Outer].External = nullptr;
    if (!Ok)
      return false;
  }
  for (const CallGraph::Site &S : Sites) {
    if (!S.Caller)
      return false;
    Frames[Outer].Site = S.Call;
    Frames[Outer].Caller = Outer + 1;
    Frames.push_back({S.Caller});
    bool Ok = valuesAlongChains(E, First, Budget, Values);
    Frames.pop_back();
    Frames[Outer].Site = nullptr;
    Frames[Outer].Caller = -1;
    if (!Ok)
      return false;
  }
  // Calls through a parameter: a frame for each call that passed F down.
  for (const CallGraph::IndirectSite &S : Indirect) {
    if (!S.Passed.back().Caller)
      return false;
    Frames[Outer].Site = S.Call;
    Frames[Outer].Caller = Outer + 1;
    for (size_t J = 0; J < S.Passed.size(); ++J)
      Frames.push_back({J == 0 ? S.Caller : S.Passed[J - 1].Caller,
                        S.Passed[J].Call, int(Frames.size()) + 1});
    Frames.push_back({S.Passed.back().Caller});
    bool Ok = valuesAlongChains(E, First, Budget, Values);
    Frames.resize(Outer + 1);
    Frames[Outer].Site = nullptr;
    Frames[Outer].Caller = -1;
    if (!Ok)
      return false;
  }
  return true;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::intsAt(const Expr *E, unsigned Depth, std::string &WhyNot) {
  if (!E || Depth > MaxDepth || E->containsErrors()) {
    WhyNot = "the block size cannot be followed";
    return std::nullopt;
  }
  if (auto V = evaluateInt(E, Ctx))
    return Ints{{*V, ""}};
  const Expr *S = E->IgnoreParens();
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(S))
    return intsAt(Default->getExpr(), Depth + 1, WhyNot);
  if (const Expr *Forwarded = forwardedArgument(S))
    return intsAt(Forwarded, Depth + 1, WhyNot);
  // The device's warp size, read from the runtime: 32.
  std::string Via;
  if (auto WarpSize = deviceWarpSize(S, Ctx, Via))
    return Ints{{*WarpSize, Via}};
  if (const auto *Cast = dyn_cast<CastExpr>(S))
    return castValues(Cast, Depth, WhyNot);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return variableValues(Ref, Depth, WhyNot);
  if (const auto *Member = dyn_cast<MemberExpr>(S);
      Member && isa<FieldDecl>(Member->getMemberDecl()))
    return fieldInts(Member, Depth, WhyNot);
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(S))
    return tableInts(Sub, Depth, WhyNot);
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && !isa<CUDAKernelCallExpr>(Call) &&
      S->getType()->isIntegralOrEnumerationType())
    return throughReturns<int64_t>(
        Call, Depth, WhyNot, [this](const Expr *A, unsigned D, std::string &W) {
          return intsAt(A, D, W);
        });
  if (const auto *Cond = dyn_cast<ConditionalOperator>(S))
    return conditionalValues(Cond, Depth, WhyNot);
  if (isa<BinaryOperator, UnaryOperator>(S))
    return operatorValues(S, Depth, WhyNot);
  WhyNot = "the block size is " + notConstant(E, Ctx);
  return std::nullopt;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::castValues(const CastExpr *Cast, unsigned Depth,
                          std::string &WhyNot) {
  auto Values = intsAt(Cast->getSubExpr(), Depth + 1, WhyNot);
  if (!Values)
    return std::nullopt;
  CastKind K = Cast->getCastKind();
  if (K == CK_LValueToRValue || K == CK_NoOp)
    return Values;
  // Integers only: a floating-point value is not followed.
  if (K != CK_IntegralCast && K != CK_IntegralToBoolean) {
    WhyNot = "the block size is " + notConstant(Cast, Ctx);
    return std::nullopt;
  }
  Ints Out;
  for (auto &V : *Values) {
    auto C = convertTo(V.Value, Cast->getType(), Ctx);
    if (!C) {
      WhyNot = "the block size is " + notConstant(Cast, Ctx);
      return std::nullopt;
    }
    addUnique(Out, Traced<int64_t>{*C, V.Via});
  }
  return Out;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::operatorValues(const Expr *E, unsigned Depth,
                              std::string &WhyNot) {
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    auto V = intsAt(U->getSubExpr(), Depth + 1, WhyNot);
    if (!V)
      return std::nullopt;
    Ints Out;
    for (auto &A : *V) {
      auto R = applyUnary(A.Value, U->getOpcode(), U->getType(), Ctx);
      if (!R) {
        WhyNot = "the block size is " + notConstant(E, Ctx);
        return std::nullopt;
      }
      addUnique(Out, Traced<int64_t>{*R, A.Via});
    }
    return Out;
  }
  const auto *BO = cast<BinaryOperator>(E);
  if (BO->isAssignmentOp() || BO->isCommaOp()) {
    WhyNot = "the block size is " + notConstant(E, Ctx);
    return std::nullopt;
  }
  auto L = intsAt(BO->getLHS(), Depth + 1, WhyNot);
  auto R = L ? intsAt(BO->getRHS(), Depth + 1, WhyNot) : std::nullopt;
  if (!R)
    return std::nullopt;
  Ints Out;
  for (auto &A : *L)
    for (auto &B : *R) {
      auto V = applyBinary(A.Value, B.Value, BO->getOpcode(),
                           BO->getLHS()->getType(), Ctx);
      if (!V) {
        WhyNot = "the block size is " + notConstant(E, Ctx) +
                 " (C++ gives it no value: an overflow, a division by zero "
                 "or a shift past the width)";
        return std::nullopt;
      }
      addUnique(Out, Traced<int64_t>{*V, joinVia(A.Via, B.Via)});
    }
  if (Out.size() > MaxValues) {
    WhyNot = "the block size takes more than " + std::to_string(MaxValues) +
             " values";
    return std::nullopt;
  }
  return Out;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::conditionalValues(const ConditionalOperator *Cond,
                                 unsigned Depth, std::string &WhyNot) {
  // A condition the values decide takes its one side; else either.
  std::string Ignored;
  if (auto C = intsAt(Cond->getCond(), Depth + 1, Ignored)) {
    bool AllTrue = true, AllFalse = true;
    for (auto &V : *C)
      (V.Value ? AllFalse : AllTrue) = false;
    if (AllTrue || AllFalse)
      return intsAt(AllTrue ? Cond->getTrueExpr() : Cond->getFalseExpr(),
                    Depth + 1, WhyNot);
  }
  auto T = intsAt(Cond->getTrueExpr(), Depth + 1, WhyNot);
  auto F = T ? intsAt(Cond->getFalseExpr(), Depth + 1, WhyNot) : std::nullopt;
  if (!F)
    return std::nullopt;
  for (auto &V : *F)
    addUnique(*T, V);
  return T;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::variableValues(const DeclRefExpr *Ref, unsigned Depth,
                              std::string &WhyNot) {
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (VD && Active)
    if (auto It = Active->find(VD);
        It != Active->end() &&
        (It->second.Frame < 0 || It->second.Frame == Current) &&
        guardHoldsAt(It->second, Ref)) {
      if (It->second.Values.empty()) {
        WhyNot = "the conditions around the launch contradict each other";
        return std::nullopt;
      }
      Ints Out;
      for (int64_t V : It->second.Values)
        Out.push_back({V, It->second.Via});
      return Out;
    }
  auto Self = [this](const Expr *A, unsigned D, std::string &W) {
    return intsAt(A, D, W);
  };
  if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(VD)) {
    // Changed in its function: the argument where no change came yet, the
    // values a loop gives it, or nothing.
    const auto *Owner = dyn_cast<FunctionDecl>(Param->getDeclContext());
    const Stmt *Body = Owner ? Owner->getBody() : nullptr;
    bool AtEntry = false;
    if (Body && mayChange(Param, Body)) {
      AtEntry = unchangedUpTo(Param, Ref, Body);
      if (!AtEntry) {
        if (auto Assigned = assignedValues(Param, Ref, Depth, WhyNot))
          return Assigned;
        if (auto Looped = loopValues(Param, Ref, Depth, WhyNot))
          return Looped;
        if (WhyNot.empty() || WhyNot.find("loop") == std::string::npos)
          WhyNot = "'" + Param->getNameAsString() + "' is changed in '" +
                   displayName(Owner, Ctx) + "'";
        return std::nullopt;
      }
    }
    auto Values = parameterValues<int64_t>(Param, Depth, WhyNot, Self, AtEntry);
    if (!Values)
      return std::nullopt;
    // The argument converted to the parameter's type, as the call does.
    // A forwarding reference (`int &`) holds the argument itself.
    QualType T = Param->getType().getNonReferenceType();
    Ints Out;
    for (auto &V : *Values)
      if (auto C = convertTo(V.Value, T, Ctx))
        addUnique(Out, Traced<int64_t>{*C, V.Via});
    if (Out.size() != Values->size() && T->isIntegralOrEnumerationType()) {
      WhyNot = "'" + Param->getNameAsString() + "' cannot be followed";
      return std::nullopt;
    }
    return Out;
  }
  // A local integer initialized once and not changed on the way, or one
  // that a `for` loop changes (HostLoops.cpp).
  if (VD && VD->hasLocalStorage() && !VD->getType().isVolatileQualified() &&
      VD->getType()->isIntegralOrEnumerationType()) {
    std::string Why;
    if (!VD->getInit() || !LocalDim3(VD, Ref, Ctx).valueAtUse(Dim3{}, Why)) {
      std::string LoopWhy;
      if (auto Assigned = assignedValues(VD, Ref, Depth, LoopWhy))
        return Assigned;
      if (auto Looped = loopValues(VD, Ref, Depth, LoopWhy))
        return Looped;
      if (auto Arms = branchValues(VD, Ref, Depth, LoopWhy))
        return Arms;
      WhyNot = !LoopWhy.empty() ? LoopWhy
               : VD->getInit()  ? "the block size '" + VD->getNameAsString() +
                                     "' may be changed before the launch"
                               : "the block size is " + notConstant(Ref, Ctx);
      return std::nullopt;
    }
    if (auto Init = intsAt(VD->getInit(), Depth + 1, Why))
      return Init;
    // Why the initializer has no value, when it is more than "not a
    // constant" (`'nwarps': 'calc_nwarps' called at ... returns ...`).
    if (!Why.empty() &&
        !llvm::StringRef(Why).ends_with("is not a compile-time constant")) {
      WhyNot = "'" + VD->getNameAsString() + "': " + Why;
      return std::nullopt;
    }
  }
  // Declared `extern const` here and defined in another file of the
  // program: that definition's value.
  if (VD && ExternConstant && VD->hasGlobalStorage() &&
      VD->hasExternalFormalLinkage() && !VD->getDefinition() &&
      !VD->getAnyInitializer() &&
      VD->getType().isConstQualified() &&
      !VD->getType().isVolatileQualified() &&
      VD->getType()->isIntegralOrEnumerationType())
    if (auto Defined = ExternConstant(VD))
      return Ints{*Defined};
  WhyNot = "the block size is " + notConstant(Ref, Ctx);
  return std::nullopt;
}

bool constBypassed(const ParmVarDecl *Param) {
  QualType T = Param->getType().getNonReferenceType();
  if (const auto *RD = T->getAsCXXRecordDecl();
      RD && (!RD->hasDefinition() || RD->hasMutableFields()))
    return true;
  const auto *F = dyn_cast<FunctionDecl>(Param->getDeclContext());
  if (!F || !F->getBody())
    return true;
  // A cast to a pointer or reference to non-const may drop the const.
  std::function<bool(const Stmt *)> Drops = [&](const Stmt *S) {
    if (!S)
      return false;
    if (isa<CXXConstCastExpr>(S))
      return true;
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(S)) {
      QualType To = Cast->getTypeAsWritten();
      QualType Pointee = To->isReferenceType() ? To.getNonReferenceType()
                         : To->isPointerType() ? To->getPointeeType()
                                               : QualType();
      if (!Pointee.isNull() && !Pointee.isConstQualified())
        return true;
    }
    for (const Stmt *Child : S->children())
      if (Drops(Child))
        return true;
    return false;
  };
  return Drops(F->getBody());
}

const Expr *HostEvaluator::boundArgument(const ParmVarDecl *Param,
                                         int &CallerFrame,
                                         const Expr *&BindingSite,
                                         const ExternalCall *&External,
                                         std::string &WhyNot) {
  const auto *F = dyn_cast<FunctionDecl>(Param->getDeclContext());
  if (!F)
    return nullptr;
  for (int K = Current; K >= 0; K = Frames[K].Caller) {
    const FunctionDecl *G = Frames[K].Function;
    if (!G || G->getCanonicalDecl() != F->getCanonicalDecl())
      continue;
    const Expr *Site = Frames[K].Site;
    if (Frames[K].External) {
      External = Frames[K].External;
      return nullptr;
    }
    if (!Site) {
      if (Chains) {
        Unbound = F;
        WhyNot = "'" + Param->getNameAsString() + "' is a parameter";
      }
      return nullptr;
    }
    unsigned I = Param->getFunctionScopeIndex();
    if (isa<CXXOperatorCallExpr>(Site) && isa<CXXMethodDecl>(F))
      ++I;
    const Expr *Arg = argumentAt(Site, I);
    if (!Arg) {
      WhyNot = "'" + Param->getNameAsString() + "' is not passed at the call";
      return nullptr;
    }
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = Default->getExpr();
    CallerFrame = Frames[K].Caller;
    BindingSite = Site;
    return Arg;
  }
  if (Chains) {
    WhyNot = "'" + Param->getNameAsString() + "' cannot be followed";
    // A lambda's capture of its enclosing function's parameter: the calls
    // of the lambda lead there.
    int Outermost = Current;
    while (Outermost >= 0 && Frames[Outermost].Caller >= 0)
      Outermost = Frames[Outermost].Caller;
    const auto *M =
        Outermost >= 0
            ? dyn_cast_or_null<CXXMethodDecl>(Frames[Outermost].Function)
            : nullptr;
    if (M && M->getParent()->isLambda() && !Frames[Outermost].Site)
      Unbound = M;
  }
  return nullptr;
}

} // namespace warpcheck
