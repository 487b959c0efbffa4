//===--- HostFields.cpp - The values a struct's field holds ---------------===//
//
// `Cfg c{256}; k<<<g, c.block>>>` and `Cfg c; c.block = 256; k<<<g,
// c.block>>>`: a field of a local struct, followed to what sets it. Every
// change of the field must be a plain `c.block = e`, and nothing may
// change the struct as a whole (passed by reference, its address taken,
// assigned): then the field holds its initial value or one of the
// assigned ones, and exactly the assigned one when that one assignment
// comes before the use in straight-line code. Likewise an element of a
// local table of integers only read (`int sizes[] = {32, 64}; sizes[j]`).
//
//===----------------------------------------------------------------------===//

#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/HostValueInternal.h"
#include "Host/Mutation.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace warpcheck {
namespace {

/// The expression that initializes Field in VD's declaration, or null.
const Expr *initialValue(const VarDecl *VD, const FieldDecl *Field) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return nullptr;
  Init = Init->IgnoreImplicit();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Init))
    Init = Cast->getSubExpr()->IgnoreImplicit();
  if (const auto *List = dyn_cast<InitListExpr>(Init)) {
    if (List->isSyntacticForm() && List->getSemanticForm())
      List = List->getSemanticForm();
    unsigned I = Field->getFieldIndex();
    if (I >= List->getNumInits())
      return nullptr;
    const Expr *E = List->getInit(I);
    if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
      return Default->getExpr();
    return E;
  }
  // `Cfg c;` with a default member initializer.
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
      Construct && Construct->getConstructor()->isDefaultConstructor() &&
      Construct->getConstructor()->isTrivial())
    return Field->getInClassInitializer();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 0 &&
      Construct->getConstructor()->isImplicit())
    return Field->getInClassInitializer();
  return nullptr;
}

/// The one statement of Block that is or holds S, by index; -1 if none.
int indexIn(const CompoundStmt *Block, const Stmt *S) {
  int I = 0;
  for (const Stmt *Child : Block->body()) {
    if (contains(Child, S))
      return I;
    ++I;
  }
  return -1;
}

/// Whether Assign, a statement of the block that declares VD, runs after
/// the declaration and before Use in straight-line code.
bool assignedBefore(const VarDecl *VD, const BinaryOperator *Assign,
                    const Expr *Use, const Stmt *Body) {
  if (inLambdaOrJumps(Body, Use))
    return false;
  std::vector<const Stmt *> Path;
  if (!pathTo(Body, Assign, Path) || Path.size() < 2)
    return false;
  const auto *Block = dyn_cast<CompoundStmt>(Path[Path.size() - 2]);
  if (!Block)
    return false;
  int Declared = -1, At = indexIn(Block, Assign), UseAt = indexIn(Block, Use);
  int I = 0;
  for (const Stmt *Child : Block->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(Child))
      for (const Decl *D : DS->decls())
        if (D == VD)
          Declared = I;
    ++I;
  }
  return Declared >= 0 && Declared < At && At < UseAt;
}

} // namespace

bool HostEvaluator::fieldSources(const MemberExpr *ME,
                                 std::vector<const Expr *> &Sources,
                                 std::string &WhyNot) {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const auto *Ref = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const FunctionDecl *Owner = VD ? enclosingFunction(VD) : nullptr;
  // A union's members share their storage: writing one changes another.
  // Fields of bases are not followed (the initializer lists the bases).
  const auto *Record = VD ? VD->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Field || !Record || Record->isUnion() || Record->getNumBases() ||
      Field->getParent()->getCanonicalDecl() != Record->getCanonicalDecl() ||
      ME->isArrow() || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      VD->getType()->isReferenceType() || VD->getType().isVolatileQualified() ||
      !Owner || !Owner->getBody()) {
    WhyNot = "the block size is " + notConstant(ME, Ctx);
    return false;
  }
  std::string Name =
      "'" + VD->getNameAsString() + "." + Field->getNameAsString() + "'";
  std::vector<const BinaryOperator *> Assigns;
  for (const VariableUse &U : changingUses(VD, Owner->getBody())) {
    if (U.Member && U.Member != Field && U.Part)
      continue; // another field
    const auto *BO = dyn_cast_or_null<BinaryOperator>(U.At);
    const auto *LHS =
        BO ? dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParens()) : nullptr;
    if (U.Kind != UseKind::Assigned || U.Member != Field || !LHS ||
        BO->getOpcode() != BO_Assign ||
        LHS->getBase()->IgnoreParenImpCasts() != U.Ref) {
      WhyNot = Name + " may be changed in a way that cannot be followed";
      return false;
    }
    Assigns.push_back(BO);
  }
  if (Assigns.size() == 1 &&
      assignedBefore(VD, Assigns.front(), ME, Owner->getBody())) {
    Sources.push_back(Assigns.front()->getRHS());
    return true;
  }
  const Expr *Init = initialValue(VD, Field);
  if (!Init) {
    WhyNot = Name + " has no initial value that can be followed";
    return false;
  }
  Sources.push_back(Init);
  for (const BinaryOperator *BO : Assigns)
    Sources.push_back(BO->getRHS());
  return true;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::fieldInts(const MemberExpr *ME, unsigned Depth,
                         std::string &WhyNot) {
  std::vector<const Expr *> Sources;
  if (!fieldSources(ME, Sources, WhyNot))
    return std::nullopt;
  Ints Out;
  for (const Expr *S : Sources) {
    auto V = intsAt(S, Depth + 1, WhyNot);
    if (!V)
      return std::nullopt;
    for (auto &T : *V)
      addUnique(Out, T);
  }
  if (Out.size() > MaxValues) {
    WhyNot = "the block size takes more than " + std::to_string(MaxValues) +
             " values";
    return std::nullopt;
  }
  return Out;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::fieldDims(const MemberExpr *ME, unsigned Depth,
                         std::string &WhyNot) {
  std::vector<const Expr *> Sources;
  if (!fieldSources(ME, Sources, WhyNot))
    return std::nullopt;
  Dims Out;
  for (const Expr *S : Sources) {
    auto V = dimsAt(S, Depth + 1, WhyNot);
    if (!V)
      return std::nullopt;
    for (auto &T : *V)
      addUnique(Out, T);
  }
  if (Out.size() > MaxValues) {
    WhyNot =
        "the block takes more than " + std::to_string(MaxValues) + " shapes";
    return std::nullopt;
  }
  return Out;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::tableInts(const ArraySubscriptExpr *Sub, unsigned Depth,
                         std::string &WhyNot) {
  // An element of a local table of integers only read (`int sizes[] = {32,
  // 64}; sizes[j]`): the element a known index names, else any.
  const auto *Base =
      dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts());
  const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  const auto *Table =
      VD && VD->getInit()
          ? dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit())
          : nullptr;
  const FunctionDecl *Owner = VD ? enclosingFunction(VD) : nullptr;
  // Elements the list leaves out are zero: not followed.
  if (!Table || Table->hasArrayFiller() || !VD->hasLocalStorage() ||
      !VD->getType()->isArrayType() || !Owner || !Owner->getBody() ||
      !onlyElementsRead(VD, Owner->getBody())) {
    WhyNot = "the block size is " + notConstant(Sub, Ctx);
    return std::nullopt;
  }
  std::string IndexWhy;
  auto Indices = intsAt(Sub->getIdx(), Depth + 1, IndexWhy);
  Ints Out;
  for (unsigned I = 0; I < Table->getNumInits(); ++I) {
    bool Named = !Indices;
    for (const auto &X : Indices ? *Indices : Ints())
      Named |= X.Value == int64_t(I);
    if (!Named)
      continue;
    auto V = intsAt(Table->getInit(I), Depth + 1, WhyNot);
    if (!V)
      return std::nullopt;
    for (auto &T : *V)
      addUnique(Out,
                Traced<int64_t>{
                    T.Value, joinVia("element " + std::to_string(I) + " of '" +
                                         VD->getNameAsString() + "'",
                                     T.Via)});
  }
  if (Out.empty() || Out.size() > MaxValues) {
    WhyNot = "the block size is " + notConstant(Sub, Ctx);
    return std::nullopt;
  }
  return Out;
}

} // namespace warpcheck
