//===--- BlockShapePolicy.cpp - The block shapes to analyze a kernel with -===//

#include "Launches/BlockShapePolicy.h"
#include "CudaBuiltins.h"
#include "Host/HostSyntax.h"
#include "Host/HostValue.h"
#include "Launches/CrossFile.h"
#include "Launches/LaunchIndex.h"
#include "Launches/ShapeFamily.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {

std::map<std::string, Dim3>
BlockShapeOptions::parsePerKernel(llvm::StringRef Text, std::string &Error) {
  std::map<std::string, Dim3> Result;
  llvm::SmallVector<llvm::StringRef, 8> Entries;
  Text.split(Entries, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Entry : Entries) {
    auto [Name, Shape] = Entry.trim().split('=');
    auto D = Dim3::parse(Shape.trim().str());
    if (Name.trim().empty() || !D) {
      Error = "invalid per-kernel block shape '" + Entry.str() +
              "' (expected name=X[,Y[,Z]])";
      continue;
    }
    Result[Name.trim().str()] = *D;
  }
  return Result;
}

namespace {
/// Shapes from a `// warpcheck: block 16x16 [32x8 ...]` comment on the line
/// before the kernel (or before its template header).
std::vector<BlockShapeChoice> shapesFromComment(const FunctionDecl *Kernel,
                                                const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<SourceLocation> Starts{Kernel->getBeginLoc()};
  if (const FunctionDecl *Pattern = Kernel->getTemplateInstantiationPattern())
    Starts.push_back(Pattern->getBeginLoc());
  for (const FunctionDecl *F : std::initializer_list<const FunctionDecl *>{
           Kernel, Kernel->getTemplateInstantiationPattern()})
    if (F)
      if (const FunctionTemplateDecl *T = F->getDescribedFunctionTemplate())
        Starts.push_back(T->getBeginLoc());
  for (SourceLocation Start : Starts) {
    if (Start.isInvalid())
      continue;
    auto [FID, Offset] = SM.getDecomposedExpansionLoc(Start);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(FID, &Invalid);
    if (Invalid || Offset > Buffer.size())
      continue;
    // StringRef::rfind looks before its position.
    size_t LineStart = Buffer.rfind('\n', Offset);
    if (LineStart == StringRef::npos)
      continue;
    size_t PrevStart = Buffer.rfind('\n', LineStart);
    PrevStart = PrevStart == StringRef::npos ? 0 : PrevStart + 1;
    StringRef Line = Buffer.slice(PrevStart, LineStart).trim();
    if (!Line.consume_front("//"))
      continue;
    Line = Line.trim();
    if (!Line.consume_front("warpcheck:"))
      continue;
    Line = Line.trim();
    if (!Line.consume_front("block"))
      continue;
    std::string Where =
        locationText(SM.getComposedLoc(FID, unsigned(PrevStart)), SM);
    llvm::SmallVector<StringRef, 4> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    std::vector<BlockShapeChoice> Out;
    for (StringRef Word : Words)
      if (auto D = Dim3::parse(Word.trim().str())) {
        bool Seen = false;
        for (const auto &O : Out)
          Seen |= O.Block == *D;
        if (!Seen)
          Out.push_back({*D, "comment",
                         "from the comment 'warpcheck: block " +
                             Line.trim().str() + "' at " + Where});
      }
    if (!Out.empty())
      return Out;
  }
  return {};
}

/// The values the kernel compares blockDim.x, .y and .z with
/// (`if (blockDim.x != 128) return;`), and where the first comparison is.
struct Comparisons {
  std::vector<unsigned> Values[3];
  /// "blockDim.x == 64' at main.cu:12", per value of Values.
  std::vector<std::string> Where[3];
};

void collectComparisons(const Stmt *S, const ASTContext &Ctx,
                        Comparisons &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isEqualityOp()) {
    for (auto [Side, Other] : {std::pair{BO->getLHS(), BO->getRHS()},
                               std::pair{BO->getRHS(), BO->getLHS()}}) {
      std::string Member = builtinMember(Side, "blockDim");
      if (Member.empty())
        continue;
      auto V = evaluateInt(Other, Ctx);
      if (!V || *V <= 0 || *V > 1024)
        continue;
      auto &List = Out.Values[Member[0] - 'x'];
      if (std::find(List.begin(), List.end(), unsigned(*V)) != List.end())
        continue;
      List.push_back(unsigned(*V));
      std::string Text = sourceText(BO, Ctx);
      Out.Where[Member[0] - 'x'].push_back(
          (Text.empty() ? "blockDim." + Member + " == " + std::to_string(*V)
                        : Text) +
          "' at " + locationText(BO->getBeginLoc(), Ctx.getSourceManager()));
    }
  }
  for (const Stmt *Child : S->children())
    collectComparisons(Child, Ctx, Out);
}
} // namespace

namespace {

/// Shapes the options or the code fix: the per-kernel option, a comment,
/// the launches in this file or the files next to it. Empty when none.
/// Incomplete: why the launched shapes may not be every launch's (a launch
/// elsewhere whose shape is not known, more shapes than are analyzed).
std::vector<BlockShapeChoice> fixedShapes(const FunctionDecl *Kernel,
                                          const LaunchIndex &Launches,
                                          const BlockShapeOptions &Options,
                                          const ASTContext &Ctx,
                                          std::string &Incomplete) {
  for (const std::string &Key :
       {displayName(Kernel, Ctx), Kernel->getNameAsString()}) {
    auto It = Options.PerKernel.find(Key);
    if (It != Options.PerKernel.end())
      return {{It->second, "option", "from the per-kernel option"}};
  }
  std::vector<BlockShapeChoice> Commented = shapesFromComment(Kernel, Ctx);
  if (!Commented.empty())
    return Commented;
  // Launches name the primary template's specialization: look it up through
  // the canonical declaration of this instantiation.
  std::vector<BlockShapeChoice> Out = Launches.shapesFor(Kernel);
  bool LaunchedHere = !Out.empty();
  auto Add = [&](const std::vector<BlockShapeChoice> &More) {
    for (const BlockShapeChoice &C : More) {
      bool Seen = false;
      for (const auto &E : Out)
        Seen |= E.Block == C.Block;
      if (Seen)
        continue;
      if (Out.size() < MaxShapes)
        Out.push_back(C);
      else if (Incomplete.empty())
        Incomplete = "the kernel is launched with more than " +
                     std::to_string(MaxShapes) + " block shapes";
    }
  };
  auto NotAll = [&](const std::map<std::string, std::string> &Unresolved,
                    const std::string &Key) {
    if (auto It = Unresolved.find(Key);
        It != Unresolved.end() && Incomplete.empty())
      Incomplete = It->second;
  };
  // An extern "C" kernel launched by name through the driver API, here or
  // in a file next to this one: every such launch adds its shapes. A
  // driver launch whose kernel or shape is not known may run it otherwise.
  std::string Name = Kernel->getIdentifier() ? Kernel->getName().str() : "";
  if (Kernel->isExternC() && !Name.empty()) {
    if (auto It = Launches.namedLaunches().find(Name);
        It != Launches.namedLaunches().end())
      Add(It->second);
    if (auto It = Launches.unresolvedNamed().find(Name);
        It != Launches.unresolvedNamed().end() && Incomplete.empty())
      Incomplete = "the launch at " + It->second.front().Location +
                   " is not used: " + It->second.front().Reason;
    if (!Launches.unknownNamedLaunches().empty() && Incomplete.empty())
      Incomplete = "the launch at " +
                   Launches.unknownNamedLaunches().front().Location +
                   " may run it and is not used: " +
                   Launches.unknownNamedLaunches().front().Reason;
    for (const auto &Facts : Launches.siblings()) {
      if (auto It = Facts->LaunchedByName.find(Name);
          It != Facts->LaunchedByName.end())
        Add(It->second);
      NotAll(Facts->UnresolvedByName, Name);
      if (!Facts->UnknownNamedLaunch.empty() && Incomplete.empty())
        Incomplete = Facts->UnknownNamedLaunch + " (it may run this kernel)";
    }
  }
  if (LaunchedHere)
    return Out;
  // Not launched here: a file next to this one may #include this kernel's
  // definition and launch it (a kernel file also compiled on its own, the
  // kernel `static` or not); its launches of that definition count.
  std::string At = definitionKey(Kernel, Ctx);
  if (!At.empty())
    for (const auto &Facts : Launches.siblings()) {
      if (auto It = Facts->LaunchedAt.find(At); It != Facts->LaunchedAt.end())
        Add(It->second);
      NotAll(Facts->UnresolvedAt, At);
    }
  if (!Kernel->isExternallyVisible())
    return Out;
  // Launched in a file next to this one (a kernel declared there).
  std::string Key = crossFileKey(Kernel, Ctx);
  for (const auto &Facts : Launches.siblings()) {
    if (auto It = Facts->Launched.find(Key); It != Facts->Launched.end())
      Add(It->second);
    NotAll(Facts->UnresolvedLaunched, Key);
  }
  return Out;
}

/// Why the launches of Kernel whose shape is not known give none; empty
/// when there are none.
std::string launchesNotUsed(const FunctionDecl *Kernel,
                            const LaunchIndex &Launches) {
  const auto &Unresolved = Launches.unresolvedLaunches(Kernel);
  if (Unresolved.size() == 1)
    return "the launch at " + Unresolved.front().Location +
           " is not used: " + Unresolved.front().Reason;
  if (!Unresolved.empty())
    return "the " + std::to_string(Unresolved.size()) +
           " launches are not used; the one at " + Unresolved.front().Location +
           ": " + Unresolved.front().Reason;
  return "";
}

/// The blockDim values the kernel compares against, with the launch bounds
/// filling the dimension not compared.
std::vector<BlockShapeChoice> comparedShapes(const FunctionDecl *Kernel,
                                             std::optional<int64_t> Bound,
                                             const std::string &Suffix,
                                             const ASTContext &Ctx) {
  Comparisons Compared;
  collectComparisons(Kernel->getBody(), Ctx, Compared);
  std::vector<BlockShapeChoice> Out;
  if (Compared.Values[0].empty() && Compared.Values[1].empty())
    return Out;
  auto Or1 = [](const std::vector<unsigned> &V) {
    return V.empty() ? std::vector<unsigned>{0} : V;
  };
  auto WhereOf = [&](unsigned Dim, unsigned V) {
    for (size_t I = 0; I < Compared.Values[Dim].size(); ++I)
      if (Compared.Values[Dim][I] == V)
        return "'" + Compared.Where[Dim][I];
    return std::string();
  };
  for (unsigned X : Or1(Compared.Values[0]))
    for (unsigned Y : Or1(Compared.Values[1]))
      for (unsigned Z : Or1(Compared.Values[2])) {
        std::string From = "from the comparison";
        std::string Sep = " ";
        for (auto [Dim, V] : {std::pair{0u, X}, {1u, Y}, {2u, Z}})
          if (V) {
            From += Sep + WhereOf(Dim, V);
            Sep = " and ";
          }
        Dim3 D{X ? X : 1, Y ? Y : 1, Z ? Z : 1};
        unsigned Known = D.X * D.Y * D.Z;
        if (Bound && (!X || !Y) && *Bound % Known == 0 && *Bound > Known) {
          (X ? D.Y : D.X) = unsigned(*Bound / Known);
          From += " and __launch_bounds__(" + std::to_string(*Bound) + ")";
        }
        if (D.threads() > 1024 || Out.size() >= MaxShapes)
          continue;
        Out.push_back({D, "comparison", From + Suffix});
      }
  return Out;
}

/// Nothing fixes the shape: a family consistent with the code, else one
/// shape assumed (__launch_bounds__ as a 1-D block, or the default).
std::vector<BlockShapeChoice> assumedShapes(const FunctionDecl *Kernel,
                                            std::optional<int64_t> Bound,
                                            const std::string &NotUsed,
                                            const ASTContext &Ctx) {
  std::string NoFamily;
  if (auto Family = shapeFamily(Kernel, Ctx, Bound, NoFamily)) {
    std::string Count = std::to_string(Family->Shapes.size());
    std::string Description =
        Family->Shapes.size() == 1
            ? "the only shape assumed of " + Family->Assumed
            : "one of " + Count + " shapes assumed, " + Family->Assumed +
                  "; what is reported holds for " +
                  (Family->Shapes.size() == 2 ? "both" : "all " + Count);
    Description += Family->Shapes.size() == 1
                       ? "; what is reported holds for it, not for another "
                         "shape"
                       : ", not for a shape outside them";
    Description += NotUsed.empty() ? "; no launch of this kernel in the file"
                                   : "; " + NotUsed;
    return {{Family->Shapes.front(), "family", Description,
             std::move(Family->Shapes)}};
  }
  const std::string NotCovered = "; assumed: what is reported holds for "
                                 "this shape, not for a launch with another";
  if (Bound)
    return {{Dim3{unsigned(*Bound), 1, 1}, "launch_bounds",
             "from __launch_bounds__(" + std::to_string(*Bound) +
                 "), taken as a 1-D block (" + NoFamily + ")" + NotCovered +
                 (NotUsed.empty() ? "" : "; " + NotUsed)}};
  if (!NotUsed.empty())
    return {{DefaultBlockDim, "default",
             "default; " + NoFamily + NotCovered + "; " + NotUsed +
                 ": set --block-dim or the per-kernel option"}};
  return {{DefaultBlockDim, "default",
           "default; " + NoFamily + NotCovered +
               "; no launch of this kernel in the file: set --block-dim "
               "or the per-kernel option"}};
}

} // namespace

std::vector<BlockShapeChoice>
chooseBlockShapes(const FunctionDecl *Kernel, const LaunchIndex &Launches,
                  const BlockShapeOptions &Options, const ASTContext &Ctx) {
  std::string Incomplete;
  std::vector<BlockShapeChoice> Fixed =
      fixedShapes(Kernel, Launches, Options, Ctx, Incomplete);
  std::string NotAllLaunches = launchesNotUsed(Kernel, Launches);
  if (NotAllLaunches.empty())
    NotAllLaunches = Incomplete;
  if (!Fixed.empty() &&
      (Fixed.front().Source != "launch" || NotAllLaunches.empty()))
    return Fixed;
  if (!Fixed.empty()) {
    // Some launches fix a shape and another does not: the launched shapes
    // are analyzed as an assumption (never exact), since the other launch
    // may use a shape outside them.
    BlockShapeChoice C = Fixed.front();
    C.Source = "family";
    for (const BlockShapeChoice &F : Fixed)
      C.Family.push_back(F.Block);
    C.Description += "; " + NotAllLaunches +
                     "; what is reported holds for the launched shape" +
                     (Fixed.size() > 1 ? "s" : "") + ", not for that launch";
    return {C};
  }
  // Launches whose shape is not known give none; the shape used instead
  // says why they were not used.
  std::string NotUsed = launchesNotUsed(Kernel, Launches);
  std::string Suffix = NotUsed.empty() ? "" : "; " + NotUsed;
  if (Options.CommandLine)
    return {{*Options.CommandLine, "block-dim", "from --block-dim" + Suffix}};
  std::optional<int64_t> Bound;
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
    if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent())
      if (auto N = evaluateInt(LB->getMaxThreads(), Ctx);
          N && *N > 0 && *N <= 1024)
        Bound = *N;
  std::vector<BlockShapeChoice> Compared =
      comparedShapes(Kernel, Bound, Suffix, Ctx);
  if (!Compared.empty())
    return Compared;
  return assumedShapes(Kernel, Bound, NotUsed, Ctx);
}

} // namespace warpcheck
