//===--- LocalDim3.cpp - A local dim3 followed to one use -----------------===//

#include "Host/LocalDim3.h"
#include "Host/HostArithmetic.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"

#include <algorithm>
#include <functional>

using namespace clang;

namespace warpcheck {

std::optional<LocalDim3::Change> LocalDim3::findChange(const Stmt *S) const {
  std::vector<VariableUse> Uses = changingUses(Var, S);
  if (Uses.empty())
    return std::nullopt;
  const VariableUse &U = Uses.front();
  // `b.x = 4`, `b.y *= 2`, `++b.z`: a member assigned, which step follows.
  const auto *Member = dyn_cast_or_null<FieldDecl>(U.Member);
  if (U.Kind == UseKind::Assigned && Member &&
      memberOf(isa<BinaryOperator>(U.At) ? cast<BinaryOperator>(U.At)->getLHS()
               : isa<UnaryOperator>(U.At)
                   ? cast<UnaryOperator>(U.At)->getSubExpr()
                   : U.Ref))
    return Change{U.At, Member->getNameAsString()};
  return Change{U.At, ""};
}

bool LocalDim3::findDeclaration(const Stmt *S, const CompoundStmt *&Block,
                                size_t &Index) const {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    size_t I = 0;
    for (const Stmt *Child : C->body()) {
      if (const auto *DS = dyn_cast<DeclStmt>(Child))
        for (const Decl *D : DS->decls())
          if (D == Var) {
            Block = C;
            Index = I;
            return true;
          }
      ++I;
    }
  }
  for (const Stmt *Child : S->children())
    if (findDeclaration(Child, Block, Index))
      return true;
  return false;
}

const FieldDecl *LocalDim3::memberOf(const Expr *E) const {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParens());
  if (!Member || Member->isArrow())
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  if (!Ref || Ref->getDecl() != Var)
    return nullptr;
  return dyn_cast<FieldDecl>(Member->getMemberDecl());
}

std::string LocalDim3::why(const Stmt *S, const Change &C) const {
  std::string What =
      C.Member.empty() ? "'" + Name + "'" : "'" + Name + "." + C.Member + "'";
  std::string Changed = C.Member.empty() ? " may be changed" : " is assigned";
  // Innermost construct between S and the change that makes it
  // conditional or repeated.
  std::function<const char *(const Stmt *)> Around =
      [&](const Stmt *T) -> const char * {
    if (!T || T == C.At)
      return nullptr;
    for (const Stmt *Child : T->children())
      if (contains(Child, C.At)) {
        if (const char *Inner = Around(Child))
          return Inner;
        break;
      }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(T))
      return " in a loop";
    if (isa<IfStmt, SwitchStmt, ConditionalOperator, BinaryConditionalOperator>(
            T))
      return " under a condition";
    if (const auto *BO = dyn_cast<BinaryOperator>(T))
      if (BO->isLogicalOp())
        return " under a condition";
    return nullptr;
  };
  if (const char *Where = Around(S))
    return What + Changed + Where;
  if (C.Member.empty())
    return What + " may be changed through a pointer or reference";
  return What + " is assigned in a way that cannot be followed";
}

bool LocalDim3::assign(const Expr *E, std::string &WhyNot) {
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    E = Cleanups->getSubExpr()->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Comma)
    return assign(BO->getLHS(), WhyNot) && assign(BO->getRHS(), WhyNot);
  const FieldDecl *Field = nullptr;
  const BinaryOperator *BO = dyn_cast<BinaryOperator>(E);
  const UnaryOperator *UO = dyn_cast<UnaryOperator>(E);
  if (BO && BO->isAssignmentOp())
    Field = memberOf(BO->getLHS());
  else if (UO && UO->isIncrementDecrementOp())
    Field = memberOf(UO->getSubExpr());
  if (!Field) {
    if (std::optional<Change> C = findChange(E)) {
      WhyNot = why(E, *C);
      return false;
    }
    return true; // reads it, or does not use it
  }
  std::string Member = Field->getNameAsString();
  unsigned Dim3::*Slot = Member == "x"   ? &Dim3::X
                         : Member == "y" ? &Dim3::Y
                         : Member == "z" ? &Dim3::Z
                                         : nullptr;
  if (!Slot) {
    WhyNot = "'" + Name + "." + Member + "' is not a block dimension";
    return false;
  }
  std::string What = "'" + Name + "." + Member + "'";
  QualType T = Field->getType();
  std::optional<std::vector<std::pair<int64_t, std::string>>> Assigned;
  if (!UO) {
    Assigned = assignedValues(BO->getRHS(), What, WhyNot);
    if (!Assigned)
      return false;
  }
  std::vector<std::pair<Dim3, std::string>> Next;
  for (const auto &[Old, OldVia] : Values)
    for (const auto &[V, How] :
         UO ? std::vector<std::pair<int64_t, std::string>>{{1, ""}}
            : *Assigned) {
      std::optional<int64_t> New;
      if (UO) {
        New = applyBinary(Old.*Slot, 1, UO->isIncrementOp() ? BO_Add : BO_Sub,
                          T, Ctx);
      } else if (BO->getOpcode() == BO_Assign) {
        New = convertTo(V, T, Ctx);
      } else {
        // `b.x op= v` is `b.x = b.x op v` in the common type, converted back.
        New = applyCompoundAssign(cast<CompoundAssignOperator>(BO),
                                  Old.*Slot, V, T, Ctx);
      }
      if (!New) {
        WhyNot = What + " is assigned a value C++ does not define";
        return false;
      }
      Dim3 D = Old;
      D.*Slot = unsigned(*New);
      bool Seen = false;
      for (const auto &N : Next)
        Seen |= N.first == D;
      if (!Seen)
        Next.push_back({D, OldVia.empty() || How.empty() || OldVia == How
                               ? OldVia + How
                               : OldVia + ", " + How});
    }
  if (Next.size() > MaxStates) {
    WhyNot = "'" + Name + "' takes more than " + std::to_string(MaxStates) +
             " values";
    return false;
  }
  Values = std::move(Next);
  return true;
}

std::optional<std::vector<std::pair<int64_t, std::string>>>
LocalDim3::assignedValues(const Expr *E, const std::string &What,
                          std::string &WhyNot) {
  if (auto V = evaluateInt(E, Ctx))
    return std::vector<std::pair<int64_t, std::string>>{{*V, ""}};
  std::string Why;
  auto Found = Evaluate ? Evaluate(E, Why) : std::nullopt;
  if (!Found || Found->empty()) {
    WhyNot = What + " is assigned " + notConstant(E, Ctx);
    if (!Why.empty())
      WhyNot += " (" + Why + ")";
    return std::nullopt;
  }
  return Found;
}

bool LocalDim3::step(const Stmt *S, std::string &WhyNot) {
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body())
      if (!step(Child, WhyNot))
        return false;
    return true;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return assign(E, WhyNot);
  if (std::optional<Change> C = findChange(S)) {
    WhyNot = why(S, *C);
    return false;
  }
  return true;
}

std::optional<Dim3> LocalDim3::valueAtUse(Dim3 Init, std::string &WhyNot) {
  auto All = valuesAtUse(Init, WhyNot);
  if (!All)
    return std::nullopt;
  if (All->size() != 1) {
    WhyNot = "'" + Name + "' has several values";
    return std::nullopt;
  }
  return All->front().first;
}

std::optional<std::vector<std::pair<Dim3, std::string>>>
LocalDim3::valuesAtUse(Dim3 Init, std::string &WhyNot) {
  Values = {{Init, ""}};
  const auto *Function = dyn_cast<FunctionDecl>(Var->getDeclContext());
  const Stmt *Body = Function ? Function->getBody() : nullptr;
  if (!Body) {
    WhyNot = "'" + Name + "' cannot be followed";
    return std::nullopt;
  }
  const CompoundStmt *Block = nullptr;
  size_t DeclIndex = 0;
  std::optional<size_t> UseIndex;
  // Straight-line order means nothing for a use inside a lambda (it runs
  // when called) or in a function with goto: any change counts.
  bool Ordered = !inLambdaOrJumps(Body, Use);
  if (Ordered && findDeclaration(Body, Block, DeclIndex))
    for (size_t I = DeclIndex + 1; I < Block->size(); ++I)
      if (contains(Block->body_begin()[I], Use)) {
        UseIndex = I;
        break;
      }
  if (!UseIndex) {
    // Not straight-line code from the declaration to the use: the value is
    // the initial one only if nothing changes it.
    if (std::optional<Change> C = findChange(Body)) {
      WhyNot = why(Body, *C);
      return std::nullopt;
    }
    return Values;
  }
  for (size_t I = DeclIndex + 1; I < *UseIndex; ++I)
    if (!step(Block->body_begin()[I], WhyNot))
      return std::nullopt;
  // The statement of the use must not change it on the way.
  const Stmt *Last = Block->body_begin()[*UseIndex];
  if (std::optional<Change> C = findChange(Last)) {
    WhyNot = why(Last, *C);
    return std::nullopt;
  }
  return Values;
}

} // namespace warpcheck
