//===--- Engine.cpp - The SIMT engine: construction, run, shared helpers ----===//
//
// Runs a kernel body for every thread of one block at once. The language
// areas live in their own files (InterpretExpr, InterpretCallAndReturn,
// InterpretControlFlow); values, masks, memory and recording in theirs.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::run() {
  M.A.assign(N, Activity::Active);
  Frame F;
  F.FD = Kernel;
  F.Returned.assign(N, Exit::None);
  Frames.push_back(std::move(F));
  exec(Kernel->getBody());
  Frames.clear();
  settleSpinLoops();
  if (Stopped)
    for (auto &S : Sites)
      S.Summary.Truncated = true;
  settlePerIterationCounts();
}

void Engine::stop(const std::string &Why) {
  if (!Stopped) {
    Stopped = true;
    Truncation = Why;
  }
}

std::string Engine::sourceText(const Expr *E) const {
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  R = SM.getExpansionRange(R);
  std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  std::replace(Text.begin(), Text.end(), '\n', ' ');
  if (Text.size() > 48)
    Text = Text.substr(0, 45) + "...";
  return Text.empty() ? "<expression>" : Text;
}

unsigned Engine::lineOf(const Stmt *S) const {
  return SM.getPresumedLineNumber(SM.getExpansionLoc(S->getBeginLoc()));
}

std::optional<int64_t> Engine::constantValue(const Expr *E) {
  auto It = ConstantCache.find(E);
  if (It != ConstantCache.end())
    return It->second;
  std::optional<int64_t> V;
  if (!E->isValueDependent() && !E->isTypeDependent() &&
      E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
      V = R.Val.getInt().getExtValue();
  }
  ConstantCache[E] = V;
  return V;
}

} // namespace simt
} // namespace warpcheck
