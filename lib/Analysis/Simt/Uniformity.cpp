//===--- Uniformity.cpp - What the compiler proves the same in a warp -----===//
//
// The engine knows each thread's value; the compiler only knows what its
// divergence analysis proves warp-uniform, and some code generation depends
// on that proof (a warp's atomics at one address combined into one lane's).
// This is that proof, conservatively: an expression built only from
// constants, kernel parameters, blockIdx/blockDim/gridDim, and counters of
// loops whose bounds are built the same way. Anything else (thread ids,
// loaded values, calls, variables assigned under branches) is not proven.
//
// The converse is proven too: the analysis taints what is computed from
// thread ids (and what is assigned under a branch on them) as divergent, and
// only warp operations (a shuffle's broadcast, a vote, %warpid) make a value
// warp-uniform without being the same in the whole block: a shuffle up, down
// or xor, or one from lanes that differ, is uniform only where its value is,
// and that value, uniform without such an operation before, is the same in
// the whole block, as the shuffle's result then is. So once two
// threads of the block hold different addresses at one access, with no such
// warp operation run before, the address depends on thread ids and is
// divergent to the compiler: the warp's atomics at one address are not
// combined
// (differential kernels k0339, k0239, k0242: `s[(lin >> 5) * 32]` costs 32
// wavefronts on the H100, cuda_samples/measurements/h100-differential).
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "Induction.h"

#include "Host/Mutation.h"
#include "CudaBuiltins.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace warpcheck {
namespace simt {

namespace {

/// The for-loop that declares V as its counter, if V changes nowhere else.
const ForStmt *counterLoop(const VarDecl *V, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*V);
  const auto *DS = Parents.size() == 1 ? Parents[0].get<DeclStmt>() : nullptr;
  if (!DS || !DS->isSingleDecl())
    return nullptr;
  DynTypedNodeList Up = Ctx.getParents(*DS);
  const auto *For = Up.size() == 1 ? Up[0].get<ForStmt>() : nullptr;
  return For && For->getInit() == DS ? For : nullptr;
}

/// The for statement whose init declares V, alone or among others
/// (`for (int a = b, i = 0; ...)`).
const ForStmt *declaringLoop(const VarDecl *V, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*V);
  const auto *DS = Parents.size() == 1 ? Parents[0].get<DeclStmt>() : nullptr;
  if (!DS)
    return nullptr;
  DynTypedNodeList Up = Ctx.getParents(*DS);
  const auto *For = Up.size() == 1 ? Up[0].get<ForStmt>() : nullptr;
  return For && For->getInit() == DS ? For : nullptr;
}

/// Whether S holds a break, continue, return or goto.
bool leavesAnywhere(const Stmt *S) {
  if (!S)
    return false;
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
      isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (leavesAnywhere(C))
      return true;
  return false;
}

/// The loops in S, S included.
void forLoops(const Stmt *S, llvm::SmallVectorImpl<const ForStmt *> &Out) {
  if (!S)
    return;
  if (const auto *F = dyn_cast<ForStmt>(S))
    Out.push_back(F);
  for (const Stmt *C : S->children())
    forLoops(C, Out);
}

} // namespace

bool Engine::steppedUniformly(const VarDecl *V, const ForStmt *For,
                              unsigned Depth) {
  // Every change of V is a uniform step in the increment of For or of a
  // loop inside it; those loops run alike in every thread (uniform tests,
  // under uniform conditions only, nothing leaving early), so each thread
  // takes the same steps.
  const auto *Function = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!Function || !Function->getBody() || !V->getInit() ||
      !V->getType()->isIntegralOrEnumerationType() ||
      leavesAnywhere(For->getBody()) || !provenUniform(V->getInit(), Depth + 1))
    return false;
  llvm::SmallVector<const ForStmt *, 4> Loops;
  forLoops(For, Loops);
  llvm::SmallPtrSet<const ForStmt *, 4> Stepping;
  for (const VariableUse &U : changingUses(V, Function->getBody())) {
    if (U.Kind != UseKind::Assigned || U.Part)
      return false;
    const auto *Step = dyn_cast<CompoundAssignOperator>(U.At);
    const auto *Inc = dyn_cast<UnaryOperator>(U.At);
    if (!(Inc && Inc->isIncrementDecrementOp()) &&
        !(Step &&
          (Step->getOpcode() == BO_AddAssign ||
           Step->getOpcode() == BO_SubAssign) &&
          provenUniform(Step->getRHS(), Depth + 1)))
      return false;
    const ForStmt *In = nullptr;
    for (const ForStmt *F : Loops)
      if (F->getInc() && contains(F->getInc(), U.At))
        In = F;
    if (!In)
      return false;
    Stepping.insert(In);
  }
  for (const ForStmt *F : Stepping)
    for (const Stmt *S = F; S != For;) {
      const Expr *Cond = nullptr;
      if (const auto *L = dyn_cast<ForStmt>(S))
        Cond = L->getCond();
      else if (const auto *L = dyn_cast<WhileStmt>(S))
        Cond = L->getCond();
      else if (const auto *I = dyn_cast<IfStmt>(S))
        Cond = I->getCond();
      else if (!isa<CompoundStmt>(S) && !isa<AttributedStmt>(S))
        return false;
      if (Cond && !provenUniform(Cond, Depth + 1))
        return false;
      DynTypedNodeList Up = Ctx.getParents(*S);
      S = Up.size() == 1 ? Up[0].get<Stmt>() : nullptr;
      if (!S)
        return false;
    }
  return !For->getCond() || provenUniform(For->getCond(), Depth + 1);
}

bool Engine::provenUniform(const Expr *E, unsigned Depth) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  if (E->isValueDependent())
    return false;
  if (E->isIntegerConstantExpr(Ctx))
    return true;
  if (auto B = matchBuiltinIndex(E))
    return B->Kind != BuiltinIndexKind::ThreadIdx;
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return provenUniform(Cast->getSubExpr(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           provenUniform(BO->getLHS(), Depth + 1) &&
           provenUniform(BO->getRHS(), Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      // The address of a shared array's element: uniform if the subscripts
      // are.
      return provenUniform(UO->getSubExpr(), Depth + 1);
    return !UO->isIncrementDecrementOp() &&
           provenUniform(UO->getSubExpr(), Depth + 1);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return provenUniform(CO->getCond(), Depth + 1) &&
           provenUniform(CO->getTrueExpr(), Depth + 1) &&
           provenUniform(CO->getFalseExpr(), Depth + 1);
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    // An element of a __shared__ array (not a loaded value: the result of
    // a subscript used as an address, under & or as an array).
    const Expr *Base = Sub->getBase()->IgnoreParenImpCasts();
    return (isa<ArraySubscriptExpr>(Base) || isa<DeclRefExpr>(Base)) &&
           Sub->getBase()->getType()->isPointerType() &&
           provenUniform(Sub->getBase(), Depth + 1) &&
           provenUniform(Sub->getIdx(), Depth + 1);
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref)
    return false;
  const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
  if (!V)
    return false;
  // A __shared__ array's address is the same for the whole block.
  if (isSharedVariable(V) && V->getType()->isArrayType())
    return true;
  // The kernel's own parameters, never changed in it.
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    return P->getDeclContext() == Kernel && P->getType()->isScalarType() &&
           !P->getType()->isPointerType() &&
           !mayChange(V, Kernel->getBody());
  if (!V->hasLocalStorage() || !V->getType()->isScalarType())
    return false;
  // A local initialized with a proven-uniform value and never changed.
  const auto *Function = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (V->getInit() && !isa<ParmVarDecl>(V) && Function &&
      !mayChange(V, Function->getBody()))
    return provenUniform(V->getInit(), Depth + 1);
  // A loop counter: uniform start, bound and step, changed only by the
  // loop's increment, and no break or early exit that threads take apart
  // (the loop body may not change it).
  if (AssumedUniform.count(V))
    return true; // the counter in its own loop's bound and step
  if (const ForStmt *For = counterLoop(V, Ctx)) {
    if (mayChange(V, For->getBody()) || !For->getInc() ||
        !V->getInit() || !provenUniform(V->getInit(), Depth + 1))
      return false;
    AssumedUniform.insert(V);
    bool Uniform = !For->getCond() || provenUniform(For->getCond(), Depth + 1);
    const Expr *Inc = For->getInc()->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc))
      Uniform &= UO->isIncrementDecrementOp();
    else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
      Uniform &= provenUniform(CA->getRHS(), Depth + 1);
    else
      Uniform = false;
    AssumedUniform.erase(V);
    return Uniform;
  }
  // One of several counters of a for statement, or one stepped by a loop
  // inside it (globalToShmemAsyncCopy's `++iStage`).
  if (const ForStmt *For = declaringLoop(V, Ctx)) {
    AssumedUniform.insert(V);
    bool Uniform = steppedUniformly(V, For, Depth);
    AssumedUniform.erase(V);
    return Uniform;
  }
  return false;
}

bool Engine::differsInBlock(const Lanes &L) const {
  const SymbolicInt *First = nullptr;
  for (unsigned T = 0; T < N; ++T) {
    // Threads that surely run it; each value as the engine knows it.
    if (M.A[T] != Activity::Active || L[T].Opaque)
      continue;
    if (!First) {
      First = &L[T];
      continue;
    }
    std::optional<int64_t> D = sym::sub(L[T], *First).asConstant();
    if (D && *D != 0)
      return true;
  }
  return false;
}

bool Engine::provenDivergentAddress(const LValue &LV) {
  return !WarpValueSourceRan && LV.K == LValue::Kind::Shared &&
         differsInBlock(LV.Offset);
}

} // namespace simt
} // namespace warpcheck
