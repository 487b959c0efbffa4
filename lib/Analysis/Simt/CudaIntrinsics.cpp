//===--- CudaIntrinsics.cpp - CUDA device functions -------------------------===//
//
// Device built-in functions: min/max, __popc and friends, and the default
// for any function the engine does not model.
//
//===----------------------------------------------------------------------===//

#include "CooperativeGroups.h"
#include "Engine.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;

namespace warpcheck {
namespace simt {


Value Engine::evalIntrinsic(StringRef Name, const CallExpr *E) {
  if (auto R = evalWarpIntrinsic(Name, E))
    return *R;
  if (auto R = evalCacheHintAccess(Name, E))
    return *R;
  // Address-space conversions and tests: pure, and the shared window
  // address of a followed pointer is followed (inline PTX uses it).
  if (Name.starts_with("__cvta_") || Name.starts_with("__isShared") ||
      Name.starts_with("__isGlobal") || Name.starts_with("__isLocal") ||
      Name.starts_with("__isConstant") || Name.starts_with("__isGridConstant") ||
      Name.starts_with("__isCluster") || Name.starts_with("__isCtaShared") ||
      Name == "__cluster_map_shared_rank" ||
      Name == "__cluster_query_shared_rank")
    return addressSpaceIntrinsic(Name, E);
  if (Name == "__syncthreads")
    noteBarrier();
  std::vector<Value> Args;
  for (const Expr *Arg : E->arguments())
    Args.push_back(evalOpaqueArgument(Arg));
  // A function whose body warpcheck cannot see, given a __shared__ pointer,
  // may access it.
  if (Name != "__syncthreads" && !Name.starts_with("__builtin_assume"))
    for (unsigned I = 0; I < Args.size(); ++I) {
      QualType T = E->getArg(I)->getType();
      reportUnfollowedShared(
          Args[I], T->isPointerType() ? T->getPointeeType() : T, E->getArg(I),
          "'" + Name.str() + "', whose body warpcheck cannot see");
    }
  if (auto R = evalIntegerIntrinsic(Name, E, Args))
    return *R;
  return unmodelledIntrinsic(Name, E, Args);
}

std::optional<Value> Engine::evalCacheHintAccess(StringRef Name,
                                                 const CallExpr *E) {
  // Cache-hint loads and stores (__ldg, __ldcs, __stcg, ...) access memory
  // through their pointer like `*p` and `*p = v`: a shared address is a
  // shared-memory request.
  static const llvm::StringSet<> HintLoads = {"__ldg",  "__ldcg", "__ldca",
                                              "__ldcs", "__ldlu", "__ldcv"};
  static const llvm::StringSet<> HintStores = {"__stwb", "__stcg", "__stcs",
                                               "__stwt"};
  bool HintLoad = HintLoads.contains(Name) && E->getNumArgs() == 1;
  bool HintStore = HintStores.contains(Name) && E->getNumArgs() == 2;
  if (!(HintLoad || HintStore) || !E->getArg(0)->getType()->isPointerType())
    return std::nullopt;
  QualType Elem =
      E->getArg(0)->getType()->getPointeeType().getUnqualifiedType();
  LValue LV = lvalueOf(eval(E->getArg(0)));
  if (HintLoad)
    return load(LV, Elem, E);
  store(LV, eval(E->getArg(1)), Elem, E);
  return Value();
}

std::optional<Value>
Engine::evalIntegerIntrinsic(StringRef Name, const CallExpr *E,
                             const std::vector<Value> &Args) {
  CompileTime ArgsCT;
  for (const Value &V : Args)
    ArgsCT.merge(V.CT);
  auto AllInt = [&] {
    for (const Value &V : Args)
      if (V.K != Value::Kind::Int)
        return false;
    return true;
  };
  static const llvm::StringSet<> MinMax = {
      "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax"};
  if (MinMax.contains(Name) && Args.size() == 2 && AllInt()) {
    bool IsMin = Name.contains("min");
    bool Signed = typeIsSigned(E->getArg(0)->getType());
    Value R = intConstant(0);
    for (unsigned T = 0; T < N; ++T) {
      auto Less = sym::compare(Args[0].L[T], Args[1].L[T], sym::CmpOp::LT,
                               Signed, typeBits(E->getArg(0)->getType()));
      if (!Less)
        R.L[T] =
            Args[0].L[T] == Args[1].L[T] ? Args[0].L[T] : SymbolicInt::opaque();
      else
        R.L[T] = (*Less == IsMin) ? Args[0].L[T] : Args[1].L[T];
    }
    settleOpaque(R, {&Args[0], &Args[1]}, E);
    fitToType(R, E->getType());
    R.CT = ArgsCT;
    return R;
  }
  if ((Name == "abs" || Name == "llabs") && Args.size() == 1 && AllInt()) {
    Value R = Args[0];
    for (unsigned T = 0; T < N; ++T)
      if (R.L[T].isConstant())
        R.L[T].Const = R.L[T].Const < 0 ? -R.L[T].Const : R.L[T].Const;
      else
        R.L[T] = SymbolicInt::opaque();
    settleOpaque(R, {&Args[0]}, E);
    return R;
  }
  if ((Name == "__mul24" || Name == "__umul24") && Args.size() == 2 &&
      AllInt()) {
    Value R = intConstant(0);
    for (unsigned T = 0; T < N; ++T)
      R.L[T] = sym::mul(Args[0].L[T], Args[1].L[T], Atoms);
    settleOpaque(R, {&Args[0], &Args[1]}, E);
    fitToType(R, E->getType());
    return R;
  }
  if ((Name == "__popc" || Name == "__popcll" || Name == "__clz" ||
       Name == "__ffs") &&
      Args.size() == 1 && AllInt()) {
    unsigned Bits = Name == "__popcll" ? 64 : 32;
    Value R = intConstant(0);
    // A pure function: threads with the same symbolic argument get the same
    // unknown result (`__ffs` of a warp-uniform value is warp-uniform).
    std::vector<std::pair<SymbolicInt, AtomId>> Seen;
    for (unsigned T = 0; T < N; ++T) {
      const SymbolicInt &In = Args[0].L[T];
      if (!In.isConstant() && !In.Opaque) {
        auto Found = std::find_if(Seen.begin(), Seen.end(),
                                  [&](const auto &P) { return P.first == In; });
        if (Found == Seen.end()) {
          Seen.push_back({In, Atoms.fresh(sourceText(E))});
          Found = Seen.end() - 1;
        }
        R.L[T] = SymbolicInt::atom(Found->second);
        continue;
      }
      if (!In.isConstant()) {
        R.L[T] = SymbolicInt::opaque();
        continue;
      }
      uint64_t V = uint64_t(Args[0].L[T].Const);
      if (Bits == 32)
        V &= 0xffffffffu;
      int64_t Out = 0;
      if (Name.starts_with("__popc"))
        Out = __builtin_popcountll(V);
      else if (Name == "__clz")
        Out = V == 0 ? 32 : __builtin_clz(uint32_t(V));
      else
        Out = V == 0 ? 0 : __builtin_ctzll(V) + 1;
      R.L[T] = SymbolicInt::constant(Out);
    }
    settleOpaque(R, {&Args[0]}, E);
    return R;
  }
  return std::nullopt;
}

Value Engine::unmodelledIntrinsic(StringRef Name, const CallExpr *E,
                                  const std::vector<Value> &Args) {
  // A device function of the CUDA headers is a pure function of its
  // arguments unless it reads per-thread state, and those take no arguments
  // (%clock, __activemask) or are modelled: with warp-uniform integer
  // arguments its result is one warp-uniform unknown. A function whose body
  // warpcheck cannot see may read threadIdx itself: unknown per thread.
  std::string What = "'" + Name.str() + "'";
  havocEscaped("a call to " + What + " warpcheck does not follow");
  CompileTime CallCT;
  CallCT.Why = CompileTime::Cause::Call;
  CallCT.What = "the result of " + What;
  if (!E->getType()->isIntegralOrEnumerationType()) {
    Value R = unknown("result of " + What);
    R.CT = CallCT;
    return R;
  }
  Value R = opaqueInt("result of " + What);
  R.CT = CallCT;
  const FunctionDecl *Callee = E->getDirectCallee();
  bool Library =
      Callee && (Callee->getBuiltinID() != 0 ||
                 SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())));
  bool Uniform = Library && !Args.empty();
  for (const Value &V : Args)
    if (V.K != Value::Kind::Int || !isUniform(V.L))
      Uniform = false;
  if (Uniform) {
    AtomId A = Atoms.fresh(sourceText(E));
    R.L.assign(N, SymbolicInt::atom(A));
    R.Deps.clear();
  }
  return R;
}

// ---- address spaces ------------------------------------------------------------

std::optional<std::pair<const VarDecl *, Lanes>>
Engine::sharedWindowAddress(const Value &V, const VarDecl **Var) {
  if (V.K != Value::Kind::Int)
    return std::nullopt;
  const VarDecl *Found = nullptr;
  bool Whole = true;
  Lanes Offsets = V.L;
  for (unsigned T = 0; T < N; ++T) {
    if (!laneLive(T))
      continue;
    SymbolicInt &L = Offsets[T];
    std::optional<size_t> Term;
    for (size_t I = 0; I < L.Terms.size() && !Term; ++I)
      for (auto &[D, Atom] : BaseAtoms)
        if (L.Terms[I].first == Atom && isSharedVariable(D) &&
            L.Terms[I].second == int64_t(sharedBaseAlignment(D)) &&
            (!Found || Found == D)) {
          Found = D;
          Term = I;
          break;
        }
    bool Matched = Term.has_value();
    if (Term)
      L.Terms.erase(L.Terms.begin() + *Term);
    Whole &= Matched && !L.Opaque;
  }
  if (Var)
    *Var = Found;
  if (!Found || !Whole)
    return std::nullopt;
  return std::make_pair(Found, std::move(Offsets));
}

Value Engine::addressSpaceIntrinsic(StringRef Name, const CallExpr *E) {
  Value Arg = E->getNumArgs() ? eval(E->getArg(0)) : Value();
  std::string What = "'" + Name.str() + "'";
  if (Name == "__cvta_generic_to_shared" && Arg.K == Value::Kind::Pointer &&
      Arg.Shared) {
    // The shared window address: the array's (aligned) base plus the
    // offset, so arithmetic on it and its use in inline PTX are followed.
    Value R = Arg;
    R.K = Value::Kind::Int;
    R.Region.clear();
    R.Shared = nullptr;
    R.LocalObject = nullptr;
    SymbolicInt Base = SymbolicInt::atom(
        baseAtom(Arg.Shared), int64_t(sharedBaseAlignment(Arg.Shared)));
    for (unsigned T = 0; T < N; ++T)
      if (!R.L[T].Opaque)
        R.L[T] = sym::add(R.L[T], Base);
    fitToType(R, E->getType());
    return R;
  }
  if (Name == "__cvta_shared_to_generic") {
    if (auto W = sharedWindowAddress(Arg)) {
      Value R;
      R.K = Value::Kind::Pointer;
      R.Shared = W->first;
      R.Region = W->first->getNameAsString();
      R.L = std::move(W->second);
      R.Deps = Arg.Deps;
      R.CT = Arg.CT;
      return R;
    }
    const VarDecl *Var = nullptr;
    sharedWindowAddress(Arg, &Var);
    if (Var) {
      // Some lanes' addresses are not followed: a pointer into the array
      // with unknown offsets.
      Value R;
      R.K = Value::Kind::Pointer;
      R.Shared = Var;
      R.Region = Var->getNameAsString();
      R.L.assign(N, SymbolicInt::opaque());
      R.Deps = Arg.Deps;
      addDep(R.Deps, "the address given to " + What);
      R.CT = Arg.CT;
      return R;
    }
    return unknown("the result of " + What);
  }
  if (Name == "__cluster_map_shared_rank" && Arg.K == Value::Kind::Pointer &&
      Arg.Shared) {
    // The same array in another block of the cluster: where its banks
    // fall is not measured.
    RemoteShared = true;
    Value R = Arg;
    R.L.assign(N, SymbolicInt::opaque());
    addDep(R.Deps, "an address in another block's shared memory (" + What +
                       ")");
    return R;
  }
  if ((Name == "__isShared" || Name == "__isCtaShared") &&
      Arg.K == Value::Kind::Pointer &&
      (Arg.Shared || Arg.LocalObject))
    return intConstant(Arg.Shared ? 1 : 0);
  if (E->getType()->isIntegralOrEnumerationType()) {
    Value R = opaqueInt("result of " + What);
    R.CT.Why = CompileTime::Cause::Call;
    R.CT.What = "the result of " + What;
    return R;
  }
  return unknown("result of " + What);
}

// ---- warp shuffles and votes -----------------------------------------------

namespace {

enum class ShuffleKind { Idx, Up, Down, Xor };

/// The lane a shuffle reads for lane Lane (0..31) of its warp, or nullopt
/// when it reads its own value; Width is the segment size.
std::optional<unsigned> shuffleSource(ShuffleKind K, unsigned Lane,
                                      int64_t Operand, unsigned Width) {
  unsigned Base = Lane & ~(Width - 1);
  switch (K) {
  case ShuffleKind::Idx:
    return Base + unsigned(uint64_t(Operand) & (Width - 1));
  case ShuffleKind::Up:
    if (Operand < 0 || int64_t(Lane - Base) < Operand)
      return std::nullopt;
    return Lane - unsigned(Operand);
  case ShuffleKind::Down:
    if (Operand < 0 || int64_t(Lane - Base) + Operand >= int64_t(Width))
      return std::nullopt;
    return Lane + unsigned(Operand);
  case ShuffleKind::Xor: {
    unsigned Src = Lane ^ unsigned(uint64_t(Operand) & 31);
    // A later segment is out of reach: the lane keeps its own value.
    if (Src >= Base + Width)
      return std::nullopt;
    return Src;
  }
  }
  llvm_unreachable("covered switch");
}

} // namespace

Value Engine::shuffle(const Value &Var, const Value &Operand, unsigned Width,
                      int Kind, const Expr *E) {
  // A broadcast (every lane of a warp reads one lane) is warp-uniform to
  // the compiler whatever it shuffles; a shuffle from lanes that differ is
  // not (Uniformity.cpp).
  if (ShuffleKind(Kind) == ShuffleKind::Idx &&
      (Operand.K != Value::Kind::Int || !differsInBlock(Operand.L)))
    WarpValueSourceRan = true;
  Value R = Var;
  if (Var.K != Value::Kind::Int && Var.K != Value::Kind::Pointer)
    return unknown("'" + sourceText(E) + "'");
  std::string Why = "'" + sourceText(E) + "' reads a lane warpcheck cannot "
                    "place";
  for (unsigned T = 0; T < N; ++T) {
    if (!laneLive(T))
      continue;
    unsigned Lane = T % WarpSize, Warp = T / WarpSize;
    auto Op = Operand.K == Value::Kind::Int ? Operand.L[T].asConstant()
                                            : std::nullopt;
    if (!Op || Width == 0 || Width > WarpSize || (Width & (Width - 1))) {
      R.L[T] = SymbolicInt::opaque();
      addDep(R.Deps, Why);
      continue;
    }
    auto Src = shuffleSource(ShuffleKind(Kind), Lane, *Op, Width);
    if (!Src)
      continue; // its own value
    unsigned SrcThread = Warp * WarpSize + *Src;
    // A source thread that does not take part: the result is undefined.
    if (SrcThread >= N || M.A[SrcThread] != Activity::Active) {
      R.L[T] = SymbolicInt::opaque();
      addDep(R.Deps, Why);
      continue;
    }
    R.L[T] = Var.L[SrcThread];
  }
  R.CT.merge(Operand.CT);
  if (!R.CT.hard()) {
    R.CT.Why = CompileTime::Cause::Thread;
    R.CT.What = sourceText(E);
  }
  return R;
}

Value Engine::vote(StringRef Name, const Value &Pred, const Expr *E) {
  WarpValueSourceRan = true;
  // Per warp: the lanes that run this and whose predicate holds.
  Value R = intConstant(0);
  R.CT.Why = CompileTime::Cause::Thread;
  R.CT.What = sourceText(E);
  for (unsigned W = 0; W * WarpSize < N; ++W) {
    bool Known = true;
    uint32_t Active = 0, Holds = 0;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      unsigned T = W * WarpSize + Lane;
      if (T >= N || M.A[T] == Activity::Inactive)
        continue;
      if (M.A[T] == Activity::Maybe) {
        Known = false;
        break;
      }
      Active |= 1u << Lane;
      if (Name == "__activemask")
        continue;
      auto P = Pred.K == Value::Kind::Int ? Pred.L[T].asConstant()
                                          : std::nullopt;
      if (!P) {
        Known = false;
        break;
      }
      if (*P)
        Holds |= 1u << Lane;
    }
    int64_t Result = 0;
    if (Name == "__activemask")
      Result = Active;
    else if (Name == "__ballot_sync" || Name == "__ballot")
      Result = Holds;
    else if (Name == "__any_sync" || Name == "__any")
      Result = Holds != 0;
    else if (Name == "__all_sync" || Name == "__all")
      Result = Holds == Active;
    for (unsigned Lane = 0; Lane < WarpSize && W * WarpSize + Lane < N;
         ++Lane) {
      unsigned T = W * WarpSize + Lane;
      R.L[T] = Known ? SymbolicInt::constant(Result) : SymbolicInt::opaque();
    }
    if (!Known)
      addDep(R.Deps, "'" + sourceText(E) + "'");
  }
  fitToType(R, E->getType());
  return R;
}

std::optional<Value> Engine::evalWarpIntrinsic(StringRef Name,
                                               const CallExpr *E) {
  static const llvm::StringMap<int> Shuffles = {
      {"__shfl_sync", int(ShuffleKind::Idx)},
      {"__shfl_up_sync", int(ShuffleKind::Up)},
      {"__shfl_down_sync", int(ShuffleKind::Down)},
      {"__shfl_xor_sync", int(ShuffleKind::Xor)}};
  auto Sh = Shuffles.find(Name);
  if (Sh != Shuffles.end() && E->getNumArgs() >= 3) {
    eval(E->getArg(0));
    Value Var = eval(E->getArg(1));
    Value Operand = eval(E->getArg(2));
    std::optional<int64_t> Width = int64_t(WarpSize);
    if (E->getNumArgs() >= 4) {
      Value W = eval(E->getArg(3));
      Width = W.K == Value::Kind::Int && isUniform(W.L) && laneCount()
                  ? W.L[firstLiveLane()].asConstant()
                  : std::nullopt;
    }
    Value R = shuffle(Var, Operand, unsigned(Width.value_or(0)), Sh->second, E);
    if (R.K == Value::Kind::Int)
      fitToType(R, E->getType());
    return R;
  }
  if (Name == "__ballot_sync" || Name == "__any_sync" ||
      Name == "__all_sync") {
    if (E->getNumArgs() != 2)
      return std::nullopt;
    eval(E->getArg(0));
    Value Pred = eval(E->getArg(1));
    Value Bool = Pred;
    if (Pred.K == Value::Kind::Int)
      for (unsigned T = 0; T < N; ++T)
        if (auto C = Pred.L[T].asConstant())
          Bool.L[T] = SymbolicInt::constant(*C != 0);
    return vote(Name, Bool, E);
  }
  if (Name == "__activemask" && E->getNumArgs() == 0)
    return vote(Name, Value(), E);
  return std::nullopt;
}

unsigned Engine::laneCount() const {
  unsigned C = 0;
  for (unsigned T = 0; T < N; ++T)
    C += laneLive(T);
  return C;
}

unsigned Engine::firstLiveLane() const {
  for (unsigned T = 0; T < N; ++T)
    if (laneLive(T))
      return T;
  return 0;
}

// ---- cooperative groups -----------------------------------------------------

/// The class of the object a member function is called on (static member
/// functions too: `block.thread_rank()` is static in thread_block).
static const CXXRecordDecl *objectClass(const CallExpr *E) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
  if (!Method)
    return nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    // The object's own class, not the base the method is found in (CUDA
    // 13's tile shuffles live in __static_size_thread_block_tile_base).
    QualType T = MC->getImplicitObjectArgument()->IgnoreParenImpCasts()->getType();
    if (T->isPointerType())
      T = T->getPointeeType();
    if (const CXXRecordDecl *Class = T->getAsCXXRecordDecl())
      return Class;
    return MC->getObjectType()->getAsCXXRecordDecl();
  }
  if (const auto *ME =
          dyn_cast<MemberExpr>(E->getCallee()->IgnoreParenImpCasts())) {
    QualType T = ME->getBase()->getType();
    if (ME->isArrow())
      T = T->getPointeeType();
    return T->getAsCXXRecordDecl();
  }
  return Method->getParent();
}

bool Engine::isCooperativeGroupsCall(const CallExpr *E) const {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
  const CXXRecordDecl *Class = objectClass(E);
  if (!Class || !Method || !Method->getIdentifier())
    return false;
  for (const DeclContext *DC = Class->getDeclContext(); DC;
       DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

bool Engine::isGroupConstructor(const FunctionDecl *F) const {
  if (!F || !F->getIdentifier() || isa<CXXMethodDecl>(F))
    return false;
  StringRef Name = F->getName();
  if (Name != "this_thread_block" && Name != "tiled_partition" &&
      Name != "this_grid" && Name != "coalesced_threads" &&
      Name != "this_cluster")
    return false;
  for (const DeclContext *DC = F->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

Value Engine::evalLibraryMemberCall(const CallExpr *E) {
  // A cuda::barrier's arrive and wait: mbarrier instructions (SYNCS),
  // measured to make no shared-memory load or store request
  // (cuda_samples/library_calls/measurements/h100-tma-mbarrier).
  if (const CXXRecordDecl *Class = objectClass(E);
      Class && Class->getName() == "barrier" &&
      StringRef(Class->getQualifiedNameAsString()).starts_with("cuda::")) {
    for (const Expr *Arg : E->arguments())
      eval(Arg);
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("result of '" + sourceText(E->getCallee()) + "'")
               : unknown("result of '" + sourceText(E->getCallee()) + "'");
  }
  if (!isCooperativeGroupsCall(E))
    return opaqueCall(E, "'" + sourceText(E->getCallee()) + "'");
  const auto *Method = cast<CXXMethodDecl>(E->getDirectCallee());
  const CXXRecordDecl *Class = objectClass(E);
  const CallExpr *MC = E;
  // The group: the whole block, or a static tile of Size threads.
  unsigned Size = groupSize(Class, N);
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E);
      Member && Class->getName() == "thread_group")
    Size = erasedGroupSize(Member->getImplicitObjectArgument(), frame(), N);
  StringRef M = Method->getName();
  // Tiles are powers of two; a tile larger than a warp (CUDA 12's
  // tiled_partition<64>) needs a block made of whole tiles.
  if (Size == 0 ||
      (Size != N && ((Size & (Size - 1)) || (Size > WarpSize && N % Size))))
    return opaqueCall(E, "'" + sourceText(E->getCallee()) + "'");
  Value R = intConstant(0);
  R.CT.Why = CompileTime::Cause::Thread;
  R.CT.What = sourceText(E);
  auto PerThread = [&](auto F) {
    for (unsigned T = 0; T < N; ++T)
      R.L[T] = SymbolicInt::constant(F(T));
    fitToType(R, E->getType());
    return R;
  };
  if (M == "thread_rank")
    return PerThread([&](unsigned T) { return int64_t(T % Size); });
  if (M == "size" || M == "num_threads")
    return PerThread([&](unsigned) { return int64_t(Size); });
  if (M == "meta_group_rank")
    return PerThread([&](unsigned T) { return int64_t(T / Size); });
  if (M == "meta_group_size")
    return PerThread([&](unsigned) { return int64_t((N + Size - 1) / Size); });
  if (M == "sync")
    return unknown();
  if (Size <= WarpSize && MC->getNumArgs() >= 2 &&
      (M == "shfl" || M == "shfl_up" || M == "shfl_down" || M == "shfl_xor")) {
    int Kind = M == "shfl"        ? int(ShuffleKind::Idx)
               : M == "shfl_up"   ? int(ShuffleKind::Up)
               : M == "shfl_down" ? int(ShuffleKind::Down)
                                  : int(ShuffleKind::Xor);
    // The tile's shuffles take the element by forwarding reference
    // (`TyElem &&elem`): an lvalue argument (`v.b`, `a[i]`) has no
    // lvalue-to-rvalue cast, and the callee reads it, so load it here as
    // that cast would (a shared element is a load the warp issues).
    const Expr *Elem = MC->getArg(0);
    // A prvalue argument binds through a temporary: its value is the
    // expression's.
    if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Elem))
      Elem = Temp->getSubExpr();
    QualType ElemType = Elem->getType();
    Value Var = Elem->isGLValue() && ElemType->isScalarType() &&
                        !isa<DeclRefExpr>(Elem->IgnoreParens())
                    ? load(evalLValue(Elem), ElemType, Elem)
                    : eval(Elem);
    if (Var.K == Value::Kind::Int && Elem->isGLValue())
      fitToType(Var, ElemType);
    Value Operand = eval(MC->getArg(1));
    Value Out = shuffle(Var, Operand, Size, Kind, E);
    if (Out.K == Value::Kind::Int)
      fitToType(Out, E->getType());
    return Out;
  }
  return opaqueCall(E, "'" + sourceText(E->getCallee()) + "'");
}

Value Engine::specialRegister(const std::string &Name, const Stmt *S) {
  Value R = intConstant(0);
  R.CT.Why = CompileTime::Cause::Thread;
  R.CT.What = "%" + Name;
  unsigned Dims[] = {Block.X, Block.Y, Block.Z};
  auto Axis = [&](StringRef Prefix) -> int {
    StringRef Rest = StringRef(Name);
    if (!Rest.consume_front(Prefix))
      return -1;
    return Rest == "x" ? 0 : Rest == "y" ? 1 : Rest == "z" ? 2 : -1;
  };
  if (Name == "laneid") {
    for (unsigned T = 0; T < N; ++T)
      R.L[T] = SymbolicInt::constant(T % WarpSize);
    return R;
  }
  if (StringRef(Name).starts_with("lanemask_")) {
    StringRef K = StringRef(Name).drop_front(9);
    for (unsigned T = 0; T < N; ++T) {
      uint64_t Lane = T % WarpSize, Bit = 1ull << Lane;
      uint64_t V = K == "eq"   ? Bit
                   : K == "lt" ? Bit - 1
                   : K == "le" ? (Bit << 1) - 1
                   : K == "gt" ? ~((Bit << 1) - 1) & 0xffffffffu
                   : K == "ge" ? ~(Bit - 1) & 0xffffffffu
                               : 0;
      R.L[T] = SymbolicInt::constant(int64_t(V));
    }
    return R;
  }
  if (int A = Axis("tid."); A >= 0) {
    for (unsigned T = 0; T < N; ++T) {
      Dim3 C = Block.coordinatesOf(T);
      unsigned Coord[] = {C.X, C.Y, C.Z};
      R.L[T] = SymbolicInt::constant(Coord[A]);
    }
    return R;
  }
  if (int A = Axis("ntid."); A >= 0) {
    R.L.assign(N, SymbolicInt::constant(Dims[A]));
    return R;
  }
  if (int A = Axis("ctaid."); A >= 0) {
    static const char *Names[] = {"blockIdx.x", "blockIdx.y", "blockIdx.z"};
    R.L.assign(N, SymbolicInt::atom(Atoms.named(Names[A])));
    return R;
  }
  if (int A = Axis("nctaid."); A >= 0) {
    static const char *Names[] = {"gridDim.x", "gridDim.y", "gridDim.z"};
    R.L.assign(N, SymbolicInt::atom(Atoms.named(Names[A])));
    return R;
  }
  if (Name == "warpid" || Name == "smid" || Name == "nwarpid" ||
      Name == "nsmid") {
    // The same in every lane of a warp at one instruction, but which
    // hardware slot or SM is not known (and may change between reads).
    WarpValueSourceRan = true;
    for (unsigned W = 0; W * WarpSize < N; ++W) {
      AtomId A = Atoms.fresh("%" + Name + " of warp " + std::to_string(W) +
                             " at line " + std::to_string(lineOf(S)));
      for (unsigned L = 0; L < WarpSize && W * WarpSize + L < N; ++L)
        R.L[W * WarpSize + L] = SymbolicInt::atom(A);
    }
    return R;
  }
  return Value();
}

} // namespace simt
} // namespace warpcheck
