//===--- KernelAnalysisTypes.h - What a kernel analysis finds --*- C++ -*-===//
//
// The data a KernelAnalysis hands out, and the limits it runs under: pure
// data, no engine. The engine's own headers (Simt/Value.h) include this
// rather than the facade, KernelAnalysis.h, which includes the engine.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_KERNELANALYSISTYPES_H
#define WARPCHECK_ANALYSIS_KERNELANALYSISTYPES_H

#include "AccessSummary.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// Why a value is not known to the compiler at compile time, after the
/// loop unrolling it will do. Empty when it is known.
struct CompileTime {
  enum class Cause {
    None,
    Thread,    // threadIdx, lane arithmetic
    Launch,    // blockDim, blockIdx, gridDim
    Parameter, // a kernel parameter or other variable set outside
    Memory,    // a value loaded from memory
    Call,      // the result of a call that is not inlined
    Condition, // chosen by a condition that is not known
    Loop,      // a counter of a loop the compiler does not unroll
  };
  Cause Why = Cause::None;
  /// Source text or name of what is unknown ("n", "threadIdx.x").
  std::string What;
  /// Loops whose counters the value depends on: known only when the
  /// compiler unrolls every one of them.
  std::vector<const clang::Stmt *> Loops;

  bool hard() const { return Why != Cause::None; }
  /// This value combined with another: the first hard cause, every loop.
  void merge(const CompileTime &O) {
    if (!hard() && O.hard()) {
      Why = O.Why;
      What = O.What;
    }
    for (const clang::Stmt *L : O.Loops)
      if (std::find(Loops.begin(), Loops.end(), L) == Loops.end())
        Loops.push_back(L);
  }
};

/// How the compiler will treat one loop, as far as warpcheck predicts.
struct LoopUnrolling {
  bool Unrolled = true;
  /// Why not: "#pragma unroll 1", "its trip count depends on 'n'"...
  std::string Reason;
  /// The trip count when known.
  std::optional<uint64_t> TripCount;
  /// Unrolled only partially at best: a periodic index may still resolve.
  bool OverBudget = false;
};

/// One access to a per-thread array (or an array in a per-thread struct).
struct LocalArrayAccess {
  const clang::Expr *Site = nullptr;
  const clang::VarDecl *Object = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  bool IsStore = false;
  /// The array escapes here (its address passed to a call not inlined, or
  /// stored to memory) rather than being indexed.
  bool Escape = false;
  CompileTime Index;
  /// The loops around the access, innermost last.
  std::vector<const clang::Stmt *> EnclosingLoops;
  /// Whether the byte offset repeats with a short period across the
  /// iterations of an over-budget loop (partial unrolling may resolve it).
  std::vector<int64_t> Offsets;
};

/// One access site to shared memory and what the block does there.
struct SharedAccessSite {
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  unsigned WidthBytes = 4;
  /// The __shared__ variable accessed.
  const clang::VarDecl *Variable = nullptr;
  /// The function whose body contains the access (a callee when inlined);
  /// for an access in library code, the user's function that called it.
  const clang::FunctionDecl *Function = nullptr;
  /// An access made in library code (a system header: CUB, Thrust,
  /// libcu++): the library expression and its function. Site is then the
  /// call in the user's code that led there.
  const clang::Expr *HeaderSite = nullptr;
  const clang::FunctionDecl *HeaderFunction = nullptr;
  AccessSummary Summary;
  /// For a library call modelled from measurements (wmma, memcpy_async):
  /// the measured rule that decided it, for the explanation.
  std::string Rule;
};

struct InterpreterLimits {
  /// Iterations of one loop run one by one before a symbolic iteration
  /// stands for the rest.
  unsigned MaxLoopIterations = 512;
  /// The same for a loop whose condition every thread has known so far (a
  /// constant trip count): `for (i = 0; i < 1000; ++i) t[tid][i % 32]`
  /// then runs whole, so the layout search sees every request rather than
  /// one symbolic iteration it cannot place under a padding.
  unsigned MaxKnownLoopIterations = 4096;
  /// Loop iterations run one by one in the whole kernel; past this, every
  /// loop is one symbolic iteration (nested loops multiply).
  uint64_t MaxTotalIterations = 1u << 14;
  /// Warp requests judged per kernel before the analysis stops.
  uint64_t MaxWarpRequests = 1u << 18;
  /// Depth of inlined calls (CUB reaches 20: BlockRadixSort through its
  /// ranking, block scan and warp scan).
  unsigned MaxCallDepth = 24;
  /// Calls followed per kernel (and block shape): a fan-out of 2 over 20
  /// levels is a million calls. Past it the kernel stops, every access it
  /// may still make reported unknown naming the budget.
  uint64_t MaxCalls = 1u << 16;
  /// Expressions nested inside one another (a 4,000-deep `?:` chain):
  /// deeper ones are not followed, their shared accesses reported unknown.
  unsigned MaxExpressionDepth = 256;
  /// Expressions evaluated per kernel (and block shape) before the analysis
  /// stops, its accesses reported unknown.
  uint64_t MaxSteps = 20000000;
  /// Trip count times loop cost (about instructions) up to which
  /// the compiler unrolls a loop fully without a pragma. Calibrated with
  /// nvcc 13 for sm_90: docs/local-memory.md.
  uint64_t UnrollBudget = 2200;
  /// The longest trip count the compiler unrolls fully without a pragma
  /// (measured: 256 unrolled; 300, 400 and 512 not).
  uint64_t MaxFullUnrollTrip = 256;
};

} // namespace warpcheck

#endif
