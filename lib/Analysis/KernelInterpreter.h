//===--- KernelInterpreter.h - SIMT interpretation of a kernel --*- C++ -*-===//
//
// Runs a kernel's body for every thread of one block at once, the way the
// GPU does: each value is one symbolic integer per thread (SymbolicInt), and
// control flow narrows a per-thread activity mask instead of branching.
// Lane-dependent conditions decide which threads are active; warp-uniform
// unknown conditions keep threads active but make the code conditional;
// conditions that differ between threads in an unknown way make threads
// "maybe active". Loops with a known trip count run iteration by iteration
// (each iteration is an instance of the accesses in its body); past a bound,
// or with an unknown trip count, one symbolic iteration stands for the rest.
// Every access to __shared__ storage is recorded per warp and judged by the
// bank model (RequestAnalysis).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_KERNELINTERPRETER_H
#define WARPCHECK_ANALYSIS_KERNELINTERPRETER_H

#include "AccessSummary.h"
#include "BlockShape.h"
#include "SymbolicInt.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

/// One access site to shared memory and what the block does there.
struct SharedAccessSite {
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  unsigned WidthBytes = 4;
  /// The __shared__ variable accessed.
  const clang::VarDecl *Variable = nullptr;
  /// The function whose body contains the access (a callee when inlined).
  const clang::FunctionDecl *Function = nullptr;
  AccessSummary Summary;
};

struct InterpreterLimits {
  /// Iterations of one loop run one by one before a symbolic iteration
  /// stands for the rest.
  unsigned MaxLoopIterations = 512;
  /// Loop iterations run one by one in the whole kernel; past this, every
  /// loop is one symbolic iteration (nested loops multiply).
  uint64_t MaxTotalIterations = 1u << 14;
  /// Warp requests judged per kernel before the analysis stops.
  uint64_t MaxWarpRequests = 1u << 18;
  /// Depth of inlined calls.
  unsigned MaxCallDepth = 12;
};

class KernelInterpreter {
public:
  KernelInterpreter(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                    Dim3 Block, InterpreterLimits Limits = {});
  ~KernelInterpreter();

  /// Interprets the kernel body once.
  void run();

  /// Access sites in order of first execution.
  const std::vector<SharedAccessSite> &sites() const;
  /// Why the analysis stopped early (empty when it did not).
  const std::string &truncationReason() const;
  const AtomTable &atoms() const;

private:
  class Impl;
  std::unique_ptr<Impl> P;
};

} // namespace warpcheck

#endif
