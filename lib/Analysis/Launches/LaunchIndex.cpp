//===--- LaunchIndex.cpp - Every launch of one translation unit -----------===//

#include "Launches/LaunchIndex.h"
#include "Host/Guards.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"
#include "Launches/CrossFile.h"
#include "Launches/DriverLaunch.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <atomic>

using namespace clang;

namespace warpcheck {

/// The parts of one launch: the kernel, the block (or the launch
/// configuration holding it) and the dynamic shared-memory size.
struct LaunchParts {
  const Expr *Kernel = nullptr, *Block = nullptr, *Shared = nullptr,
             *Config = nullptr;
  bool HasShared = false;
  /// The runtime call's name; empty for `<<<>>>`.
  std::string Via;
};

namespace {

std::atomic<unsigned> Walks{0};

std::optional<LaunchParts> partsOf(const CallExpr *Call) {
  LaunchParts P;
  if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(Call)) {
    const CallExpr *Config = Launch->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return std::nullopt;
    P.Kernel = Launch->getCallee();
    P.Block = Config->getArg(1);
    P.HasShared = true;
    if (Config->getNumArgs() >= 3 && !isa<CXXDefaultArgExpr>(Config->getArg(2)))
      P.Shared = Config->getArg(2);
    return P;
  }
  StringRef Name = Call->getDirectCallee()->getName();
  P.Via = Name.str();
  if (Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC") {
    if (Call->getNumArgs() < 2)
      return std::nullopt;
    P.Config = Call->getArg(0);
    P.Kernel = Call->getArg(1);
    return P;
  }
  if (Call->getNumArgs() < 3)
    return std::nullopt;
  P.Kernel = Call->getArg(0);
  P.Block = Call->getArg(2);
  P.HasShared = true;
  if (Call->getNumArgs() >= 5 && !isa<CXXDefaultArgExpr>(Call->getArg(4)))
    P.Shared = Call->getArg(4);
  return P;
}

/// The constant dynamic shared-memory size: a constant, or a variable
/// initialized with one (as block shapes are).
std::optional<uint64_t> sharedBytes(const Expr *Arg, const ASTContext &Ctx) {
  auto V = evaluateInt(Arg, Ctx);
  if (const VarDecl *VD = variableOf(Arg))
    if (!V && VD->getInit() && VD->getType()->isIntegerType())
      V = evaluateInt(VD->getInit(), Ctx);
  if (V && *V >= 0)
    return uint64_t(*V);
  return std::nullopt;
}

/// Whether the translation unit of SM reads the file at the absolute Path.
bool includes(const SourceManager &SM, const std::string &Path) {
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It)
    if (absolutePath(It->first, SM) == Path)
      return true;
  return false;
}

} // namespace

LaunchIndex::LaunchIndex(const ASTContext &Ctx, SiblingFiles *Files)
    : Ctx(Ctx), Files(Files), Calls(Ctx),
      Eval(Ctx, Calls,
           [this](const std::string &Key) { return externalCalls(Key); }) {
  ++Walks;
  BodyIndexScope Indexed; // each launcher's body walked once
  Eval.setProgramFields([this](const FieldDecl *Field, std::string &WhyNot) {
    return programFieldValues(Field, WhyNot);
  });
  if (Files)
    Eval.setExternConstants(
        [this](const VarDecl *VD) -> std::optional<Traced<int64_t>> {
          if (MainFile.empty())
            return std::nullopt;
          return this->Files->externConstant(MainFile,
                                             VD->getQualifiedNameAsString());
        });
  const SourceManager &SM = Ctx.getSourceManager();
  // Absolute in the file manager's working directory (a compile command's
  // directory), where the files next to it are.
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    MainFile = absolutePath(*Main, SM);
  for (const CallGraph::Site &Launch : Calls.launches())
    addLaunch(Launch);
  addDriverLaunches();
}

namespace {

/// Adds the shapes of Blocks not in List yet, each described as From and
/// the way it was found. False when List is full (MaxShapes) first: a
/// shape not analyzed, so what the others give is not every launch's.
bool addShapes(std::vector<BlockShapeChoice> &List,
               const HostEvaluator::Dims &Blocks, const std::string &From) {
  for (const auto &B : Blocks) {
    bool Seen = false;
    for (const auto &S : List)
      Seen |= S.Block == B.Value;
    if (Seen)
      continue;
    if (List.size() >= MaxShapes)
      return false;
    List.push_back(
        {B.Value, "launch", B.Via.empty() ? From : From + ", " + B.Via});
  }
  return true;
}

std::string tooManyShapes() {
  return "the kernel is launched with more than " + std::to_string(MaxShapes) +
         " block shapes";
}

} // namespace

void LaunchIndex::addDriverLaunches() {
  for (const DriverLaunch &L : driverLaunches(Ctx, Calls, Eval)) {
    if (L.Kernels.empty() && L.Unshaped.empty())
      UnknownNamed.push_back({L.Location, L.WhyNot});
    for (const std::string &Name : L.Unshaped)
      NamedUnresolved[Name].push_back({L.Location, L.WhyNot});
    for (const DriverKernel &K : L.Kernels) {
      if (!addShapes(Named[K.Name], K.Blocks,
                     "from cuLaunchKernel at " + L.Location + ", '" + K.Name +
                         "' " + K.Via))
        NamedUnresolved[K.Name].push_back({L.Location, tooManyShapes()});
    }
  }
}

unsigned LaunchIndex::walks() { return Walks; }

namespace {

constexpr size_t MaxWrapperCalls = 512;
constexpr size_t MaxWrapperDepth = 4;

/// The parameter of In that Kernel names, or null.
const ParmVarDecl *kernelParameter(const Expr *Kernel, const FunctionDecl *In) {
  const auto *Ref = dyn_cast<DeclRefExpr>(stripKernelExpr(Kernel));
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return In && Param && Param->getDeclContext() == In ? Param : nullptr;
}

/// Adds to Out the chains of calls that reach In and pass it its kernel
/// parameter Param, each continuing Prefix; false when one cannot be
/// followed to a call that names the kernel.
bool extendChains(const ParmVarDecl *Param, const FunctionDecl *In,
                  const CallGraph &Calls, std::vector<CallGraph::Site> &Prefix,
                  std::vector<std::vector<CallGraph::Site>> &Out) {
  if (Calls.addressTaken(In) || !Calls.indirectCallsOf(In).empty() ||
      Prefix.size() >= MaxWrapperDepth)
    return false;
  const auto &Sites = Calls.callsOf(In);
  if (Sites.empty())
    return false;
  for (const CallGraph::Site &S : Sites) {
    unsigned I = Param->getFunctionScopeIndex();
    if (!S.Caller || Out.size() >= MaxWrapperCalls || I >= S.Call->getNumArgs())
      return false;
    Prefix.push_back(S);
    bool Ok = true;
    // A wrapper's caller that passes its own parameter on: one more call.
    if (const ParmVarDecl *Outer = kernelParameter(S.Call->getArg(I), S.Caller))
      Ok = extendChains(Outer, S.Caller, Calls, Prefix, Out);
    else
      Out.push_back(Prefix);
    Prefix.pop_back();
    if (!Ok)
      return false;
  }
  return true;
}

/// The chains of calls a launch is read at: each call of a launch wrapper
/// (a function that launches its parameter, `template <class K> void
/// launch(K k, const Params &p) { k<<<p.grid, p.block>>>(); }`, and the
/// wrappers around it), whose kernel and shape go together call by call;
/// one empty chain otherwise (the launch read once, its function's
/// parameters at any call).
std::vector<std::vector<CallGraph::Site>>
wrapperChains(const Expr *Kernel, const FunctionDecl *In,
              const CallGraph &Calls) {
  const ParmVarDecl *Param = kernelParameter(Kernel, In);
  std::vector<std::vector<CallGraph::Site>> Out;
  std::vector<CallGraph::Site> Prefix;
  if (!Param || !extendChains(Param, In, Calls, Prefix, Out))
    return {{}};
  return Out;
}

/// Whether V compares as Op to Bound.
bool compares(int64_t V, BinaryOperatorKind Op, int64_t Bound) {
  switch (Op) {
  case BO_LT:
    return V < Bound;
  case BO_LE:
    return V <= Bound;
  case BO_GT:
    return V > Bound;
  case BO_GE:
    return V >= Bound;
  case BO_EQ:
    return V == Bound;
  case BO_NE:
    return V != Bound;
  default:
    return true;
  }
}

/// Drops from Values (of the launch argument Arg) those a known condition
/// around the launch rules out: `if (n <= 1024) k<<<g, b>>>(n)` launches
/// only the n up to 1024. Only `v op bound` with v the argument's variable
/// (one its function never changes: conditionsAt) and a constant bound.
void keepValuesConditionsAllow(std::vector<int64_t> &Values, const Expr *Arg,
                               const FunctionDecl *Caller,
                               llvm::ArrayRef<KnownCondition> Known,
                               HostEvaluator &Eval) {
  // The condition reads the variable; the values are the argument's, after
  // any conversion to the parameter's type: only the same value is compared.
  const Expr *E = Arg->IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() != CK_LValueToRValue &&
        Cast->getCastKind() != CK_NoOp)
      return;
    E = Cast->getSubExpr()->IgnoreParens();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref)
    return;
  auto IsArg = [Ref](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == Ref->getDecl();
  };
  for (const KnownCondition &K : Known) {
    const auto *B = dyn_cast<BinaryOperator>(K.Cond->IgnoreParenImpCasts());
    if (!B || !B->isComparisonOp() || IsArg(B->getLHS()) == IsArg(B->getRHS()))
      continue;
    bool Left = IsArg(B->getLHS());
    // Compared in the comparison's own type: only where that is the
    // values' arithmetic (no unsigned wrap of a negative value).
    if (!B->getLHS()->IgnoreParenImpCasts()->getType()->isIntegerType())
      continue;
    std::optional<int64_t> Bound =
        Eval.singleValue(Left ? B->getRHS() : B->getLHS(), Caller);
    if (!Bound || *Bound < 0 ||
        llvm::any_of(Values, [](int64_t V) { return V < 0; }))
      continue;
    BinaryOperatorKind Op =
        Left ? B->getOpcode()
             : BinaryOperator::reverseComparisonOp(B->getOpcode());
    llvm::erase_if(
        Values, [&](int64_t V) { return compares(V, Op, *Bound) != K.Holds; });
  }
}

} // namespace

void LaunchIndex::addLaunch(const CallGraph::Site &Launch) {
  const CallExpr *Call = Launch.Call;
  // A launch from device code (dynamic parallelism) passes what its threads
  // compute: the kernel's shapes and arguments are not all known.
  if (const FunctionDecl *In = Launch.Caller;
      In && (In->hasAttr<CUDAGlobalAttr>() ||
             (In->hasAttr<CUDADeviceAttr>() && !In->hasAttr<CUDAHostAttr>())))
    if (const FunctionDecl *Kernel = Call->getDirectCallee()) {
      Kernel = Kernel->getCanonicalDecl();
      Unresolved[Kernel].push_back(
          {locationText(Call->getBeginLoc(), Ctx.getSourceManager()),
           "it is launched from device code"});
      Arguments &A = Launched[Kernel];
      A.Values.resize(Kernel->getNumParams());
      A.Varies.assign(Kernel->getNumParams(), true);
      for (LaunchedArgument &V : A.Values) {
        ++V.Launches;
        V.Value.reset();
        V.Values.clear();
      }
      return;
    }
  std::optional<LaunchParts> P = partsOf(Call);
  if (!P)
    return;
  // Kernels whose arguments and dynamic shared memory this launch gave.
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  for (const auto &Through : wrapperChains(P->Kernel, Launch.Caller, Calls))
    addLaunchAt(Launch, *P, Through, Seen);
}

void LaunchIndex::addLaunchAt(
    const CallGraph::Site &Launch, const LaunchParts &P,
    llvm::ArrayRef<CallGraph::Site> Through,
    llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen) {
  const CallExpr *Call = Launch.Call;
  std::string WhyNot;
  auto Kernels = Eval.kernels(P.Kernel, Launch.Caller, WhyNot, Through);
  if (!Kernels)
    return; // no kernel to give a shape to
  // `switch (threads) { case 256: k<<<g, threads>>>` fixes `threads`.
  Guards AtLaunch = guardsAt(Call, Launch.Caller, Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Location = locationText(Call->getBeginLoc(), SM);
  for (const CallGraph::Site &S : Through)
    Location += " (called at " + locationText(S.Call->getBeginLoc(), SM) + ")";
  std::string What = P.Via.empty() ? "launch" : P.Via;
  // `if (n > 1) k<<<g, threads>>>` decides `if (n > 1) t = 256; else ...`
  // where `threads` was built from t.
  std::vector<KnownCondition> Known = conditionsAt(Call, Launch.Caller);
  auto Blocks = P.Config ? Eval.configBlock(P.Config, Call, Launch.Caller,
                                            WhyNot, &AtLaunch, Through)
                         : Eval.dims(P.Block, Launch.Caller, WhyNot, &AtLaunch,
                                     &Known, Through);
  if (Blocks) {
    // A block the runtime refuses (no thread, more than 1024) runs nothing:
    // a value the host may pass that way adds no shape.
    std::string Invalid;
    llvm::erase_if(*Blocks, [&](const Traced<Dim3> &B) {
      const Dim3 &D = B.Value;
      bool Bad =
          D.X == 0 || D.Y == 0 || D.Z == 0 || uint64_t(D.X) * D.Y * D.Z > 1024;
      if (Bad && Invalid.empty())
        Invalid = D.str();
      return Bad;
    });
    if (Blocks->empty()) {
      WhyNot = "a block of " + Invalid + " threads is not valid";
      Blocks.reset();
    }
  }
  for (const FunctionDecl *Kernel : *Kernels) {
    if (Seen.insert(Kernel).second) {
      if (P.HasShared)
        Dynamic[Kernel].push_back(
            {P.Shared, P.Shared ? sharedBytes(P.Shared, Ctx) : std::nullopt});
      if (isa<CUDAKernelCallExpr>(Call))
        addArguments(Call, Kernel, Launch.Caller, Blocks,
                     P.Config ? nullptr : P.Block);
    }
    if (!Blocks) {
      // Not a launch as far as block shapes go: it gives none.
      Unresolved[Kernel].push_back({Location, WhyNot});
      continue;
    }
    if (!addShapes(Shapes[Kernel], *Blocks, "from " + What + " at " + Location))
      Unresolved[Kernel].push_back({Location, tooManyShapes()});
  }
}

void LaunchIndex::addArguments(const CallExpr *Call, const FunctionDecl *Kernel,
                               const FunctionDecl *Caller,
                               const std::optional<HostEvaluator::Dims> &Blocks,
                               const Expr *Block) {
  Arguments &A = Launched[Kernel];
  unsigned N = Kernel->getNumParams();
  A.Values.resize(N);
  A.Varies.resize(N);
  if (A.Values.empty() || A.Values.front().Launches == 0) {
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
    if (P.isValid())
      for (LaunchedArgument &V : A.Values)
        V.FirstLaunch = llvm::formatv(
            "{0}:{1}", llvm::sys::path::filename(P.getFilename()), P.getLine());
  }
  const SourceManager &SM = Ctx.getSourceManager();
  // The runtime's and libraries' own launches pass their parameters on.
  bool InSystemHeader =
      SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc()));
  std::vector<KnownCondition> Known;
  if (Caller && !InSystemHeader)
    Known = conditionsAt(Call, Caller);
  LaunchValues This;
  if (Blocks)
    for (const Traced<Dim3> &B : *Blocks)
      This.Shapes.push_back(B.Value);
  This.Values.resize(N);
  This.PerShape.resize(N);
  // The variable the block size is, when it is one integer (converted to
  // dim3 by the launch: `<<<n, bs>>>`).
  const VarDecl *BlockVar = nullptr;
  const Expr *B = Block ? Block->IgnoreParenImpCasts() : nullptr;
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(B);
      Construct && Construct->getNumArgs() >= 1 &&
      llvm::all_of(llvm::drop_begin(Construct->arguments()),
                   [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
    B = Construct->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(B))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->getType()->isIntegralOrEnumerationType())
      BlockVar = VD;
  for (unsigned I = 0; I < N; ++I) {
    LaunchedArgument &V = A.Values[I];
    ++V.Launches;
    if (A.Varies[I])
      continue;
    if (BlockVar && I < Call->getNumArgs() && Caller && !InSystemHeader)
      This.PerShape[I] =
          valuesPerShape(Call->getArg(I), BlockVar, This.Shapes, Caller);
    std::optional<std::vector<int64_t>> Set;
    if (I < Call->getNumArgs() && Caller && !InSystemHeader &&
        Kernel->getParamDecl(I)->getType()->isIntegralOrEnumerationType()) {
      Set = Eval.valueSet(Call->getArg(I), Caller);
      if (Set)
        keepValuesConditionsAllow(*Set, Call->getArg(I), Caller, Known, Eval);
    }
    if (Set) {
      This.Values[I] = *Set;
      for (int64_t Each : *Set)
        if (!llvm::is_contained(V.Values, Each))
          V.Values.push_back(Each);
    }
    if (!Set || V.Values.size() > MaxLaunchedValues) {
      A.Varies[I] = true;
      V.Value.reset();
      V.Values.clear();
      continue;
    }
    llvm::sort(V.Values);
    V.Value.reset();
    if (V.Values.size() == 1)
      V.Value = V.Values.front();
  }
  A.Launches.push_back(std::move(This));
}

std::map<Dim3, std::vector<int64_t>>
LaunchIndex::valuesPerShape(const Expr *Arg, const VarDecl *BlockVar,
                            const std::vector<Dim3> &Shapes,
                            const FunctionDecl *Caller) {
  std::map<Dim3, std::vector<int64_t>> Out;
  bool Reads = false;
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(S))
      Reads |= Ref->getDecl() == BlockVar;
    if (S)
      for (const Stmt *C : S->children())
        Find(C);
  };
  Find(Arg);
  if (!Reads || Shapes.empty())
    return Out;
  for (const Dim3 &S : Shapes) {
    if (S.Y != 1 || S.Z != 1)
      return {};
    // The argument with the block variable at this shape's size.
    Guards At;
    At[BlockVar] = GuardValues{{int64_t(S.X)}, ""};
    std::string Why;
    auto Values = Eval.ints(Arg, Caller, Why, &At);
    if (!Values)
      return {};
    for (const Traced<int64_t> &V : *Values)
      if (!llvm::is_contained(Out[S], V.Value))
        Out[S].push_back(V.Value);
    llvm::sort(Out[S]);
  }
  return Out;
}

std::vector<LaunchedArgument>
LaunchIndex::argumentsFor(const FunctionDecl *Kernel, const Dim3 &Block) const {
  std::vector<LaunchedArgument> Out = argumentsOf(Kernel);
  auto It = Launched.find(Kernel->getCanonicalDecl());
  if (It == Launched.end())
    return Out;
  const Arguments &A = It->second;
  bool AnyHas = llvm::any_of(A.Launches, [&Block](const LaunchValues &L) {
    return llvm::is_contained(L.Shapes, Block);
  });
  for (unsigned I = 0; I < Out.size(); ++I) {
    if (Out[I].Values.size() < 2)
      continue; // one value, or not known at some launch
    std::vector<int64_t> Union;
    for (const LaunchValues &L : A.Launches) {
      // A launch that cannot have Block gives that run nothing.
      if (AnyHas && !L.Shapes.empty() && !llvm::is_contained(L.Shapes, Block))
        continue;
      auto Per = L.PerShape[I].find(Block);
      const std::vector<int64_t> &From =
          AnyHas && Per != L.PerShape[I].end() ? Per->second : L.Values[I];
      for (int64_t V : From)
        if (!llvm::is_contained(Union, V))
          Union.push_back(V);
    }
    llvm::sort(Union);
    if (Union.empty())
      continue;
    Out[I].Values = Union;
    Out[I].Value.reset();
    if (Union.size() == 1)
      Out[I].Value = Union.front();
  }
  return Out;
}

std::vector<LaunchedArgument>
LaunchIndex::argumentsOf(const FunctionDecl *Kernel) const {
  auto It = Launched.find(Kernel->getCanonicalDecl());
  if (It == Launched.end())
    return std::vector<LaunchedArgument>(Kernel->getNumParams());
  std::vector<LaunchedArgument> Out = It->second.Values;
  // Called through a pointer: with anything.
  if (Calls.addressTaken(Kernel))
    for (LaunchedArgument &A : Out) {
      A.Value.reset();
      A.Values.clear();
    }
  return Out;
}

const std::vector<BlockShapeChoice> &
LaunchIndex::shapesFor(const FunctionDecl *Kernel) const {
  static const std::vector<BlockShapeChoice> None;
  auto It = Shapes.find(Kernel->getCanonicalDecl());
  return It == Shapes.end() ? None : It->second;
}

const std::vector<LaunchIndex::DynamicShared> &
LaunchIndex::dynamicSharedFor(const FunctionDecl *Kernel) const {
  static const std::vector<DynamicShared> None;
  auto It = Dynamic.find(Kernel->getCanonicalDecl());
  return It == Dynamic.end() ? None : It->second;
}

const std::vector<LaunchIndex::UnresolvedLaunch> &
LaunchIndex::unresolvedLaunches(const FunctionDecl *Kernel) const {
  static const std::vector<UnresolvedLaunch> None;
  auto It = Unresolved.find(Kernel->getCanonicalDecl());
  return It == Unresolved.end() ? None : It->second;
}

const std::vector<std::shared_ptr<const SiblingFacts>> &
LaunchIndex::siblings() const {
  if (!Siblings)
    Siblings = MainFile.empty() || !Files
                   ? std::vector<std::shared_ptr<const SiblingFacts>>()
                   : Files->factsNextTo(MainFile);
  return *Siblings;
}

std::optional<HostEvaluator::Ints>
LaunchIndex::programFieldValues(const FieldDecl *Field, std::string &WhyNot) {
  std::string Key = fieldKey(Field);
  if (auto It = FieldAnswers.find(Key); It != FieldAnswers.end()) {
    WhyNot = It->second.second;
    return It->second.first;
  }
  auto Values = collectFieldValues(Field, WhyNot);
  if (!CollectingFields)
    FieldAnswers[Key] = {Values, WhyNot};
  return Values;
}

std::optional<HostEvaluator::Ints>
LaunchIndex::collectFieldValues(const FieldDecl *Field, std::string &WhyNot) {
  if (!followableField(Field, Ctx)) {
    WhyNot = "'" + Field->getNameAsString() +
             "' is not a field stores can be "
             "followed for";
    return std::nullopt;
  }
  if (!Files || MainFile.empty()) {
    WhyNot = "the other files of the program are not read";
    return std::nullopt;
  }
  if (CollectingFields) {
    WhyNot = "a store into '" + Field->getNameAsString() + "' reads a field";
    return std::nullopt;
  }
  if (!OwnFields) {
    BodyIndexScope Indexed;
    CollectingFields = true;
    OwnFields = fieldWritesOf(Ctx, Eval);
    CollectingFields = false;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::string> Names = namesOfField(Field);
  if (Names.empty()) {
    WhyNot = "the record of '" + Field->getNameAsString() + "' has no name";
    return std::nullopt;
  }
  auto Others = Files->factsMentioning(
      MainFile, Names,
      [&SM](const std::string &Path) { return includes(SM, Path); }, WhyNot);
  if (!Others)
    return std::nullopt;
  std::string Key = fieldKey(Field);
  HostEvaluator::Ints Out;
  std::vector<const FieldWrite *> Writes;
  std::string AnyKey = anyFieldKey(Field->getName());
  // By the field's name: every field of that name in the program counts.
  if (auto It = OwnFields->find(AnyKey); It != OwnFields->end())
    Writes.push_back(&It->second);
  for (const auto &Facts : *Others)
    if (auto It = Facts->Fields.find(AnyKey); It != Facts->Fields.end())
      Writes.push_back(&It->second);
  std::string Name = "'" + Field->getNameAsString() + "'";
  for (const FieldWrite *W : Writes) {
    if (!W->Unknown.empty()) {
      WhyNot = W->Unknown;
      return std::nullopt;
    }
    for (const auto &[V, Where] : W->Values)
      addUnique(Out,
                Traced<int64_t>{V, Name + " is stored " + std::to_string(V) +
                                       " at " + Where});
  }
  if (Out.empty() || Out.size() > MaxValues) {
    WhyNot = Out.empty() ? "no store into " + Name + " is seen"
                         : Name + " is stored more than " +
                               std::to_string(MaxValues) + " values";
    return std::nullopt;
  }
  return Out;
}

std::vector<const ExternalCall *>
LaunchIndex::externalCalls(const std::string &Key) {
  std::vector<const ExternalCall *> Out;
  for (const auto &Facts : siblings())
    if (auto It = Facts->Calls.find(Key); It != Facts->Calls.end())
      for (const ExternalCall &C : It->second)
        Out.push_back(&C);
  return Out;
}

} // namespace warpcheck
