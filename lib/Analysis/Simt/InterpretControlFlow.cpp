//===--- InterpretControlFlow.cpp - Statements and control flow -------------===//
//
// Statements, branches, loops (concrete iterations, then one symbolic
// iteration), switch, return, break and continue.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "Induction.h"

using namespace clang;

namespace warpcheck {
namespace simt {

void Engine::execDecl(const VarDecl *V) {
  if (isSharedVariable(V) || V->isStaticLocal() || V->hasExternalStorage())
    return;
  if (isObjectVar(V)) {
    declareObject(V);
    return;
  }
  QualType T = V->getType();
  const Expr *Init = V->getInit();
  Value Val;
  if (T->isReferenceType() && Init) {
    Val = pointerTo(evalLValue(Init));
  } else if (Init) {
    Val = eval(Init);
    if (Val.K == Value::Kind::Int)
      fitToType(Val, T);
  } else if (T->isIntegralOrEnumerationType()) {
    Val = opaqueInt("uninitialized '" + V->getNameAsString() + "'");
  } else if (T->isPointerType()) {
    Val.K = Value::Kind::Pointer;
    Val.L.assign(N, SymbolicInt::opaque());
    Val.Deps.push_back("uninitialized '" + V->getNameAsString() + "'");
  }
  // A declaration creates the variable afresh for every thread.
  frame().Env[V] = std::move(Val);
  frame().DeclDepth[V] = {M.Depth, M.Region,
                          unsigned(Loops.size()) + (InLoopInit ? 1 : 0),
                          InLoopInit};
}

void Engine::execIf(const IfStmt *S) {
  bool MayHand = WorldSite == S;
  WorldSite = nullptr;
  if (S->getInit())
    exec(S->getInit());
  if (const VarDecl *CV = S->getConditionVariable())
    execDecl(CV);
  Value C = eval(S->getCond());
  Mask Saved = M, Then, Else;
  splitMask(C, S->getCond(), Then, Else);
  if (splitsOn(C, 2)) {
    // No thread knows which way it goes: one world per arm.
    Worlds W = ifWorlds(S, C, Saved, Then, Else);
    M = Saved;
    endWorlds(std::move(W), MayHand);
    if (!HandedWorlds)
      M = applyExits(Saved);
    return;
  }
  M = Then;
  if (anyLive())
    exec(S->getThen());
  if (S->getElse()) {
    M = Else;
    if (anyLive())
      exec(S->getElse());
  }
  M = applyExits(Saved);
}

Worlds Engine::ifWorlds(const IfStmt *S, const Value &C, const Mask &Saved,
                        const Mask &Then, const Mask &Else) {
  Worlds W;
  W.Condition = sourceText(S->getCond());
  if (C.CT.hard()) {
    W.CT.Why = CompileTime::Cause::Condition;
    W.CT.What = W.Condition;
  }
  FlowState Before = captureFlow();
  LiveWorlds *= 2;
  for (const Mask *Side : {&Then, &Else}) {
    restoreFlow(Before);
    // In its world the arm runs in every live thread, for certain.
    M = *Side;
    M.Conditional = Saved.Conditional;
    const Stmt *Arm = Side == &Then ? S->getThen() : S->getElse();
    if (Arm && anyLive())
      exec(Arm);
    W.States.push_back(captureFlow());
  }
  LiveWorlds /= 2;
  return W;
}

void Engine::symbolicIteration(const Stmt *Loop, const Expr *Cond,
                               const Stmt *Body, const Expr *Inc) {
  unsigned Line = lineOf(Loop);
  AtomId K = Atoms.fresh("iteration of loop at line " + std::to_string(Line));
  Atoms.markNonNegative(K); // iterations counted from here: k >= 0
  for (const VarDecl *V : modifiedIn(Loop)) {
    auto Found = frame().Env.find(V);
    if (Found != frame().Env.end())
      advanceLoopVariable(V, Found->second, Loop, Body, Inc, K, Line);
  }
  tagLoopVariables(Loop);
  // What earlier iterations wrote to per-thread objects is not known.
  std::string Written =
      "written by the loop at line " + std::to_string(Line);
  havocObjectsWrittenIn(Body, Written);
  havocObjectsWrittenIn(Inc, Written);
  havocObjectsWrittenIn(Cond, Written);
  // One generic iteration: it may not run at all.
  Mask Entry = M;
  // Do all threads leave after the same number of iterations? Only when the
  // condition is the same in every thread and nothing else leaves early.
  bool UniformExit = !containsEarlyExit(Body);
  // A thread or warp that leaves early runs fewer iterations than the
  // others: the iteration's requests are not every iteration's.
  if (!UniformExit)
    ++SymbolicEntries[Loop];
  if (Cond) {
    Value C = eval(Cond);
    UniformExit &= C.K == Value::Kind::Int && isUniform(C.L);
    Mask Then, Else;
    splitMask(C, Cond, Then, Else);
    M = Then;
  }
  // Two worlds: no further iteration runs (the state now), or one more
  // does, in which its body runs for certain; joined after it.
  Worlds W;
  W.Condition = "whether the loop at line " + std::to_string(Line) + " runs";
  W.CT = {CompileTime::Cause::Condition,
          "the trip count of the loop at line " + std::to_string(Line),
          {Loop}};
  W.States.push_back(captureFlow());
  M.Conditional = Entry.Conditional;
  ++M.Depth;
  ++M.Region;
  ++UncountedLoops;
  ++SymbolicEntries[Loop];
  SymbolicLoops.push_back(Loop);
  if (anyLive())
    exec(Body);
  SymbolicLoops.pop_back();
  --UncountedLoops;
  W.States.push_back(captureFlow());
  joinWorlds(W);
  if (!UniformExit)
    forgetPerThreadTripCounts(Loop, Body, Inc, Entry, Line);
}

void Engine::advanceLoopVariable(const VarDecl *V, Value &Cur,
                                 const Stmt *Loop, const Stmt *Body,
                                 const Expr *Inc, AtomId K, unsigned Line) {
  // An induction variable changed once per iteration by a loop-invariant
  // step becomes start + k * step (Induction.h). The step of the last
  // additive update at the top level is evaluated whether or not V is one:
  // what it reads is recorded.
  CounterUpdates Updates = counterUpdates(V, Body, Inc);
  std::optional<AdditiveUpdate> Last;
  const Expr *LastUpdate = nullptr;
  for (const Expr *U : Updates.TopLevel)
    if (std::optional<AdditiveUpdate> A = additiveUpdate(U, V)) {
      Last = A;
      LastUpdate = U;
    }
  const Expr *Step = Last ? Last->Step : nullptr;
  bool Negative = Last && Last->Negative;
  const Expr *Sole = Updates.sole();
  bool Induction = Sole && additiveUpdate(Sole, V) &&
                   Cur.K != Value::Kind::Unknown;
  // The step must not change inside the loop, nor read a variable the body
  // declares.
  bool Invariant = !Step || !readsLocalOf(Step, Body);
  if (Step)
    for (const VarDecl *W : modifiedIn(Loop))
      if (mentions(Step, W))
        Invariant = false;
  Induction &= Invariant;
  // A step in the body that is not invariant is read when the body runs:
  // read here, before this iteration's variables exist, it would record
  // reads of addresses not known (`acc += s[j]`, j declared in the body).
  bool InBody = LastUpdate && !(Inc && contains(Inc, LastUpdate));
  Value StepV = !Step                  ? intConstant(1)
                : Invariant || !InBody ? eval(Step)
                                       : Value();
  if (Induction && StepV.K == Value::Kind::Int) {
    uint64_t Size = Cur.K == Value::Kind::Pointer
                        ? sizeOf(V->getType()->getPointeeType())
                        : 1;
    for (unsigned T = 0; T < N; ++T) {
      // Threads that already left the loop keep their value.
      if (!laneLive(T))
        continue;
      SymbolicInt Delta = sym::mul(
          sym::mul(StepV.L[T], SymbolicInt::atom(K), Atoms),
          SymbolicInt::constant(int64_t(Size) * (Negative ? -1 : 1)), Atoms);
      Cur.L[T] = sym::add(Cur.L[T], Delta);
    }
    addDeps(Cur.Deps, StepV.Deps);
    return;
  }
  std::string Why = "'" + V->getNameAsString() +
                    "' changed by the loop at line " + std::to_string(Line);
  // A value the same in every thread, changed only in ways every thread
  // takes alike (Uniformity.cpp): one unknown, the same in every thread.
  const DeclRefExpr *Ref = referenceTo(Loop, V);
  if (Cur.K == Value::Kind::Int && isUniform(Cur.L) && Ref &&
      provenUniform(Ref)) {
    SymbolicInt U = SymbolicInt::atom(Atoms.fresh(Why));
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T))
        Cur.L[T] = U;
    return;
  }
  if (Cur.K == Value::Kind::Int || Cur.K == Value::Kind::Pointer) {
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T))
        Cur.L[T] = SymbolicInt::opaque();
    addDep(Cur.Deps, Why);
  } else {
    Cur = unknown(Why);
  }
}

void Engine::forgetPerThreadTripCounts(const Stmt *Loop, const Stmt *Body,
                                       const Expr *Inc, const Mask &Entry,
                                       unsigned Line) {
  // Threads leave at different iterations: what the loop changes differs
  // per thread in a way the engine does not follow.
  std::string Why = "threads leave the loop at line " + std::to_string(Line) +
                    " after different numbers of iterations";
  for (const VarDecl *V : modifiedIn(Loop)) {
    auto Found = frame().Env.find(V);
    if (Found == frame().Env.end())
      continue;
    Value &Cur = Found->second;
    if (Cur.K != Value::Kind::Int && Cur.K != Value::Kind::Pointer)
      continue;
    for (unsigned T = 0; T < N; ++T)
      if (Entry.A[T] != Activity::Inactive)
        Cur.L[T] = SymbolicInt::opaque();
    addDep(Cur.Deps, Why);
  }
  Mask Saved = M;
  M = Entry;
  havocObjectsWrittenIn(Body, Why);
  havocObjectsWrittenIn(Inc, Why);
  M = Saved;
}

void Engine::execLoop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                      const VarDecl *CondVar, const Expr *Inc,
                      const Stmt *Body, bool TestFirst) {
  if (Init) {
    llvm::SaveAndRestore InInit(InLoopInit, true);
    exec(Init);
  }
  Mask Saved = M;
  LoopState State;
  State.Broken.assign(N, Exit::None);
  State.Continued.assign(N, Exit::None);
  State.Loop = Loop;
  Loops.push_back(std::move(State));
  // What the compiler will know about the trip count.
  LoopRun Run;
  Run.Geo = geometricCounter(Loop, Cond, Body, Inc);
  const auto *For = dyn_cast<ForStmt>(Loop);
  std::optional<unsigned> FloatTrip =
      For ? floatCounterTrip(For, Ctx) : std::nullopt;
  for (unsigned Iter = 0; !Stopped; ++Iter) {
    if (TestFirst || Iter > 0) {
      if (CondVar)
        execDecl(CondVar);
      if (FloatTrip && Iter >= *FloatTrip)
        break; // the float counter's test fails in every thread
      if (!FloatTrip && Cond && !testLoopCondition(Loop, Cond, Body, Inc, Run))
        break;
    }
    if (!anyLive())
      break;
    // Past a bound, one symbolic iteration stands for the rest; half the
    // request budget is kept for the code after the loop.
    bool Known = Run.UniformUnknown == 0 && !Run.ExitUnknown;
    unsigned PerLoop = Known ? std::max(Limits.MaxLoopIterations,
                                        Limits.MaxKnownLoopIterations)
                             : Limits.MaxLoopIterations;
    bool OverLoop = Iter >= PerLoop;
    if (OverLoop || ++Iterations > Limits.MaxTotalIterations ||
        WarpRequests > Limits.MaxWarpRequests / 2) {
      // The requests of the symbolic iteration are partial for the layout
      // search: it names the budget rather than "no padding reduces".
      llvm::SaveAndRestore Past(
          LoopBudget,
          "the loop at line " + std::to_string(lineOf(Loop)) +
              (OverLoop ? " ran past the budget of " +
                              std::to_string(PerLoop) +
                              " iterations followed one by one"
                        : " ran past the kernel's budget of " +
                              std::to_string(Limits.MaxTotalIterations) +
                              " loop iterations or " +
                              std::to_string(Limits.MaxWarpRequests / 2) +
                              " warp requests"));
      ++SymbolicEntries[Loop]; // not every iteration's counts
      symbolicIteration(Loop, Cond, Body, Inc);
      Run.Trip = Iter + 1;
      break;
    }
    if (!runIteration(Loop, Cond, Body, Inc, Run))
      break;
  }
  Loops.pop_back();
  M = applyExits(Saved);
  if (Run.RanUniformUnknown)
    --UncountedLoops;
  // After iterations that ran only if an unknown allowed it, what the loop
  // changed depends on how many ran.
  if (Run.RanUniformUnknown && !Run.Symbolic)
    forgetIterationCount(Loop, Body, Inc);
  decideUnrolling(Loop, predictUnrolling(Loop, Run));
}

bool Engine::testLoopCondition(const Stmt *Loop, const Expr *Cond,
                               const Stmt *Body, const Expr *Inc,
                               LoopRun &Run) {
  Value C = eval(Cond);
  bool Decided = C.K == Value::Kind::Int;
  for (unsigned T = 0; T < N && Decided; ++T)
    if (laneLive(T) && !C.L[T].isConstant())
      Decided = false;
  // A warp-uniform unknown condition (`j < n`): run a few iterations
  // conditionally, so a constant upper bound (`j < n && j < 8`) is found as
  // the compiler finds it.
  bool UniformCond = !Decided && C.K == Value::Kind::Int;
  const SymbolicInt *First = nullptr;
  for (unsigned T = 0; T < N && UniformCond; ++T) {
    if (!laneLive(T) || C.L[T].isConstant())
      continue;
    if (C.L[T].Opaque || (First && *First != C.L[T]))
      UniformCond = false;
    First = &C.L[T];
  }
  // Iterations run one by one only while they can end on a constant bound,
  // or while a doubling or halving counter (at most one iteration per bit
  // of its type) has not run out; otherwise one symbolic iteration stands
  // for all of them.
  std::optional<GeometricCounter> &Geo = Run.Geo;
  bool Enumerate =
      UniformCond &&
      ((mayMeetConstantBound(Cond) && Run.UniformUnknown < 16) ||
       (Geo && Run.UniformUnknown < Geo->MaxTrip && !Geo->Ended));
  if (!Decided && UniformCond && Geo && Geo->Halving &&
      Run.UniformUnknown >= Geo->MaxTrip) {
    // A halving counter is 0 after as many halvings as its type has bits,
    // and the condition then fails in every thread.
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T))
        M.A[T] = Activity::Inactive;
    return false;
  }
  if (!Decided && Enumerate)
    ++Run.UniformUnknown;
  if (!Decided && !Enumerate) {
    Run.ExitCT = C.CT;
    // After iterations run one by one, the symbolic one is not every
    // iteration's: no per-iteration counts.
    if (Run.Trip > 0)
      ++SymbolicEntries[Loop];
    symbolicIteration(Loop, Cond, Body, Inc);
    Run.Symbolic = true;
    return false;
  }
  Mask Then, Else;
  bool WasConditional = M.Conditional;
  splitMask(C, Cond, Then, Else);
  // Exploring "the loop goes on": its body runs for certain on this path;
  // what ran is sorted out after the loop.
  if (UniformCond) {
    Then.Conditional = WasConditional;
    if (!Run.RanUniformUnknown)
      ++UncountedLoops;
    Run.RanUniformUnknown = true;
  }
  bool Exits = false;
  for (unsigned T = 0; T < N; ++T)
    if (laneLive(T) && Then.A[T] == Activity::Inactive)
      Exits = true;
  if (Exits && C.CT.hard() && !Run.ExitUnknown) {
    Run.ExitUnknown = true;
    Run.ExitCT = C.CT;
  }
  M = Then;
  return true;
}

bool Engine::runIteration(const Stmt *Loop, const Expr *Cond,
                          const Stmt *Body, const Expr *Inc, LoopRun &Run) {
  tagLoopVariables(Loop);
  Mask IterMask = M;
  exec(Body);
  ++Run.Trip;
  // Threads that continued rejoin for the increment and the next test.
  Loops.back().Continued.assign(N, Exit::None);
  M = applyExits(IterMask);
  if (Inc && anyLive())
    eval(Inc);
  if (Run.Geo && Run.RanUniformUnknown && anyLive())
    Run.Geo->step(*this);
  if (Run.Geo && Run.Geo->Overflowed) {
    // A signed doubling counter overflowed: no execution without undefined
    // behaviour gets here, so the threads left before.
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T))
        M.A[T] = Activity::Inactive;
    return false;
  }
  // A loop without a condition ends when no thread is left in it.
  return Cond || anyLive();
}

void Engine::forgetIterationCount(const Stmt *Loop, const Stmt *Body,
                                  const Expr *Inc) {
  std::string Why = "how many iterations of the loop at line " +
                    std::to_string(lineOf(Loop)) + " ran";
  havocObjectsWrittenIn(Body, Why);
  havocObjectsWrittenIn(Inc, Why);
  for (const VarDecl *V : modifiedIn(Loop)) {
    auto It = frame().Env.find(V);
    if (It == frame().Env.end())
      continue;
    Value &Cur = It->second;
    for (auto &L : Cur.L)
      L = SymbolicInt::opaque();
    addDep(Cur.Deps, Why);
    if (!Cur.CT.hard()) {
      Cur.CT.Why = CompileTime::Cause::Condition;
      Cur.CT.What = Why;
    }
  }
}

LoopUnrolling Engine::predictUnrolling(const Stmt *Loop, const LoopRun &Run) {
  // Will the compiler unroll it fully? (NVVM: a constant trip count or a
  // constant upper bound, within its size budget or under #pragma unroll;
  // never under #pragma unroll 1.)
  LoopUnrolling U;
  UnrollHint Hint = Hints.count(Loop) ? Hints[Loop] : UnrollHint();
  auto Quote = [](const std::string &S) { return "'" + S + "'"; };
  if (Hint.K == UnrollHint::Disable) {
    U.Unrolled = false;
    U.Reason = "#pragma unroll 1 keeps it a loop";
  } else if (Run.Symbolic || Run.ExitUnknown) {
    U.Unrolled = false;
    U.Reason = Run.ExitCT.hard()
                   ? "its trip count depends on " + Quote(Run.ExitCT.What)
                   : "its trip count is not known at compile time";
  } else if (Hint.K == UnrollHint::Count && Hint.N > 1) {
    U.Unrolled = false;
    U.OverBudget = true;
    U.Reason = "#pragma unroll " + std::to_string(Hint.N) +
               " unrolls it only partially";
  } else if (Hint.K != UnrollHint::Full &&
             (Run.Trip > Limits.MaxFullUnrollTrip ||
              uint64_t(Run.Trip) * loopCost(Loop) > Limits.UnrollBudget)) {
    U.Unrolled = false;
    U.OverBudget = true;
    U.Reason = "its " + std::to_string(Run.Trip) +
               " iterations exceed the compiler's full-unroll budget";
  }
  // A trip count the compiler knows (not one a launch's value gave).
  if (!Run.Symbolic && !Run.ExitUnknown)
    U.TripCount = Run.Trip;
  return U;
}

void Engine::exec(const Stmt *S) {
  if (!S || Stopped)
    return;
  // Dispatch by statement kind; each kind's transfer function is below.
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return execCompound(CS);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        execDecl(V);
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return execIf(If);
  if (const auto *For = dyn_cast<ForStmt>(S))
    return execLoop(For, For->getInit(), For->getCond(),
                    For->getConditionVariable(), For->getInc(), For->getBody(),
                    true);
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return execLoop(While, nullptr, While->getCond(),
                    While->getConditionVariable(), nullptr, While->getBody(),
                    true);
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return execLoop(Do, nullptr, Do->getCond(), nullptr, nullptr, Do->getBody(),
                    false);
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
    return execRangeFor(Range);
  if (const auto *Ret = dyn_cast<ReturnStmt>(S))
    return execReturn(Ret);
  if (isa<BreakStmt>(S)) {
    if (!Loops.empty())
      markExit(Loops.back().Broken);
    M = applyExits(M);
    return;
  }
  if (isa<ContinueStmt>(S)) {
    // The innermost loop, not an enclosing switch.
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It)
      if (It->Loop) {
        markExit(It->Continued);
        break;
      }
    M = applyExits(M);
    return;
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    return execSwitch(Switch);
  if (const auto *Case = dyn_cast<SwitchCase>(S))
    return exec(Case->getSubStmt());
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return exec(Label->getSubStmt());
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S)) {
    noteUnrollHints(Attributed);
    return exec(Attributed->getSubStmt());
  }
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S)) {
    stop("goto is not followed");
    return;
  }
  if (isa<NullStmt>(S))
    return;
  if (const auto *Asm = dyn_cast<AsmStmt>(S))
    return execAsm(Asm);
  if (const auto *E = dyn_cast<Expr>(S)) {
    eval(E);
    return;
  }
  for (const Stmt *Child : S->children())
    exec(Child);
}

void Engine::execCompound(const CompoundStmt *CS) {
  Mask Saved = M;
  execStatements(llvm::ArrayRef(CS->body_begin(), CS->body_end()));
  M = applyExits(Saved);
}

void Engine::execStatements(llvm::ArrayRef<const Stmt *> Body) {
  for (size_t I = 0; I < Body.size(); ++I) {
    if (!anyLive() || Stopped)
      break;
    const Stmt *Child = Body[I];
    if (const auto *C = splittableConditional(Child)) {
      // `x = n > 5 ? a : b;`: this statement and the rest, once per value.
      Worlds W;
      W.Condition = sourceText(C->getCond());
      CompileTime CT = eval(C->getCond()).CT;
      if (CT.hard()) {
        W.CT.Why = CompileTime::Cause::Condition;
        W.CT.What = W.Condition;
      }
      W.States.assign(2, captureFlow());
      const Expr *Cond = C->getCond();
      runInWorlds(std::move(W), Body.drop_front(I), [&](unsigned World) {
        Assumed[Cond] = {World == 0, CT};
      });
      Assumed.erase(Cond);
      return;
    }
    WorldSite = I + 1 < Body.size() ? Child : nullptr;
    exec(Child);
    WorldSite = nullptr;
    if (HandedWorlds) {
      Worlds W = std::move(*HandedWorlds);
      HandedWorlds.reset();
      runInWorlds(std::move(W), Body.drop_front(I + 1));
      return;
    }
    M = applyExits(M);
  }
}

void Engine::execRangeFor(const CXXForRangeStmt *Range) {
  if (execRangeForElements(Range))
    return;
  if (Range->getRangeStmt())
    exec(Range->getRangeStmt());
  Mask Saved = M;
  Loops.push_back({std::vector<Exit>(N, Exit::None),
                   std::vector<Exit>(N, Exit::None), Range});
  exec(Range->getLoopVarStmt());
  symbolicIteration(Range, nullptr, Range->getBody(), nullptr);
  Loops.pop_back();
  M = applyExits(Saved);
  LoopUnrolling U;
  U.Unrolled = false;
  U.Reason = "a range-based loop's trip count is not followed";
  decideUnrolling(Range, U);
}

void Engine::execReturn(const ReturnStmt *Ret) {
  if (Ret->getRetValue()) {
    // A reference is returned as the address of its object.
    Value V = frame().FD->getReturnType()->isReferenceType()
                  ? pointerTo(evalLValue(Ret->getRetValue()))
                  : eval(Ret->getRetValue());
    if (V.K == Value::Kind::Int)
      fitToType(V, frame().FD->getReturnType());
    mergeResult(frame(), V);
  }
  markExit(frame().Returned);
  M = applyExits(M);
}

void Engine::mergeResult(Frame &F, const Value &V) {
  // The first return gives the result; a later one, in the threads that
  // take it, joins it.
  if (!F.HasResult) {
    F.Result = V;
    F.HasResult = true;
  } else if (F.Result.K == V.K && V.K == Value::Kind::Unknown) {
    addDeps(F.Result.Deps, V.Deps);
  } else if (F.Result.K == V.K && F.Result.L.size() == V.L.size() &&
             (V.K != Value::Kind::Pointer ||
              (F.Result.Shared == V.Shared &&
               F.Result.LocalObject == V.LocalObject &&
               F.Result.Region == V.Region))) {
    for (unsigned T = 0; T < N; ++T)
      if (M.A[T] == Activity::Active && !M.Conditional)
        F.Result.L[T] = V.L[T];
      else if (M.A[T] != Activity::Inactive && F.Result.L[T] != V.L[T])
        F.Result.L[T] = SymbolicInt::opaque();
    addDeps(F.Result.Deps, V.Deps);
  } else {
    F.Result = mergeTargets(F.Result, V,
                            "result of '" + F.FD->getNameAsString() + "'");
  }
}

void Engine::noteUnrollHints(const AttributedStmt *Attributed) {
  for (const Attr *A : Attributed->getAttrs()) {
    const auto *Hint = dyn_cast<LoopHintAttr>(A);
    if (!Hint)
      continue;
    UnrollHint H;
    if (Hint->getOption() == LoopHintAttr::Unroll) {
      if (Hint->getState() == LoopHintAttr::Disable)
        H.K = UnrollHint::Disable;
      else if (Hint->getState() == LoopHintAttr::Enable ||
               Hint->getState() == LoopHintAttr::Full)
        H.K = UnrollHint::Full;
    } else if (Hint->getOption() == LoopHintAttr::UnrollCount &&
               Hint->getValue()) {
      Expr::EvalResult R;
      if (!Hint->getValue()->isValueDependent() &&
          Hint->getValue()->EvaluateAsInt(R, Ctx)) {
        int64_t V = R.Val.getInt().getExtValue();
        H.K = V <= 1 ? UnrollHint::Disable : UnrollHint::Count;
        H.N = unsigned(std::max<int64_t>(V, 0));
      }
    }
    if (H.K != UnrollHint::None)
      Hints[Attributed->getSubStmt()] = H;
  }
}

namespace {

/// Counts the case labels anywhere in S, not inside a nested switch.
unsigned countLabels(const Stmt *S) {
  if (!S || isa<SwitchStmt>(S))
    return 0;
  unsigned C = isa<SwitchCase>(S);
  for (const Stmt *Child : S->children())
    C += countLabels(Child);
  return C;
}

} // namespace

void Engine::execSwitch(const SwitchStmt *Switch) {
  bool MayHand = WorldSite == Switch;
  WorldSite = nullptr;
  if (Switch->getInit())
    exec(Switch->getInit());
  if (const VarDecl *CV = Switch->getConditionVariable())
    execDecl(CV);
  Value C = eval(Switch->getCond());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
  // The labels at the top of the body and their values (nullopt: default).
  std::vector<std::pair<const SwitchCase *, std::optional<int64_t>>> Labels;
  bool Simple = Body != nullptr;
  if (Body)
    for (const Stmt *Child : Body->body())
      for (const auto *SC = dyn_cast<SwitchCase>(Child); SC;
           SC = dyn_cast<SwitchCase>(SC->getSubStmt())) {
        std::optional<int64_t> V;
        if (const auto *Case = dyn_cast<CaseStmt>(SC)) {
          V = Case->getRHS() ? std::nullopt : constantValue(Case->getLHS());
          if (!V)
            Simple = false;
        }
        Labels.push_back({SC, V});
      }
  Simple = Simple && countLabels(Body) == Labels.size();
  Mask Saved = M;
  Loops.push_back({std::vector<Exit>(N, Exit::None),
                   std::vector<Exit>(N, Exit::None), nullptr});
  if (!Simple) {
    // Labels the engine cannot place: the body runs, conditionally, for
    // every thread that reaches the switch.
    for (unsigned T = 0; T < N; ++T)
      if (M.A[T] == Activity::Active)
        M.A[T] = Activity::Maybe;
    addDep(M.Deps, "'" + sourceText(Switch->getCond()) + "'");
    ++M.Region;
    exec(Switch->getBody());
  } else {
    // Each thread enters at the label of its value; a thread whose value is
    // not known may enter at any label.
    std::vector<const SwitchCase *> Target(N, nullptr);
    std::vector<bool> Decided(N, false);
    const SwitchCase *Default = nullptr;
    for (auto &[SC, V] : Labels)
      if (!V)
        Default = SC;
    bool AnyUndecided = false;
    for (unsigned T = 0; T < N; ++T) {
      if (!laneLive(T))
        continue;
      auto V = C.K == Value::Kind::Int ? C.L[T].asConstant() : std::nullopt;
      if (!V) {
        AnyUndecided = true;
        continue;
      }
      Decided[T] = true;
      Target[T] = Default;
      for (auto &[SC, LV] : Labels)
        if (LV && *LV == *V)
          Target[T] = SC;
    }
    if (AnyUndecided) {
      addDep(M.Deps, "'" + sourceText(Switch->getCond()) + "'");
      ++M.Region;
    }
    if (C.CT.hard()) {
      if (!M.CT.hard()) {
        M.CT.Why = CompileTime::Cause::Condition;
        M.CT.What = sourceText(Switch->getCond());
      }
      ++M.Depth;
    }
    Mask Entry = M;
    if (splitsOn(C, unsigned(Labels.size()) + (Default ? 0 : 1))) {
      // No thread knows its value: one world per label it may enter at
      // (and one where it enters at none), each run in every live thread.
      std::vector<const SwitchCase *> At;
      for (auto &[SC, V] : Labels)
        At.push_back(SC);
      if (!Default)
        At.push_back(nullptr);
      Worlds W = switchWorlds(Switch, Body, At, Entry, Saved);
      Loops.pop_back();
      M = Saved;
      endWorlds(std::move(W), MayHand);
      if (!HandedWorlds)
        M = applyExits(Saved);
      return;
    }
    runSwitchBody(Body, Entry, Target, Decided);
  }
  Loops.pop_back();
  M = applyExits(Saved);
}

Worlds Engine::switchWorlds(const SwitchStmt *Switch,
                            const CompoundStmt *Body,
                            llvm::ArrayRef<const SwitchCase *> At,
                            const Mask &Entry, const Mask &Saved) {
  Worlds W;
  W.Condition = sourceText(Switch->getCond());
  W.CT = Entry.CT;
  FlowState Before = captureFlow();
  unsigned Count = unsigned(At.size());
  LiveWorlds *= Count;
  // Code reached from several labels runs in several worlds: its requests
  // stand for executions of which one happens.
  ++UncountedLoops;
  for (const SwitchCase *Label : At) {
    restoreFlow(Before);
    M = Entry;
    M.Conditional = Saved.Conditional;
    runSwitchBody(Body, M, std::vector<const SwitchCase *>(N, Label),
                  std::vector<bool>(N, true));
    W.States.push_back(captureFlow());
  }
  --UncountedLoops;
  LiveWorlds /= Count;
  return W;
}

void Engine::runSwitchBody(const CompoundStmt *Body, Mask Entry,
                           const std::vector<const SwitchCase *> &Target,
                           const std::vector<bool> &Decided) {
  for (unsigned T = 0; T < N; ++T)
    M.A[T] = Activity::Inactive;
  for (const Stmt *Child : Body->body()) {
    const Stmt *Inner = Child;
    while (const auto *SC = dyn_cast<SwitchCase>(Inner)) {
      for (unsigned T = 0; T < N; ++T) {
        if (Entry.A[T] == Activity::Inactive)
          continue;
        Activity In = Activity::Inactive;
        if (!Decided[T])
          In = Activity::Maybe;
        else if (Target[T] == SC)
          In = Entry.A[T];
        if (In == Activity::Active ||
            (In == Activity::Maybe && M.A[T] == Activity::Inactive))
          M.A[T] = In;
      }
      Inner = SC->getSubStmt();
    }
    M = applyExits(M);
    if (anyLive())
      exec(Inner);
    M = applyExits(M);
  }
}

bool Engine::containsEarlyExit(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<BreakStmt>(S))
    return true;
  // A break inside an inner loop or switch leaves only that.
  bool Inner = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
               isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children()) {
    if (Inner && Child && !containsReturn(Child))
      continue;
    if (containsEarlyExit(Child))
      return true;
  }
  return false;
}

bool Engine::containsReturn(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsReturn(Child))
      return true;
  return false;
}

} // namespace simt
} // namespace warpcheck
