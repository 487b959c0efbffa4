//===--- KernelAnalysis.cpp - What one block does in one kernel -----------===//

#include "KernelAnalysis.h"

#include "Simt/Engine.h"

#include "clang/AST/ExprCXX.h"

#include <cassert>
#include <functional>

using namespace clang;

namespace warpcheck {

KernelAnalysis::KernelAnalysis(ASTContext &Ctx, const FunctionDecl *Kernel,
                               Dim3 Block, InterpreterLimits Limits)
    : P(std::make_unique<simt::Engine>(Ctx, Kernel, Block, Limits)) {}

KernelAnalysis::KernelAnalysis(
    std::vector<std::shared_ptr<const KernelAnalysis>> Members,
    std::vector<SharedAccessSite> Sites)
    : Members(std::move(Members)), MergedSites(std::move(Sites)) {
  assert(!this->Members.empty() && "an analysis across no shapes");
}

KernelAnalysis::~KernelAnalysis() = default;

void KernelAnalysis::run() {
  if (P)
    P->run();
}

void KernelAnalysis::useLaunchedArguments(
    std::vector<LaunchedArgument> Arguments) {
  assert(P && "an analysis across shapes is not run");
  P->Launched = std::move(Arguments);
  P->LaunchedComputed = true;
}

void KernelAnalysis::useBankRules(const BankRules &Rules) {
  assert(P && "an analysis across shapes is not run");
  P->Memo.setRules(Rules);
}

const BankRules &KernelAnalysis::bankRules() const {
  return P ? P->Memo.rules() : Members.front()->bankRules();
}

const std::vector<SharedAccessSite> &KernelAnalysis::sites() const {
  return P ? P->Sites : MergedSites;
}

const std::string &KernelAnalysis::truncationReason() const {
  if (P)
    return P->Truncation;
  for (const auto &M : Members)
    if (!M->truncationReason().empty())
      return M->truncationReason();
  return Members.front()->truncationReason();
}

const AtomTable &KernelAnalysis::atoms() const {
  return P ? P->Atoms : Members.front()->atoms();
}

void KernelAnalysis::captureRequests(size_t Limit) {
  if (P)
    P->CaptureLimit = Limit;
}

const std::vector<CapturedRequest> *
KernelAnalysis::capturedRequests(const VarDecl *Var) const {
  // Requests differ from shape to shape: a layout must be searched per
  // shape, which an analysis across shapes does not offer.
  if (!P)
    return nullptr;
  if (P->CaptureOverflow.count(Var))
    return nullptr;
  auto It = P->Captured.find(Var);
  return It == P->Captured.end() ? nullptr : &It->second.requests();
}

const std::vector<LocalArrayAccess> &
KernelAnalysis::localArrayAccesses() const {
  return P ? P->LocalAccesses : Members.front()->localArrayAccesses();
}

const std::vector<std::string> &KernelAnalysis::parameterBindings() const {
  return P ? P->ParameterBindings : Members.front()->parameterBindings();
}

LoopUnrolling KernelAnalysis::loopUnrolling(const Stmt *Loop) const {
  if (!P)
    return Members.front()->loopUnrolling(Loop);
  auto It = P->Unrolling.find(Loop);
  return It == P->Unrolling.end() ? LoopUnrolling() : It->second;
}

} // namespace warpcheck
