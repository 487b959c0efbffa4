//===--- HostValueInternal.h - The evaluator's ways through calls -*- C++
//-*-===//
//
// Private to HostValue.cpp, HostDims.cpp and KernelCallees.cpp: the frames
// and the templates that follow a value through parameters and returns, for
// integers, block shapes and kernels alike.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_HOST_HOSTVALUEINTERNAL_H
#define WARPCHECK_ANALYSIS_HOST_HOSTVALUEINTERNAL_H

#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Host/Mutation.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

#include <type_traits>

namespace warpcheck {

/// How deep one evaluation follows expressions, calls and returns: a
/// helper's `return (a % b == 0) ? a / b : a / b + 1` (shfl_scan's iDivUp)
/// with its arguments' locals takes about 16.
constexpr unsigned MaxDepth = 40;
/// Most conditions one entry reads to keep returns from running
/// (HostReturns.cpp).
constexpr unsigned MaxPruneConditions = 256;
/// singleValue: the longest chain of calls, and the most chains tried.
constexpr unsigned MaxChainLength = 6;
constexpr unsigned MaxChains = 64;

/// Evaluates in a new frame for the life of the scope.
class HostEvaluator::FrameScope {
public:
  FrameScope(HostEvaluator &H, Frame F) : H(H), Saved(H.Current) {
    H.Frames.push_back(F);
    H.Current = int(H.Frames.size()) - 1;
  }
  ~FrameScope() {
    H.Frames.pop_back();
    H.Current = Saved;
  }
  FrameScope(const FrameScope &) = delete;
  FrameScope &operator=(const FrameScope &) = delete;

private:
  HostEvaluator &H;
  int Saved;
};

/// Evaluates at an indirect call for the life of the scope: a frame for each
/// call that passed the function down, each bound to that call, the
/// outermost caller's frame unbound (any of its calls).
class HostEvaluator::ChainScope {
public:
  ChainScope(HostEvaluator &H, const CallGraph::IndirectSite &S)
      : H(H), Saved(H.Current), Size(H.Frames.size()) {
    H.Frames.push_back({S.Passed.back().Caller});
    for (size_t J = S.Passed.size(); J-- > 0;) {
      const clang::FunctionDecl *F = J == 0 ? S.Caller : S.Passed[J - 1].Caller;
      H.Frames.push_back({F, S.Passed[J].Call, int(H.Frames.size()) - 1});
    }
    H.Current = int(H.Frames.size()) - 1;
  }
  ~ChainScope() {
    H.Frames.resize(Size);
    H.Current = Saved;
  }
  ChainScope(const ChainScope &) = delete;
  ChainScope &operator=(const ChainScope &) = delete;

private:
  HostEvaluator &H;
  int Saved;
  size_t Size;
};

/// G with every guard tied to the evaluator's frame Frame.
Guards inFrame(const Guards *G, int Frame);

/// Evaluates in function In for the life of the scope: its parameters bound
/// to the call Through[0], that call's function's to Through[1], and so on,
/// the last caller's to any call; with Through empty, In's to any call.
/// Guards, when given, are the conditions around the launch in In: they
/// hold in In's frame only (not in a recursive call's).
class HostEvaluator::EntryScope {
public:
  EntryScope(HostEvaluator &H, const clang::FunctionDecl *In,
             llvm::ArrayRef<CallGraph::Site> Through,
             const Guards *AtLaunch = nullptr)
      : H(H), Saved(H.Current), Size(H.Frames.size()), SavedActive(H.Active),
        SavedBudget(H.PruneBudget) {
    H.PruneBudget = MaxPruneConditions;
    int Caller = -1;
    if (!Through.empty()) {
      H.Frames.push_back({Through.back().Caller});
      Caller = int(H.Frames.size()) - 1;
      for (size_t J = Through.size() - 1; J > 0; --J) {
        H.Frames.push_back({Through[J - 1].Caller, Through[J].Call, Caller});
        Caller = int(H.Frames.size()) - 1;
      }
    }
    H.Frames.push_back(
        {In, Through.empty() ? nullptr : Through.front().Call, Caller});
    H.Current = int(H.Frames.size()) - 1;
    if (AtLaunch)
      Tied = inFrame(AtLaunch, H.Current);
    H.Active = AtLaunch ? &Tied : nullptr;
  }
  ~EntryScope() {
    H.Frames.resize(Size);
    H.Current = Saved;
    H.Active = SavedActive;
    H.PruneBudget = SavedBudget;
  }
  EntryScope(const EntryScope &) = delete;
  EntryScope &operator=(const EntryScope &) = delete;

private:
  HostEvaluator &H;
  int Saved;
  size_t Size;
  unsigned SavedBudget;
  const Guards *SavedActive;
  Guards Tied;
};

/// An argument is read at its call: the conditions around the call
/// (`switch (bs) { case 32: run<32>(dims); ...`) hold for the caller's
/// variables there, for the life of the scope. Not where the caller is
/// already being evaluated further in (recursion): its variables would
/// mix two calls.
class HostEvaluator::GuardsAtCall {
public:
  /// CallerFrame: the frame of Caller already made, or -1 (then the one
  /// made next, at Frame).
  GuardsAtCall(HostEvaluator &H, const clang::Stmt *Site,
               const clang::FunctionDecl *Caller, int CallerFrame, int Frame)
      : H(H), Saved(H.Active) {
    if (!Site || !Caller)
      return;
    for (size_t I = 0; I < H.Frames.size(); ++I)
      if (int(I) != CallerFrame && H.Frames[I].Function &&
          H.Frames[I].Function->getCanonicalDecl() ==
              Caller->getCanonicalDecl())
        return;
    auto It = H.CallGuards.find(Site);
    if (It == H.CallGuards.end())
      It = H.CallGuards.emplace(Site, guardsAt(Site, Caller, H.Ctx)).first;
    if (It->second.empty())
      return;
    Merged = H.Active ? *H.Active : Guards{};
    for (const auto &[VD, G] : It->second) {
      GuardValues InFrame = G;
      InFrame.Frame = Frame;
      Merged.emplace(VD, std::move(InFrame));
    }
    H.Active = &Merged;
  }
  ~GuardsAtCall() { H.Active = Saved; }
  GuardsAtCall(const GuardsAtCall &) = delete;
  GuardsAtCall &operator=(const GuardsAtCall &) = delete;

private:
  HostEvaluator &H;
  const Guards *Saved;
  Guards Merged;
};

/// Whether the const of Param can be got around: its type has a mutable
/// member, or its function const_casts something.
bool constBypassed(const clang::ParmVarDecl *Param);

/// Whether every change of VD in Body (a function's body) comes in a
/// statement of Body after the one holding Use, in straight-line code: Use
/// sees the value VD starts with (HostLoops.cpp).
bool unchangedUpTo(const clang::VarDecl *VD, const clang::Expr *Use,
                   const clang::Stmt *Body);

template <typename T, typename F>
std::optional<std::vector<Traced<T>>>
HostEvaluator::parameterValues(const clang::ParmVarDecl *Param, unsigned Depth,
                               std::string &WhyNot, F Evaluate, bool AtEntry) {
  // A parameter its function changes is not the argument any more.
  const auto *Owner =
      llvm::dyn_cast<clang::FunctionDecl>(Param->getDeclContext());
  // A const parameter (or const reference) cannot be changed through it,
  // unless a mutable member or a const_cast gets around the const.
  bool Const = Param->getType().getNonReferenceType().isConstQualified() &&
               !constBypassed(Param);
  if (!AtEntry && !Const && Owner && Owner->getBody() &&
      mayChange(Param, Owner->getBody())) {
    WhyNot = "'" + Param->getNameAsString() + "' is changed in '" +
             displayName(Owner, Ctx) + "'";
    return std::nullopt;
  }
  int CallerFrame = -1;
  const clang::Expr *Site = nullptr;
  const ExternalCall *Other = nullptr;
  std::string Why;
  const clang::Expr *Arg = boundArgument(Param, CallerFrame, Site, Other, Why);
  if (Other) {
    std::vector<Traced<T>> Out;
    if (!atExternalCall<T>(*Other, Owner, Param, Out, WhyNot))
      return std::nullopt;
    return Out;
  }
  if (!Arg) {
    if (!Why.empty()) {
      WhyNot = Why;
      return std::nullopt;
    }
    return throughCalls<T>(Param, Depth, WhyNot, Evaluate);
  }
  std::optional<std::vector<Traced<T>>> Values;
  {
    llvm::SaveAndRestore<int> At(Current, CallerFrame);
    GuardsAtCall AtSite(
        *this, Site, CallerFrame >= 0 ? Frames[CallerFrame].Function : nullptr,
        CallerFrame, CallerFrame);
    Values = Evaluate(Arg, Depth + 1, WhyNot);
  }
  if (!Values)
    return std::nullopt;
  std::string At = locationText(Site->getBeginLoc(), Ctx.getSourceManager());
  std::vector<Traced<T>> Out;
  for (auto &V : *Values)
    addUnique(Out, Traced<T>{V.Value, joinVia("'" + Param->getNameAsString() +
                                                  "' from the call at " + At,
                                              V.Via)});
  return Out;
}

template <typename T, typename F>
std::optional<std::vector<Traced<T>>>
HostEvaluator::throughCalls(const clang::ParmVarDecl *Param, unsigned Depth,
                            std::string &WhyNot, F Evaluate) {
  const auto *Function =
      llvm::dyn_cast<clang::FunctionDecl>(Param->getDeclContext());
  std::string Name = "'" + Param->getNameAsString() + "'";
  if (!Function) {
    WhyNot = "the block is the parameter " + Name;
    return std::nullopt;
  }
  std::string FName = displayName(Function, Ctx);
  if (Calls.addressTaken(Function)) {
    WhyNot = Name + " is a parameter of '" + FName +
             "', whose address is taken: it may be called with anything";
    return std::nullopt;
  }
  const auto &Sites = Calls.callsOf(Function);
  const auto &Indirect = Calls.indirectCallsOf(Function);
  if (Sites.empty() && Indirect.empty()) {
    WhyNot = Name + " is a parameter of '" + FName +
             "', which is not called in this file";
    if (Function->isExternallyVisible())
      return throughExternalCalls<T>(Function, Param, WhyNot);
    return std::nullopt;
  }
  std::vector<Traced<T>> Out;
  unsigned Index = Param->getFunctionScopeIndex();
  // The values at one call, added to Out; false when there are none.
  auto Take = [&](const clang::CallExpr *Call,
                  std::optional<std::vector<Traced<T>>> Values,
                  const std::string &Why) {
    std::string At = locationText(Call->getBeginLoc(), Ctx.getSourceManager());
    if (!Values) {
      WhyNot = Name + " of '" + FName + "' at the call at " + At + ": " + Why;
      return false;
    }
    for (auto &V : *Values)
      addUnique(
          Out,
          Traced<T>{V.Value, joinVia(Name + " from the call at " + At, V.Via)});
    if (Out.size() > MaxValues) {
      WhyNot = Name + " of '" + FName + "' takes more than " +
               std::to_string(MaxValues) + " values";
      return false;
    }
    return true;
  };
  for (const CallGraph::Site &Site : Sites) {
    const clang::CallExpr *Call = Site.Call;
    unsigned ArgIndex = Index;
    if (llvm::isa<clang::CXXOperatorCallExpr>(Call) &&
        llvm::isa<clang::CXXMethodDecl>(Function))
      ++ArgIndex;
    if (ArgIndex >= Call->getNumArgs()) {
      WhyNot = Name + " is not passed at the call of '" + FName + "'";
      return std::nullopt;
    }
    const clang::Expr *Arg = Call->getArg(ArgIndex);
    if (const auto *Default = llvm::dyn_cast<clang::CXXDefaultArgExpr>(Arg))
      Arg = Default->getExpr();
    std::string Why;
    std::optional<std::vector<Traced<T>>> Values;
    {
      // The caller's own parameters: any of its calls.
      GuardsAtCall AtSite(*this, Call, Site.Caller, -1, int(Frames.size()));
      FrameScope InCaller(*this, {Site.Caller});
      Values = Evaluate(Arg, Depth + 1, Why);
    }
    if (!Take(Call, std::move(Values), Why))
      return std::nullopt;
  }
  // Calls through a parameter: the callers' parameters tied to the calls
  // that passed the function down.
  for (const CallGraph::IndirectSite &Site : Indirect) {
    if (Index >= Site.Call->getNumArgs()) {
      WhyNot = Name + " is not passed at the call of '" + FName + "'";
      return std::nullopt;
    }
    std::string Why;
    std::optional<std::vector<Traced<T>>> Values;
    {
      ChainScope InChain(*this, Site);
      Values = Evaluate(Site.Call->getArg(Index), Depth + 1, Why);
    }
    if (!Take(Site.Call, std::move(Values), Why))
      return std::nullopt;
  }
  // A function other files may call: their calls next to this file too.
  if (External && Function->isExternallyVisible())
    for (const ExternalCall *Call : External(crossFileKey(Function, Ctx)))
      if (!atExternalCall<T>(*Call, Function, Param, Out, WhyNot))
        return std::nullopt;
  return Out;
}

template <typename T>
bool HostEvaluator::atExternalCall(const ExternalCall &Call,
                                   const clang::FunctionDecl *Function,
                                   const clang::ParmVarDecl *Param,
                                   std::vector<Traced<T>> &Out,
                                   std::string &WhyNot) {
  std::string Name = "'" + Param->getNameAsString() + "'";
  std::string FName = displayName(Function, Ctx);
  unsigned Index = Param->getFunctionScopeIndex();
  std::optional<std::vector<std::pair<T, std::string>>> Values;
  if constexpr (std::is_same_v<T, int64_t>) {
    if (Index < Call.Ints.size())
      Values = Call.Ints[Index];
  } else if constexpr (std::is_same_v<T, Dim3>) {
    if (Index < Call.Dims.size())
      Values = Call.Dims[Index];
  } else {
    return false; // kernels are not followed across files
  }
  if (!Values) {
    WhyNot = Name + " of '" + FName + "' at the call at " + Call.Location +
             ": " +
             (Index < Call.WhyNot.size() && !Call.WhyNot[Index].empty()
                  ? Call.WhyNot[Index]
                  : "it cannot be followed");
    return false;
  }
  for (auto &[V, Via] : *Values)
    addUnique(Out,
              Traced<T>{V, joinVia(Name + " from the call at " + Call.Location +
                                       " through '" + FName + "'",
                                   Via)});
  if (Out.size() > MaxValues) {
    WhyNot = Name + " of '" + FName + "' takes more than " +
             std::to_string(MaxValues) + " values";
    return false;
  }
  return true;
}

template <typename T>
std::optional<std::vector<Traced<T>>>
HostEvaluator::throughExternalCalls(const clang::FunctionDecl *Function,
                                    const clang::ParmVarDecl *Param,
                                    std::string &WhyNot) {
  if (!External)
    return std::nullopt;
  std::vector<Traced<T>> Out;
  bool Called = false;
  for (const ExternalCall *Call : External(crossFileKey(Function, Ctx))) {
    Called = true;
    if (!atExternalCall<T>(*Call, Function, Param, Out, WhyNot))
      return std::nullopt;
  }
  if (!Called)
    return std::nullopt;
  return Out;
}

template <typename T, typename F>
std::optional<std::vector<Traced<T>>>
HostEvaluator::throughReturns(const clang::CallExpr *Call, unsigned Depth,
                              std::string &WhyNot, F Evaluate) {
  const clang::FunctionDecl *Callee = Call->getDirectCallee();
  const clang::FunctionDecl *Definition = nullptr;
  const auto *Method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(Callee);
  if (!Callee || !Callee->hasBody(Definition) ||
      (Method && !Method->isStatic())) {
    WhyNot = "the block argument is " + notConstant(Call, Ctx);
    return std::nullopt;
  }
  std::vector<const clang::ReturnStmt *> Returns;
  collectReturns(Definition->getBody(), Returns);
  std::string FName = displayName(Callee, Ctx);
  if (Returns.empty()) {
    WhyNot = "'" + FName + "' returns nothing that can be followed";
    return std::nullopt;
  }
  std::vector<Traced<T>> Out;
  std::string At = locationText(Call->getBeginLoc(), Ctx.getSourceManager());
  // The callee's parameters are this call's arguments.
  FrameScope InCallee(*this, {Definition, Call, Current});
  std::map<const clang::Expr *, std::optional<Ints>> Read;
  llvm::SaveAndRestore<std::map<const clang::Expr *, std::optional<Ints>> *>
      InThisFrame(ConditionsRead, &Read);
  bool Reached = false;
  for (const clang::ReturnStmt *Return : Returns) {
    // `if (id == GB10) return 2 * calc(GENERIC);`: a return the arguments
    // keep from running gives nothing (and is not followed into).
    if (!mayRunTo(Return, Definition->getBody(), Depth + 1))
      continue;
    Reached = true;
    const clang::Expr *R = Return->getRetValue();
    std::string Why;
    auto Values = R ? Evaluate(R, Depth + 1, Why) : std::nullopt;
    if (!Values) {
      WhyNot = "'" + FName + "' called at " + At + " returns " +
               (Why.empty() ? "nothing" : Why);
      return std::nullopt;
    }
    for (auto &V : *Values)
      addUnique(Out, Traced<T>{V.Value,
                               joinVia("returned by '" + FName + "'", V.Via)});
  }
  if (!Reached) {
    WhyNot = "no return of '" + FName + "' runs with the arguments at " + At;
    return std::nullopt;
  }
  if (Out.size() > MaxValues) {
    WhyNot = "'" + FName + "' returns more than " + std::to_string(MaxValues) +
             " values";
    return std::nullopt;
  }
  return Out;
}

} // namespace warpcheck

#endif
