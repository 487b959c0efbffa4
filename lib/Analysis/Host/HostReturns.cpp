//===--- HostReturns.cpp - The returns a followed call can reach ----------===//
//
// A helper followed through its `return`s (throughReturns) gives the values
// of the returns its arguments can reach. ggml's `calc_nwarps(type, ncols,
// table_id)` returns from a table of `if (table_id == X) switch (ncols)`
// arms, one of which calls itself for another table; with the arguments of
// the call bound, the conditions on the way to each return are read like
// any host value: an `if` whose condition has only values against the
// return's arm, or a `switch` none of whose labels leading to the return
// matches, or a statement before it in its block that returns whichever
// way these values take it, keeps it from running. Anything not decided
// leaves it in, so the values are those of every return that may run.
//
//===----------------------------------------------------------------------===//

#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"

#include "clang/AST/StmtVisitor.h"

using namespace clang;

namespace warpcheck {
namespace {

/// The `case` and `default` labels in S, outside nested switches.
void collectLabels(const Stmt *S, std::vector<const SwitchCase *> &Out) {
  if (!S || isa<SwitchStmt, LambdaExpr>(S))
    return;
  if (const auto *Label = dyn_cast<SwitchCase>(S))
    Out.push_back(Label);
  for (const Stmt *Child : S->children())
    collectLabels(Child, Out);
}

/// Whether S ends control where it stands: `break`, `return`, `continue`
/// or `goto` (after its labels), so the statement after it is reached only
/// through a label of its own.
bool endsControl(const Stmt *S) {
  while (const auto *Label = dyn_cast_or_null<SwitchCase>(S))
    S = Label->getSubStmt();
  return isa_and_nonnull<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt>(S);
}

/// Whether one of Values matches Label (a `case V:` or `case L ... H:`);
/// true when its value is not a constant.
bool labelMatches(const CaseStmt *Label, llvm::ArrayRef<int64_t> Values,
                  const ASTContext &Ctx) {
  Expr::EvalResult Low, High;
  if (!Label->getLHS()->EvaluateAsInt(Low, Ctx))
    return true;
  int64_t L = Low.Val.getInt().getExtValue(), H = L;
  if (const Expr *RHS = Label->getRHS()) {
    if (!RHS->EvaluateAsInt(High, Ctx))
      return true;
    H = High.Val.getInt().getExtValue();
  }
  for (int64_t V : Values)
    if (V >= L && V <= H)
      return true;
  return false;
}

bool containsCall(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr, CXXConstructExpr, LambdaExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsCall(Child))
      return true;
  return false;
}

/// Whether S holds a jump that may enter a statement from aside (`goto`, a
/// label, a computed goto).
bool hasJumps(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (hasJumps(Child))
      return true;
  return false;
}

/// Whether S holds a `break` or `continue` that leaves it (outside the
/// loops and switches nested in it).
bool leavesBy(const Stmt *S, bool Outermost = true) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<BreakStmt, ContinueStmt>(S))
    return true;
  if (!Outermost &&
      isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (leavesBy(Child, false))
      return true;
  return false;
}

} // namespace

std::optional<HostEvaluator::Ints>
HostEvaluator::conditionValues(const Expr *Cond, unsigned Depth) {
  // A condition that calls (`if (f(n - 1) == 4)`) is not read: following
  // it again for every return would take exponential time. So is any once
  // the entry's budget is spent.
  if (!Cond)
    return std::nullopt;
  if (ConditionsRead)
    if (auto It = ConditionsRead->find(Cond); It != ConditionsRead->end())
      return It->second;
  if (PruneBudget == 0 || containsCall(Cond))
    return std::nullopt;
  --PruneBudget;
  std::string Ignored;
  auto Values = intsAt(Cond, Depth + 1, Ignored);
  if (Values && Values->empty())
    Values.reset();
  if (ConditionsRead)
    (*ConditionsRead)[Cond] = Values;
  return Values;
}

bool HostEvaluator::alwaysReturns(const Stmt *S, unsigned Depth) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : Block->body())
      if (alwaysReturns(Child, Depth))
        return true;
    return false;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    bool MayThen = true, MayElse = true;
    if (auto Values = conditionValues(If->getCond(), Depth)) {
      MayThen = MayElse = false;
      for (const auto &V : *Values)
        (V.Value ? MayThen : MayElse) = true;
    }
    return (!MayThen || alwaysReturns(If->getThen(), Depth)) &&
           (!MayElse || alwaysReturns(If->getElse(), Depth));
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    // Every way in (a `default:` is there) falls down to a return: nothing
    // leaves the switch before, and its last statement returns.
    const auto *Block = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
    if (!Block || Block->body_empty() || leavesBy(Block))
      return false;
    std::vector<const SwitchCase *> Labels;
    collectLabels(Block, Labels);
    return llvm::any_of(
               Labels,
               [](const SwitchCase *L) { return isa<DefaultStmt>(L); }) &&
           alwaysReturns(Block->body_back(), Depth);
  }
  if (const auto *Label = dyn_cast<SwitchCase>(S))
    return alwaysReturns(Label->getSubStmt(), Depth);
  return false;
}

bool HostEvaluator::mayRunTo(const Stmt *Target, const Stmt *Body,
                             unsigned Depth) {
  std::vector<const Stmt *> Path;
  // A goto may enter anywhere: every return may run.
  auto [It, New] = BodiesWithJumps.try_emplace(Body, false);
  if (New)
    It->second = hasJumps(Body);
  if (It->second || !pathTo(Body, Target, Path))
    return true;
  for (size_t K = 0; K + 1 < Path.size(); ++K) {
    // `if (t == A) { ...return; } return 1;`: a statement before the way
    // that returns with these values keeps the rest of its block from
    // running (unless a goto or a `case` label enters from aside).
    std::vector<const SwitchCase *> Entries;
    collectLabels(Path[K + 1], Entries);
    bool EnteredAside =
        !Entries.empty() || (K > 0 && isa<SwitchStmt>(Path[K - 1]));
    if (const auto *Block = dyn_cast<CompoundStmt>(Path[K]);
        Block && !EnteredAside)
      for (const Stmt *Before : Block->body()) {
        if (Before == Path[K + 1])
          break;
        if (alwaysReturns(Before, Depth))
          return false;
      }
    if (const auto *If = dyn_cast<IfStmt>(Path[K])) {
      bool Then = Path[K + 1] == If->getThen();
      if (!Then && Path[K + 1] != If->getElse())
        continue; // the condition or the init: runs
      auto Values = conditionValues(If->getCond(), Depth);
      if (!Values)
        continue;
      bool Taken = false;
      for (const auto &V : *Values)
        Taken |= (V.Value != 0) == Then;
      if (!Taken)
        return false;
    } else if (const auto *Switch = dyn_cast<SwitchStmt>(Path[K])) {
      if (Path[K + 1] == Switch->getBody() &&
          !caseMayMatch(Switch, llvm::ArrayRef(Path).drop_front(K + 1), Depth))
        return false;
    }
  }
  return true;
}

bool HostEvaluator::caseMayMatch(const SwitchStmt *Switch,
                                 llvm::ArrayRef<const Stmt *> Path,
                                 unsigned Depth) {
  auto Values = conditionValues(Switch->getCond(), Depth);
  if (!Values || Path.size() < 2)
    return true;
  // The labels that lead to the target: those in the statement of the body
  // that holds it (on its way or before it, as in Duff's device), and those
  // of the statements before it that fall through into it.
  std::vector<const SwitchCase *> Labels;
  const auto *Block = dyn_cast<CompoundStmt>(Path[0]);
  if (!Block) {
    collectLabels(Path[0], Labels);
  } else {
    const Stmt *Holder = Path[1];
    auto Statements = Block->body();
    auto It = llvm::find(Statements, Holder);
    if (It == Statements.end())
      return true;
    collectLabels(Holder, Labels);
    while (It != Statements.begin()) {
      --It;
      if (endsControl(*It))
        break;
      collectLabels(*It, Labels);
    }
  }
  std::vector<int64_t> Plain;
  for (const auto &V : *Values)
    Plain.push_back(V.Value);
  bool Default = false;
  for (const SwitchCase *Label : Labels) {
    const auto *Case = dyn_cast<CaseStmt>(Label);
    if (!Case)
      Default = true;
    else if (labelMatches(Case, Plain, Ctx))
      return true;
  }
  if (!Default)
    return false;
  // `default:` takes a value no case of the switch matches.
  std::vector<const SwitchCase *> All;
  collectLabels(Switch->getBody(), All);
  for (int64_t V : Plain) {
    bool Matched = false;
    for (const SwitchCase *Label : All)
      if (const auto *Case = dyn_cast<CaseStmt>(Label))
        Matched |= labelMatches(Case, {V}, Ctx);
    if (!Matched)
      return true;
  }
  return false;
}

} // namespace warpcheck
