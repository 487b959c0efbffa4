//===--- LaunchIndex.h - Every launch of one translation unit ---*- C++ -*-===//
//
// One walk of a translation unit finds every kernel launch: `k<<<g, b>>>`
// in host and device code, cudaLaunchKernel, cudaLaunchCooperativeKernel
// and cudaLaunchKernelEx(C). For each, the host evaluator (HostValue.h)
// resolves the kernels it can name (directly, through pointers, tables and
// parameters), the block shapes it can have, its dynamic shared-memory size
// and the values of the kernel's integer arguments. A launch whose shape
// cannot be resolved gives no shape and says why.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LAUNCHES_LAUNCHINDEX_H
#define WARPCHECK_ANALYSIS_LAUNCHES_LAUNCHINDEX_H

#include "Host/CallGraph.h"
#include "Host/FieldWrites.h"
#include "Host/HostValue.h"
#include "Launches/BlockShapeChoice.h"
#include "Launches/LaunchedArgument.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

struct LaunchParts;
struct SiblingFacts;
class SiblingFiles;

class LaunchIndex {
public:
  /// Walks Ctx's translation unit. Siblings, when given, reads what the
  /// files next to it say (CrossFile.h), on first need.
  explicit LaunchIndex(const clang::ASTContext &Ctx,
                       SiblingFiles *Siblings = nullptr);
  LaunchIndex(const LaunchIndex &) = delete;
  LaunchIndex &operator=(const LaunchIndex &) = delete;

  /// The distinct shapes launched for Kernel, with their first launch.
  const std::vector<BlockShapeChoice> &
  shapesFor(const clang::FunctionDecl *Kernel) const;

  /// A launch whose block shape is not known: it gives no shape.
  struct UnresolvedLaunch {
    /// "main.cu:88".
    std::string Location;
    /// "'b.x' is assigned 'n', which is not a compile-time constant".
    std::string Reason;
  };
  /// Launches of Kernel whose shape is not a constant, in source order.
  const std::vector<UnresolvedLaunch> &
  unresolvedLaunches(const clang::FunctionDecl *Kernel) const;

  /// One launch's dynamic shared-memory argument (the third in <<<>>>).
  struct DynamicShared {
    const clang::Expr *Arg = nullptr; // null when the launch passes none
    std::optional<uint64_t> Bytes;    // when it is a constant
  };
  /// Every launch of Kernel with its dynamic shared-memory size: an extern
  /// __shared__ array's size comes from here.
  const std::vector<DynamicShared> &
  dynamicSharedFor(const clang::FunctionDecl *Kernel) const;

  /// The launched value of each parameter of Kernel (indexed by parameter;
  /// nothing fixed when never launched, or when its address is taken).
  std::vector<LaunchedArgument>
  argumentsOf(const clang::FunctionDecl *Kernel) const;
  /// argumentsOf for the runs with Block: the values of the launches that
  /// may have that shape, each with that shape where its argument follows
  /// the block size; every launch's when none has it (an assumed shape).
  std::vector<LaunchedArgument> argumentsFor(const clang::FunctionDecl *Kernel,
                                             const Dim3 &Block) const;

  /// What the files next to this one say, read on first use.
  const std::vector<std::shared_ptr<const SiblingFacts>> &siblings() const;

  /// Shapes of the kernels launched by name through the driver API
  /// (DriverLaunch.h), by the name looked up.
  const std::map<std::string, std::vector<BlockShapeChoice>> &
  namedLaunches() const {
    return Named;
  }

  /// Driver-API launches whose shape is not known, by the kernel name they
  /// look up (a shape not analyzed: the others are not every launch's).
  const std::map<std::string, std::vector<UnresolvedLaunch>> &
  unresolvedNamed() const {
    return NamedUnresolved;
  }
  /// Driver-API launches of a kernel not known: any extern "C" kernel.
  const std::vector<UnresolvedLaunch> &unknownNamedLaunches() const {
    return UnknownNamed;
  }
  /// Every kernel with the launches whose shape is not known.
  const std::map<const clang::FunctionDecl *, std::vector<UnresolvedLaunch>> &
  unresolved() const {
    return Unresolved;
  }

  /// Every launched kernel with its shapes.
  const std::map<const clang::FunctionDecl *, std::vector<BlockShapeChoice>> &
  launchedShapes() const {
    return Shapes;
  }
  const CallGraph &calls() const { return Calls; }
  HostEvaluator &evaluator() { return Eval; }

  /// Translation units walked by this process (a debug counter: one walk
  /// per translation unit analyzed, plus one per sibling file read).
  static unsigned walks();

private:
  void addLaunch(const CallGraph::Site &Launch);
  /// The launch read at Through (the calls of nested launch wrappers,
  /// innermost first; empty: any call of its function). Seen: the kernels
  /// whose arguments are counted.
  void addLaunchAt(const CallGraph::Site &Launch, const LaunchParts &P,
                   llvm::ArrayRef<CallGraph::Site> Through,
                   llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Seen);
  void addDriverLaunches();
  /// Blocks: the launch's block shapes (null: not known); Block: the
  /// launch's block expression (null: none or a configuration).
  void addArguments(const clang::CallExpr *Call,
                    const clang::FunctionDecl *Kernel,
                    const clang::FunctionDecl *Caller,
                    const std::optional<HostEvaluator::Dims> &Blocks,
                    const clang::Expr *Block);
  /// The values Arg has with each of Shapes when it reads BlockVar, the
  /// launch's block size (1-D shapes only); empty otherwise.
  std::map<Dim3, std::vector<int64_t>>
  valuesPerShape(const clang::Expr *Arg, const clang::VarDecl *BlockVar,
                 const std::vector<Dim3> &Shapes,
                 const clang::FunctionDecl *Caller);
  std::vector<const ExternalCall *> externalCalls(const std::string &Key);
  /// Every value the program stores in Field (FieldWrites.h): this
  /// translation unit's stores and those of the files next to it that
  /// mention the field.
  std::optional<HostEvaluator::Ints>
  programFieldValues(const clang::FieldDecl *Field, std::string &WhyNot);
  std::optional<HostEvaluator::Ints>
  collectFieldValues(const clang::FieldDecl *Field, std::string &WhyNot);

  const clang::ASTContext &Ctx;
  std::string MainFile;
  SiblingFiles *Files;
  mutable std::optional<std::vector<std::shared_ptr<const SiblingFacts>>>
      Siblings;
  CallGraph Calls;
  HostEvaluator Eval;
  /// This translation unit's stores into fields, collected on first need.
  std::optional<FieldWrites> OwnFields;
  bool CollectingFields = false;
  /// programFieldValues' answers, by fieldKey: the values or why not.
  std::map<std::string,
           std::pair<std::optional<HostEvaluator::Ints>, std::string>>
      FieldAnswers;
  std::map<const clang::FunctionDecl *, std::vector<DynamicShared>> Dynamic;
  std::map<const clang::FunctionDecl *, std::vector<BlockShapeChoice>> Shapes;
  std::map<std::string, std::vector<BlockShapeChoice>> Named;
  std::map<std::string, std::vector<UnresolvedLaunch>> NamedUnresolved;
  std::vector<UnresolvedLaunch> UnknownNamed;
  std::map<const clang::FunctionDecl *, std::vector<UnresolvedLaunch>>
      Unresolved;
  /// One launch's argument values: per parameter all its values, and where
  /// the argument is computed from the variable the block size is
  /// (`k<<<n, bs>>>(..., bs)`), its values with each of the launch's shapes.
  struct LaunchValues {
    std::vector<Dim3> Shapes; // empty: not known
    std::vector<std::vector<int64_t>> Values;
    std::vector<std::map<Dim3, std::vector<int64_t>>> PerShape;
  };
  /// Per kernel: the arguments, which vary between launches (or are not
  /// known at one), and each launch's values.
  struct Arguments {
    std::vector<LaunchedArgument> Values;
    std::vector<bool> Varies;
    std::vector<LaunchValues> Launches;
  };
  std::map<const clang::FunctionDecl *, Arguments> Launched;
};

} // namespace warpcheck

#endif
