//===--- CallGraph.h - Who calls whom in one translation unit ---*- C++ -*-===//
//
// One walk of a translation unit (template instantiations included) gives
// every call of every function with the function it is made in, every
// kernel launch (`k<<<g, b>>>` and the runtime's launch calls), and the
// functions whose address is taken: those may be called from anywhere with
// anything, so their parameters take no value from the calls seen.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_CALLGRAPH_H
#define WARPCHECK_ANALYSIS_HOST_CALLGRAPH_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace warpcheck {

class CallGraph {
public:
  /// One call and the function whose body makes it (null at file scope).
  struct Site {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Caller;
  };

  /// Walks Ctx's translation unit.
  explicit CallGraph(const clang::ASTContext &Ctx);
  /// No calls at all (an expression evaluated on its own).
  CallGraph() = default;

  /// Every call of F (by canonical declaration), in walk order.
  const std::vector<Site> &callsOf(const clang::FunctionDecl *F) const;
  /// Whether F is named other than as the callee of a call or launch.
  bool addressTaken(const clang::FunctionDecl *F) const;
  /// Kernel launches: `k<<<g, b>>>` and, in user code, cudaLaunchKernel,
  /// cudaLaunchCooperativeKernel and cudaLaunchKernelEx(C).
  const std::vector<Site> &launches() const { return Launches; }
  /// Every called function with its calls.
  const llvm::DenseMap<const clang::FunctionDecl *, std::vector<Site>> &
  calls() const {
    return Calls;
  }

private:
  class Walker;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Site>> Calls;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  std::vector<Site> Launches;
};

} // namespace warpcheck

#endif
