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

#include <functional>

using namespace clang;

namespace warpcheck {
namespace {

/// Whether S names `this` (or `*this`) anywhere: a member function called,
/// the object handed on or assigned, a member changed.
bool namesThis(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CXXThisExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (namesThis(Child))
      return true;
  return false;
}

/// Whether the constructor Ctor leaves Field as its member initializer set
/// it: an empty body, no delegation, and no other initializer that reaches
/// the object under construction.
bool keepsInitializer(const CXXConstructorDecl *Ctor, const FieldDecl *Field) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Ctor->getBody());
  if (!Body || !Body->body_empty() || Ctor->isDelegatingConstructor())
    return false;
  for (const CXXCtorInitializer *I : Ctor->inits())
    if (I->getMember() != Field && namesThis(I->getInit()))
      return false;
  return true;
}

/// The expression that initializes Field when Init (a declaration's
/// initializer, a temporary) constructs the struct, or null: an element of
/// an initializer list, a default member initializer, or the member
/// initializer of a user constructor whose body leaves Field alone (then
/// read with the constructor's parameters bound to the construction).
std::optional<FieldSource> initialValue(const Expr *Init,
                                        const FieldDecl *Field) {
  if (!Init)
    return std::nullopt;
  Init = Init->IgnoreImplicit();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Init))
    Init = Cast->getSubExpr()->IgnoreImplicit();
  if (const auto *Temporary = dyn_cast<CXXBindTemporaryExpr>(Init))
    Init = Temporary->getSubExpr()->IgnoreImplicit();
  // The object a helper returns.
  if (const auto *Call = dyn_cast<CallExpr>(Init);
      Call && !isa<CUDAKernelCallExpr>(Call) && Call->getDirectCallee())
    return FieldSource{nullptr, nullptr, Call};
  if (const auto *List = dyn_cast<InitListExpr>(Init)) {
    // With bases the list starts with them: not followed.
    if (const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
        RD && RD->getNumBases())
      return std::nullopt;
    if (List->isSyntacticForm() && List->getSemanticForm())
      List = List->getSemanticForm();
    unsigned I = Field->getFieldIndex();
    if (I >= List->getNumInits())
      return std::nullopt;
    const Expr *E = List->getInit(I);
    if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
      return FieldSource{Default->getExpr()};
    return FieldSource{E};
  }
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
  if (!Construct)
    return std::nullopt;
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  // `Cfg c;` with a default member initializer.
  if ((Ctor->isDefaultConstructor() && Ctor->isTrivial()) ||
      (Construct->getNumArgs() == 0 && Ctor->isImplicit())) {
    if (const Expr *In = Field->getInClassInitializer())
      return FieldSource{In};
    return std::nullopt;
  }
  // ggml's `ggml_cuda_kernel_launch_params(const dim3 &block_dims_, ...)
  // : block_dims(block_dims_)`.
  if (!Ctor->isUserProvided() || !Ctor->hasBody() || Ctor->isVariadic() ||
      Ctor->getParent() != Field->getParent())
    return std::nullopt;
  const auto *Defined = dyn_cast<CXXConstructorDecl>(Ctor->getDefinition());
  if (!Defined || !keepsInitializer(Defined, Field))
    return std::nullopt;
  for (const CXXCtorInitializer *I : Defined->inits())
    if (I->getMember() == Field && I->getInit()) {
      const Expr *E = I->getInit();
      if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
        E = Default->getExpr();
      return FieldSource{E, Construct};
    }
  return std::nullopt;
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

bool HostEvaluator::fieldSources(const VarDecl *VD, const FieldDecl *Field,
                                 const Expr *Use,
                                 std::vector<FieldSource> &Sources,
                                 std::string &WhyNot) {
  const FunctionDecl *Owner = enclosingFunction(VD);
  // A union's members share their storage: writing one changes another.
  // Fields of bases are not followed (only the record's own).
  const auto *Record = VD->getType()->getAsCXXRecordDecl();
  // A mutable member changes under a const method: not followed.
  if (!Record || Record->isUnion() || !Record->hasDefinition() ||
      Record->hasMutableFields() ||
      Field->getParent()->getCanonicalDecl() != Record->getCanonicalDecl() ||
      isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      VD->getType()->isReferenceType() || VD->getType().isVolatileQualified() ||
      !Owner || !Owner->getBody()) {
    WhyNot = "the block size is " + notConstant(Use, Ctx);
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
      assignedBefore(VD, Assigns.front(), Use, Owner->getBody())) {
    Sources.push_back({Assigns.front()->getRHS()});
    return true;
  }
  auto Init = initialValue(VD->getInit(), Field);
  if (!Init) {
    WhyNot = Name + " has no initial value that can be followed";
    return false;
  }
  Sources.push_back(*Init);
  for (const BinaryOperator *BO : Assigns)
    Sources.push_back({BO->getRHS()});
  return true;
}

template <typename T, typename F>
std::optional<std::vector<Traced<T>>>
HostEvaluator::fieldValues(const Expr *Object, const FieldDecl *Field,
                           const Expr *Use, unsigned Depth, std::string &WhyNot,
                           F Evaluate) {
  if (Depth > MaxDepth) {
    WhyNot = "the block size is " + notConstant(Use, Ctx);
    return std::nullopt;
  }
  Object = Object->IgnoreParenImpCasts();
  if (const Expr *Forwarded = forwardedArgument(Object))
    Object = Forwarded->IgnoreParenImpCasts();
  std::vector<FieldSource> Sources;
  const auto *Ref = dyn_cast<DeclRefExpr>(Object);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(VD)) {
    // A struct passed by value or by const reference: the field of the
    // argument at the call.
    QualType PT = Param->getType();
    const auto *RD = PT.getNonReferenceType()->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->hasMutableFields()) {
      WhyNot = "'" + Param->getNameAsString() +
               "' is not a struct whose fields can be followed";
      return std::nullopt;
    }
    if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified()) {
      WhyNot = "'" + Param->getNameAsString() +
               "' is a reference that may be changed";
      return std::nullopt;
    }
    return parameterValues<T>(
        Param, Depth, WhyNot,
        [this, Field, Evaluate](const Expr *A, unsigned D, std::string &W) {
          return fieldValues<T>(A, Field, A, D, W, Evaluate);
        });
  }
  if (VD) {
    if (!fieldSources(VD, Field, Use, Sources, WhyNot))
      return std::nullopt;
  } else if (auto Init = initialValue(Object, Field)) {
    Sources.push_back(*Init); // a temporary: `f(Params(a, b))`
  } else {
    WhyNot = "the block size is " + notConstant(Use, Ctx);
    return std::nullopt;
  }
  std::vector<Traced<T>> Out;
  for (const FieldSource &S : Sources) {
    std::optional<std::vector<Traced<T>>> V;
    if (S.Returned) {
      V = throughReturns<T>(
          S.Returned, Depth, WhyNot,
          [this, Field, Evaluate](const Expr *R, unsigned D, std::string &W) {
            return fieldValues<T>(R, Field, R, D, W, Evaluate);
          });
    } else if (S.Construct) {
      // The constructor's parameters take the construction's arguments.
      FrameScope InConstructor(
          *this, {S.Construct->getConstructor(), S.Construct, Current});
      V = Evaluate(S.E, Depth + 1, WhyNot);
    } else {
      V = Evaluate(S.E, Depth + 1, WhyNot);
    }
    if (!V)
      return std::nullopt;
    for (auto &X : *V)
      addUnique(Out, X);
  }
  if (Out.size() > MaxValues) {
    WhyNot = "the block size takes more than " + std::to_string(MaxValues) +
             " values";
    return std::nullopt;
  }
  return Out;
}

std::optional<HostEvaluator::Ints>
HostEvaluator::fieldInts(const MemberExpr *ME, unsigned Depth,
                         std::string &WhyNot) {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field) {
    WhyNot = "the block size is " + notConstant(ME, Ctx);
    return std::nullopt;
  }
  if (!ME->isArrow())
    if (auto Values = fieldValues<int64_t>(
            ME->getBase(), Field, ME, Depth, WhyNot,
            [this](const Expr *A, unsigned D, std::string &W) {
              return intsAt(A, D, W);
            }))
      return Values;
  // No object to follow: every store into the field in the program.
  std::string Why;
  if (ProgramFields)
    if (auto Values = ProgramFields(Field, Why))
      return Values;
  if (WhyNot.empty() || ME->isArrow())
    WhyNot = "the block size is " + notConstant(ME, Ctx);
  if (!Why.empty())
    WhyNot += " (" + Why + ")";
  return std::nullopt;
}

std::optional<HostEvaluator::Dims>
HostEvaluator::fieldDims(const MemberExpr *ME, unsigned Depth,
                         std::string &WhyNot) {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field || ME->isArrow()) {
    WhyNot = "the block size is " + notConstant(ME, Ctx);
    return std::nullopt;
  }
  return fieldValues<Dim3>(ME->getBase(), Field, ME, Depth, WhyNot,
                           [this](const Expr *A, unsigned D, std::string &W) {
                             return dimsAt(A, D, W);
                           });
}

std::optional<HostEvaluator::Ints>
HostEvaluator::tableInts(const ArraySubscriptExpr *Sub, unsigned Depth,
                         std::string &WhyNot) {
  // An element of a local table of integers only read (`int sizes[] = {32,
  // 64}; sizes[j]`): the element a known index names, else any.
  const VarDecl *VD = variableOf(Sub->getBase());
  const InitListExpr *Table = VD ? localTable(*VD) : nullptr;
  // Elements the list leaves out are zero: not followed.
  if (!Table || Table->hasArrayFiller() || !VD->getType()->isArrayType()) {
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
