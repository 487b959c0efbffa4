//===--- Engine.h - The SIMT engine -----------------------------*- C++ -*-===//
//
// Interprets a kernel body for every thread of one block at once, modelled
// on the Clang Static Analyzer's ExprEngine: one class whose transfer
// functions are split by language area over several files:
//   InterpretExpr.cpp            C and C++ expressions: values and lvalues
//   InterpretOperators.cpp       their operators and pointer arithmetic
//   InterpretCallAndReturn.cpp   calls (inlined), returns, atomics, launches
//   InterpretControlFlow.cpp     statements, branches, loops, switch
//   CudaIntrinsics.cpp           CUDA device built-in functions
//   LibraryCalls.cpp             library calls modelled from measurements
//   ValueBuilder.cpp             constructing and combining values
//   ActivityMask.cpp             which threads run (the engine's `assume`)
//   Environment.cpp              scalar variables
//   MemoryModel.cpp              lvalues, loads and stores
//   AccessRecorder.cpp           shared and per-thread access records
//   LoopPolicy.cpp               how the compiler treats each loop
//   Induction.cpp                a loop counter's update (Induction.h)
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_ENGINE_H
#define WARPCHECK_ANALYSIS_SIMT_ENGINE_H

#include "ActivityMask.h"
#include "CudaBuiltins.h"
#include "BlockShape.h"
#include "IntervalWrites.h"
#include "KernelAnalysisTypes.h"
#include "Launches/LaunchedArgument.h"
#include "LayoutSearch.h"
#include "RejectedSharedObjects.h"
#include "Value.h"
#include "WrittenRegions.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/SaveAndRestore.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>
#include <tuple>
#include <set>

namespace warpcheck {
namespace simt {

using namespace clang;

struct Frame {
  const FunctionDecl *FD = nullptr;
  /// The call that entered this frame (null for the kernel and for a
  /// constructor).
  const CallExpr *Call = nullptr;
  /// The expression that entered this frame: the call, or the construction
  /// of an object whose constructor is followed.
  const Expr *Entry = nullptr;
  std::map<const VarDecl *, Value> Env;
  /// Where each variable was declared: a variable declared outside a
  /// condition and set inside holds one of two values after it.
  struct Declared {
    unsigned Depth = 0;  ///< Mask::Depth
    unsigned Region = 0; ///< Mask::Region
    /// Engine::Loops.size() inside the declaration's scope: loops from this
    /// index on were entered after it, so a thread that may have broken out
    /// of one of them still reads the variable afterwards.
    unsigned Loops = 0;
    /// Declared by a for statement's init: a thread that continued still
    /// reads it in the increment.
    bool InLoopInit = false;
  };
  std::map<const VarDecl *, Declared> DeclDepth;
  std::vector<Exit> Returned;
  Value Result;
  bool HasResult = false;
  /// `this` in a member function followed inline.
  Value This;
};

class Engine;
struct PtxAccess;

/// A loop counter the loop condition reads that every iteration doubles
/// (`o *= 2`, `o <<= 1`) or halves (`s >>= 1`, `s /= 2`): the loop runs at
/// most one iteration per bit of its type, so its iterations can be run one
/// by one even when the bound is a run-time value.
struct GeometricCounter {
  const clang::VarDecl *Var = nullptr;
  bool Halving = false;
  bool Signed = true;
  /// Iterations run one by one before the loop must have ended (halving) or
  /// the engine falls back to one symbolic iteration (doubling).
  unsigned MaxTrip = 0;
  /// A signed doubling counter overflowed: undefined behaviour, so no
  /// execution gets that far.
  bool Overflowed = false;
  /// The counter stopped changing (0, or -1 shifted right): iterations no
  /// longer bound the trip count.
  bool Ended = false;
  std::optional<int64_t> Last;
  /// Looks at the counter after one more iteration.
  void step(Engine &E);
};

struct LoopState {
  std::vector<Exit> Broken, Continued;
  const Stmt *Loop = nullptr;
};

/// What running a loop's iterations one by one found out about its trip
/// count, the compiler's view of it (Engine::execLoop).
struct LoopRun {
  /// One symbolic iteration stood for the rest: the condition was not
  /// decided and could not be enumerated.
  bool Symbolic = false;
  /// Some thread left on a condition the compiler does not know.
  bool ExitUnknown = false;
  /// Iterations ran on a warp-uniform unknown condition.
  bool RanUniformUnknown = false;
  /// What the condition that decided the trip count depends on.
  CompileTime ExitCT;
  /// Iterations entered on a warp-uniform unknown condition; iterations run.
  unsigned UniformUnknown = 0, Trip = 0;
  std::optional<GeometricCounter> Geo;
};

/// What a branch changes that the engine joins where the branches meet
/// again (Environment.cpp): every frame's variables, the per-thread
/// objects, the exits taken and the current frame's result.
struct FlowState {
  std::vector<std::map<const clang::VarDecl *, Value>> Envs;
  std::map<const clang::VarDecl *, ThreadObject> Objects;
  std::set<const clang::VarDecl *> ObjectScalars;
  std::vector<Exit> Returned;
  Value Result;
  bool HasResult = false;
  std::vector<std::pair<std::vector<Exit>, std::vector<Exit>>> LoopExits;
  /// What lambdas captured by copy, per closure class.
  std::map<const clang::CXXRecordDecl *,
           std::map<const clang::VarDecl *, Value>>
      LambdaCopies;
};

/// The outcomes of a warp-uniform condition the engine cannot decide
/// (`if (n > 5)`, `switch (mode)`, `n > 5 ? a : b`), each run on a copy of
/// the state, as the Static Analyzer splits a path on an unknown branch:
/// one world per outcome, in which every live thread takes it.
struct Worlds {
  std::vector<FlowState> States;
  /// The condition's text, for what a joined value depends on.
  std::string Condition;
  /// Whether the compiler knows the condition (it does not: the values
  /// that differ between the worlds are not compile-time constants).
  CompileTime CT;
};

/// At most this many worlds are alive at once (nested splits multiply);
/// past it, the outcomes are joined where the branch ends.
constexpr unsigned MaxWorlds = 8;

/// A `#pragma unroll` on a loop.
struct UnrollHint {
  enum Kind { None, Disable, Full, Count } K = None;
  unsigned N = 0;
};

inline bool isPowerOfTwoWidth(uint64_t W) {
  return W == 1 || W == 2 || W == 4 || W == 8 || W == 16;
}

class Engine {
public:
  Engine(ASTContext &Ctx, const FunctionDecl *Kernel, Dim3 Block,
         InterpreterLimits Limits)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Kernel(Kernel), Block(Block),
        Limits(Limits), N(Block.threads()) {}

  /// Interprets the kernel body once.
  void run();

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Kernel;
  Dim3 Block;
  InterpreterLimits Limits;
  unsigned N;
  AtomTable Atoms;
  std::vector<SharedAccessSite> Sites;
  /// Per reported site, kind and library expression (null outside library
  /// code): the index in Sites.
  std::map<std::tuple<const Expr *, AccessKind, const Expr *>, size_t>
      SiteIndex;
  std::string Truncation;
  uint64_t WarpRequests = 0;
  uint64_t Iterations = 0;
  /// Loops being run whose trip count is not known: the accesses inside
  /// execute an unknown number of times.
  unsigned UncountedLoops = 0;
  /// The loops in one symbolic iteration now (among UncountedLoops), and
  /// how often each was entered: an access recorded only inside one of
  /// them, entered once, has one iteration's counts (perIterationContext).
  std::vector<const Stmt *> SymbolicLoops;
  std::map<const Stmt *, unsigned> SymbolicEntries;
  /// Per site index: the one symbolic loop its every instance ran in, or
  /// null where some instance ran elsewhere.
  std::map<size_t, const Stmt *> SiteIterationLoop;
  bool Stopped = false;
  /// A broadcast shuffle (one source lane), a vote or %warpid has run: from
  /// then on a value may differ between warps while the compiler proves it
  /// warp-uniform, so differing between warps no longer proves an address
  /// divergent to the compiler (Uniformity.cpp).
  bool WarpValueSourceRan = false;

  Mask M;
  std::vector<Frame> Frames;
  std::vector<LoopState> Loops;
  llvm::DenseMap<const Expr *, std::optional<int64_t>> ConstantCache;
  /// Node-based: modifiedIn hands out references that a later insert must
  /// not move.
  std::map<const Stmt *, std::vector<const VarDecl *>> ModifiedCache;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const VarDecl *, 2>>
      RejectedVars;
  std::map<const VarDecl *, AtomId> BaseAtoms;
  std::vector<LocalArrayAccess> LocalAccesses;
  size_t CaptureLimit = 0;
  std::map<const VarDecl *, RequestCollector> Captured;
  std::set<const VarDecl *> CaptureOverflow;
  /// Inside the symbolic iteration of a loop run past its budget: which
  /// budget (empty outside); per variable, the first captured there.
  std::string LoopBudget;
  std::map<const VarDecl *, std::string> CapturedPastBudget;
  std::map<std::pair<const Expr *, bool>, size_t> LocalIndex;
  std::map<const Stmt *, LoopUnrolling> Unrolling;
  std::map<const Stmt *, UnrollHint> Hints;
  llvm::DenseMap<const Stmt *, unsigned> CostCache;
  std::map<const VarDecl *, ThreadObject> Objects;
  std::set<const VarDecl *> ObjectScalars;
  /// What statements may write in per-thread objects (havocObjectsWrittenIn).
  WrittenRegions ObjectWrites{Ctx};
  /// Requests already judged (loops repeat patterns tile after tile).
  RequestMemo Memo;

  Frame &frame() { return Frames.back(); }
  bool laneLive(unsigned L) const { return M.A[L] != Activity::Inactive; }

  // ---- Engine.cpp: shared helpers ------------------------------------------
  void stop(const std::string &Why);
  std::string sourceText(const Expr *E) const;
  unsigned lineOf(const Stmt *S) const;
  std::optional<int64_t> constantValue(const Expr *E);

  // ---- ValueBuilder.cpp ------------------------------------------------------
  Value intConstant(int64_t V);
  /// A value-initialized scalar: 0, or a null pointer (followed nowhere).
  Value zeroOf(QualType T);
  Value opaqueInt(const std::string &Dep);
  Value unknown(const std::string &Dep = "");
  /// The join of two values that point to different places (or are of
  /// different kinds): unknown, except that a pointer that may point into a
  /// __shared__ array stays one, with unknown offsets.
  Value mergeTargets(const Value &A, const Value &B, const std::string &Why);
  /// Truncates an integer value to the width and signedness of T.
  void fitToType(Value &V, QualType T);
  bool typeIsSigned(QualType T) const;
  unsigned typeBits(QualType T) const;
  uint64_t sizeOf(QualType T) const;
  /// An expression clang could not compile: unknown, with what it may do
  /// to shared memory reported.
  Value evalUncompiled(const Expr *E);
  /// The parts of an expression using a rejected __shared__ object that did
  /// compile, evaluated for their own accesses.
  void evalAroundHoles(const Expr *E, const std::string &Why);
  /// The rejected __shared__ objects of a function (RejectedSharedObjects.h),
  /// found once per function.
  llvm::ArrayRef<const VarDecl *> rejectedVarsOf(const FunctionDecl *FD);
  std::vector<std::string> atomNames(const SymbolicInt &S) const;
  /// True when every live thread has the same non-opaque value.
  bool isUniform(const Lanes &V) const;
  /// Lanes made opaque by a non-linear operation on unknowns: when the
  /// inputs were warp-uniform, the result is one new unknown named after
  /// the expression; otherwise record what it depends on.
  void settleOpaque(Value &R, const std::vector<const Value *> &Inputs, const Expr *E);

  // ---- ActivityMask.cpp ------------------------------------------------------
  void markExit(std::vector<Exit> &E);
  /// True when no thread that may or may not have left by a pending break
  /// or continue (one not yet past its loop) reads V afterwards: V is then
  /// set by every thread still running. A return ends V's life.
  bool noUncertainExitOutlivedBy(const Frame::Declared &V) const;
  /// Set while a for statement's init runs.
  bool InLoopInit = false;
  /// Removes threads that returned, broke or continued from mask Base.
  Mask applyExits(Mask Base);
  bool anyLive() const;
  /// Splits the current mask by a condition into the threads that take the
  /// true and the false side.
  void splitMask(const Value &C, const Expr *CondExpr, Mask &Then, Mask &Else);

  // ---- Environment.cpp -------------------------------------------------------
  FlowState captureFlow();
  void restoreFlow(const FlowState &S);
  /// The state where the worlds meet: a variable the worlds left different
  /// holds one of their values in every live thread (opaque, "'v' set under
  /// a condition"); exits taken in some worlds only are Uniform.
  void joinWorlds(Worlds &W);
  /// Whether the worlds left some variable with different values in a live
  /// thread (splitting the code after them may then decide more).
  bool worldsDiffer(const Worlds &W) const;
  void assign(const VarDecl *V, Value New);
  Value readVariable(const VarDecl *V);
  std::optional<int64_t> constantOfVar(const VarDecl *V);
  void execDecl(const VarDecl *V);

  // ---- MemoryModel.cpp -------------------------------------------------------
  Value load(const LValue &LV, QualType T, const Expr *Site);
  /// A value loaded from memory: the same for every thread when every
  /// thread reads one address, otherwise unknown per thread.
  Value loadedValue(const LValue &LV, QualType T, const std::string &From, const Expr *Site);
  static bool isAggregateLocal(const VarDecl *V);
  LValue lvalueOf(const Value &Ptr);
  Value pointerTo(const LValue &LV);
  void store(const LValue &LV, const Value &V, QualType T, const Expr *Site);
  /// An access through an address the engine lost, in library code or once
  /// an object held a pointer to __shared__ storage: it may be to that
  /// storage, reported unknown.
  void reportLostAddress(const Expr *Site, AccessKind Kind, QualType T);
  /// A pointer to __shared__ storage was stored in a per-thread object.
  bool SharedHeldByObjects = false;

  /// Per-thread objects: aggregate locals, and scalars whose address
  /// was taken (promoted from Env when it happened).
  bool isObjectVar(const VarDecl *V) const;
  /// The whole per-thread object V, at offset 0 in every thread.
  LValue objectLValue(const VarDecl *V) const;
  ThreadObject &objectOf(const VarDecl *V);
  void promoteToObject(const VarDecl *V);
  void declareObject(const VarDecl *V);
  Value loadObject(const LValue &LV, QualType T, const Expr *Site);
  void storeObject(const LValue &LV, const Value &V, QualType T);
  /// Copies Size bytes of Src (any lvalue) into the object Dst; bytes the
  /// engine cannot follow become unknown, with Why.
  void copyIntoObject(const LValue &Dst, const LValue &Src, uint64_t Size,
                      const std::string &Why);
  void initAggregate(const LValue &Dst, QualType T, const Expr *Init);
  void initObjectList(const VarDecl *V, int64_t Base, QualType T,
                      const InitListExpr *ILE);
  void initObjectAt(const VarDecl *V, int64_t Off, QualType T,
                    const Expr *Init);
  void writeLane(ThreadObject &O, int64_t Off, uint64_t Size, const Value &V,
                 unsigned T, bool Join);
  void invalidateLane(ThreadObject &O, int64_t Off, uint64_t Size, unsigned T,
                      const ObjectCell *Keep);
  void havocLane(ThreadObject &O, unsigned T);
  /// Makes the live threads' copies of an object unknown.
  void havocObject(const VarDecl *V, const std::string &Why);
  /// A write the engine cannot place: every object whose address was taken.
  void havocExposed(const std::string &Why);
  /// A call the engine does not follow: every object whose address left.
  void havocEscaped(const std::string &Why);
  /// Before a symbolic iteration: every object the statement may write.
  void havocObjectsWrittenIn(const Stmt *S, const std::string &Why);
  /// The bytes W names in the object a root variable or `this` designates.
  void havocThrough(const Value &Target, const RootWrites &W,
                    const std::string &Why);
  void havocRange(const VarDecl *V, int64_t Off, uint64_t Size,
                  const std::string &Why);

  // ---- AccessRecorder.cpp ----------------------------------------------------
  AtomId baseAtom(const VarDecl *V);
  /// An atomic function and how it runs (nullopt: not measured).
  struct AtomicOp {
    std::optional<AtomicForm> Form;
    std::string Function;
    /// The old value it returns is discarded (it decides the Form:
    /// atomicForm()).
    bool ResultUnused = false;
    /// The compiler proves its address the same in every thread (an
    /// Aggregatable Form is then combined per warp).
    bool UniformAddress = false;
  };
  /// Whether the compiler's divergence analysis proves E the same in every
  /// thread of a warp (Uniformity.cpp); conservative.
  bool provenUniform(const Expr *E, unsigned Depth = 0);
  /// Whether V, declared by For's init, changes only by uniform steps in
  /// the increments of For and of loops inside it that every thread runs
  /// alike (Uniformity.cpp).
  bool steppedUniformly(const VarDecl *V, const ForStmt *For, unsigned Depth);
  /// Loop counters provenUniform is checking the loops of.
  llvm::SmallPtrSet<const VarDecl *, 4> AssumedUniform;
  bool oneConstantOffset(const LValue &LV);
  /// Whether the compiler's divergence analysis cannot prove LV's address
  /// warp-uniform: it differs between two threads running this access
  /// (Uniformity.cpp).
  bool provenDivergentAddress(const LValue &LV);
  /// Whether two threads surely running here hold values of L that differ
  /// by a known amount.
  bool differsInBlock(const Lanes &L) const;
  /// Per atomic call: its result is unused, its address proven uniform.
  llvm::DenseMap<const Expr *, std::pair<bool, bool>> AtomicSiteFacts;
  uint64_t sharedBaseAlignment(const VarDecl *V);
  /// The static __shared__ variables the kernel reaches (nullptr among them
  /// when a call could reach others).
  std::optional<llvm::SmallPtrSet<const VarDecl *, 4>> StaticShared;
  /// E's value is discarded: E is a statement of its own, perhaps cast to
  /// void.
  bool resultUnused(const Expr *E);
  void record(const Expr *Site, AccessKind Kind, QualType T, const LValue &LV,
              const AtomicOp *Op = nullptr);
  /// The site an access at Site is reported at, created on first use: an
  /// access inside library code (a system header) is reported at the call in
  /// the user's code that led there, with the library expression kept.
  SharedAccessSite &siteFor(const Expr *Site, AccessKind Kind, unsigned Width,
                            const VarDecl *Var);
  void recordOne(const Expr *Site, AccessKind Kind, unsigned Width,
                 const LValue &LV, uint64_t Extra, const AtomicOp *Op);
  /// A 16-byte copy that bypasses L1 (cp.async.cg, LDGSTS.E.BYPASS.128)
  /// from Src to LV, judged per warp by the measured rule of
  /// Model/BypassCopy.h over every alignment of the two bases the engine
  /// does not know; Fn names the instruction or call for the reasons.
  void recordBypassCopy(const Expr *Site, const LValue &LV, const Value *Src,
                        const std::string &Fn);
  /// A spin-loop atomic's request, judged at the end of its barrier
  /// interval: by the bank model when no other warp writes its words in the
  /// interval, else left unpredicted (its retries depend on scheduling).
  struct PendingSpin {
    size_t Site = 0;
    unsigned Warp = 0, Instance = 0;
    SymbolicRequest Request;
    AtomicOp Op;
    bool Private = false;
  };
  /// Those of the current interval, and those judged at an interval's end.
  std::vector<PendingSpin> PendingSpins, JudgedSpins;
  /// The stores and atomics of the current barrier interval.
  IntervalWrites SpinWrites;
  /// The kernel maps another block's shared memory (a cluster): that
  /// block's writes to this one's come at any time, unseen.
  bool RemoteShared = false;
  /// Whether a spin-loop atomic here can wait for its interval's end: it
  /// runs once per instance outside every loop, on a known array.
  bool spinCanWait(const LValue &LV) const;
  /// Notes warp W's write R for the spin-loop atomics of the interval.
  void noteWrite(const SymbolicRequest &R, unsigned W);
  /// A __syncthreads() every thread of the block reaches: the interval
  /// ends.
  void noteBarrier();
  /// Judges the interval's spin-loop atomics against its writes.
  void judgeSpinLoops();
  /// At the end of the run: records every spin-loop atomic, by the bank
  /// model where judged warp-private, else unpredicted.
  void settleSpinLoops();
  /// Warp W's lane offsets from its array's start, when all are constants.
  std::optional<WarpAddresses> constantOffsets(const SymbolicRequest &R,
                                               const LValue &LV, unsigned W,
                                               uint64_t Extra) const;
  /// Keeps warp W's request R at site S for the layout search (CaptureLimit).
  void captureRequest(const SharedAccessSite &S, const SymbolicRequest &R,
                      const LValue &LV, unsigned W, uint64_t Extra);
  /// A shared access the engine sees but cannot place (a call it does not
  /// follow, inline PTX it does not decode): reported with unknown
  /// addresses and Why, never dropped. Var is null when the array is not
  /// known either.
  void recordUnknown(const Expr *Site, AccessKind Kind, const VarDecl *Var,
                     uint64_t Width, const std::string &Why);
  void recordLocal(const Expr *Site, const VarDecl *Object, bool IsStore, bool Escape, const CompileTime &Index, const Lanes *Offset);
  /// A pointer into a per-thread aggregate handed to code warpcheck does not
  /// follow: the aggregate escapes.
  void noteEscape(const Value &V, const Expr *Site);

  // ---- InterpretExpr.cpp -----------------------------------------------------
  /// Expressions being evaluated inside one another, and evaluated in all
  /// (the analysis budgets, InterpreterLimits).
  unsigned ExprDepth = 0;
  uint64_t Steps = 0;
  /// Calls followed (InterpreterLimits::MaxCalls).
  uint64_t Calls = 0;
  /// Whether E may be followed within the budgets; when not, its shared
  /// accesses are reported unknown (or, past the steps budget, every one
  /// the kernel may still make) and the caller returns an unknown.
  bool withinBudget(const Expr *E);
  /// Every __shared__ variable named in S (and, with FollowCalls, in the
  /// functions it calls by name) reported as an unknown access, Why; Done
  /// skips sites already reported. Iterative: S may be too deep to recurse.
  void reportSharedIn(const Stmt *S, const std::string &Why, bool FollowCalls);
  /// E's value in every thread: dispatches on E's kind to the functions
  /// below (operators: InterpretOperators.cpp).
  Value eval(const Expr *E);
  Value evalBuiltinIndex(BuiltinIndex B);
  Value evalInitList(const InitListExpr *E);
  /// An object constructed as a value (not into a variable).
  Value evalConstruct(const CXXConstructExpr *E);
  Value evalDeclRef(const DeclRefExpr *E);
  /// A lambda expression: what it captures, for calls to it.
  Value evalLambda(const LambdaExpr *E);
  /// The object E designates in every thread.
  LValue evalLValue(const Expr *E);
  LValue evalDeclRefLValue(const DeclRefExpr *E);
  LValue evalMemberLValue(const MemberExpr *E);
  Value evalCast(const CastExpr *E);
  // ---- InterpretOperators.cpp ------------------------------------------------
  Value evalBinary(const BinaryOperator *E);
  Value evalUnary(const UnaryOperator *E);
  /// `c ? a : b`, each arm under the threads that take it. Arm, when
  /// given, evaluates an arm (a load, or an address, of a glvalue `?:`).
  Value evalConditional(const AbstractConditionalOperator *E,
                        llvm::function_ref<Value(const Expr *)> Arm = nullptr);
  Value evalLogical(const BinaryOperator *E);
  Value arithmetic(BinaryOperatorKind Op, const Value &A, const Value &B,
                   QualType OperandType, QualType ResultType, const Expr *E);
  Value pointerOffset(const Value &Ptr, const Value &Index, QualType Pointee,
                      bool Subtract);

  // ---- InterpretCallAndReturn.cpp --------------------------------------------
  Value evalCall(const CallExpr *E);
  Value inlineCall(const FunctionDecl *Callee, const CallExpr *E);
  /// Runs Body in frame F, with a loop stack of its own and the mask
  /// restored after it; Prologue and Epilogue run inside the frame before
  /// and after the body. The frame's result.
  Value runFrame(Frame F, const Stmt *Body,
                 llvm::function_ref<void()> Prologue,
                 llvm::function_ref<void()> Epilogue = nullptr);
  /// Binds Callee's parameters in F to Args (references to the arguments'
  /// addresses, aggregates copied), as a call does.
  void bindArguments(Frame &F, const FunctionDecl *Callee,
                     llvm::ArrayRef<const Expr *> Args, bool StaysACall);
  /// Whether the engine enters Def, defined in a system header: library code
  /// written in CUDA C++ (CUB, Thrust, libcu++, CuTe, CUTLASS) is followed
  /// like the user's; the CUDA runtime's own headers (intrinsics, vector
  /// types) are modelled instead.
  bool followsLibraryCode(const FunctionDecl *Def) const;
  Value opaqueCall(const CallExpr *E, const std::string &What);
  /// An argument handed to code the engine does not follow; with Why, the
  /// __shared__ storage an object argument holds is reported there.
  Value evalOpaqueArgument(const Expr *Arg, const std::string &Why = "");
  void reportSharedHeldBy(const Value &P, const Expr *Site,
                          const std::string &Why);
  std::optional<Value> evalReadOnlyOperator(const clang::CallExpr *E,
                                            const clang::FunctionDecl *Callee);
  Value assignAggregate(const Expr *Dst, const Expr *Src);
  Value evalAtomic(const CallExpr *E, StringRef Name);
  /// A pointer into __shared__ storage handed to code the engine does not
  /// follow: that code may access it, reported as unknown with Why.
  void reportUnfollowedShared(const Value &P, QualType Pointee,
                              const Expr *Site, const std::string &Why);
  /// A call whose callee is not named: each function it may call, when
  /// the translation unit says which, otherwise unknown.
  Value callThroughPointer(const CallExpr *E);
  /// The functions Callee may evaluate to (a function, a variable or table
  /// of function pointers, a parameter bound at a call followed); nullopt
  /// when the translation unit does not say. FrameIdx: the frame whose
  /// parameters Callee names.
  std::optional<std::vector<const FunctionDecl *>>
  possibleCallees(const Expr *Callee, size_t FrameIdx,
                  llvm::SmallPtrSetImpl<const VarDecl *> &Seen);
  /// The functions the variable or parameter V may hold: what the caller
  /// passed, its initializer and every assignment to it.
  std::optional<std::vector<const FunctionDecl *>>
  variableCallees(const VarDecl *V, size_t FrameIdx,
                  llvm::SmallPtrSetImpl<const VarDecl *> &Seen);
  /// Per variable: every right-hand side assigned to it (or an element or
  /// member of it) in the translation unit, and whether its address left
  /// (then anything may be stored through it).
  struct VariableWrites {
    std::vector<const Expr *> Assigned;
    /// References bound to it.
    std::vector<const VarDecl *> Aliases;
    bool Escapes = false;
  };
  std::optional<std::map<const VarDecl *, VariableWrites>> Writes;
  const VariableWrites &writesTo(const VarDecl *V);
  /// Values a lambda captured by copy (and its `this`) when its expression
  /// ran, per closure class: its body reads them.
  std::map<const CXXRecordDecl *, std::map<const VarDecl *, Value>>
      LambdaCopies;
  std::map<const CXXRecordDecl *, Value> LambdaThis;

  // ---- InterpretConstructors.cpp ---------------------------------------------
  /// Runs the constructor E calls on the per-thread object Dst: its member
  /// and base initializers, then its body. False when it is not followed
  /// (no body, a virtual base, recursion, too deep).
  bool followConstructor(const LValue &Dst, const CXXConstructExpr *E);
  void enterConstructor(const CXXConstructorDecl *Def,
                        const CXXConstructExpr *E, const LValue &Dst);
  /// Base, member and delegating initializers of Def on the object at Dst.
  void runInitializers(const CXXConstructorDecl *Def, const LValue &Dst);
  /// One member initialized: a reference stores the address it binds.
  void initMember(const LValue &At, QualType T, const Expr *Init);
  /// A constructor the engine does not follow: the __shared__ storage it is
  /// given may be accessed there, reported unknown at the argument.
  void reportUnfollowedConstructor(const CXXConstructExpr *E,
                                   const std::string &Why);
  /// The lvalue of a field through a base object: a reference member is
  /// followed to the object it is bound to.
  LValue fieldLValue(LValue Base, const FieldDecl *Field, const Expr *Site);
  /// A temporary object of class type (`BlockLoad(storage).Load(...)`): a
  /// per-thread object of its own, constructed where it is materialized.
  LValue materialize(const MaterializeTemporaryExpr *E);
  /// Stand-in variables for temporaries, one per expression.
  llvm::DenseMap<const Expr *, const VarDecl *> Temporaries;

  // ---- CudaIntrinsics.cpp ----------------------------------------------------
  /// A CUDA device function the engine does not follow: modelled below, or
  /// a pure function of its arguments.
  Value evalIntrinsic(StringRef Name, const CallExpr *E);
  /// A cache-hint load or store (__ldg, __stcg...): an access like `*p`.
  std::optional<Value> evalCacheHintAccess(StringRef Name, const CallExpr *E);
  /// min, max, abs, __mul24, __popc, __clz, __ffs on integers per thread.
  std::optional<Value> evalIntegerIntrinsic(StringRef Name, const CallExpr *E,
                                            const std::vector<Value> &Args);
  /// Any other function: its result is unknown (one warp-uniform unknown
  /// for a header function of warp-uniform integer arguments).
  Value unmodelledIntrinsic(StringRef Name, const CallExpr *E,
                            const std::vector<Value> &Args);
  std::optional<Value> evalWarpIntrinsic(StringRef Name, const CallExpr *E);
  /// A warp shuffle of Var: Kind is an Idx/Up/Down/Xor, Operand the source
  /// lane, delta or lane mask, Width the segment size.
  Value shuffle(const Value &Var, const Value &Operand, unsigned Width,
                int Kind, const Expr *E);
  /// __ballot_sync, __any_sync, __all_sync and __activemask.
  Value vote(StringRef Name, const Value &Pred, const Expr *E);
  /// A PTX special register (%laneid, %tid.x...), or an Unknown value.
  Value specialRegister(const std::string &Name, const Stmt *S);
  unsigned laneCount() const;
  unsigned firstLiveLane() const;
  bool isCooperativeGroupsCall(const CallExpr *E) const;
  /// cooperative_groups::this_thread_block(), tiled_partition(), ...: pure.
  bool isGroupConstructor(const FunctionDecl *F) const;
  /// A member call into a library (cooperative groups, ...).
  Value evalLibraryMemberCall(const CallExpr *E);
  /// Inline assembly: outputs the engine can decode (%laneid...) or
  /// unknown; its shared-memory instructions (InlinePtx.h) recorded.
  void execAsm(const AsmStmt *S);
  void recordAsmAccesses(const GCCAsmStmt *S, const std::vector<Value> &Inputs);
  /// One shared-memory instruction of the asm, its operands Inputs.
  void recordPtxAccess(const GCCAsmStmt *S, const PtxAccess &A,
                       const std::vector<Value> &Inputs);
  /// An expression standing for byte Pos of an asm string (accesses are
  /// recorded at expressions).
  const Expr *asmSite(const GCCAsmStmt *S, size_t Pos);
  std::map<std::pair<const Stmt *, size_t>, const Expr *> AsmSites;
  /// __cvta_*, __isShared...: pure address-space functions.
  Value addressSpaceIntrinsic(StringRef Name, const CallExpr *E);
  /// A shared window address (from __cvta_generic_to_shared): the array
  /// and each thread's offset in it; nullopt when some live thread's is not
  /// followed (Var, when given, still names the array if one is seen).
  std::optional<std::pair<const VarDecl *, Lanes>>
  sharedWindowAddress(const Value &V, const VarDecl **Var = nullptr);

  // ---- LibraryCalls.cpp -----------------------------------------------------
  /// A library call whose shared-memory requests were measured (wmma
  /// load/store_matrix_sync, memcpy_async into shared memory): its value;
  /// nullopt for any other call.
  std::optional<Value> evalLibraryCall(const FunctionDecl *Callee,
                                       const CallExpr *E);

  // ---- InterpretControlFlow.cpp ----------------------------------------------
  /// Runs a statement: dispatches on its kind to the functions below.
  void exec(const Stmt *S);
  void execCompound(const CompoundStmt *S);
  void execIf(const IfStmt *S);
  void execSwitch(const SwitchStmt *S);
  /// The worlds of a switch on an undecided warp-uniform value: one per
  /// label of At (null: no label matches), the body run from there in every
  /// live thread.
  Worlds switchWorlds(const SwitchStmt *Switch, const CompoundStmt *Body,
                      llvm::ArrayRef<const SwitchCase *> At, const Mask &Entry,
                      const Mask &Saved);
  /// Runs a switch body: each thread enters at its Target label (Decided),
  /// or at any label when its value is not known.
  void runSwitchBody(const CompoundStmt *Body, Mask Entry,
                     const std::vector<const SwitchCase *> &Target,
                     const std::vector<bool> &Decided);
  void execRangeFor(const CXXForRangeStmt *S);
  /// A range-based for over a braced list or an array of known length:
  /// run element by element like the loop it is. False when not one.
  bool execRangeForElements(const CXXForRangeStmt *S);
  /// Binds the loop variable of a range-based for to element I.
  void bindRangeElement(const CXXForRangeStmt *S, const Value &Elem,
                        const LValue *ElemLV);

  // ---- Worlds: an undecided warp-uniform condition split on -----------------
  /// Worlds live now (the product of the splits being run).
  unsigned LiveWorlds = 1;
  /// The statement of a compound that may hand its worlds to the code after
  /// it (execCompound), and the worlds it handed.
  const Stmt *WorldSite = nullptr;
  std::optional<Worlds> HandedWorlds;
  /// `?:` conditions taken as true or false in the world being run, with
  /// what the compiler knows of them.
  std::map<const Expr *, std::pair<bool, CompileTime>> Assumed;
  /// The arm of a `?:` whose condition the world being run assumes.
  const Expr *assumedArm(const AbstractConditionalOperator *E,
                         CompileTime *CT = nullptr) const;
  /// Runs the statements of a compound, handing the worlds a statement
  /// splits into to the statements after it.
  void execStatements(llvm::ArrayRef<const Stmt *> Body);
  /// The worlds of an `if` on an undecided warp-uniform condition: each arm
  /// run on its own copy of the state, in every live thread.
  Worlds ifWorlds(const IfStmt *S, const Value &C, const Mask &Saved,
                  const Mask &Then, const Mask &Else);
  /// Hands W to the statements after the current one when they may decide
  /// more (and MaxWorlds allows), otherwise joins them here.
  void endWorlds(Worlds W, bool MayHand);
  /// Whether C is a warp-uniform value the engine cannot decide in every
  /// live thread (no thread's value is known).
  bool undecidedUniform(const Value &C) const;
  /// Whether an `if` whose condition is C runs as two worlds: no thread
  /// knows it, and the split stays within MaxWorlds.
  bool splitsOn(const Value &C, unsigned Outcomes) const;
  /// Runs Rest (the statements after a split, to the end of their compound)
  /// once in each world, then joins the worlds.
  void runInWorlds(Worlds W, llvm::ArrayRef<const Stmt *> Rest,
                   llvm::function_ref<void(unsigned)> First = nullptr);
  /// A `?:` in statement S whose condition reads only variables, is the
  /// same in every thread and undecided: S and the rest are split on it.
  const AbstractConditionalOperator *splittableConditional(const Stmt *S);
  /// After running code in worlds: a site whose requests now differ names
  /// the condition rather than a loop.
  void nameWorldCondition(size_t SitesBefore,
                          const std::vector<unsigned> &RequestsBefore,
                          const std::string &Condition);
  void execReturn(const ReturnStmt *S);
  /// Joins V into F's result, in the threads that return it here.
  void mergeResult(Frame &F, const Value &V);
  /// Keeps the `#pragma unroll` hints on the statement S carries.
  void noteUnrollHints(const AttributedStmt *S);
  /// A break, return or goto that leaves the loop body S early.
  static bool containsEarlyExit(const Stmt *S);
  static bool containsReturn(const Stmt *S);
  void execLoop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                const VarDecl *CondVar, const Expr *Inc, const Stmt *Body,
                bool TestFirst);
  /// Tests Cond before an iteration: narrows the mask to the threads that
  /// go on. False when the loop is over (or a symbolic iteration stood for
  /// the rest).
  bool testLoopCondition(const Stmt *Loop, const Expr *Cond, const Stmt *Body,
                         const Expr *Inc, LoopRun &Run);
  /// Runs one iteration's body and increment. False when the loop is over.
  bool runIteration(const Stmt *Loop, const Expr *Cond, const Stmt *Body,
                    const Expr *Inc, LoopRun &Run);
  /// After iterations that ran only as far as an unknown allowed: what the
  /// loop changed depends on how many ran.
  void forgetIterationCount(const Stmt *Loop, const Stmt *Body,
                            const Expr *Inc);
  /// Whether the compiler will unroll the loop fully, and why not.
  LoopUnrolling predictUnrolling(const Stmt *Loop, const LoopRun &Run);
  /// One iteration standing for any number of them.
  /// The symbolic loop an access recorded now runs in, when that is the
  /// only reason its count is not known; else null.
  const Stmt *perIterationContext() const;
  /// Sets AccessSummary::PerIterationLine once the kernel has run.
  void settlePerIterationCounts();
  void symbolicIteration(const Stmt *Loop, const Expr *Cond, const Stmt *Body,
                         const Expr *Inc);
  /// V (its value Cur) after K iterations of the loop at Line: an induction
  /// variable becomes start + K * step, anything else unknown.
  void advanceLoopVariable(const VarDecl *V, Value &Cur, const Stmt *Loop,
                           const Stmt *Body, const Expr *Inc, AtomId K,
                           unsigned Line);
  /// Threads that entered with Entry leave the loop after different numbers
  /// of iterations: what it changes is no longer followed per thread.
  void forgetPerThreadTripCounts(const Stmt *Loop, const Stmt *Body,
                                 const Expr *Inc, const Mask &Entry,
                                 unsigned Line);

  // ---- LoopPolicy.cpp --------------------------------------------------------
  const std::vector<const VarDecl *> &modifiedIn(const Stmt *Loop);
  void tagLoopVariables(const Stmt *Loop);
  /// The size of a loop as the unroller sees it, roughly in instructions:
  /// memory accesses and arithmetic 1, division and calls 4; names,
  /// literals, casts and built-in variables are free.
  unsigned loopCost(const Stmt *Loop);
  /// Whether running a loop whose condition is a warp-uniform unknown can
  /// end on a constant bound (`j < n && j < 8`): a comparison with a
  /// constant among the conditions that must all hold.
  bool mayMeetConstantBound(const Expr *Cond);
  /// The doubling or halving counter that bounds a loop's trip count by the
  /// width of its type, if the loop has one.
  std::optional<GeometricCounter> geometricCounter(const Stmt *Loop,
                                                   const Expr *Cond,
                                                   const Stmt *Body,
                                                   const Expr *Inc);
  /// The value every launch in the file passes for kernel parameter V.
  std::optional<int64_t> launchedValue(const VarDecl *V);
  std::vector<LaunchedArgument> Launched;
  bool LaunchedComputed = false;
  /// "'d' is 7 at the launch at main.cu:88", for each parameter bound so.
  std::vector<std::string> ParameterBindings;
  /// The warp-uniform constant value of V in the live threads, if it has one.
  std::optional<int64_t> uniformConstant(const VarDecl *V);
  /// The one constant every live thread has in V, if any.
  std::optional<int64_t> uniformConstant(const Value &V);
  void decideUnrolling(const Stmt *Loop, LoopUnrolling U);
};

} // namespace simt
} // namespace warpcheck

#endif
