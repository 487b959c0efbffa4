//===--- CrossFile.cpp - Launches in the files next to one ----------------===//

#include "Launches/CrossFile.h"
#include "Host/HostSyntax.h"
#include "Launches/LaunchIndex.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace warpcheck {
namespace {
/// Largest sibling parsed, and most siblings per directory.
constexpr uint64_t MaxSiblingBytes = 512 * 1024;
constexpr size_t MaxSiblings = 8;
/// Most calls of one function recorded per file.
constexpr size_t MaxCallsPerFunction = 64;

/// Sources in File's directory, File excluded, by name.
std::vector<std::string> candidates(const std::string &File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::StringRef Dir = llvm::sys::path::parent_path(Abs);
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Ext = llvm::sys::path::extension(Path);
    if (!(Ext == ".cpp" || Ext == ".cu" || Ext == ".cc" || Ext == ".cxx") ||
        llvm::sys::fs::equivalent(Path, Abs))
      continue;
    uint64_t Size = 0;
    if (llvm::sys::fs::file_size(Path, Size) || Size > MaxSiblingBytes)
      continue;
    Out.push_back(Path.str());
  }
  std::sort(Out.begin(), Out.end());
  if (Out.size() > MaxSiblings)
    Out.resize(MaxSiblings);
  return Out;
}

/// A function another file may define: declared, not defined, here, with
/// an integer or dim3 parameter.
bool definedElsewhere(const clang::FunctionDecl *F,
                      const clang::SourceManager &SM) {
  if (F->hasBody() || !F->isExternallyVisible() || F->getNumParams() == 0 ||
      F->getNumParams() > 16 ||
      SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return false;
  for (const clang::ParmVarDecl *P : F->parameters())
    if (P->getType()->isIntegralOrEnumerationType() ||
        isDim3(P->getType().getNonReferenceType()))
      return true;
  return false;
}

/// The values of Call's integer and dim3 arguments.
ExternalCall describeCall(const clang::CallExpr *Call,
                          const clang::FunctionDecl *Callee,
                          const clang::FunctionDecl *Caller,
                          HostEvaluator &Eval, const clang::SourceManager &SM) {
  ExternalCall C;
  C.Location = locationText(Call->getBeginLoc(), SM);
  unsigned N = Callee->getNumParams();
  C.Ints.resize(N);
  C.Dims.resize(N);
  C.WhyNot.resize(N);
  for (unsigned I = 0; I < N && I < Call->getNumArgs(); ++I) {
    const clang::Expr *Arg = Call->getArg(I);
    clang::QualType T = Callee->getParamDecl(I)->getType();
    std::string Why;
    if (T->isIntegralOrEnumerationType()) {
      if (auto V = Eval.ints(Arg, Caller, Why)) {
        C.Ints[I].emplace();
        for (auto &X : *V)
          C.Ints[I]->push_back({X.Value, X.Via});
      }
    } else if (isDim3(T.getNonReferenceType())) {
      if (auto V = Eval.dims(Arg, Caller, Why)) {
        C.Dims[I].emplace();
        for (auto &X : *V)
          C.Dims[I]->push_back({X.Value, X.Via});
      }
    }
    C.WhyNot[I] = Why;
  }
  return C;
}

} // namespace

std::string absolutePath(clang::FileEntryRef File,
                         const clang::SourceManager &SM) {
  // The path the file was opened at, not its name made absolute with the
  // process's directory: a compile database names files relative to each
  // command's directory.
  llvm::SmallString<256> Path(File.getFileEntry().tryGetRealPathName());
  if (Path.empty()) {
    Path = File.getName();
    SM.getFileManager().getVirtualFileSystem().makeAbsolute(Path);
  }
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string definitionKey(const clang::FunctionDecl *Kernel,
                          const clang::ASTContext &Ctx) {
  const clang::FunctionDecl *Def = Kernel->getDefinition();
  if (!Def)
    return "";
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation Loc = SM.getExpansionLoc(Def->getLocation());
  auto File = SM.getFileEntryRefForID(SM.getFileID(Loc));
  if (!File)
    return "";
  return absolutePath(*File, SM) + ":" +
         std::to_string(SM.getExpansionLineNumber(Loc)) + "|" +
         crossFileKey(Kernel, Ctx);
}

SiblingFacts siblingFactsOf(const clang::ASTContext &Ctx) {
  SiblingFacts Out;
  LaunchIndex Index(Ctx); // siblings of siblings are not read
  for (const auto &[Kernel, Shapes] : Index.launchedShapes()) {
    Out.Launched[crossFileKey(Kernel, Ctx)] = Shapes;
    std::string At = definitionKey(Kernel, Ctx);
    if (!At.empty())
      Out.LaunchedAt[At] = Shapes;
  }
  Out.LaunchedByName = Index.namedLaunches();
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const auto &[Callee, Sites] : Index.calls().calls()) {
    if (Sites.empty() || !definedElsewhere(Callee, SM))
      continue;
    auto &List = Out.Calls[crossFileKey(Callee, Ctx)];
    for (const CallGraph::Site &Site : Sites) {
      if (List.size() >= MaxCallsPerFunction)
        break;
      List.push_back(
          describeCall(Site.Call, Callee, Site.Caller, Index.evaluator(), SM));
    }
  }
  return Out;
}

std::vector<std::shared_ptr<const SiblingFacts>>
SiblingFiles::factsNextTo(const std::string &File) {
  std::vector<std::shared_ptr<const SiblingFacts>> Out;
  if (!Parser)
    return Out;
  for (const std::string &Path : candidates(File)) {
    std::shared_ptr<Entry> E;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto &Slot = Files[Path];
      if (!Slot)
        Slot = std::make_shared<Entry>();
      E = Slot;
    }
    // Parsed once; another thread asking meanwhile waits for it.
    std::call_once(E->Once, [&] {
      auto Facts = std::make_shared<SiblingFacts>();
      if (Parser(Path,
                 [&](clang::ASTContext &Ctx) { *Facts = siblingFactsOf(Ctx); }))
        E->Facts = std::move(Facts);
    });
    if (E->Facts)
      Out.push_back(E->Facts);
  }
  return Out;
}

} // namespace warpcheck
