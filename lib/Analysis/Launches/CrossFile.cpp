//===--- CrossFile.cpp - Launches in the files next to one ----------------===//

#include "Launches/CrossFile.h"
#include "Host/HostSyntax.h"
#include "Host/Mutation.h"
#include "Launches/LaunchIndex.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
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

/// The most files next to one whose stores into a field are read.
constexpr size_t MaxMentioning = 4;
constexpr uint64_t MaxMentioningBytes = 2 * 1024 * 1024;

bool isSource(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".cpp" || Ext == ".cu" || Ext == ".cc" || Ext == ".cxx" ||
         Ext == ".c";
}

bool isHeader(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" ||
         Ext == ".cuh" || Ext == ".inl" || Ext == ".inc";
}

/// Sources and headers in File's directory, File excluded, by name.
std::vector<std::string> filesNextTo(const std::string &File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator
           It(llvm::sys::path::parent_path(Abs), EC),
       End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    if ((isSource(Path) || isHeader(Path)) &&
        !llvm::sys::fs::equivalent(Path, Abs))
      Out.push_back(Path.str());
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

bool isIdentifierChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Whether Text names a record of Names[1..] or may store into the field
/// Names[0]: `.f` or `->f` followed by an assignment, `++` or `--`, or on a
/// line with `&`, `++` or `--` before it.
bool mentions(llvm::StringRef Text, const std::vector<std::string> &Names) {
  for (size_t I = 0; I < Names.size(); ++I) {
    llvm::StringRef Name = Names[I];
    for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
         At = Text.find(Name, At + 1)) {
      size_t End = At + Name.size();
      if ((At > 0 && isIdentifierChar(Text[At - 1])) ||
          (End < Text.size() && isIdentifierChar(Text[End])))
        continue;
      if (I > 0)
        return true;
      llvm::StringRef Before = Text.substr(0, At).rtrim(" \t");
      if (!Before.ends_with(".") && !Before.ends_with("->"))
        continue;
      llvm::StringRef After = Text.substr(End).ltrim(" \t");
      if (After.starts_with("++") || After.starts_with("--") ||
          (After.size() > 1 && After[0] == '=' && After[1] != '=') ||
          (After.size() > 2 && After[1] == '=' &&
           llvm::StringRef("+-*/%&|^").contains(After[0])) ||
          After.starts_with("<<=") || After.starts_with(">>="))
        return true;
      size_t LineStart = Before.rfind('\n');
      llvm::StringRef Line =
          Before.substr(LineStart == llvm::StringRef::npos ? 0 : LineStart);
      bool AddressOf = false;
      for (size_t K = 0; K < Line.size(); ++K)
        if (Line[K] == '&') {
          bool Pair = K + 1 < Line.size() && Line[K + 1] == '&';
          AddressOf |= !Pair;
          K += Pair;
        }
      if (AddressOf || Line.contains("++") || Line.contains("--"))
        return true;
    }
  }
  return false;
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

/// The `const` integers with external linkage the main file defines in DC
/// (namespaces and `extern "C"` blocks included), by qualified name.
void collectConstants(
    const clang::DeclContext *DC, const clang::ASTContext &Ctx,
    std::map<std::string, std::pair<int64_t, unsigned>> &Out) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const clang::Decl *D : DC->decls()) {
    if (llvm::isa<clang::LinkageSpecDecl, clang::NamespaceDecl>(D)) {
      collectConstants(llvm::cast<clang::DeclContext>(D), Ctx, Out);
      continue;
    }
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
    if (!VD || !VD->isThisDeclarationADefinition() ||
        !VD->hasExternalFormalLinkage() || !VD->getInit() ||
        !VD->getType().isConstQualified() ||
        VD->getType().isVolatileQualified() ||
        !VD->getType()->isIntegralOrEnumerationType() ||
        !SM.isWrittenInMainFile(SM.getExpansionLoc(VD->getLocation())))
      continue;
    if (auto V = VD->getInit()->getIntegerConstantExpr(Ctx);
        V && V->getSignificantBits() <= 64)
      Out[VD->getQualifiedNameAsString()] = {
          V->getExtValue(), SM.getExpansionLineNumber(VD->getLocation())};
  }
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

SiblingFacts siblingFactsOf(const clang::ASTContext &Ctx, SiblingFiles *Files,
                            const std::string &Path) {
  BodyIndexScope Indexed; // this file's statements, walked once each
  SiblingFacts Out;
  LaunchIndex Index(Ctx); // siblings of siblings are not read
  if (Files)
    Index.evaluator().setExternConstants([Files, Path](const clang::VarDecl *VD) {
      return Files->externConstant(Path, VD->getQualifiedNameAsString());
    });
  for (const auto &[Kernel, Shapes] : Index.launchedShapes()) {
    Out.Launched[crossFileKey(Kernel, Ctx)] = Shapes;
    std::string At = definitionKey(Kernel, Ctx);
    if (!At.empty())
      Out.LaunchedAt[At] = Shapes;
  }
  Out.LaunchedByName = Index.namedLaunches();
  auto NotUsed = [](const LaunchIndex::UnresolvedLaunch &U) {
    return "the launch at " + U.Location + " is not used: " + U.Reason;
  };
  for (const auto &[Kernel, Launches] : Index.unresolved()) {
    if (Launches.empty())
      continue;
    Out.UnresolvedLaunched[crossFileKey(Kernel, Ctx)] = NotUsed(Launches[0]);
    std::string At = definitionKey(Kernel, Ctx);
    if (!At.empty())
      Out.UnresolvedAt[At] = NotUsed(Launches[0]);
  }
  for (const auto &[Name, Launches] : Index.unresolvedNamed())
    if (!Launches.empty())
      Out.UnresolvedByName[Name] = NotUsed(Launches[0]);
  if (!Index.unknownNamedLaunches().empty())
    Out.UnknownNamedLaunch = NotUsed(Index.unknownNamedLaunches()[0]);
  Out.Fields = fieldWritesOf(Ctx, Index.evaluator());
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
  for (const std::string &Path : candidates(File))
    if (auto Facts = factsOf(Path))
      Out.push_back(std::move(Facts));
  return Out;
}

std::shared_ptr<const SiblingFacts>
SiblingFiles::factsOf(const std::string &Path) {
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
               [&](clang::ASTContext &Ctx) {
                 *Facts = siblingFactsOf(Ctx, this, Path);
               }))
      E->Facts = std::move(Facts);
  });
  return E->Facts;
}

std::shared_ptr<const SiblingFiles::Constants>
SiblingFiles::constantsOf(const std::string &Path) {
  std::shared_ptr<ConstantsEntry> E;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto &Slot = ConstantFiles[Path];
    if (!Slot)
      Slot = std::make_shared<ConstantsEntry>();
    E = Slot;
  }
  std::call_once(E->Once, [&] {
    auto Defined = std::make_shared<Constants>();
    if (Parser(Path, [&](clang::ASTContext &Ctx) {
          collectConstants(Ctx.getTranslationUnitDecl(), Ctx, *Defined);
        }))
      E->Defined = std::move(Defined);
  });
  return E->Defined;
}

std::optional<Traced<int64_t>>
SiblingFiles::externConstant(const std::string &File, const std::string &Name) {
  if (!Parser)
    return std::nullopt;
  llvm::StringRef Short = llvm::StringRef(Name).rsplit("::").second;
  if (Short.empty())
    Short = Name;
  std::optional<Traced<int64_t>> Found;
  for (const std::string &Path : candidates(File)) {

    auto Text = llvm::MemoryBuffer::getFile(Path);
    if (!Text)
      continue;
    // Only a file whose text may define it is parsed: `Name =`.
    llvm::StringRef T = (*Text)->getBuffer();
    bool Defines = false;
    for (size_t At = T.find(Short); At != llvm::StringRef::npos && !Defines;
         At = T.find(Short, At + 1)) {
      size_t End = At + Short.size();
      Defines = (At == 0 || !isIdentifierChar(T[At - 1])) &&
                T.substr(End).ltrim(" \t").starts_with("=") &&
                !T.substr(End).ltrim(" \t").starts_with("==");
    }
    if (!Defines)
      continue;
    auto Defined = constantsOf(Path);
    if (!Defined)
      continue;
    auto It = Defined->find(Name);
    if (It == Defined->end())
      continue;
    if (Found && Found->Value != It->second.first)
      return std::nullopt; // two files disagree
    Found = Traced<int64_t>{
        It->second.first,
        llvm::formatv("'{0}' is {1}, defined at {2}:{3}", Name,
                      It->second.first, llvm::sys::path::filename(Path),
                      It->second.second)
            .str()};
  }
  return Found;
}

std::optional<std::vector<std::shared_ptr<const SiblingFacts>>>
SiblingFiles::factsMentioning(
    const std::string &File, const std::vector<std::string> &Names,
    llvm::function_ref<bool(const std::string &)> Included,
    std::string &WhyNot) {
  std::string Key = File;
  for (const std::string &Name : Names)
    Key += '\0' + Name;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (auto It = MentioningCache.find(Key); It != MentioningCache.end()) {
      WhyNot = It->second->WhyNot;
      return It->second->Facts;
    }
  }
  auto Answer = std::make_shared<Mentioning>();
  Answer->Facts = readMentioning(File, Names, Included, Answer->WhyNot);
  WhyNot = Answer->WhyNot;
  std::lock_guard<std::mutex> Lock(Mutex);
  MentioningCache[Key] = Answer;
  return Answer->Facts;
}

std::optional<std::vector<std::shared_ptr<const SiblingFacts>>>
SiblingFiles::readMentioning(
    const std::string &File, const std::vector<std::string> &Names,
    llvm::function_ref<bool(const std::string &)> Included,
    std::string &WhyNot) {
  std::vector<std::shared_ptr<const SiblingFacts>> Out;
  if (!Parser || Names.empty()) {
    WhyNot = "the other files of the program are not read";
    return std::nullopt;
  }
  std::vector<std::string> Sources;
  for (const std::string &Path : filesNextTo(File)) {
    auto Text = llvm::MemoryBuffer::getFile(Path);
    if (!Text) {
      WhyNot = "'" + llvm::sys::path::filename(Path).str() +
               "' next to it cannot be read";
      return std::nullopt;
    }
    if (!mentions((*Text)->getBuffer(), Names))
      continue;
    std::string Name = llvm::sys::path::filename(Path).str();
    if (!isSource(Path)) {
      if (Included(Path))
        continue; // read by this translation unit: its stores are here
      WhyNot = "'" + Name + "' mentions '" + Names[0] +
               "' and is not read by this file";
      return std::nullopt;
    }
    if ((*Text)->getBufferSize() > MaxMentioningBytes ||
        Sources.size() == MaxMentioning) {
      WhyNot = "'" + Name + "' mentions '" + Names[0] + "' and is not read";
      return std::nullopt;
    }
    Sources.push_back(Path);
  }
  for (const std::string &Path : Sources) {
    auto Facts = factsOf(Path);
    if (!Facts) {
      WhyNot = "'" + llvm::sys::path::filename(Path).str() + "' mentions '" +
               Names[0] + "' and does not parse";
      return std::nullopt;
    }
    Out.push_back(std::move(Facts));
  }
  return Out;
}

} // namespace warpcheck
