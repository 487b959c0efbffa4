//===--- AccessRecorder.cpp - Recording shared and per-thread accesses ------===//
//
// Every access to __shared__ storage becomes one warp request per warp and
// instance, judged by the bank model; accesses to per-thread aggregates are
// recorded for the local-memory check.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace clang;

namespace warpcheck {
namespace simt {

AtomId Engine::baseAtom(const VarDecl *V) {
  auto It = BaseAtoms.find(V);
  if (It != BaseAtoms.end())
    return It->second;
  AtomId A = Atoms.named("address of '" + V->getNameAsString() + "'");
  BaseAtoms[V] = A;
  return A;
}

void Engine::record(const Expr *Site, AccessKind Kind, QualType T,
                    const LValue &LV, const AtomicOp *Op) {
  if (LV.K != LValue::Kind::Shared || Stopped)
    return;
  uint64_t Size = sizeOf(T);
  if (Size == 0)
    return;
  uint64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
  // An aggregate that is not one vector access is moved in chunks.
  uint64_t Chunk = Size;
  if (!isPowerOfTwoWidth(Size) || Align < Size)
    Chunk = std::min<uint64_t>(16, std::max<uint64_t>(1, Align));
  for (uint64_t Part = 0; Part < Size; Part += Chunk)
    recordOne(Site, Kind, unsigned(Chunk), LV, Part, Op);
}

/// The alignment of V's address that decides banks: its declared alignment,
/// or 128 bytes (a whole bank row) when V is the only static __shared__
/// variable the kernel reaches, which the compiler places at the start of
/// the block's shared memory (dynamic shared memory comes after it).
uint64_t Engine::sharedBaseAlignment(const VarDecl *V) {
  uint64_t Declared = std::max<uint64_t>(1, Ctx.getDeclAlign(V).getQuantity());
  if (!V || V->hasExternalStorage() || !isSharedVariable(V))
    return Declared;
  if (!StaticShared) {
    StaticShared.emplace();
    bool Complete = true;
    llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
    // An explicit work list: kernels nest expressions thousands deep.
    llvm::SmallVector<const Stmt *, 64> Work{Kernel->getBody()};
    auto Note = [&](const Decl *D) {
      if (const auto *VD = dyn_cast_or_null<VarDecl>(D))
        if (isSharedVariable(VD) && !VD->hasExternalStorage())
          StaticShared->insert(VD);
    };
    while (!Work.empty() && Complete) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        Note(Ref->getDecl());
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          Note(D);
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        const FunctionDecl *F = Call->getDirectCallee();
        const FunctionDecl *Def = nullptr;
        if (!F)
          Complete = false; // a call through a pointer: unknown callees
        else if (F->hasBody(Def) && Def && Seen.insert(Def).second)
          Work.push_back(Def->getBody());
      }
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
    if (!Complete)
      StaticShared->insert(nullptr); // never "the only one"
  }
  return StaticShared->size() == 1 && StaticShared->count(V)
             ? std::max<uint64_t>(Declared, 128)
             : Declared;
}

/// Every live thread accesses the same constant offset in the array.
bool Engine::oneConstantOffset(const LValue &LV) {
  std::optional<int64_t> First;
  for (unsigned T = 0; T < N; ++T) {
    if (M.A[T] == Activity::Inactive)
      continue;
    std::optional<int64_t> C = LV.Offset[T].asConstant();
    if (!C || (First && *First != *C))
      return false;
    First = C;
  }
  return First.has_value();
}

SharedAccessSite &Engine::siteFor(const Expr *Site, AccessKind Kind,
                                  unsigned Width, const VarDecl *Var) {
  // An access inside a library header (an inlined operator of __half2, a
  // CUB primitive) is reported at the call in the user's code that led
  // there; the library expression stays with it for the note.
  const Expr *Header = nullptr;
  const FunctionDecl *Function = frame().FD;
  if (SM.isInSystemHeader(SM.getExpansionLoc(Site->getBeginLoc())))
    for (size_t I = Frames.size(); I-- > 1;) {
      const Expr *Entry = Frames[I].Entry;
      if (Entry &&
          !SM.isInSystemHeader(SM.getExpansionLoc(Entry->getBeginLoc()))) {
        Header = Site;
        Site = Entry;
        Function = Frames[I - 1].FD;
        break;
      }
    }
  auto Key = std::make_tuple(Site, Kind, Header);
  auto [It, New] = SiteIndex.try_emplace(Key, Sites.size());
  if (New) {
    SharedAccessSite S;
    S.Site = Site;
    S.Kind = Kind;
    S.WidthBytes = Width;
    S.Variable = Var;
    S.Function = Function;
    S.HeaderSite = Header;
    S.HeaderFunction = Header ? frame().FD : nullptr;
    Sites.push_back(std::move(S));
  }
  return Sites[It->second];
}

namespace {

/// A load from one constant address in the threads that run it: the
/// threads of the warp the branch leaves out may run it too, at that
/// address (Engine::recordOne).
void speculateLeftOutLanes(SymbolicRequest &R, unsigned W, unsigned N) {
  const SymbolicInt *Shared = nullptr;
  for (unsigned Lane = 0; Lane < WarpSize && !Shared; ++Lane)
    if (R.Lanes[Lane] != Activity::Inactive)
      Shared = &R.Addresses[Lane];
  SymbolicInt Address = *Shared;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    if (W * WarpSize + Lane < N && R.Lanes[Lane] == Activity::Inactive) {
      R.Lanes[Lane] = Activity::Maybe;
      R.Addresses[Lane] = Address;
    }
}

/// An atomic whose cost is not predicted: no GPU measurement covers it, or
/// it runs as a compare-and-swap loop whose cost per iteration depends on
/// how the compiler schedules it (2 to 3 wavefronts per iteration measured
/// on the H100 for a warp-uniform 8-byte atomicAdd).
void leaveAtomicUnpredicted(SymbolicRequest &R, const Engine::AtomicOp &Op,
                            unsigned Width) {
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    R.Addresses[Lane] = SymbolicInt::opaque();
  // The bound is per instruction (one loop iteration serves at most one
  // lane per bank and pass): that of a native atomic.
  R.Atomic = AtomicForm::Native;
  addDep(R.OpaqueDependencies,
         !Op.Form ? "the cost of '" + Op.Function + "' on " +
                        std::to_string(Width) +
                        " bytes, which warpcheck has not measured"
                  : "the compare-and-swap loop the compiler emits for '" +
                        Op.Function + "' on " + std::to_string(Width) +
                        " bytes");
}

} // namespace

void Engine::recordOne(const Expr *Site, AccessKind Kind, unsigned Width,
                       const LValue &LV, uint64_t Extra, const AtomicOp *Op) {
  SharedAccessSite &S = siteFor(Site, Kind, Width, LV.Var);
  unsigned Instance = S.Summary.Instances++;
  // A load from one constant address (after the compiler's folding) is
  // known safe to run anywhere: the compiler may hoist it out of the branch
  // it is in, and the warp's other threads then run it too (an LDS.128
  // broadcast takes both half-warps' passes: differential kernel k1814).
  bool Speculable =
      Kind == AccessKind::Load && Width > 8 && oneConstantOffset(LV);
  // Under a warp-uniform condition not decided (or after an exit on one),
  // the block may not run it at all: `if (blockIdx.y > blockIdx.x) return;`
  // skips it in some blocks.
  if (UncountedLoops > 0 || M.Conditional)
    S.Summary.CountsExact = false;
  // Per iteration of one loop: every instance in the same symbolic one.
  const Stmt *IterationLoop = perIterationContext();
  size_t Index = size_t(&S - Sites.data());
  auto [Seen, First] = SiteIterationLoop.try_emplace(Index, IterationLoop);
  if (!First && Seen->second != IterationLoop)
    Seen->second = nullptr;
  // An access whose array is not known (inline PTX whose address is not
  // followed) has opaque addresses: no base to add.
  uint64_t Align = LV.Var ? sharedBaseAlignment(LV.Var) : 1;
  SymbolicInt Base = LV.Var
                         ? SymbolicInt::atom(baseAtom(LV.Var), int64_t(Align))
                         : SymbolicInt::constant(0);
  // An atomic the compiler would combine across a warp at one address,
  // whose address it cannot prove warp-uniform: issued lane by lane.
  bool Combinable = Op && Op->Form && combinable(*Op->Form);
  bool IssuedPerLane =
      Combinable && !Op->UniformAddress && provenDivergentAddress(LV);
  // A spin-loop atomic waits for the end of its barrier interval
  // (settleSpinLoops). At an address the compiler may prove uniform nvcc
  // combines a 64-bit integer add of a constant into one lane's loop
  // (VOTEU.ANY + POPC: soundness kernel acc_atom64_uniform, 2 wavefronts
  // where the rule gives 3 per iteration): not predicted.
  bool Waits = Op && Op->Form && *Op->Form == AtomicForm::SpinLoop &&
               spinCanWait(LV) && !Op->UniformAddress &&
               provenDivergentAddress(LV);
  for (unsigned W = 0; W < Block.warps(); ++W) {
    SymbolicRequest R;
    R.WidthBytes = Width;
    R.Kind = Kind;
    if (Op && Op->Form)
      R.Atomic = IssuedPerLane ? AtomicForm::Native : *Op->Form;
    R.UniformAddress = Combinable && Op->UniformAddress;
    bool Any = false, Speculated = false;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      unsigned T = W * WarpSize + Lane;
      if (T >= N || M.A[T] == Activity::Inactive) {
        R.Lanes[Lane] = Activity::Inactive;
        Speculated |= Speculable && T < N;
        continue;
      }
      Any = true;
      R.Lanes[Lane] = M.A[T];
      if (M.A[T] == Activity::Maybe) {
        S.Summary.CountsExact = false;
        Seen->second = nullptr;
      }
      R.Addresses[Lane] = sym::add(sym::add(LV.Offset[T], Base),
                                   SymbolicInt::constant(int64_t(Extra)));
    }
    if (!Any)
      continue;
    if (Speculated)
      speculateLeftOutLanes(R, W, N);
    R.OpaqueDependencies = LV.Deps;
    R.ActivityDependencies = M.Deps;
    if (Speculated)
      addDep(R.ActivityDependencies,
             "whether the compiler runs the load in the threads the branch "
             "leaves out (its address is the same in every thread)");
    if (Kind != AccessKind::Load)
      noteWrite(R, W);
    bool Spin = Op && Op->Form && *Op->Form == AtomicForm::SpinLoop;
    if (Spin && Waits)
      PendingSpins.push_back({size_t(&S - Sites.data()), W, Instance, R, *Op});
    if (Op && (!Op->Form || Spin))
      leaveAtomicUnpredicted(R, *Op, Width);
    if (!(Spin && Waits)) {
      RequestResult Result = Memo.analyze(R, Atoms);
      // The worst request's offsets, for the report's bank map.
      std::optional<WarpAddresses> Offsets;
      if (LV.Var && Result.Status == Verdict::Exact &&
          S.Summary.replacesWorst(Result))
        Offsets = constantOffsets(R, LV, W, Extra);
      S.Summary.add(Result, W, Instance, Offsets ? &*Offsets : nullptr,
                    R.Atomic);
    }
    if (CaptureLimit && LV.Var && !CaptureOverflow.count(LV.Var))
      captureRequest(S, R, LV, W, Extra);
    if (++WarpRequests > Limits.MaxWarpRequests) {
      S.Summary.Truncated = true;
      stop("more than " + std::to_string(Limits.MaxWarpRequests) +
           " warp requests");
      return;
    }
  }
}

const Stmt *Engine::perIterationContext() const {
  // Worlds, enumerated uncertain iterations and library loops count among
  // UncountedLoops too: then more than one iteration's requests, or
  // requests of one world among several, are summed. An arm of an `if`
  // no thread decides runs in a world of its own (LiveWorlds), in the
  // iterations where its condition holds only.
  if (SymbolicLoops.size() != 1 || UncountedLoops != 1 || M.Conditional ||
      LiveWorlds != 1)
    return nullptr;
  return SymbolicLoops.front();
}

void Engine::settlePerIterationCounts() {
  for (auto [Index, Loop] : SiteIterationLoop) {
    AccessSummary &S = Sites[Index].Summary;
    // A loop entered twice (inside a counted loop) sums two iterations.
    if (Loop && !S.Truncated && SymbolicEntries[Loop] == 1)
      S.PerIterationLine = lineOf(Loop);
  }
}

bool Engine::spinCanWait(const LValue &LV) const {
  // In a loop one symbolic iteration stands for several, whose addresses
  // differ between warps running different iterations at once.
  return LV.Var && Loops.empty() && UncountedLoops == 0 && LoopBudget.empty();
}

void Engine::noteWrite(const SymbolicRequest &R, unsigned W) {
  std::vector<LaneAddress> Lanes(WarpSize);
  for (unsigned L = 0; L < WarpSize; ++L)
    if (R.Lanes[L] != Activity::Inactive)
      Lanes[L] = R.Addresses[L];
  SpinWrites.add(W, R.WidthBytes, Lanes);
}

void Engine::noteBarrier() {
  // A barrier under a condition, in a loop or with threads gone may not
  // separate every warp's accesses: the interval goes on.
  if (!Loops.empty() || M.Conditional ||
      llvm::any_of(M.A, [](Activity A) { return A != Activity::Active; }))
    return;
  judgeSpinLoops();
}

void Engine::judgeSpinLoops() {
  auto VarOf = [&](AtomId A) -> const VarDecl * {
    for (const auto &[V, Atom] : BaseAtoms)
      if (Atom == A)
        return V;
    return nullptr;
  };
  // A shared array's base is the same in every thread; any other unknown
  // may differ between warps running at different times.
  auto Stable = [&](AtomId A) { return VarOf(A) != nullptr; };
  // Two static __shared__ variables are distinct objects; extern ones all
  // name the block's dynamic shared memory.
  auto Separate = [&](AtomId A, AtomId B) {
    const VarDecl *X = VarOf(A), *Y = VarOf(B);
    return X && Y && !X->hasExternalStorage() && !Y->hasExternalStorage() &&
           X->getCanonicalDecl() != Y->getCanonicalDecl();
  };
  for (PendingSpin &P : PendingSpins) {
    std::vector<LaneAddress> Lanes(WarpSize);
    for (unsigned L = 0; L < WarpSize; ++L)
      if (P.Request.Lanes[L] != Activity::Inactive)
        Lanes[L] = P.Request.Addresses[L];
    P.Private = SpinWrites.warpPrivate(P.Warp, P.Request.WidthBytes, Lanes,
                                       Stable, Separate);
    JudgedSpins.push_back(std::move(P));
  }
  PendingSpins.clear();
  SpinWrites.clear();
}

void Engine::settleSpinLoops() {
  judgeSpinLoops();
  for (PendingSpin &P : JudgedSpins) {
    // Stopped: accesses after the stop were never seen.
    if (Stopped || RemoteShared || !P.Private)
      leaveAtomicUnpredicted(P.Request, P.Op, P.Request.WidthBytes);
    Sites[P.Site].Summary.add(Memo.analyze(P.Request, Atoms), P.Warp,
                              P.Instance);
  }
  JudgedSpins.clear();
}

std::optional<WarpAddresses> Engine::constantOffsets(const SymbolicRequest &R,
                                                     const LValue &LV,
                                                     unsigned W,
                                                     uint64_t Extra) const {
  WarpAddresses Offsets{};
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (R.Lanes[Lane] == Activity::Inactive)
      continue;
    std::optional<int64_t> C = sym::add(LV.Offset[W * WarpSize + Lane],
                                        SymbolicInt::constant(int64_t(Extra)))
                                   .asConstant();
    if (!C || *C < 0)
      return std::nullopt;
    Offsets[Lane] = uint64_t(*C);
  }
  return Offsets;
}

void Engine::captureRequest(const SharedAccessSite &S,
                            const SymbolicRequest &R, const LValue &LV,
                            unsigned W, uint64_t Extra) {
  CapturedRequest C;
  C.Site = unsigned(&S - Sites.data());
  C.Request = R;
  // Offsets from the array's start: the layout moves those.
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    if (R.Lanes[Lane] != Activity::Inactive)
      C.Request.Addresses[Lane] =
          sym::add(LV.Offset[W * WarpSize + Lane],
                   SymbolicInt::constant(int64_t(Extra)));
  if (!LoopBudget.empty())
    CapturedPastBudget.emplace(LV.Var, LoopBudget);
  // Repeats merge; only distinct requests count against the limit.
  if (!Captured[LV.Var].add(C, CaptureLimit)) {
    CaptureOverflow.insert(LV.Var);
    Captured.erase(LV.Var);
  }
}

void Engine::recordUnknown(const Expr *Site, AccessKind Kind,
                           const VarDecl *Var, uint64_t Width,
                           const std::string &Why) {
  if (Stopped || !anyLive())
    return;
  LValue LV;
  LV.K = LValue::Kind::Shared;
  LV.Var = Var;
  LV.Offset.assign(N, SymbolicInt::opaque());
  LV.Deps.push_back(Why);
  if (!isPowerOfTwoWidth(Width))
    Width = 4;
  recordOne(Site, Kind, unsigned(Width), LV, 0, nullptr);
}

void Engine::recordLocal(const Expr *Site, const VarDecl *Object, bool IsStore, bool Escape, const CompileTime &Index, const Lanes *Offset) {
  if (Stopped || !Object)
    return;
  auto Key = std::make_pair(Site, IsStore);
  auto It = LocalIndex.find(Key);
  if (It == LocalIndex.end()) {
    It = LocalIndex.emplace(Key, LocalAccesses.size()).first;
    LocalArrayAccess A;
    A.Site = Site;
    A.Object = Object;
    A.Function = frame().FD;
    A.IsStore = IsStore;
    A.Escape = Escape;
    A.Index = Index;
    for (const LoopState &L : Loops)
      A.EnclosingLoops.push_back(L.Loop);
    LocalAccesses.push_back(std::move(A));
  } else {
    LocalAccesses[It->second].Index.merge(Index);
  }
  LocalArrayAccess &A = LocalAccesses[It->second];
  if (Offset && !Offset->empty() && (*Offset)[0].isConstant() &&
      A.Offsets.size() < 64)
    A.Offsets.push_back((*Offset)[0].Const);
}

/// A pointer into a per-thread aggregate handed to code warpcheck does not
/// follow: the aggregate escapes.
void Engine::noteEscape(const Value &V, const Expr *Site) {
  if (V.K != Value::Kind::Pointer || !V.LocalObject)
    return;
  if (isAggregateLocal(V.LocalObject))
    recordLocal(Site, V.LocalObject, false, true, CompileTime(), nullptr);
  // Code the engine does not follow may write it, now or later.
  havocObject(V.LocalObject, "'" + V.LocalObject->getNameAsString() +
                                 "' passed to code warpcheck does not follow");
  objectOf(V.LocalObject).Escaped = true;
}

} // namespace simt
} // namespace warpcheck
