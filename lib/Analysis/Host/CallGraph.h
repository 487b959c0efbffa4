//===--- CallGraph.h - Who calls whom in one translation unit ---*- C++ -*-===//
//
// One walk of a translation unit (template instantiations included) gives
// every call of every function with the function it is made in, every
// kernel launch (`k<<<g, b>>>` and the runtime's launch calls), and the
// functions whose address is taken: those may be called from anywhere with
// anything, so their parameters take no value from the calls seen.
//
// A function only passed as an argument to a parameter that its (visible)
// callee only calls, or hands on unchanged to another such parameter
// (`run(f, 4)` with `void run(F p, int n) { p(n); }`), is not address
// taken: it is called at those calls through the parameter (indirectCallsOf),
// each tied to the chain of calls that passed it down.
//
// A lambda held only by local std::function variables that are only called
// (`std::function<void(int)> f = l; f(256);`) is called at those calls; the
// calls the library makes for them (libstdc++'s _Function_handler) are not
// counted. Held any other way, those library calls stay, and lead nowhere.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_CALLGRAPH_H
#define WARPCHECK_ANALYSIS_HOST_CALLGRAPH_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
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

  /// A call through a parameter (`p(n)`) of the function it was passed to,
  /// and the calls that passed it: Passed[0] is the call of Caller that
  /// passed the function (or the parameter holding it), Passed[1] the call
  /// of Passed[0].Caller, and so on; the function is named at the last.
  struct IndirectSite {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Caller;
    std::vector<Site> Passed;
  };

  /// Every call of F (by canonical declaration), in walk order.
  const std::vector<Site> &callsOf(const clang::FunctionDecl *F) const;
  /// Every call of F through a parameter it was passed to.
  const std::vector<IndirectSite> &
  indirectCallsOf(const clang::FunctionDecl *F) const;
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
  /// Replaces the library's calls of a lambda held by std::function with
  /// the calls of those std::function variables, where all are known.
  void resolveStdFunctions();
  bool calledOnlyForHandler(const clang::FunctionDecl *F,
                            const clang::CXXRecordDecl *Lambda,
                            unsigned Depth) const;
  /// Lambdas put in a std::function, with each local std::function
  /// variable holding one (null: held some other way).
  llvm::DenseMap<const clang::CXXRecordDecl *,
                 std::vector<const clang::VarDecl *>>
      HeldLambdas;
  /// The calls of each local std::function variable (`f(256)`), or
  /// nullopt-like empty with a flag when it is used any other way.
  llvm::DenseMap<const clang::VarDecl *, std::vector<Site>> FunctionCalls;
  llvm::DenseSet<const clang::VarDecl *> FunctionEscapes;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Site>> Calls;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<IndirectSite>>
      Indirect;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  /// Lambdas converted to a function pointer: their call operator is called
  /// through it, from code the AST does not show.
  llvm::DenseSet<const clang::CXXRecordDecl *> ConvertedLambdas;
  std::vector<Site> Launches;
};

} // namespace warpcheck

#endif
