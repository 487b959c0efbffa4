//===--- KernelCallees.cpp - The kernels a launch can name ----------------===//
//
// The kernel of a launch may be named directly, through a function pointer
// (initialized or assigned kernels), a table of kernels, `?:`, or a
// parameter given kernels at the calls of its function.
//
//===----------------------------------------------------------------------===//

#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"
#include "Host/Mutation.h"

#include "clang/AST/Attr.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;

namespace warpcheck {
namespace {
/// Adds More to Out; false when there is nothing to add (not followed).
bool addKernels(
    llvm::SetVector<const FunctionDecl *, HostEvaluator::Kernels> &Out,
    const std::optional<HostEvaluator::Kernels> &More) {
  if (!More)
    return false;
  Out.insert(More->begin(), More->end());
  return true;
}
} // namespace

std::optional<HostEvaluator::Kernels>
HostEvaluator::kernels(const Expr *E, const FunctionDecl *In,
                       std::string &WhyNot,
                       llvm::ArrayRef<CallGraph::Site> Through) {
  EntryScope F(*this, In, Through);
  return kernelsAt(E, 0, WhyNot);
}

std::optional<HostEvaluator::Kernels>
HostEvaluator::kernelsAt(const Expr *E, unsigned Depth, std::string &WhyNot) {
  if (!E || Depth > MaxDepth || E->containsErrors()) {
    WhyNot = "the kernel cannot be followed";
    return std::nullopt;
  }
  E = stripKernelExpr(E);
  if (const Expr *Forwarded = forwardedArgument(E))
    return kernelsAt(Forwarded, Depth + 1, WhyNot);
  llvm::SetVector<const FunctionDecl *, Kernels> Out;
  auto Add = [&](const std::optional<Kernels> &More) {
    return addKernels(Out, More);
  };
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    return kernelsAt(Sub->getBase(), Depth + 1, WhyNot);
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    if (!Add(kernelsAt(Cond->getTrueExpr(), Depth + 1, WhyNot)) ||
        !Add(kernelsAt(Cond->getFalseExpr(), Depth + 1, WhyNot)))
      return std::nullopt;
    return Out.takeVector();
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Element : Init->inits())
      if (!Add(kernelsAt(Element, Depth + 1, WhyNot)))
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
  return kernelVariable(VD, Depth, WhyNot);
}

std::optional<HostEvaluator::Kernels>
HostEvaluator::kernelVariable(const VarDecl *VD, unsigned Depth,
                              std::string &WhyNot) {
  llvm::SetVector<const FunctionDecl *, Kernels> Out;
  auto Add = [&](const std::optional<Kernels> &More) {
    return addKernels(Out, More);
  };
  if (const auto *Param = dyn_cast<ParmVarDecl>(VD)) {
    auto Through = parameterValues<const FunctionDecl *>(
        Param, Depth, WhyNot,
        [this](const Expr *A, unsigned D, std::string &W)
            -> std::optional<std::vector<Traced<const FunctionDecl *>>> {
          auto K = kernelsAt(A, D, W);
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
  if (VD->getInit() && !Add(kernelsAt(VD->getInit(), Depth + 1, WhyNot)))
    return std::nullopt;
  // A variable assigned other kernels may hold any of them; one changed
  // any other way may hold anything.
  if (const FunctionDecl *F = enclosingFunction(VD))
    for (const VariableUse &U : changingUses(VD, F->getBody())) {
      const auto *BO = dyn_cast<BinaryOperator>(U.At);
      if (U.Kind != UseKind::Assigned || !BO || BO->getOpcode() != BO_Assign) {
        WhyNot = "'" + VD->getNameAsString() +
                 "' may be changed in a way that cannot be followed";
        return std::nullopt;
      }
      if (!Add(kernelsAt(BO->getRHS(), Depth + 1, WhyNot)))
        return std::nullopt;
    }
  if (Out.empty()) {
    WhyNot =
        "'" + VD->getNameAsString() + "' holds no kernel that can be found";
    return std::nullopt;
  }
  return Out.takeVector();
}

} // namespace warpcheck
