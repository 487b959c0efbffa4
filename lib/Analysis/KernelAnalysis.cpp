//===--- KernelAnalysis.cpp - What one block does in one kernel -----------===//

#include "KernelAnalysis.h"

#include "Simt/Engine.h"

using namespace clang;

namespace warpcheck {

bool didNotParse(const clang::Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = clang::dyn_cast<clang::Expr>(S))
    return E->containsErrors();
  if (const auto *DS = clang::dyn_cast<clang::DeclStmt>(S))
    for (const clang::Decl *D : DS->decls())
      if (D->isInvalidDecl())
        return true;
  for (const clang::Stmt *Child : S->children())
    if (didNotParse(Child))
      return true;
  return false;
}


KernelAnalysis::KernelAnalysis(ASTContext &Ctx, const FunctionDecl *Kernel,
                               Dim3 Block, InterpreterLimits Limits)
    : P(std::make_unique<simt::Engine>(Ctx, Kernel, Block, Limits)) {}

KernelAnalysis::~KernelAnalysis() = default;

void KernelAnalysis::run() { P->run(); }

const std::vector<SharedAccessSite> &KernelAnalysis::sites() const {
  return P->Sites;
}

const std::string &KernelAnalysis::truncationReason() const {
  return P->Truncation;
}

const AtomTable &KernelAnalysis::atoms() const { return P->Atoms; }

void KernelAnalysis::captureRequests(size_t Limit) {
  P->CaptureLimit = Limit;
}

const std::vector<CapturedRequest> *
KernelAnalysis::capturedRequests(const VarDecl *Var) const {
  if (P->CaptureOverflow.count(Var))
    return nullptr;
  auto It = P->Captured.find(Var);
  return It == P->Captured.end() ? nullptr : &It->second;
}

const std::vector<LocalArrayAccess> &
KernelAnalysis::localArrayAccesses() const {
  return P->LocalAccesses;
}

const std::vector<std::string> &KernelAnalysis::parameterBindings() const {
  return P->ParameterBindings;
}

LoopUnrolling KernelAnalysis::loopUnrolling(const Stmt *Loop) const {
  auto It = P->Unrolling.find(Loop);
  return It == P->Unrolling.end() ? LoopUnrolling() : It->second;
}

} // namespace warpcheck
