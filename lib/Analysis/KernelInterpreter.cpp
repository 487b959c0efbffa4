//===--- KernelInterpreter.cpp - SIMT interpretation of a kernel ----------===//

#include "KernelInterpreter.h"

#include "CudaBuiltins.h"
#include "RequestAnalysis.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <set>

#include <algorithm>

using namespace clang;

namespace warpcheck {

namespace {

using Lanes = std::vector<SymbolicInt>;

/// A value of every thread of the block.
struct Value {
  enum class Kind { Int, Pointer, Unknown };
  Kind K = Kind::Unknown;
  /// Int: the value. Pointer: the byte offset into the pointee region.
  Lanes L;
  /// Pointer: the __shared__ variable pointed into (nullptr: other memory).
  const VarDecl *Shared = nullptr;
  /// Pointer: the per-thread array or struct pointed into.
  const VarDecl *LocalObject = nullptr;
  /// Pointer: a name for the memory pointed to, for explanations.
  std::string Region;
  /// What opaque lanes depend on.
  std::vector<std::string> Deps;
  /// Whether the compiler knows the value: why not, and the loops whose
  /// unrolling it depends on.
  CompileTime CT;
};

/// An object designated by an lvalue expression.
struct LValue {
  /// Shared: __shared__ storage. Local: a scalar local variable, whose
  /// value the interpreter follows. LocalObject: a per-thread array or
  /// struct (registers or local memory). Memory: anything else.
  enum class Kind { Shared, Local, LocalObject, Memory, None };
  Kind K = Kind::None;
  /// Shared, LocalObject: the variable; Local: the variable.
  const VarDecl *Var = nullptr;
  /// Shared, LocalObject and Memory: the byte offset of every thread.
  Lanes Offset;
  std::string Region;
  std::vector<std::string> Deps;
  /// LocalObject: whether the compiler knows the offset.
  CompileTime CT;
};

/// How sure a thread is to have left the current construct.
enum class Exit : unsigned char { None, Uniform, Maybe, Sure };

struct Mask {
  std::vector<Activity> A;
  /// Inside code that a warp-uniform unknown condition guards: every active
  /// thread runs it, or none does.
  bool Conditional = false;
  std::vector<std::string> Deps;
  /// Whether the compiler knows the conditions that lead here.
  CompileTime CT;
  /// How many conditions unknown to the compiler lead here.
  unsigned Depth = 0;
  /// How many conditions unknown to the analysis lead here (maybe-active
  /// threads, conditional code).
  unsigned Region = 0;
};

struct Frame {
  const FunctionDecl *FD = nullptr;
  std::map<const VarDecl *, Value> Env;
  /// Mask::Depth where each variable was declared: a variable declared
  /// outside a condition and set inside holds one of two values after it.
  std::map<const VarDecl *, std::pair<unsigned, unsigned>> DeclDepth;
  std::vector<Exit> Returned;
  Value Result;
  bool HasResult = false;
};

struct LoopState {
  std::vector<Exit> Broken, Continued;
  const Stmt *Loop = nullptr;
};

/// A `#pragma unroll` on a loop.
struct UnrollHint {
  enum Kind { None, Disable, Full, Count } K = None;
  unsigned N = 0;
};

void addDeps(std::vector<std::string> &To,
             const std::vector<std::string> &From) {
  for (const auto &N : From)
    if (std::find(To.begin(), To.end(), N) == To.end())
      To.push_back(N);
}

void addDep(std::vector<std::string> &To, const std::string &N) {
  if (std::find(To.begin(), To.end(), N) == To.end())
    To.push_back(N);
}

bool isPowerOfTwoWidth(uint64_t W) {
  return W == 1 || W == 2 || W == 4 || W == 8 || W == 16;
}

} // namespace

class KernelInterpreter::Impl {
public:
  Impl(ASTContext &Ctx, const FunctionDecl *Kernel, Dim3 Block,
       InterpreterLimits Limits)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Kernel(Kernel), Block(Block),
        Limits(Limits), N(Block.threads()) {}

  void run();

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Kernel;
  Dim3 Block;
  InterpreterLimits Limits;
  unsigned N;
  AtomTable Atoms;
  std::vector<SharedAccessSite> Sites;
  std::map<std::pair<const Expr *, AccessKind>, size_t> SiteIndex;
  std::string Truncation;
  uint64_t WarpRequests = 0;
  uint64_t Iterations = 0;
  /// Loops being run whose trip count is not known: the accesses inside
  /// execute an unknown number of times.
  unsigned UncountedLoops = 0;
  bool Stopped = false;

  Mask M;
  std::vector<Frame> Frames;
  std::vector<LoopState> Loops;
  llvm::DenseMap<const Expr *, std::optional<int64_t>> ConstantCache;
  llvm::DenseMap<const Stmt *, std::vector<const VarDecl *>> ModifiedCache;
  std::map<const VarDecl *, AtomId> BaseAtoms;
  std::vector<LocalArrayAccess> LocalAccesses;
  size_t CaptureLimit = 0;
  std::map<const VarDecl *, std::vector<CapturedRequest>> Captured;
  std::set<const VarDecl *> CaptureOverflow;
  std::map<std::pair<const Expr *, bool>, size_t> LocalIndex;
  std::map<const Stmt *, LoopUnrolling> Unrolling;
  std::map<const Stmt *, UnrollHint> Hints;
  llvm::DenseMap<const Stmt *, unsigned> CostCache;

  // ---- helpers ------------------------------------------------------------
  Frame &frame() { return Frames.back(); }

  void stop(const std::string &Why) {
    if (!Stopped) {
      Stopped = true;
      Truncation = Why;
    }
  }

  std::string sourceText(const Expr *E) const {
    CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
    R = SM.getExpansionRange(R);
    std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    std::replace(Text.begin(), Text.end(), '\n', ' ');
    if (Text.size() > 48)
      Text = Text.substr(0, 45) + "...";
    return Text.empty() ? "<expression>" : Text;
  }

  unsigned lineOf(const Stmt *S) const {
    return SM.getPresumedLineNumber(SM.getExpansionLoc(S->getBeginLoc()));
  }

  std::optional<int64_t> constantValue(const Expr *E) {
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

  Value intConstant(int64_t V) {
    Value R;
    R.K = Value::Kind::Int;
    R.L.assign(N, SymbolicInt::constant(V));
    return R;
  }

  Value opaqueInt(const std::string &Dep) {
    Value R;
    R.K = Value::Kind::Int;
    R.L.assign(N, SymbolicInt::opaque());
    addDep(R.Deps, Dep);
    return R;
  }

  Value unknown(const std::string &Dep = "") {
    Value R;
    if (!Dep.empty())
      R.Deps.push_back(Dep);
    return R;
  }

  /// Truncates an integer value to the width and signedness of T.
  void fitToType(Value &V, QualType T) {
    if (V.K != Value::Kind::Int || !T->isIntegralOrEnumerationType())
      return;
    unsigned Bits = T->isBooleanType() ? 1 : Ctx.getIntWidth(T);
    bool Signed = T->isSignedIntegerOrEnumerationType();
    if (T->isBooleanType()) {
      for (auto &L : V.L)
        if (L.isConstant())
          L.Const = L.Const != 0;
      return;
    }
    for (auto &L : V.L)
      L = sym::truncate(L, Bits, Signed);
  }

  bool typeIsSigned(QualType T) const {
    return T->isSignedIntegerOrEnumerationType();
  }
  unsigned typeBits(QualType T) const {
    if (!T->isIntegralOrEnumerationType())
      return 64;
    return T->isBooleanType() ? 1 : Ctx.getIntWidth(T);
  }

  uint64_t sizeOf(QualType T) const {
    if (T->isIncompleteType() || T->isDependentType())
      return 0;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }

  std::vector<std::string> atomNames(const SymbolicInt &S) const {
    std::vector<std::string> Names;
    for (const auto &T : S.Terms)
      addDeps(Names, Atoms.baseNames(T.first));
    return Names;
  }

  bool laneLive(unsigned L) const { return M.A[L] != Activity::Inactive; }

  /// True when every live thread has the same non-opaque value.
  bool isUniform(const Lanes &V) const {
    const SymbolicInt *First = nullptr;
    for (unsigned L = 0; L < N; ++L) {
      if (!laneLive(L))
        continue;
      if (V[L].Opaque)
        return false;
      if (!First)
        First = &V[L];
      else if (*First != V[L])
        return false;
    }
    return true;
  }

  /// Lanes made opaque by a non-linear operation on unknowns: when the
  /// inputs were warp-uniform, the result is one new unknown named after
  /// the expression; otherwise record what it depends on.
  void settleOpaque(Value &R, const std::vector<const Value *> &Inputs,
                    const Expr *E) {
    bool AnyNew = false;
    for (unsigned L = 0; L < N; ++L) {
      if (!R.L[L].Opaque)
        continue;
      bool InputsKnown = true;
      for (const Value *In : Inputs)
        if (In->K != Value::Kind::Int || In->L[L].Opaque)
          InputsKnown = false;
      if (InputsKnown)
        AnyNew = true;
    }
    for (const Value *In : Inputs)
      addDeps(R.Deps, In->Deps);
    if (!AnyNew)
      return;
    bool Uniform = true;
    for (const Value *In : Inputs)
      if (In->K != Value::Kind::Int || !isUniform(In->L))
        Uniform = false;
    if (Uniform) {
      AtomId A = Atoms.fresh(sourceText(E));
      for (unsigned L = 0; L < N; ++L)
        if (R.L[L].Opaque)
          R.L[L] = SymbolicInt::atom(A);
      return;
    }
    for (const Value *In : Inputs)
      for (unsigned L = 0; L < N; ++L)
        if (laneLive(L) && In->K == Value::Kind::Int && !In->L[L].Opaque)
          addDeps(R.Deps, atomNames(In->L[L]));
  }

  // ---- masks and exits ----------------------------------------------------
  void markExit(std::vector<Exit> &E) {
    for (unsigned L = 0; L < N; ++L) {
      Exit X = Exit::None;
      if (M.A[L] == Activity::Active)
        X = M.Conditional ? Exit::Uniform : Exit::Sure;
      else if (M.A[L] == Activity::Maybe)
        X = Exit::Maybe;
      if (X > E[L])
        E[L] = X;
    }
  }

  /// Removes threads that returned, broke or continued from mask Base.
  Mask applyExits(Mask Base) {
    auto Apply = [&](const std::vector<Exit> &E) {
      for (unsigned L = 0; L < N; ++L) {
        switch (E[L]) {
        case Exit::None:
          break;
        case Exit::Uniform:
          if (Base.A[L] != Activity::Inactive)
            Base.Conditional = true;
          break;
        case Exit::Maybe:
          if (Base.A[L] == Activity::Active)
            Base.A[L] = Activity::Maybe;
          break;
        case Exit::Sure:
          Base.A[L] = Activity::Inactive;
          break;
        }
      }
    };
    Apply(frame().Returned);
    if (!Loops.empty()) {
      Apply(Loops.back().Broken);
      Apply(Loops.back().Continued);
    }
    return Base;
  }

  bool anyLive() const {
    for (unsigned L = 0; L < N; ++L)
      if (M.A[L] != Activity::Inactive)
        return true;
    return false;
  }

  /// Splits the current mask by a condition into the threads that take the
  /// true and the false side.
  void splitMask(const Value &C, const Expr *CondExpr, Mask &Then, Mask &Else) {
    Then = M;
    Else = M;
    if (C.CT.hard()) {
      if (!M.CT.hard()) {
        Then.CT.Why = Else.CT.Why = CompileTime::Cause::Condition;
        Then.CT.What = Else.CT.What = sourceText(CondExpr);
      }
      Then.Depth = Else.Depth = M.Depth + 1;
    }
    Then.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
    Else.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
    // Symbolic lanes that all hold the same value decide uniformly.
    bool Uniform = C.K == Value::Kind::Int;
    const SymbolicInt *First = nullptr;
    if (Uniform)
      for (unsigned L = 0; L < N; ++L) {
        if (!laneLive(L) || C.L[L].isConstant())
          continue;
        if (C.L[L].Opaque || (First && *First != C.L[L])) {
          Uniform = false;
          break;
        }
        First = &C.L[L];
      }
    std::string Text = sourceText(CondExpr);
    for (unsigned L = 0; L < N; ++L) {
      if (!laneLive(L))
        continue;
      if (C.K == Value::Kind::Int && C.L[L].isConstant()) {
        if (C.L[L].Const != 0)
          Else.A[L] = Activity::Inactive;
        else
          Then.A[L] = Activity::Inactive;
        continue;
      }
      if (Uniform) {
        Then.Conditional = Else.Conditional = true;
        continue;
      }
      Then.A[L] = Else.A[L] = Activity::Maybe;
      for (Mask *Side : {&Then, &Else}) {
        addDep(Side->Deps, "'" + Text + "'");
      }
    }
    if (Then.Conditional != M.Conditional || Then.Deps != M.Deps)
      Then.Region = Else.Region = M.Region + 1;
  }

  // ---- variables ----------------------------------------------------------
  Value &slot(const VarDecl *V) { return frame().Env[V]; }

  /// Assigns New to variable V for the threads the mask runs.
  void assign(const VarDecl *V, Value New) {
    auto It = frame().Env.find(V);
    bool Whole = !M.Conditional;
    for (unsigned L = 0; L < N && Whole; ++L)
      if (M.A[L] != Activity::Active)
        Whole = false;
    // Declared inside the current uncertain region: every thread that runs
    // here sets it; the others never see it.
    auto Decl = frame().DeclDepth.find(V);
    bool Local = Decl != frame().DeclDepth.end() &&
                 Decl->second.second >= M.Region &&
                 Decl->second.first >= M.Depth;
    if (It == frame().Env.end() || Whole || Local) {
      frame().Env[V] = std::move(New);
      return;
    }
    Value &Old = It->second;
    bool OldUninit =
        Old.K == Value::Kind::Pointer && !Old.Shared && Old.Region.empty();
    if (Old.K != New.K || (New.K == Value::Kind::Pointer &&
                           Old.Shared != New.Shared && !OldUninit)) {
      Old = unknown("'" + V->getNameAsString() + "'");
      return;
    }
    if (New.K == Value::Kind::Pointer) {
      Old.Shared = New.Shared;
      Old.Region = New.Region;
    }
    if (New.K == Value::Kind::Unknown) {
      addDeps(Old.Deps, New.Deps);
      return;
    }
    bool Differs = false;
    for (unsigned L = 0; L < N; ++L)
      if (M.A[L] != Activity::Inactive && Old.L[L] != New.L[L])
        Differs = true;
    // A variable set under a condition the compiler does not know holds one
    // of two values: not a compile-time constant.
    bool Inside =
        Decl != frame().DeclDepth.end() && Decl->second.first >= M.Depth;
    if (Inside) {
      Old.CT = New.CT;
    } else {
      Old.CT.merge(New.CT);
      if (Differs || M.CT.hard())
        Old.CT.merge(M.CT);
    }
    for (unsigned L = 0; L < N; ++L) {
      if (M.A[L] == Activity::Inactive)
        continue;
      if (M.A[L] == Activity::Active && !M.Conditional) {
        Old.L[L] = New.L[L];
        continue;
      }
      if (Old.L[L] != New.L[L]) {
        Old.L[L] = SymbolicInt::opaque();
        addDeps(Old.Deps, M.Deps);
        addDep(Old.Deps,
               "'" + V->getNameAsString() + "' set under a condition");
      }
    }
    addDeps(Old.Deps, New.Deps);
  }

  Value readVariable(const VarDecl *V) {
    auto It = frame().Env.find(V);
    if (It != frame().Env.end())
      return It->second;
    if (auto C = constantOfVar(V))
      return intConstant(*C);
    std::string Name = V->getNameAsString();
    QualType T = V->getType().getNonReferenceType();
    // Kernel parameters and other variables defined outside: warp-uniform.
    if (isa<ParmVarDecl>(V) || V->hasGlobalStorage()) {
      if (T->isIntegralOrEnumerationType()) {
        Value R;
        R.K = Value::Kind::Int;
        R.L.assign(N, SymbolicInt::atom(Atoms.named(Name)));
        R.CT.Why = CompileTime::Cause::Parameter;
        R.CT.What = Name;
        fitToType(R, T);
        return frame().Env[V] = R;
      }
      if (T->isPointerType()) {
        Value R;
        R.K = Value::Kind::Pointer;
        R.Region = Name;
        R.L.assign(N, SymbolicInt::constant(0));
        return frame().Env[V] = R;
      }
    }
    Value R = unknown("'" + Name + "'");
    R.CT.Why = CompileTime::Cause::Parameter;
    R.CT.What = Name;
    return R;
  }

  std::optional<int64_t> constantOfVar(const VarDecl *V) {
    QualType T = V->getType();
    if (!T->isIntegralOrEnumerationType() || !V->getInit())
      return std::nullopt;
    if (!T.isConstQualified() && !V->isConstexpr())
      return std::nullopt;
    if (V->getInit()->isValueDependent())
      return std::nullopt;
    Expr::EvalResult R;
    if (V->getInit()->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  }

  // ---- memory accesses ----------------------------------------------------
  AtomId baseAtom(const VarDecl *V) {
    auto It = BaseAtoms.find(V);
    if (It != BaseAtoms.end())
      return It->second;
    AtomId A = Atoms.named("address of '" + V->getNameAsString() + "'");
    BaseAtoms[V] = A;
    return A;
  }

  void record(const Expr *Site, AccessKind Kind, QualType T, const LValue &LV) {
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
      recordOne(Site, Kind, unsigned(Chunk), LV, Part);
  }

  void recordOne(const Expr *Site, AccessKind Kind, unsigned Width,
                 const LValue &LV, uint64_t Extra) {
    auto Key = std::make_pair(Site, Kind);
    auto It = SiteIndex.find(Key);
    if (It == SiteIndex.end()) {
      It = SiteIndex.emplace(Key, Sites.size()).first;
      SharedAccessSite S;
      S.Site = Site;
      S.Kind = Kind;
      S.WidthBytes = Width;
      S.Variable = LV.Var;
      S.Function = frame().FD;
      Sites.push_back(std::move(S));
    }
    SharedAccessSite &S = Sites[It->second];
    unsigned Instance = S.Summary.Instances++;
    if (UncountedLoops > 0)
      S.Summary.CountsExact = false;
    uint64_t Align =
        std::max<uint64_t>(1, Ctx.getDeclAlign(LV.Var).getQuantity());
    SymbolicInt Base = SymbolicInt::atom(baseAtom(LV.Var), int64_t(Align));
    for (unsigned W = 0; W < Block.warps(); ++W) {
      SymbolicRequest R;
      R.WidthBytes = Width;
      bool Any = false;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        unsigned T = W * WarpSize + Lane;
        if (T >= N || M.A[T] == Activity::Inactive) {
          R.Lanes[Lane] = Activity::Inactive;
          continue;
        }
        Any = true;
        R.Lanes[Lane] = M.A[T];
        if (M.A[T] == Activity::Maybe)
          S.Summary.CountsExact = false;
        R.Addresses[Lane] = sym::add(sym::add(LV.Offset[T], Base),
                                     SymbolicInt::constant(int64_t(Extra)));
      }
      if (!Any)
        continue;
      R.OpaqueDependencies = LV.Deps;
      R.ActivityDependencies = M.Deps;
      S.Summary.add(analyzeRequest(R, Atoms), W, Instance);
      if (CaptureLimit && !CaptureOverflow.count(LV.Var)) {
        auto &List = Captured[LV.Var];
        if (List.size() >= CaptureLimit) {
          CaptureOverflow.insert(LV.Var);
          List.clear();
        } else {
          CapturedRequest C;
          C.Site = unsigned(It->second);
          C.Request = R;
          // Offsets from the array's start: the layout moves those.
          for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
            if (R.Lanes[Lane] != Activity::Inactive)
              C.Request.Addresses[Lane] =
                  sym::add(LV.Offset[W * WarpSize + Lane],
                           SymbolicInt::constant(int64_t(Extra)));
          List.push_back(std::move(C));
        }
      }
      if (++WarpRequests > Limits.MaxWarpRequests) {
        S.Summary.Truncated = true;
        stop("more than " + std::to_string(Limits.MaxWarpRequests) +
             " warp requests");
        return;
      }
    }
  }

  /// The value read from LV by a load of type T at Site.
  Value load(const LValue &LV, QualType T, const Expr *Site) {
    switch (LV.K) {
    case LValue::Kind::Local:
      return readVariable(LV.Var);
    case LValue::Kind::Shared:
      record(Site, AccessKind::Load, T, LV);
      return loadedValue(LV, T, "'" + LV.Var->getNameAsString() + "'", Site);
    case LValue::Kind::Memory:
      return loadedValue(LV, T, "'" + LV.Region + "'", Site);
    case LValue::Kind::LocalObject:
      recordLocal(Site, LV.Var, false, false, LV.CT, &LV.Offset);
      return loadedValue(LV, T, "'" + LV.Var->getNameAsString() + "'", Site);
    case LValue::Kind::None:
      break;
    }
    Value R = T->isIntegralOrEnumerationType()
                  ? opaqueInt("a value the analysis cannot follow")
                  : unknown();
    addDeps(R.Deps, LV.Deps);
    return R;
  }

  /// A value loaded from memory: the same for every thread when every
  /// thread reads one address, otherwise unknown per thread.
  Value loadedValue(const LValue &LV, QualType T, const std::string &From,
                    const Expr *Site) {
    Value R;
    if (!T->isIntegralOrEnumerationType()) {
      R = unknown("value loaded from " + From);
    } else if (isUniform(LV.Offset)) {
      R.K = Value::Kind::Int;
      R.L.assign(N, SymbolicInt::atom(Atoms.fresh(sourceText(Site))));
    } else {
      R = opaqueInt("value loaded from " + From);
    }
    R.CT.Why = CompileTime::Cause::Memory;
    R.CT.What = "a value loaded from " + From;
    return R;
  }

  // ---- per-thread arrays ----------------------------------------------------
  /// Records an access to (or the escape of) a per-thread aggregate.
  void recordLocal(const Expr *Site, const VarDecl *Object, bool IsStore,
                   bool Escape, const CompileTime &Index, const Lanes *Offset) {
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
  void noteEscape(const Value &V, const Expr *Site) {
    if (V.K == Value::Kind::Pointer && V.LocalObject)
      recordLocal(Site, V.LocalObject, false, true, CompileTime(), nullptr);
  }

  static bool isAggregateLocal(const VarDecl *V) {
    QualType T = V->getType();
    return !T->isReferenceType() && (T->isArrayType() || T->isRecordType()) &&
           (V->hasLocalStorage() || V->isStaticLocal()) && !isSharedVariable(V);
  }

  LValue lvalueOf(const Value &Ptr) {
    LValue R;
    if (Ptr.K != Value::Kind::Pointer) {
      R.Deps = Ptr.Deps;
      return R;
    }
    R.K = Ptr.Shared        ? LValue::Kind::Shared
          : Ptr.LocalObject ? LValue::Kind::LocalObject
                            : LValue::Kind::Memory;
    R.Var = Ptr.Shared ? Ptr.Shared : Ptr.LocalObject;
    R.Offset = Ptr.L;
    R.Region = Ptr.Region;
    R.Deps = Ptr.Deps;
    R.CT = Ptr.CT;
    return R;
  }

  Value pointerTo(const LValue &LV) {
    Value R;
    if (LV.K == LValue::Kind::Shared || LV.K == LValue::Kind::Memory ||
        LV.K == LValue::Kind::LocalObject) {
      R.K = Value::Kind::Pointer;
      R.Shared = LV.K == LValue::Kind::Shared ? LV.Var : nullptr;
      R.LocalObject = LV.K == LValue::Kind::LocalObject ? LV.Var : nullptr;
      R.L = LV.Offset;
      R.Region =
          LV.K == LValue::Kind::Memory ? LV.Region : LV.Var->getNameAsString();
      R.Deps = LV.Deps;
      R.CT = LV.CT;
    }
    return R;
  }

  void store(const LValue &LV, const Value &V, QualType T, const Expr *Site) {
    if (LV.K == LValue::Kind::Shared)
      record(Site, AccessKind::Store, T, LV);
    else if (LV.K == LValue::Kind::Local)
      assign(LV.Var, V);
    else if (LV.K == LValue::Kind::LocalObject)
      recordLocal(Site, LV.Var, true, false, LV.CT, &LV.Offset);
    // A pointer to a per-thread array written to memory escapes.
    if (LV.K != LValue::Kind::Local)
      noteEscape(V, Site);
  }

  // ---- expressions --------------------------------------------------------
  Value eval(const Expr *E);
  LValue evalLValue(const Expr *E);
  Value evalCast(const CastExpr *E);
  Value evalBinary(const BinaryOperator *E);
  Value evalUnary(const UnaryOperator *E);
  Value evalCall(const CallExpr *E);
  Value evalConditional(const AbstractConditionalOperator *E);
  Value evalLogical(const BinaryOperator *E);
  Value arithmetic(BinaryOperatorKind Op, const Value &A, const Value &B,
                   QualType OperandType, QualType ResultType, const Expr *E);
  Value pointerOffset(const Value &Ptr, const Value &Index, QualType Pointee,
                      bool Subtract);
  Value inlineCall(const FunctionDecl *Callee, const CallExpr *E);
  Value evalIntrinsic(StringRef Name, const CallExpr *E);

  // ---- statements ---------------------------------------------------------
  void exec(const Stmt *S);
  void execDecl(const VarDecl *V);
  void execIf(const IfStmt *S);
  void execLoop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                const VarDecl *CondVar, const Expr *Inc, const Stmt *Body,
                bool TestFirst);
  void symbolicIteration(const Stmt *Loop, const Expr *Cond, const Stmt *Body,
                         const Expr *Inc);
  const std::vector<const VarDecl *> &modifiedIn(const Stmt *Loop);
  /// Marks every variable the loop changes as depending on its unrolling.
  void tagLoopVariables(const Stmt *Loop) {
    for (const VarDecl *V : modifiedIn(Loop)) {
      auto It = frame().Env.find(V);
      if (It != frame().Env.end())
        It->second.CT.merge(CompileTime{CompileTime::Cause::None, "", {Loop}});
    }
  }
  /// The size of a loop as the unroller sees it, roughly in instructions:
  /// memory accesses and arithmetic 1, division and calls 4; names,
  /// literals, casts and built-in variables are free.
  unsigned loopCost(const Stmt *Loop) {
    auto It = CostCache.find(Loop);
    if (It != CostCache.end())
      return It->second;
    std::function<unsigned(const Stmt *)> Count = [&](const Stmt *S) {
      if (!S || isa<PseudoObjectExpr>(S))
        return 0u;
      unsigned C = 0;
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        C = BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem ||
                    BO->getOpcode() == BO_DivAssign ||
                    BO->getOpcode() == BO_RemAssign
                ? 4
            : BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_Comma ? 0
                                                                          : 1;
      else if (isa<ArraySubscriptExpr>(S) || isa<UnaryOperator>(S) ||
               isa<AbstractConditionalOperator>(S) || isa<MemberExpr>(S))
        C = 1;
      else if (isa<CallExpr>(S))
        C = 4;
      for (const Stmt *Child : S->children())
        C += Count(Child);
      return C;
    };
    return CostCache[Loop] = Count(Loop);
  }
  void decideUnrolling(const Stmt *Loop, LoopUnrolling U) {
    auto It = Unrolling.find(Loop);
    if (It == Unrolling.end() || (It->second.Unrolled && !U.Unrolled))
      Unrolling[Loop] = std::move(U);
  }
};

// ---- expressions ------------------------------------------------------------

Value KernelInterpreter::Impl::eval(const Expr *E) {
  if (Stopped || !E)
    return unknown();
  if (auto Builtin = matchBuiltinIndex(E)) {
    Value R;
    R.K = Value::Kind::Int;
    R.L.resize(N);
    unsigned Dims[] = {Block.X, Block.Y, Block.Z};
    for (unsigned T = 0; T < N; ++T) {
      Dim3 C = Block.coordinatesOf(T);
      unsigned Coord[] = {C.X, C.Y, C.Z};
      switch (Builtin->Kind) {
      case BuiltinIndexKind::ThreadIdx:
        R.L[T] = SymbolicInt::constant(Coord[Builtin->Dim]);
        break;
      case BuiltinIndexKind::BlockDim:
        R.L[T] = SymbolicInt::constant(Dims[Builtin->Dim]);
        break;
      case BuiltinIndexKind::BlockIdx:
      case BuiltinIndexKind::GridDim:
        R.L[T] = SymbolicInt::atom(Atoms.named(builtinIndexName(*Builtin)));
        break;
      }
    }
    R.CT.Why = Builtin->Kind == BuiltinIndexKind::ThreadIdx
                   ? CompileTime::Cause::Thread
                   : CompileTime::Cause::Launch;
    R.CT.What = builtinIndexName(*Builtin);
    return R;
  }
  if (E->getType()->isIntegralOrEnumerationType() && !E->HasSideEffects(Ctx))
    if (auto C = constantValue(E)) {
      Value R = intConstant(*C);
      return R;
    }

  if (const auto *P = dyn_cast<ParenExpr>(E))
    return eval(P->getSubExpr());
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return eval(CE->getSubExpr());
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return eval(EWC->getSubExpr());
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MT->getSubExpr());
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(BT->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(DI->getExpr());
  if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(ST->getReplacement());
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
    return OV->getSourceExpr() ? eval(OV->getSourceExpr()) : unknown();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return PO->getResultExpr() ? eval(PO->getResultExpr()) : unknown();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return evalCast(Cast);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evalBinary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return evalUnary(UO);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return evalConditional(CO);
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return intConstant(IL->getValue().getSExtValue());
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return intConstant(CL->getValue());
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return intConstant(BL->getValue());
  if (isa<ImplicitValueInitExpr>(E) &&
      E->getType()->isIntegralOrEnumerationType())
    return intConstant(0);
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    if (Init->getNumInits() == 1 && !E->getType()->isRecordType() &&
        !E->getType()->isArrayType())
      return eval(Init->getInit(0));
    for (const Expr *Sub : Init->inits())
      eval(Sub);
    return unknown();
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evalCall(Call);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (Construct->getNumArgs() == 1 && Ctor &&
        (Ctor->isCopyOrMoveConstructor())) {
      LValue Src = evalLValue(Construct->getArg(0));
      if (Src.K == LValue::Kind::Shared)
        record(Construct->getArg(0), AccessKind::Load,
               Construct->getArg(0)->getType(), Src);
      return unknown();
    }
    for (const Expr *Arg : Construct->arguments())
      eval(Arg);
    return unknown();
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return intConstant(EC->getInitVal().getExtValue());
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
      if (V->getType()->isReferenceType()) {
        LValue LV = evalLValue(E);
        return load(LV, E->getType(), E);
      }
      return readVariable(V);
    }
    return unknown();
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    // An lvalue used as a value without a cast: an array member decaying.
    LValue LV = evalLValue(E);
    (void)LV;
    return unknown();
  }
  if (const auto *Comma = dyn_cast<StmtExpr>(E)) {
    (void)Comma;
    return unknown("a statement expression");
  }
  // Anything else: evaluate children for their accesses.
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      eval(CE);
  if (E->getType()->isIntegralOrEnumerationType())
    return opaqueInt("'" + sourceText(E) + "'");
  return unknown();
}

LValue KernelInterpreter::Impl::evalLValue(const Expr *E) {
  LValue R;
  if (Stopped || !E)
    return R;
  E = E->IgnoreParens();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalLValue(MT->getSubExpr());
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    // Derived-to-base, no-op and lvalue bit casts keep the object.
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_LValueBitCast ||
        Cast->getCastKind() == CK_UncheckedDerivedToBase ||
        Cast->getCastKind() == CK_DerivedToBase)
      return evalLValue(Cast->getSubExpr());
  }
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
    return OV->getSourceExpr() ? evalLValue(OV->getSourceExpr()) : R;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return R;
    if (isSharedVariable(V)) {
      R.K = LValue::Kind::Shared;
      R.Var = V;
      R.Offset.assign(N, SymbolicInt::constant(0));
      return R;
    }
    if (V->getType()->isReferenceType()) {
      // A reference bound at its declaration: follow the pointer we stored.
      return lvalueOf(readVariable(V));
    }
    if (isAggregateLocal(V)) {
      R.K = LValue::Kind::LocalObject;
      R.Var = V;
      R.Offset.assign(N, SymbolicInt::constant(0));
      return R;
    }
    if (V->hasLocalStorage() || isa<ParmVarDecl>(V)) {
      R.K = LValue::Kind::Local;
      R.Var = V;
      return R;
    }
    R.K = LValue::Kind::Memory;
    R.Region = V->getNameAsString();
    R.Offset.assign(N, SymbolicInt::constant(0));
    return R;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Value Base = eval(AS->getBase());
    Value Index = eval(AS->getIdx());
    return lvalueOf(pointerOffset(Base, Index, AS->getType(), false));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return lvalueOf(eval(UO->getSubExpr()));
    if (UO->isIncrementDecrementOp()) {
      evalUnary(UO);
      return evalLValue(UO->getSubExpr());
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    LValue Base;
    if (ME->isArrow())
      Base = lvalueOf(eval(ME->getBase()));
    else
      Base = evalLValue(ME->getBase());
    if (!Field || Field->isBitField() ||
        (Base.K != LValue::Kind::Shared && Base.K != LValue::Kind::Memory &&
         Base.K != LValue::Kind::LocalObject))
      return LValue();
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Field->getParent());
    int64_t Offset = int64_t(Layout.getFieldOffset(Field->getFieldIndex()) / 8);
    for (auto &O : Base.Offset)
      O = sym::add(O, SymbolicInt::constant(Offset));
    return Base;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      evalBinary(BO);
      return evalLValue(BO->getLHS());
    }
    if (BO->getOpcode() == BO_Comma) {
      eval(BO->getLHS());
      return evalLValue(BO->getRHS());
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    evalCall(Call);
    return R;
  }
  eval(E);
  return R;
}

Value KernelInterpreter::Impl::pointerOffset(const Value &Ptr,
                                             const Value &Index,
                                             QualType Pointee, bool Subtract) {
  const Value *P = &Ptr, *I = &Index;
  if (P->K != Value::Kind::Pointer)
    std::swap(P, I);
  if (P->K != Value::Kind::Pointer) {
    Value R = unknown();
    addDeps(R.Deps, Ptr.Deps);
    addDeps(R.Deps, Index.Deps);
    return R;
  }
  Value R = *P;
  uint64_t Size = sizeOf(Pointee);
  if (I->K != Value::Kind::Int || Size == 0) {
    for (auto &L : R.L)
      L = SymbolicInt::opaque();
    addDeps(R.Deps, I->Deps);
    R.CT.merge(I->CT);
    if (!R.CT.hard()) {
      R.CT.Why = CompileTime::Cause::Memory;
      R.CT.What = "a value the analysis cannot follow";
    }
    return R;
  }
  for (unsigned T = 0; T < N; ++T) {
    SymbolicInt Scaled =
        sym::mul(I->L[T], SymbolicInt::constant(int64_t(Size)), Atoms);
    R.L[T] = Subtract ? sym::sub(R.L[T], Scaled) : sym::add(R.L[T], Scaled);
  }
  addDeps(R.Deps, I->Deps);
  R.CT.merge(I->CT);
  return R;
}

Value KernelInterpreter::Impl::evalCast(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  QualType To = E->getType();
  switch (E->getCastKind()) {
  case CK_LValueToRValue: {
    LValue LV = evalLValue(Sub);
    Value V = load(LV, Sub->getType(), Sub);
    if (V.K == Value::Kind::Int)
      fitToType(V, To);
    return V;
  }
  case CK_ArrayToPointerDecay:
    return pointerTo(evalLValue(Sub));
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_BooleanToSignedIntegral: {
    Value V = eval(Sub);
    if (V.K != Value::Kind::Int)
      return To->isIntegralOrEnumerationType()
                 ? opaqueInt("'" + sourceText(E) + "'")
                 : unknown();
    if (E->getCastKind() == CK_IntegralToBoolean) {
      Value Before = V;
      for (auto &L : V.L) {
        auto B =
            sym::compare(L, SymbolicInt::constant(0), sym::CmpOp::NE, true, 64);
        L = B ? SymbolicInt::constant(*B)
              : (L.Opaque ? L : SymbolicInt::opaque());
      }
      settleOpaque(V, {&Before}, E);
    }
    if (E->getCastKind() == CK_BooleanToSignedIntegral)
      for (auto &L : V.L)
        L = sym::neg(L);
    fitToType(V, To);
    return V;
  }
  case CK_NoOp:
  case CK_BitCast:
  case CK_AddressSpaceConversion:
  case CK_UncheckedDerivedToBase:
  case CK_DerivedToBase:
  case CK_BaseToDerived:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_LValueBitCast:
  case CK_NullToPointer: {
    if (E->getCastKind() == CK_NullToPointer)
      return unknown();
    if (E->getCastKind() == CK_ConstructorConversion ||
        E->getCastKind() == CK_UserDefinedConversion) {
      eval(Sub);
      return unknown();
    }
    return eval(Sub);
  }
  case CK_ToVoid:
    eval(Sub);
    return unknown();
  case CK_PointerToBoolean:
  case CK_PointerToIntegral:
  case CK_IntegralToPointer:
    eval(Sub);
    return To->isIntegralOrEnumerationType()
               ? opaqueInt("'" + sourceText(E) + "'")
               : unknown();
  default:
    eval(Sub);
    if (To->isIntegralOrEnumerationType())
      return opaqueInt("'" + sourceText(E) + "' (not integer arithmetic)");
    return unknown();
  }
}

Value KernelInterpreter::Impl::arithmetic(BinaryOperatorKind Op, const Value &A,
                                          const Value &B, QualType OperandType,
                                          QualType ResultType, const Expr *E) {
  if (A.K != Value::Kind::Int || B.K != Value::Kind::Int) {
    if (ResultType->isIntegralOrEnumerationType()) {
      Value R = opaqueInt("'" + sourceText(E) + "'");
      addDeps(R.Deps, A.Deps);
      addDeps(R.Deps, B.Deps);
      return R;
    }
    return unknown();
  }
  bool Signed = typeIsSigned(OperandType);
  unsigned Bits = typeBits(OperandType);
  Value R;
  R.K = Value::Kind::Int;
  R.L.resize(N);
  for (unsigned T = 0; T < N; ++T) {
    const SymbolicInt &X = A.L[T], &Y = B.L[T];
    SymbolicInt Z;
    switch (Op) {
    case BO_Add:
      Z = sym::add(X, Y);
      break;
    case BO_Sub:
      Z = sym::sub(X, Y);
      break;
    case BO_Mul:
      Z = sym::mul(X, Y, Atoms);
      break;
    case BO_Div:
      Z = sym::div(X, Y, Signed);
      break;
    case BO_Rem:
      Z = sym::rem(X, Y, Signed);
      break;
    case BO_Shl:
      Z = sym::shl(X, Y);
      break;
    case BO_Shr:
      Z = sym::shr(X, Y, Signed, Bits);
      break;
    case BO_And:
      Z = sym::bitAnd(X, Y);
      break;
    case BO_Or:
      Z = sym::bitOr(X, Y);
      break;
    case BO_Xor:
      Z = sym::bitXor(X, Y);
      break;
    case BO_LT:
    case BO_GT:
    case BO_LE:
    case BO_GE:
    case BO_EQ:
    case BO_NE: {
      sym::CmpOp C = Op == BO_LT   ? sym::CmpOp::LT
                     : Op == BO_GT ? sym::CmpOp::GT
                     : Op == BO_LE ? sym::CmpOp::LE
                     : Op == BO_GE ? sym::CmpOp::GE
                     : Op == BO_EQ ? sym::CmpOp::EQ
                                   : sym::CmpOp::NE;
      auto Res = sym::compare(X, Y, C, Signed, Bits);
      Z = Res ? SymbolicInt::constant(*Res) : SymbolicInt::opaque();
      break;
    }
    default:
      Z = SymbolicInt::opaque();
    }
    R.L[T] = std::move(Z);
  }
  // Comparisons of a warp-uniform difference decide uniformly: keep them as
  // one unknown so branches on them keep every thread active.
  if (BinaryOperator::isComparisonOp(Op)) {
    Value Diff;
    Diff.K = Value::Kind::Int;
    Diff.L.resize(N);
    for (unsigned T = 0; T < N; ++T)
      Diff.L[T] = sym::sub(A.L[T], B.L[T]);
    settleOpaque(R, {&Diff}, E);
    addDeps(R.Deps, A.Deps);
    addDeps(R.Deps, B.Deps);
  } else {
    settleOpaque(R, {&A, &B}, E);
  }
  R.CT = A.CT;
  R.CT.merge(B.CT);
  fitToType(R, ResultType);
  return R;
}

Value KernelInterpreter::Impl::evalLogical(const BinaryOperator *E) {
  bool IsAnd = E->getOpcode() == BO_LAnd;
  Value L = eval(E->getLHS());
  Mask Saved = M, Then, Else;
  splitMask(L, E->getLHS(), Then, Else);
  M = IsAnd ? Then : Else; // the right side runs only where it is needed
  Value Rv = eval(E->getRHS());
  M = Saved;
  Value R;
  R.K = Value::Kind::Int;
  R.L.resize(N);
  auto Truth = [](const Value &V, unsigned T) -> std::optional<bool> {
    if (V.K != Value::Kind::Int || !V.L[T].isConstant())
      return std::nullopt;
    return V.L[T].Const != 0;
  };
  for (unsigned T = 0; T < N; ++T) {
    auto A = Truth(L, T);
    if (A && *A != IsAnd) {
      R.L[T] = SymbolicInt::constant(!IsAnd ? 1 : 0);
      continue;
    }
    auto B = Truth(Rv, T);
    if (A && B) {
      R.L[T] = SymbolicInt::constant(*B);
      continue;
    }
    if (B && *B != IsAnd) {
      R.L[T] = SymbolicInt::constant(!IsAnd ? 1 : 0);
      continue;
    }
    // One side decided in the neutral way: the other side is the answer.
    if (A && Rv.K == Value::Kind::Int) {
      R.L[T] = Rv.L[T];
      continue;
    }
    if (B && L.K == Value::Kind::Int) {
      R.L[T] = L.L[T];
      continue;
    }
    R.L[T] = SymbolicInt::opaque();
  }
  addDeps(R.Deps, L.Deps);
  addDeps(R.Deps, Rv.Deps);
  settleOpaque(R, {&L, &Rv}, E);
  // `j < n && j < 8` is known to be false once `j < 8` is: the compiler
  // knows the loop's upper bound.
  auto DecidesAll = [&](const Value &V) {
    if (V.CT.hard() || V.K != Value::Kind::Int)
      return false;
    for (unsigned T = 0; T < N; ++T)
      if (laneLive(T) && (!V.L[T].isConstant() || (V.L[T].Const != 0) == IsAnd))
        return false;
    return true;
  };
  if (DecidesAll(L))
    R.CT = L.CT;
  else if (DecidesAll(Rv))
    R.CT = Rv.CT;
  else {
    R.CT = L.CT;
    R.CT.merge(Rv.CT);
  }
  for (unsigned T = 0; T < N; ++T)
    if (R.L[T].Opaque) {
      addDep(R.Deps, "'" + sourceText(E) + "'");
      break;
    }
  return R;
}

Value KernelInterpreter::Impl::evalBinary(const BinaryOperator *E) {
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_LAnd || Op == BO_LOr)
    return evalLogical(E);
  if (Op == BO_Comma) {
    eval(E->getLHS());
    return eval(E->getRHS());
  }
  if (Op == BO_Assign) {
    Value V = eval(E->getRHS());
    LValue LV = evalLValue(E->getLHS());
    if (V.K == Value::Kind::Int)
      fitToType(V, E->getLHS()->getType());
    store(LV, V, E->getLHS()->getType(), E->getLHS());
    return V;
  }
  if (E->isCompoundAssignmentOp()) {
    const auto *CAO = cast<CompoundAssignOperator>(E);
    Value Rhs = eval(E->getRHS());
    LValue LV = evalLValue(E->getLHS());
    QualType LT = E->getLHS()->getType();
    Value Old = load(LV, LT, E->getLHS());
    BinaryOperatorKind BaseOp = BinaryOperator::getOpForCompoundAssignment(Op);
    Value New;
    if (Old.K == Value::Kind::Pointer &&
        (BaseOp == BO_Add || BaseOp == BO_Sub)) {
      New = pointerOffset(Old, Rhs, LT->getPointeeType(), BaseOp == BO_Sub);
    } else {
      Value OldConv = Old;
      fitToType(OldConv, CAO->getComputationLHSType());
      New =
          arithmetic(BaseOp, OldConv, Rhs, CAO->getComputationLHSType(), LT, E);
    }
    store(LV, New, LT, E->getLHS());
    return New;
  }
  Value A = eval(E->getLHS());
  Value B = eval(E->getRHS());
  if ((Op == BO_Add || Op == BO_Sub) &&
      (A.K == Value::Kind::Pointer || B.K == Value::Kind::Pointer)) {
    if (A.K == Value::Kind::Pointer && B.K == Value::Kind::Pointer) {
      Value R = opaqueInt("pointer difference");
      if (A.Shared == B.Shared && A.Region == B.Region) {
        uint64_t Size = sizeOf(E->getLHS()->getType()->getPointeeType());
        for (unsigned T = 0; T < N && Size; ++T)
          R.L[T] = sym::div(sym::sub(A.L[T], B.L[T]),
                            SymbolicInt::constant(int64_t(Size)), true);
      }
      return R;
    }
    QualType PT = A.K == Value::Kind::Pointer ? E->getLHS()->getType()
                                              : E->getRHS()->getType();
    return pointerOffset(A, B, PT->getPointeeType(), Op == BO_Sub);
  }
  return arithmetic(Op, A, B, E->getLHS()->getType(), E->getType(), E);
}

Value KernelInterpreter::Impl::evalUnary(const UnaryOperator *E) {
  switch (E->getOpcode()) {
  case UO_AddrOf:
    return pointerTo(evalLValue(E->getSubExpr()));
  case UO_Deref: {
    LValue LV = evalLValue(E);
    return load(LV, E->getType(), E);
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue LV = evalLValue(E->getSubExpr());
    QualType T = E->getSubExpr()->getType();
    Value Old = load(LV, T, E->getSubExpr());
    Value One = intConstant(1);
    Value New;
    bool Inc = E->isIncrementOp();
    if (Old.K == Value::Kind::Pointer)
      New = pointerOffset(Old, One, T->getPointeeType(), !Inc);
    else
      New = arithmetic(Inc ? BO_Add : BO_Sub, Old, One, T, T, E);
    store(LV, New, T, E->getSubExpr());
    return E->isPrefix() ? New : Old;
  }
  case UO_Plus:
  case UO_Extension:
    return eval(E->getSubExpr());
  case UO_Minus:
  case UO_Not:
  case UO_LNot: {
    Value V = eval(E->getSubExpr());
    if (V.K != Value::Kind::Int)
      return E->getType()->isIntegralOrEnumerationType()
                 ? opaqueInt("'" + sourceText(E) + "'")
                 : unknown();
    Value R = V;
    for (unsigned T = 0; T < N; ++T) {
      if (E->getOpcode() == UO_Minus)
        R.L[T] = sym::neg(V.L[T]);
      else if (E->getOpcode() == UO_Not)
        R.L[T] = sym::bitNot(V.L[T]);
      else {
        auto B = sym::compare(V.L[T], SymbolicInt::constant(0), sym::CmpOp::EQ,
                              true, 64);
        R.L[T] = B ? SymbolicInt::constant(*B) : SymbolicInt::opaque();
      }
    }
    settleOpaque(R, {&V}, E);
    fitToType(R, E->getType());
    return R;
  }
  default: {
    Value R = unknown();
    R.CT = eval(E->getSubExpr()).CT;
    return R;
  }
  }
}

Value KernelInterpreter::Impl::evalConditional(
    const AbstractConditionalOperator *E) {
  Value C = eval(E->getCond());
  Mask Saved = M, Then, Else;
  splitMask(C, E->getCond(), Then, Else);
  M = Then;
  Value A = eval(E->getTrueExpr());
  M = Else;
  Value B = eval(E->getFalseExpr());
  M = Saved;
  if (A.K != B.K ||
      (A.K == Value::Kind::Pointer &&
       (A.Shared != B.Shared || A.Region != B.Region)) ||
      A.K == Value::Kind::Unknown) {
    Value R = E->getType()->isIntegralOrEnumerationType()
                  ? opaqueInt("'" + sourceText(E) + "'")
                  : unknown();
    addDeps(R.Deps, A.Deps);
    addDeps(R.Deps, B.Deps);
    return R;
  }
  Value R = A;
  R.CT.merge(B.CT);
  bool Differs = false;
  for (unsigned T = 0; T < N; ++T)
    if (Then.A[T] != Activity::Inactive || Else.A[T] != Activity::Inactive)
      if (A.L[T] != B.L[T])
        Differs = true;
  if (Differs && C.CT.hard() && !R.CT.hard()) {
    R.CT.Why = CompileTime::Cause::Condition;
    R.CT.What = sourceText(E->getCond());
  }
  if (Differs)
    R.CT.merge(CompileTime{CompileTime::Cause::None, "", C.CT.Loops});
  for (unsigned T = 0; T < N; ++T) {
    bool InThen = Then.A[T] != Activity::Inactive;
    bool InElse = Else.A[T] != Activity::Inactive;
    if (InThen && InElse && A.L[T] != B.L[T]) {
      R.L[T] = SymbolicInt::opaque();
      addDeps(R.Deps, Then.Deps);
      addDep(R.Deps, "'" + sourceText(E->getCond()) + "'");
    } else if (!InThen) {
      R.L[T] = B.L[T];
    }
  }
  addDeps(R.Deps, B.Deps);
  if (R.K == Value::Kind::Int)
    fitToType(R, E->getType());
  return R;
}

Value KernelInterpreter::Impl::evalIntrinsic(StringRef Name,
                                             const CallExpr *E) {
  std::vector<Value> Args;
  for (const Expr *Arg : E->arguments()) {
    Args.push_back(eval(Arg));
    noteEscape(Args.back(), Arg);
  }
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
    for (unsigned T = 0; T < N; ++T) {
      if (!Args[0].L[T].isConstant()) {
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
  // Any other function: a pure function of warp-uniform arguments (warp
  // votes, shuffles from one lane, math on uniform values) is uniform. A
  // call without arguments may read a per-thread register (%laneid,
  // %clock): never uniform.
  CompileTime CallCT;
  CallCT.Why = CompileTime::Cause::Call;
  CallCT.What = "the result of '" + Name.str() + "'";
  if (!E->getType()->isIntegralOrEnumerationType()) {
    Value R = unknown("result of '" + Name.str() + "'");
    R.CT = CallCT;
    return R;
  }
  Value R = opaqueInt("result of '" + Name.str() + "'");
  R.CT = CallCT;
  bool Uniform = !Args.empty();
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

Value KernelInterpreter::Impl::evalCall(const CallExpr *E) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(0)->getType()->isRecordType()) {
      LValue Src = evalLValue(Op->getArg(1));
      if (Src.K == LValue::Kind::Shared)
        record(Op->getArg(1), AccessKind::Load, Op->getArg(1)->getType(), Src);
      LValue Dst = evalLValue(Op->getArg(0));
      if (Dst.K == LValue::Kind::Shared)
        record(Op->getArg(0), AccessKind::Store, Op->getArg(0)->getType(), Dst);
      return unknown();
    }
  }
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || isa<CXXMemberCallExpr>(E) || isa<CXXOperatorCallExpr>(E)) {
    for (const Expr *Arg : E->arguments())
      noteEscape(eval(Arg), Arg);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      eval(MC->getImplicitObjectArgument());
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("'" + sourceText(E) + "'")
               : unknown();
  }
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if (isAtomicFunctionName(Name) && E->getNumArgs() >= 1) {
    Value Ptr = eval(E->getArg(0));
    for (unsigned I = 1; I < E->getNumArgs(); ++I)
      eval(E->getArg(I));
    if (Ptr.K == Value::Kind::Pointer && Ptr.Shared) {
      LValue LV;
      LV.K = LValue::Kind::Shared;
      LV.Var = Ptr.Shared;
      LV.Offset = Ptr.L;
      LV.Deps = Ptr.Deps;
      record(E, AccessKind::Atomic, E->getArg(0)->getType()->getPointeeType(),
             LV);
    }
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("result of '" + Name.str() + "'")
               : unknown();
  }
  const FunctionDecl *Def = nullptr;
  // A launch from device code (dynamic parallelism) starts another grid: it
  // is not a call to follow; nor is a function already being followed.
  bool Recursive = false;
  if (Callee->hasBody(Def) && Def)
    for (const Frame &F : Frames)
      Recursive |= F.FD == Def;
  if (Def && !isa<CUDAKernelCallExpr>(E) && !Recursive &&
      !Def->hasAttr<CUDAGlobalAttr>() &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
      !Def->isVariadic())
    return inlineCall(Def, E);
  if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(E)) {
    for (const Expr *Arg : Launch->arguments())
      noteEscape(eval(Arg), Arg);
    return unknown();
  }
  return evalIntrinsic(Name, E);
}

Value KernelInterpreter::Impl::inlineCall(const FunctionDecl *Callee,
                                          const CallExpr *E) {
  if (Frames.size() > Limits.MaxCallDepth) {
    for (const Expr *Arg : E->arguments())
      eval(Arg);
    return E->getType()->isIntegralOrEnumerationType()
               ? opaqueInt("result of '" + Callee->getNameAsString() +
                           "' (calls nested too deeply)")
               : unknown();
  }
  Frame F;
  F.FD = Callee;
  F.Returned.assign(N, Exit::None);
  // A call that stays a call passes its arguments through memory: a
  // per-thread array handed to it escapes (its body is still followed for
  // its shared-memory accesses).
  bool StaysACall = Callee->hasAttr<NoInlineAttr>();
  for (unsigned I = 0; I < Callee->getNumParams() && I < E->getNumArgs(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    const Expr *Arg = E->getArg(I);
    if (P->getType()->isReferenceType()) {
      // Bind the reference to the argument's address.
      LValue LV = evalLValue(Arg);
      Value Ref;
      if (LV.K == LValue::Kind::Shared || LV.K == LValue::Kind::Memory ||
          LV.K == LValue::Kind::LocalObject) {
        Ref = pointerTo(LV);
      } else if (LV.K == LValue::Kind::Local) {
        // A reference to a caller's local: pass its value (writes through
        // the reference are lost, so the caller's variable goes unknown).
        Ref = readVariable(LV.Var);
        frame().Env[LV.Var] =
            unknown("'" + LV.Var->getNameAsString() + "' passed by reference");
        F.Env[P] = Ref;
        continue;
      }
      F.Env[P] = Ref;
      continue;
    }
    Value V = eval(Arg);
    if (StaysACall)
      noteEscape(V, Arg);
    if (V.K == Value::Kind::Int)
      fitToType(V, P->getType());
    F.Env[P] = std::move(V);
  }
  Mask Saved = M;
  std::vector<LoopState> SavedLoops;
  std::swap(SavedLoops, Loops);
  Frames.push_back(std::move(F));
  exec(Callee->getBody());
  Value Result = frame().HasResult ? frame().Result : Value();
  Frames.pop_back();
  std::swap(SavedLoops, Loops);
  M = Saved;
  if (!Callee->getReturnType()->isVoidType() &&
      Result.K == Value::Kind::Unknown &&
      Callee->getReturnType()->isIntegralOrEnumerationType())
    return opaqueInt("result of '" + Callee->getNameAsString() + "'");
  return Result;
}

// ---- statements -----------------------------------------------------------

void KernelInterpreter::Impl::execDecl(const VarDecl *V) {
  if (isSharedVariable(V) || V->isStaticLocal() || V->hasExternalStorage())
    return;
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
  frame().DeclDepth[V] = {M.Depth, M.Region};
}

void KernelInterpreter::Impl::execIf(const IfStmt *S) {
  if (S->getInit())
    exec(S->getInit());
  if (const VarDecl *CV = S->getConditionVariable())
    execDecl(CV);
  Value C = eval(S->getCond());
  Mask Saved = M, Then, Else;
  splitMask(C, S->getCond(), Then, Else);
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

const std::vector<const VarDecl *> &
KernelInterpreter::Impl::modifiedIn(const Stmt *Loop) {
  auto It = ModifiedCache.find(Loop);
  if (It != ModifiedCache.end())
    return It->second;
  std::vector<const VarDecl *> Vars;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    auto Note = [&](const Expr *Target) {
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          if (std::find(Vars.begin(), Vars.end(), V) == Vars.end())
            Vars.push_back(V);
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isAssignmentOp())
        Note(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        Note(UO->getSubExpr());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (std::find(Vars.begin(), Vars.end(), V) == Vars.end())
            Vars.push_back(V);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Loop);
  return ModifiedCache[Loop] = std::move(Vars);
}

void KernelInterpreter::Impl::symbolicIteration(const Stmt *Loop,
                                                const Expr *Cond,
                                                const Stmt *Body,
                                                const Expr *Inc) {
  unsigned Line = lineOf(Loop);
  AtomId K = Atoms.fresh("iteration of loop at line " + std::to_string(Line));
  const auto *BodyBlock = dyn_cast_or_null<CompoundStmt>(Body);
  for (const VarDecl *V : modifiedIn(Loop)) {
    auto Found = frame().Env.find(V);
    if (Found == frame().Env.end())
      continue;
    // An induction variable changed once per iteration by a loop-invariant
    // step becomes start + k * step.
    const Expr *Step = nullptr;
    bool Negative = false;
    int Count = 0;
    auto Consider = [&](const Stmt *S, bool TopLevel) {
      const Expr *E = dyn_cast_or_null<Expr>(S);
      if (!E)
        return;
      E = E->IgnoreParenImpCasts();
      auto IsV = [&](const Expr *X) {
        const auto *R = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
        return R && R->getDecl() == V;
      };
      if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->isIncrementDecrementOp() && IsV(UO->getSubExpr())) {
          ++Count;
          if (TopLevel) {
            Step = nullptr;
            Negative = UO->isDecrementOp();
          }
        }
      } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        if ((BO->getOpcode() == BO_AddAssign ||
             BO->getOpcode() == BO_SubAssign) &&
            IsV(BO->getLHS())) {
          ++Count;
          if (TopLevel) {
            Step = BO->getRHS();
            Negative = BO->getOpcode() == BO_SubAssign;
          }
        }
      }
    };
    // Count every modification; only a single top-level one is an induction.
    int Total = 0;
    std::function<void(const Stmt *)> CountAll = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        if (BO->isAssignmentOp())
          if (const auto *R =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
            if (R->getDecl() == V)
              ++Total;
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
          if (const auto *R = dyn_cast<DeclRefExpr>(
                  UO->getSubExpr()->IgnoreParenImpCasts()))
            if (R->getDecl() == V)
              ++Total;
      for (const Stmt *C : S->children())
        CountAll(C);
    };
    CountAll(Body);
    CountAll(Inc);
    if (Inc)
      Consider(Inc, true);
    if (BodyBlock)
      for (const Stmt *S : BodyBlock->body())
        Consider(S, true);
    Value &Cur = Found->second;
    bool Induction = Total == 1 && Count == 1 && Cur.K != Value::Kind::Unknown;
    Value StepV = Step ? eval(Step) : intConstant(1);
    if (Step) {
      // The step must not change inside the loop.
      for (const VarDecl *W : modifiedIn(Loop)) {
        bool Uses = false;
        std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
          if (!S || Uses)
            return;
          if (const auto *R = dyn_cast<DeclRefExpr>(S))
            if (R->getDecl() == W)
              Uses = true;
          for (const Stmt *C : S->children())
            Find(C);
        };
        Find(Step);
        if (Uses)
          Induction = false;
      }
    }
    if (Induction && StepV.K == Value::Kind::Int) {
      uint64_t Size = Cur.K == Value::Kind::Pointer
                          ? sizeOf(V->getType()->getPointeeType())
                          : 1;
      for (unsigned T = 0; T < N; ++T) {
        SymbolicInt Delta = sym::mul(
            sym::mul(StepV.L[T], SymbolicInt::atom(K), Atoms),
            SymbolicInt::constant(int64_t(Size) * (Negative ? -1 : 1)), Atoms);
        Cur.L[T] = sym::add(Cur.L[T], Delta);
      }
      addDeps(Cur.Deps, StepV.Deps);
      continue;
    }
    std::string Why = "'" + V->getNameAsString() +
                      "' changed by the loop at line " + std::to_string(Line);
    if (Cur.K == Value::Kind::Int || Cur.K == Value::Kind::Pointer) {
      for (auto &L : Cur.L)
        L = SymbolicInt::opaque();
      addDep(Cur.Deps, Why);
    } else {
      Cur = unknown(Why);
    }
  }
  tagLoopVariables(Loop);
  // One generic iteration: it may not run at all.
  if (Cond) {
    Value C = eval(Cond);
    Mask Then, Else;
    splitMask(C, Cond, Then, Else);
    M = Then;
  }
  M.Conditional = true;
  ++M.Depth;
  ++M.Region;
  ++UncountedLoops;
  if (anyLive())
    exec(Body);
  --UncountedLoops;
}

void KernelInterpreter::Impl::execLoop(const Stmt *Loop, const Stmt *Init,
                                       const Expr *Cond, const VarDecl *CondVar,
                                       const Expr *Inc, const Stmt *Body,
                                       bool TestFirst) {
  if (Init)
    exec(Init);
  Mask Saved = M;
  LoopState State;
  State.Broken.assign(N, Exit::None);
  State.Continued.assign(N, Exit::None);
  State.Loop = Loop;
  Loops.push_back(std::move(State));
  // What the compiler will know about the trip count.
  bool Symbolic = false, ExitUnknown = false, RanUniformUnknown = false;
  CompileTime ExitCT;
  unsigned UniformUnknown = 0, Trip = 0;
  for (unsigned Iter = 0; !Stopped; ++Iter) {
    if (TestFirst || Iter > 0) {
      if (CondVar)
        execDecl(CondVar);
      if (Cond) {
        Value C = eval(Cond);
        bool Decided = C.K == Value::Kind::Int;
        for (unsigned T = 0; T < N && Decided; ++T)
          if (laneLive(T) && !C.L[T].isConstant())
            Decided = false;
        // A warp-uniform unknown condition (`j < n`): run a few iterations
        // conditionally, so a constant upper bound (`j < n && j < 8`) is
        // found as the compiler finds it.
        bool UniformCond = !Decided && C.K == Value::Kind::Int;
        const SymbolicInt *First = nullptr;
        for (unsigned T = 0; T < N && UniformCond; ++T) {
          if (!laneLive(T) || C.L[T].isConstant())
            continue;
          if (C.L[T].Opaque || (First && *First != C.L[T]))
            UniformCond = false;
          First = &C.L[T];
        }
        if (!Decided && (!UniformCond || ++UniformUnknown > 16)) {
          ExitCT = C.CT;
          symbolicIteration(Loop, Cond, Body, Inc);
          Symbolic = true;
          break;
        }
        Mask Then, Else;
        bool WasConditional = M.Conditional;
        splitMask(C, Cond, Then, Else);
        // Exploring "the loop goes on": its body runs for certain on this
        // path; what ran is sorted out after the loop.
        if (UniformCond) {
          Then.Conditional = WasConditional;
          if (!RanUniformUnknown)
            ++UncountedLoops;
          RanUniformUnknown = true;
        }
        bool Exits = false;
        for (unsigned T = 0; T < N; ++T)
          if (laneLive(T) && Then.A[T] == Activity::Inactive)
            Exits = true;
        if (Exits && C.CT.hard() && !ExitUnknown) {
          ExitUnknown = true;
          ExitCT = C.CT;
        }
        M = Then;
      }
    }
    if (!anyLive())
      break;
    // Past a bound, one symbolic iteration stands for the rest; half the
    // request budget is kept for the code after the loop.
    if (Iter >= Limits.MaxLoopIterations ||
        ++Iterations > Limits.MaxTotalIterations ||
        WarpRequests > Limits.MaxWarpRequests / 2) {
      symbolicIteration(Loop, Cond, Body, Inc);
      Trip = Iter + 1;
      break;
    }
    tagLoopVariables(Loop);
    Mask IterMask = M;
    exec(Body);
    ++Trip;
    // Threads that continued rejoin for the increment and the next test.
    Loops.back().Continued.assign(N, Exit::None);
    M = applyExits(IterMask);
    if (Inc && anyLive())
      eval(Inc);
    if (!Cond && !anyLive())
      break;
  }
  Loops.pop_back();
  M = applyExits(Saved);
  if (RanUniformUnknown)
    --UncountedLoops;
  // After iterations that ran only if an unknown allowed it, what the loop
  // changed depends on how many ran.
  if (RanUniformUnknown && !Symbolic) {
    std::string Why = "how many iterations of the loop at line " +
                      std::to_string(lineOf(Loop)) + " ran";
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

  // Will the compiler unroll it fully? (NVVM: a constant trip count or a
  // constant upper bound, within its size budget or under #pragma unroll;
  // never under #pragma unroll 1.)
  LoopUnrolling U;
  UnrollHint Hint = Hints.count(Loop) ? Hints[Loop] : UnrollHint();
  auto Quote = [](const std::string &S) { return "'" + S + "'"; };
  if (Hint.K == UnrollHint::Disable) {
    U.Unrolled = false;
    U.Reason = "#pragma unroll 1 keeps it a loop";
  } else if (Symbolic || ExitUnknown) {
    U.Unrolled = false;
    U.Reason = ExitCT.hard() ? "its trip count depends on " + Quote(ExitCT.What)
                             : "its trip count is not known at compile time";
  } else if (Hint.K == UnrollHint::Count && Hint.N > 1) {
    U.Unrolled = false;
    U.OverBudget = true;
    U.Reason = "#pragma unroll " + std::to_string(Hint.N) +
               " unrolls it only partially";
  } else if (Hint.K != UnrollHint::Full &&
             (Trip > Limits.MaxFullUnrollTrip ||
              uint64_t(Trip) * loopCost(Loop) > Limits.UnrollBudget)) {
    U.Unrolled = false;
    U.OverBudget = true;
    U.Reason = "its " + std::to_string(Trip) +
               " iterations exceed the compiler's full-unroll budget";
  }
  if (!Symbolic)
    U.TripCount = Trip;
  decideUnrolling(Loop, std::move(U));
}

void KernelInterpreter::Impl::exec(const Stmt *S) {
  if (!S || Stopped)
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    Mask Saved = M;
    for (const Stmt *Child : CS->body()) {
      if (!anyLive())
        break;
      exec(Child);
      M = applyExits(M);
    }
    M = applyExits(Saved);
    return;
  }
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
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
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
    return;
  }
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (Ret->getRetValue()) {
      Value V = eval(Ret->getRetValue());
      if (V.K == Value::Kind::Int)
        fitToType(V, frame().FD->getReturnType());
      Frame &F = frame();
      if (!F.HasResult) {
        F.Result = V;
        F.HasResult = true;
      } else if (F.Result.K == V.K && V.K == Value::Kind::Unknown) {
        addDeps(F.Result.Deps, V.Deps);
      } else if (F.Result.K == V.K && F.Result.L.size() == V.L.size() &&
                 (V.K != Value::Kind::Pointer || F.Result.Shared == V.Shared)) {
        for (unsigned T = 0; T < N; ++T)
          if (M.A[T] == Activity::Active && !M.Conditional)
            F.Result.L[T] = V.L[T];
          else if (M.A[T] != Activity::Inactive && F.Result.L[T] != V.L[T])
            F.Result.L[T] = SymbolicInt::opaque();
        addDeps(F.Result.Deps, V.Deps);
      } else {
        F.Result = unknown("result of '" + F.FD->getNameAsString() + "'");
      }
    }
    markExit(frame().Returned);
    M = applyExits(M);
    return;
  }
  if (isa<BreakStmt>(S)) {
    if (!Loops.empty())
      markExit(Loops.back().Broken);
    M = applyExits(M);
    return;
  }
  if (isa<ContinueStmt>(S)) {
    if (!Loops.empty())
      markExit(Loops.back().Continued);
    M = applyExits(M);
    return;
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    // Cases are not told apart: the body runs, conditionally, for every
    // thread that reaches the switch.
    if (Switch->getInit())
      exec(Switch->getInit());
    Value C = eval(Switch->getCond());
    (void)C;
    Mask Saved = M;
    for (unsigned T = 0; T < N; ++T)
      if (M.A[T] == Activity::Active)
        M.A[T] = Activity::Maybe;
    addDep(M.Deps, "'" + sourceText(Switch->getCond()) + "'");
    Loops.push_back({std::vector<Exit>(N, Exit::None),
                     std::vector<Exit>(N, Exit::None), nullptr});
    exec(Switch->getBody());
    Loops.pop_back();
    M = applyExits(Saved);
    return;
  }
  if (const auto *Case = dyn_cast<SwitchCase>(S))
    return exec(Case->getSubStmt());
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return exec(Label->getSubStmt());
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S)) {
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
    return exec(Attributed->getSubStmt());
  }
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S)) {
    stop("goto is not followed");
    return;
  }
  if (isa<NullStmt>(S) || isa<AsmStmt>(S))
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    eval(E);
    return;
  }
  for (const Stmt *Child : S->children())
    exec(Child);
}

void KernelInterpreter::Impl::run() {
  M.A.assign(N, Activity::Active);
  Frame F;
  F.FD = Kernel;
  F.Returned.assign(N, Exit::None);
  Frames.push_back(std::move(F));
  exec(Kernel->getBody());
  Frames.clear();
  if (Stopped)
    for (auto &S : Sites)
      S.Summary.Truncated = true;
}

KernelInterpreter::KernelInterpreter(ASTContext &Ctx,
                                     const FunctionDecl *Kernel, Dim3 Block,
                                     InterpreterLimits Limits)
    : P(std::make_unique<Impl>(Ctx, Kernel, Block, Limits)) {}

KernelInterpreter::~KernelInterpreter() = default;

void KernelInterpreter::run() { P->run(); }

const std::vector<SharedAccessSite> &KernelInterpreter::sites() const {
  return P->Sites;
}

const std::string &KernelInterpreter::truncationReason() const {
  return P->Truncation;
}

const AtomTable &KernelInterpreter::atoms() const { return P->Atoms; }

void KernelInterpreter::captureRequests(size_t Limit) {
  P->CaptureLimit = Limit;
}

const std::vector<CapturedRequest> *
KernelInterpreter::capturedRequests(const VarDecl *Var) const {
  if (P->CaptureOverflow.count(Var))
    return nullptr;
  auto It = P->Captured.find(Var);
  return It == P->Captured.end() ? nullptr : &It->second;
}

const std::vector<LocalArrayAccess> &
KernelInterpreter::localArrayAccesses() const {
  return P->LocalAccesses;
}

LoopUnrolling KernelInterpreter::loopUnrolling(const Stmt *Loop) const {
  auto It = P->Unrolling.find(Loop);
  return It == P->Unrolling.end() ? LoopUnrolling() : It->second;
}

} // namespace warpcheck
