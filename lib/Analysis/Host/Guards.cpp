//===--- Guards.cpp - Values a condition forces at a launch ---------------===//

#include "Host/Guards.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {
namespace {

/// The variable E names (through casts and parentheses), when a local or
/// parameter of integer type.
const VarDecl *guardVariable(const Expr *E) {
  const VarDecl *VD = variableOf(E);
  if (!VD || !VD->hasLocalStorage() ||
      !VD->getType()->isIntegralOrEnumerationType())
    return nullptr;
  return VD;
}

/// The values Cond forces on variables when it is Taken (true) or not.
void conditionGuards(const Expr *Cond, bool Taken, const ASTContext &Ctx,
                     std::map<const VarDecl *, std::vector<int64_t>> &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return conditionGuards(UO->getSubExpr(), !Taken, Ctx, Out);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return;
  auto Intersect = [&](const VarDecl *VD, std::vector<int64_t> V) {
    auto It = Out.find(VD);
    if (It == Out.end()) {
      Out[VD] = std::move(V);
      return;
    }
    std::vector<int64_t> Both;
    for (int64_t X : It->second)
      if (std::find(V.begin(), V.end(), X) != V.end())
        Both.push_back(X);
    It->second = std::move(Both);
  };
  if ((BO->getOpcode() == BO_EQ && Taken) ||
      (BO->getOpcode() == BO_NE && !Taken)) {
    for (auto [Side, Other] : {std::pair{BO->getLHS(), BO->getRHS()},
                               std::pair{BO->getRHS(), BO->getLHS()}})
      if (const VarDecl *VD = guardVariable(Side))
        if (auto C = evaluateInt(Other, Ctx))
          Intersect(VD, {*C});
    return;
  }
  // a && b taken, or a || b not taken: both hold.
  if ((BO->getOpcode() == BO_LAnd && Taken) ||
      (BO->getOpcode() == BO_LOr && !Taken)) {
    conditionGuards(BO->getLHS(), Taken, Ctx, Out);
    conditionGuards(BO->getRHS(), Taken, Ctx, Out);
    return;
  }
  // a || b taken: one of them holds; a variable both constrain takes the
  // union.
  if ((BO->getOpcode() == BO_LOr && Taken) ||
      (BO->getOpcode() == BO_LAnd && !Taken)) {
    std::map<const VarDecl *, std::vector<int64_t>> L, R;
    conditionGuards(BO->getLHS(), Taken, Ctx, L);
    conditionGuards(BO->getRHS(), Taken, Ctx, R);
    for (auto &[VD, V] : L) {
      auto It = R.find(VD);
      if (It == R.end())
        continue;
      // V first, then what only the other side allows.
      std::vector<int64_t> Union = V;
      llvm::SmallDenseSet<int64_t, 8> Seen(V.begin(), V.end());
      for (int64_t X : It->second)
        if (Seen.insert(X).second)
          Union.push_back(X);
      Intersect(VD, std::move(Union));
    }
  }
}

/// The case labels under which the statement at Index of a switch body
/// runs: its own labels and, while the statement before may fall through
/// into it, the labels before. nullopt when `default` is among them.
std::optional<std::vector<int64_t>>
caseLabels(const CompoundStmt *Body, size_t Index, const ASTContext &Ctx) {
  std::vector<int64_t> Out;
  std::vector<const Stmt *> List(Body->body_begin(), Body->body_end());
  for (size_t I = Index;; --I) {
    // `case 1: case 2: stmt` nests the labels.
    for (const Stmt *S = List[I]; isa<SwitchCase>(S);
         S = cast<SwitchCase>(S)->getSubStmt()) {
      const auto *Case = dyn_cast<CaseStmt>(S);
      if (!Case || Case->caseStmtIsGNURange())
        return std::nullopt;
      auto V = evaluateInt(Case->getLHS(), Ctx);
      if (!V)
        return std::nullopt;
      Out.push_back(*V);
    }
    if (I == 0)
      break;
    const Stmt *Before = List[I - 1];
    while (const auto *SC = dyn_cast<SwitchCase>(Before))
      Before = SC->getSubStmt();
    if (isa<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt>(Before))
      break;
  }
  if (Out.empty())
    return std::nullopt;
  std::reverse(Out.begin(), Out.end()); // source order
  return Out;
}

/// Where a guard on VD holds in Function's body: everywhere (Body null)
/// when nothing changes VD; after the last top-level statement that
/// assigns it when that comes before the one at index Guard (no jumps, no
/// other change); nullopt otherwise.
std::optional<std::pair<const CompoundStmt *, unsigned>>
guardScope(const VarDecl *VD, const Stmt *FunctionBody,
           std::optional<unsigned> Guard) {
  if (!mayChange(VD, FunctionBody))
    return std::pair<const CompoundStmt *, unsigned>{nullptr, 0};
  const auto *Body = dyn_cast<CompoundStmt>(FunctionBody);
  if (!Body || !Guard || inLambdaOrJumps(Body, nullptr))
    return std::nullopt;
  unsigned ReadFrom = 0;
  for (const VariableUse &U : changingUses(VD, Body)) {
    if (U.Kind != UseKind::Assigned)
      return std::nullopt;
    // A change outside every statement (none is) would count past the last.
    unsigned I =
        statementIndex(Body, U.At ? U.At : U.Ref).value_or(Body->size());
    ReadFrom = std::max(ReadFrom, I + 1);
  }
  if (ReadFrom > *Guard)
    return std::nullopt;
  return std::pair{Body, ReadFrom};
}

} // namespace

bool guardHoldsAt(const GuardValues &G, const Expr *Use) {
  if (!G.Body)
    return true;
  if (!Use || inLambdaOrJumps(G.Body, Use))
    return false;
  std::optional<unsigned> I = statementIndex(G.Body, Use);
  return I && *I >= G.ReadFrom;
}

Guards guardsAt(const Stmt *Launch, const FunctionDecl *Function,
                const ASTContext &Ctx) {
  Guards Out;
  if (!Function || !Function->getBody())
    return Out;
  std::vector<const Stmt *> Path;
  if (!pathTo(Function->getBody(), Launch, Path))
    return Out;
  // A launch inside a lambda: the guards outside it are not followed.
  size_t Start = 0;
  for (size_t I = 0; I < Path.size(); ++I)
    if (isa<LambdaExpr>(Path[I]))
      Start = I + 1;
  const SourceManager &SM = Ctx.getSourceManager();
  // The top-level statement of the body that holds the launch.
  std::optional<unsigned> Top;
  if (const auto *Body = dyn_cast<CompoundStmt>(Function->getBody());
      Body && Start == 0 && Path.size() > 1 && Path[0] == Body) {
    auto Stmts = Body->body();
    Top = std::find(Stmts.begin(), Stmts.end(), Path[1]) - Stmts.begin();
  }
  using Scope = std::optional<std::pair<const CompoundStmt *, unsigned>>;
  std::map<const VarDecl *, Scope> Scopes;
  auto Add = [&](const VarDecl *VD, std::vector<int64_t> Values,
                 const std::string &What, SourceLocation Loc) {
    auto [It, New] = Scopes.emplace(VD, std::nullopt);
    if (New)
      It->second = guardScope(VD, Function->getBody(), Top);
    if (!It->second)
      return;
    std::string Text = "'" + VD->getNameAsString() + "' is ";
    for (size_t I = 0; I < Values.size(); ++I)
      Text += (I ? I + 1 == Values.size() ? " or " : ", " : "") +
              std::to_string(Values[I]);
    Text += " " + What + " at " + locationText(Loc, SM);
    auto Found = Out.find(VD);
    if (Found == Out.end()) {
      Out[VD] = {std::move(Values), Text, It->second->first,
                 It->second->second};
      return;
    }
    std::vector<int64_t> Both;
    for (int64_t X : Found->second.Values)
      if (std::find(Values.begin(), Values.end(), X) != Values.end())
        Both.push_back(X);
    Found->second.Values = std::move(Both);
    Found->second.Via += ", " + Text;
  };
  for (size_t I = Start; I + 1 < Path.size(); ++I) {
    const Stmt *S = Path[I], *Next = Path[I + 1];
    if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      const VarDecl *VD =
          Switch->getCond() ? guardVariable(Switch->getCond()) : nullptr;
      const auto *Body = dyn_cast<CompoundStmt>(Switch->getBody());
      if (!VD || Switch->getInit() || Switch->getConditionVariable() || !Body ||
          Next != Body || I + 2 >= Path.size())
        continue;
      auto Stmts = Body->body();
      size_t Index =
          std::find(Stmts.begin(), Stmts.end(), Path[I + 2]) - Stmts.begin();
      if (Index >= Body->size())
        continue;
      if (auto Labels = caseLabels(Body, Index, Ctx)) {
        std::string What = Labels->size() == 1 ? "in 'case" : "in the cases";
        for (size_t L = 0; L < Labels->size(); ++L)
          What += (L ? ", " : " ") + std::to_string((*Labels)[L]);
        Add(VD, *Labels,
            What + (Labels->size() == 1 ? "'" : "") + " of the switch",
            Switch->getBeginLoc());
      }
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval())
        continue;
      bool Taken = Next == If->getThen();
      if (!Taken && Next != If->getElse())
        continue;
      std::map<const VarDecl *, std::vector<int64_t>> Forced;
      conditionGuards(If->getCond(), Taken, Ctx, Forced);
      for (auto &[VD, Values] : Forced)
        Add(VD, Values,
            Taken ? "under the condition" : "in the else of the condition",
            If->getBeginLoc());
    }
  }
  return Out;
}

} // namespace warpcheck
