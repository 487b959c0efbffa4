//===--- KernelAnalysis.cpp - What one block does in one kernel -----------===//

#include "KernelAnalysis.h"

#include "Simt/Engine.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

#include <cassert>
#include <functional>

using namespace clang;

namespace warpcheck {

bool isRejectedSharedVar(const Decl *D) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && V->isInvalidDecl() && V->hasAttr<CUDASharedAttr>() &&
         V->getType()->isRecordType() && !V->getType()->isDependentType();
}

namespace {
void rejectedVarsIn(const Stmt *S, llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (isRejectedSharedVar(D))
        Out.push_back(cast<VarDecl>(D));
  for (const Stmt *Child : S->children())
    rejectedVarsIn(Child, Out);
}
} // namespace

const VarDecl *rejectedSharedUse(const Expr *E, const Stmt *Scope,
                                 const ASTContext &Ctx) {
  llvm::SmallVector<const VarDecl *, 2> Rejected;
  rejectedVarsIn(Scope, Rejected);
  if (Rejected.empty())
    return nullptr;
  const VarDecl *Found = nullptr;
  bool Other = false;
  // Every RecoveryExpr (where clang gave up) must name a rejected variable:
  // as its operand, or (`&bar`) as the one identifier it stands for.
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Other)
      return;
    if (const auto *R = dyn_cast<RecoveryExpr>(S)) {
      const VarDecl *Named = nullptr;
      for (const Expr *Sub : R->subExpressions())
        if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
                Sub ? Sub->IgnoreParens() : nullptr))
          if (llvm::is_contained(Rejected, Ref->getDecl()))
            Named = cast<VarDecl>(Ref->getDecl());
      if (!Named && R->subExpressions().empty()) {
        StringRef Text = Lexer::getSourceText(
            CharSourceRange::getTokenRange(R->getSourceRange()),
            Ctx.getSourceManager(), Ctx.getLangOpts());
        for (const VarDecl *V : Rejected)
          if (V->getName() == Text)
            Named = V;
      }
      if (!Named)
        Other = true;
      else
        Found = Named;
      return;
    }
    if (isa<TypoExpr>(S))
      Other = true;
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(E);
  return Other ? nullptr : Found;
}

namespace {
bool didNotParseIn(const Stmt *S, const Stmt *Scope, const ASTContext &Ctx) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    return E->containsErrors() && !rejectedSharedUse(E, Scope, Ctx);
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D->isInvalidDecl() && !isRejectedSharedVar(D))
        return true;
  for (const Stmt *Child : S->children())
    if (didNotParseIn(Child, Scope, Ctx))
      return true;
  return false;
}
} // namespace

bool didNotParse(const Stmt *S, const ASTContext &Ctx) {
  return didNotParseIn(S, S, Ctx);
}



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
