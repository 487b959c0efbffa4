//===--- HostValue.h - The values host code gives an expression -*- C++ -*-===//
//
// The one host-side evaluator: the values an integer, a dim3 or a kernel
// expression can have, following host code as a reader would. Constants,
// locals initialized once and not changed on the way (LocalDim3.h),
// parameters through every call of their function in the translation unit
// (and in the files next to it, CrossFile.h), helpers through their
// `return`s, tables of shapes, the conditions around a launch (Guards.h)
// and the runtime's warp size (DeviceWarpSize.h). Arithmetic is C++'s
// (HostArithmetic.h): what C++ leaves undefined gives no value.
//
// A call's arguments stay tied to the call: a parameter is read at the call
// being followed, so `f(4, 32)` and `f(2, 16)` give `Cols / Rows` the values
// of each call, never a mix. A function passed to a parameter that is only
// called (`run(f, 4)` with `void run(F p, int n) { p(n); }`) is called at
// `p(n)`, its arguments read with run's parameters tied to the call that
// passed f (CallGraph::indirectCallsOf). A function whose address is taken
// otherwise may be called with anything: its parameters give no value.
//
// Each value carries how it was found ("'bs' from the call at main.cu:20"),
// for the note that says where a block shape came from.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_HOSTVALUE_H
#define WARPCHECK_ANALYSIS_HOST_HOSTVALUE_H

#include "BlockShape.h"
#include "Host/CallGraph.h"
#include "Host/Guards.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// The most values one expression may stand for (a host loop over the
/// powers of two from 4 to 64K is 15).
constexpr size_t MaxValues = 32;
/// The most block shapes one launch, or all launches of a kernel, may give:
/// each is an engine run.
constexpr size_t MaxShapes = 8;

/// A value and how it was found when not written where it is used: "'bs'
/// is 128 at the call at main.cu:20".
template <typename T> struct Traced {
  T Value;
  std::string Via;
};

/// "A, B", or whichever is not empty.
std::string joinVia(const std::string &A, const std::string &B);

template <typename T> void addUnique(std::vector<Traced<T>> &Out, Traced<T> V) {
  for (const auto &O : Out)
    if (O.Value == V.Value)
      return;
  Out.push_back(std::move(V));
}

/// One call, in another file, of a function this file defines, with the
/// values of its integer and dim3 arguments (CrossFile.h reads them).
struct ExternalCall {
  /// "main.cpp:88".
  std::string Location;
  /// Per parameter: its values with how they were found, or nullopt (then
  /// WhyNot[I] says why); integer parameters in Ints, dim3 ones in Dims.
  std::vector<std::optional<std::vector<std::pair<int64_t, std::string>>>> Ints;
  std::vector<std::optional<std::vector<std::pair<Dim3, std::string>>>> Dims;
  std::vector<std::string> WhyNot;
};

/// The calls made in other files of the function named by a crossFileKey;
/// empty when none.
using ExternalCallsOf =
    std::function<std::vector<const ExternalCall *>(const std::string &Key)>;

/// The values every store in the program gives an integer field, when all
/// are known (FieldWrites.h); nullopt with WhyNot otherwise.
using ProgramFieldsOf =
    std::function<std::optional<std::vector<Traced<int64_t>>>(
        const clang::FieldDecl *Field, std::string &WhyNot)>;

/// The value of a `const` integer another file of the program defines
/// (`extern "C" const uint MAX_SIZE = 1024;` in scan.cu, read in main.cpp
/// through a header's `extern` declaration), with where it is defined;
/// nullopt when no file next to this one defines it, or several differ.
using ExternConstantOf =
    std::function<std::optional<Traced<int64_t>>(const clang::VarDecl *)>;

/// A function's name across files: its name with template arguments and
/// its number of parameters ("launchScan/3").
std::string crossFileKey(const clang::FunctionDecl *FD,
                         const clang::ASTContext &Ctx);

/// The construction that initializes VD (`T v(args)`, `auto v = T(args)`),
/// or null.
const clang::CXXConstructExpr *constructionOf(const clang::VarDecl *VD);

/// An expression that may set a field, read in the frame of the
/// constructor that runs it (Construct) when one does (HostFields.cpp).
struct FieldSource {
  const clang::Expr *E;
  const clang::CXXConstructExpr *Construct = nullptr;
  /// Instead of E: the call whose returned object holds the field
  /// (`std::pair<dim3, dim3> dims = launchDims(n); dims.second`).
  const clang::CallExpr *Returned = nullptr;
};

/// A host loop as HostLoops.cpp runs it: `for (Init; Cond; Inc) Body`, or
/// `while (Cond) Inc;` whose body only steps its counters (Body null).
struct LoopParts {
  const clang::Stmt *Loop;
  const clang::Stmt *Init;
  const clang::Expr *Cond;
  const clang::Stmt *Inc;
  const clang::Stmt *Body;
};

class HostEvaluator {
public:
  using Ints = std::vector<Traced<int64_t>>;
  using Dims = std::vector<Traced<Dim3>>;
  using Kernels = std::vector<const clang::FunctionDecl *>;

  /// Calls: the translation unit's; External: calls from other files.
  HostEvaluator(const clang::ASTContext &Ctx, const CallGraph &Calls,
                ExternalCallsOf External = nullptr)
      : Ctx(Ctx), Calls(Calls), External(std::move(External)) {}

  /// Where a field no object can be followed for is read from
  /// (`ggml_cuda_info().devices[d].warp_size`): the program's stores.
  void setProgramFields(ProgramFieldsOf F) { ProgramFields = std::move(F); }
  void setExternConstants(ExternConstantOf F) {
    ExternConstant = std::move(F);
  }

  /// The values E, written in function In (null: at file scope), can have.
  /// Active: the values variables have there (Guards.h), or null.
  std::optional<Ints> ints(const clang::Expr *E, const clang::FunctionDecl *In,
                           std::string &WhyNot, const Guards *Active = nullptr);
  /// The block shapes a dim3 (or integer) expression can have.
  /// Known: the conditions known around the launch in In (conditionsAt).
  /// Through: the call of In (a launch wrapper's) whose arguments In's
  /// parameters take, then the call of that call's function, and so on
  /// (nested wrappers); empty: any call.
  std::optional<Dims> dims(const clang::Expr *E, const clang::FunctionDecl *In,
                           std::string &WhyNot, const Guards *Active = nullptr,
                           const std::vector<KnownCondition> *Known = nullptr,
                           llvm::ArrayRef<CallGraph::Site> Through = {});
  /// The kernels an expression (a kernel, a pointer, a table) can name.
  std::optional<Kernels> kernels(const clang::Expr *E,
                                 const clang::FunctionDecl *In,
                                 std::string &WhyNot,
                                 llvm::ArrayRef<CallGraph::Site> Through = {});
  /// The blockDim the launch configuration at E (`&config`) has at Launch.
  std::optional<Dims> configBlock(const clang::Expr *E,
                                  const clang::Expr *Launch,
                                  const clang::FunctionDecl *In,
                                  std::string &WhyNot,
                                  const Guards *Active = nullptr,
                                  llvm::ArrayRef<CallGraph::Site> Through = {});
  /// The one value E has in function In over every chain of calls reaching
  /// In (each call followed on its own), or nullopt when it has none or
  /// several.
  std::optional<int64_t> singleValue(const clang::Expr *E,
                                     const clang::FunctionDecl *In);
  /// Every value E has in function In over every chain of calls reaching
  /// In (each call followed on its own), sorted; nullopt when a chain gives
  /// none or they are more than MaxValues.
  std::optional<std::vector<int64_t>> valueSet(const clang::Expr *E,
                                               const clang::FunctionDecl *In);

private:
  /// A function whose body is being evaluated, and the call it was reached
  /// through (null: any of its calls).
  struct Frame {
    const clang::FunctionDecl *Function;
    /// A CallExpr, or the CXXConstructExpr of a constructor.
    const clang::Expr *Site = nullptr;
    /// The frame that makes Site.
    int Caller = -1;
    /// Instead of Site: a call in another file (singleValue only).
    const ExternalCall *External = nullptr;
  };
  class FrameScope;
  class ChainScope;
  class EntryScope;
  class GuardsAtCall;

  std::optional<Ints> intsAt(const clang::Expr *E, unsigned Depth,
                             std::string &WhyNot);
  std::optional<Ints> castValues(const clang::CastExpr *Cast, unsigned Depth,
                                 std::string &WhyNot);
  std::optional<Ints> operatorValues(const clang::Expr *E, unsigned Depth,
                                     std::string &WhyNot);
  std::optional<Ints> variableValues(const clang::DeclRefExpr *Ref,
                                     unsigned Depth, std::string &WhyNot);
  std::optional<Ints> conditionalValues(const clang::ConditionalOperator *Cond,
                                        unsigned Depth, std::string &WhyNot);
  std::optional<Dims> dimsAt(const clang::Expr *E, unsigned Depth,
                             std::string &WhyNot);
  /// A field of the local struct VD read at Use (HostFields.cpp): the
  /// expressions that may set it, or false (WhyNot says why).
  bool fieldSources(const clang::VarDecl *VD, const clang::FieldDecl *Field,
                    const clang::Expr *Use, std::vector<FieldSource> &Sources,
                    std::string &WhyNot);
  /// The values Evaluate gives Field of Object (a local struct, a struct
  /// parameter through its argument, a temporary) read at Use.
  template <typename T, typename F>
  std::optional<std::vector<Traced<T>>>
  fieldValues(const clang::Expr *Object, const clang::FieldDecl *Field,
              const clang::Expr *Use, unsigned Depth, std::string &WhyNot,
              F Evaluate);
  std::optional<Ints> fieldInts(const clang::MemberExpr *ME, unsigned Depth,
                                std::string &WhyNot);
  std::optional<Dims> fieldDims(const clang::MemberExpr *ME, unsigned Depth,
                                std::string &WhyNot);
  /// An element of a local table of integers only read.
  std::optional<Ints> tableInts(const clang::ArraySubscriptExpr *Sub,
                                unsigned Depth, std::string &WhyNot);
  std::optional<Dims> combineMembers(llvm::ArrayRef<const clang::Expr *> Args,
                                     unsigned Depth, std::string &WhyNot);
  std::optional<Dims> dim3Variable(const clang::DeclRefExpr *Ref,
                                   const clang::VarDecl *VD, unsigned Depth,
                                   std::string &WhyNot);
  std::optional<Dims> tableElement(const clang::ArraySubscriptExpr *Sub,
                                   unsigned Depth, std::string &WhyNot);
  std::optional<Dims> dimension(const clang::Expr *E, unsigned Depth,
                                std::string &WhyNot);
  std::optional<Kernels> kernelsAt(const clang::Expr *E, unsigned Depth,
                                   std::string &WhyNot);
  std::optional<Kernels> kernelVariable(const clang::VarDecl *VD,
                                        unsigned Depth, std::string &WhyNot);
  /// `&holder.cfg` whose holder's constructor sets cfg.blockDim: the value
  /// it assigns (read in the constructor), or null (WhyNot says why).
  const clang::Expr *constructedConfigBlock(const clang::MemberExpr *Config,
                                            const clang::Expr *Launch,
                                            const clang::FieldDecl *&Block,
                                            std::string &WhyNot);
  const clang::Expr *lastConfigBlock(const clang::VarDecl *VD,
                                     const clang::FieldDecl *Field,
                                     const clang::Expr *Launch,
                                     std::string &WhyNot);

  /// The counters of a host loop being run by hand (HostLoops.cpp).
  using LoopState = std::map<const clang::VarDecl *, int64_t>;
  /// Cond with the counters as in State: false when a conjunct is known
  /// false; true otherwise, with MayStop when a conjunct is a run-time
  /// value (the loop may stop there too); nullopt when it cannot be read.
  std::optional<bool> loopTest(const clang::Expr *Cond, const LoopState &State,
                               unsigned Depth, bool &MayStop,
                               std::string &WhyNot);
  /// The values VD has at Ref when a `for` loop is what changes it: each
  /// value its counter takes (Ref in the body), or the value it leaves
  /// (Ref after it); nullopt when the rule does not apply or fails.
  std::optional<Ints> loopValues(const clang::VarDecl *VD,
                                 const clang::DeclRefExpr *Ref, unsigned Depth,
                                 std::string &WhyNot);
  /// The values of a local set once in every arm of an if/else chain
  /// before Ref (HostBranches.cpp); the arm a known condition selects.
  std::optional<Ints> branchValues(const clang::VarDecl *VD,
                                   const clang::DeclRefExpr *Ref,
                                   unsigned Depth, std::string &WhyNot);
  /// The value of the last plain `VD = e;` among the statements of its
  /// function's body before Ref's, with no change after it on the way.
  std::optional<Ints> assignedValues(const clang::VarDecl *VD,
                                     const clang::DeclRefExpr *Ref,
                                     unsigned Depth, std::string &WhyNot);
  /// The starting values of the loop's counters, one state per combination.
  std::optional<std::vector<LoopState>>
  loopStarts(const LoopParts &Loop,
             const std::vector<const clang::VarDecl *> &Counters,
             unsigned Depth, std::string &WhyNot);
  /// E's one value with the counters as in State.
  std::optional<int64_t> valueInState(const clang::Expr *E,
                                      const LoopState &State, unsigned Depth,
                                      std::string &WhyNot);
  /// Runs the increment S (an expression, or a block of them) on State.
  bool stepLoop(const clang::Stmt *S, LoopState &State, unsigned Depth,
                std::string &WhyNot);

  /// The values Evaluate gives Param: its argument at the call being
  /// followed when a frame binds it, else at every call (throughCalls).
  /// AtEntry: read where the function's changes of Param have not happened
  /// yet, so a function that changes it still has the argument there.
  template <typename T, typename F>
  std::optional<std::vector<Traced<T>>>
  parameterValues(const clang::ParmVarDecl *Param, unsigned Depth,
                  std::string &WhyNot, F Evaluate, bool AtEntry = false);
  /// The argument Param takes at the call of the frame that binds it, or
  /// null when no frame does (WhyNot says why when that is final).
  const clang::Expr *boundArgument(const clang::ParmVarDecl *Param,
                                   int &CallerFrame, const clang::Expr *&Site,
                                   const ExternalCall *&External,
                                   std::string &WhyNot);
  /// The values Evaluate gives the argument passed for Param at every call
  /// of its function.
  template <typename T, typename F>
  std::optional<std::vector<Traced<T>>>
  throughCalls(const clang::ParmVarDecl *Param, unsigned Depth,
               std::string &WhyNot, F Evaluate);
  /// The same at the calls in other files; nullopt (WhyNot unchanged) when
  /// none calls Function.
  template <typename T>
  std::optional<std::vector<Traced<T>>>
  throughExternalCalls(const clang::FunctionDecl *Function,
                       const clang::ParmVarDecl *Param, std::string &WhyNot);
  /// The values Param takes at one call in another file, added to Out;
  /// false (WhyNot says why) when it has none.
  template <typename T>
  bool atExternalCall(const ExternalCall &Call,
                      const clang::FunctionDecl *Function,
                      const clang::ParmVarDecl *Param,
                      std::vector<Traced<T>> &Out, std::string &WhyNot);
  /// The values every `return` of the function called by Call gives, its
  /// parameters bound to Call's arguments; a return the arguments keep from
  /// running (mayRunTo) gives none.
  template <typename T, typename F>
  std::optional<std::vector<Traced<T>>>
  throughReturns(const clang::CallExpr *Call, unsigned Depth,
                 std::string &WhyNot, F Evaluate);
  /// Whether Target in Body may run with the values of the current frame:
  /// false only when an `if` or `switch` on its way is decided against it
  /// (HostReturns.cpp).
  bool mayRunTo(const clang::Stmt *Target, const clang::Stmt *Body,
                unsigned Depth);
  /// The values of a condition read to keep a return from running, or
  /// nullopt (not read: it calls, or the budget is spent).
  std::optional<Ints> conditionValues(const clang::Expr *Cond, unsigned Depth);
  /// Whether S returns whichever way the current frame's values take it.
  bool alwaysReturns(const clang::Stmt *S, unsigned Depth);
  /// Whether a `case` or `default` of Switch that leads to Path[Next] (the
  /// path through Switch's body to a target) may match its condition.
  bool caseMayMatch(const clang::SwitchStmt *Switch,
                    llvm::ArrayRef<const clang::Stmt *> Path, unsigned Depth);
  /// singleValue along the chain of frames, every call of the outermost
  /// function tried in turn when E needs its parameters.
  bool valuesAlongChains(const clang::Expr *E, int First, unsigned &Budget,
                         std::vector<int64_t> &Values);
  /// valuesAlongChains for each call of F, the function of the outermost
  /// frame (Outer): direct, through a parameter, or in another file.
  bool chainsThroughCallers(const clang::FunctionDecl *F, int Outer,
                            const clang::Expr *E, int First, unsigned &Budget,
                            std::vector<int64_t> &Values);

  const clang::ASTContext &Ctx;
  const CallGraph &Calls;
  ExternalCallsOf External;
  ProgramFieldsOf ProgramFields;
  ExternConstantOf ExternConstant;
  /// Conditions mayRunTo may still read in this entry's evaluation.
  unsigned PruneBudget = 0;
  /// The conditions read in the body of the call throughReturns follows
  /// (its frame), each once.
  std::map<const clang::Expr *, std::optional<Ints>> *ConditionsRead = nullptr;
  /// Whether a body holds a goto or a label (mayRunTo), by body.
  std::map<const clang::Stmt *, bool> BodiesWithJumps;
  const Guards *Active = nullptr;
  /// Conditions known around the launch being evaluated, in KnownIn.
  const std::vector<KnownCondition> *KnownConditions = nullptr;
  const clang::FunctionDecl *KnownIn = nullptr;
  std::vector<Frame> Frames;
  int Current = -1;
  /// The guards around each call followed (guardsAt), by call.
  std::map<const clang::Stmt *, Guards> CallGuards;
  /// For singleValue: a parameter of the outermost frame's function is
  /// needed (set instead of following its calls).
  bool Chains = false;
  const clang::FunctionDecl *Unbound = nullptr;
};

} // namespace warpcheck

#endif
