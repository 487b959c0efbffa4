//===--- ResultCache.cpp - Results of unchanged files, kept ---------------===//

#include "ResultCache.h"

#include "AtomicWrite.h"
#include "BoundedInput.h"
#include "CachedResult.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <link.h>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

namespace {

/// The first line of every entry, before the checksum of the rest.
constexpr llvm::StringLiteral Magic = "warpcheck-result-cache 1 ";
/// Entries larger than this are not read (nor written).
constexpr uint64_t MaxEntryBytes = uint64_t(512) << 20;

/// This build of warpcheck: the executable's content (warpcheck's code is
/// linked into it) and the shared libraries loaded (LLVM's and clang's, by
/// name, size and time: a package update replaces them).
std::string buildId() {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
  std::string Text = "exe " + Exe + "\n";
  if (auto Buf = llvm::MemoryBuffer::getFile(Exe, false, false))
    Text += contentHash((*Buf)->getBuffer());
  else
    return ""; // unknown build: no cache
  std::vector<std::string> Libraries;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        if (Info->dlpi_name && *Info->dlpi_name)
          static_cast<std::vector<std::string> *>(Data)->push_back(
              Info->dlpi_name);
        return 0;
      },
      &Libraries);
  for (const std::string &Lib : Libraries) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Lib, St))
      continue;
    Text +=
        llvm::formatv("\nlib {0} {1} {2} {3}", Lib, St.getSize(),
                      St.getLastModificationTime().time_since_epoch().count(),
                      St.getUniqueID().getFile())
            .str();
  }
  return contentHash(Text);
}

/// The state of the configuration files that apply to Abs (.warpcheck.yaml
/// and .clang-tidy in every directory above it, found or not).
std::string configurationState(llvm::StringRef Abs) {
  std::string Out;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Abs); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir))
    for (const char *Name : {".warpcheck.yaml", ".clang-tidy"}) {
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, Name);
      FileDependency D = currentState(Path, FileDependency::Content);
      if (D.What != FileDependency::Missing)
        Out += std::string(Path) + " " + std::to_string(D.What) + " " + D.Hash +
               "\n";
    }
  return Out;
}

} // namespace

std::string resolveCacheDir(bool NoCache, llvm::StringRef Given) {
  if (NoCache)
    return "";
  if (!Given.empty())
    return Given.str();
  if (const char *Off = std::getenv("WARPCHECK_NO_CACHE");
      Off && *Off && llvm::StringRef(Off) != "0")
    return "";
  llvm::SmallString<256> Dir;
  // The XDG base directory specification: an empty or relative value is
  // ignored.
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME");
      Xdg && llvm::sys::path::is_absolute(Xdg))
    Dir = Xdg;
  else if (const char *Home = std::getenv("HOME");
           Home && llvm::sys::path::is_absolute(Home))
    llvm::sys::path::append(Dir, Home, ".cache");
  else
    return "";
  llvm::sys::path::append(Dir, "warpcheck");
  return std::string(Dir);
}

std::string cacheBypassReason(const DriverOptions &Options) {
  // --export-fixes protects every file the analyses read (Fixes.cpp), which
  // a stored result does not list.
  if (Options.Fix || !Options.ExportFixes.empty())
    return "--fix and --export-fixes";
  if (Options.VerifyPtx || Options.VerifySass)
    return "--verify-ptx and --verify-sass run nvcc";
  if (!Options.PtxFile.empty() || !Options.PtxasLog.empty() ||
      !Options.SassFile.empty())
    return "compiler output is given";
  // The analysis prints its engine runs: a cached file would print none.
  if (std::getenv("WARPCHECK_DEBUG_ANALYSIS_CACHE"))
    return "WARPCHECK_DEBUG_ANALYSIS_CACHE is set";
  return "";
}

std::string cacheKeyText(const DriverOptions &Options, llvm::StringRef BuildId,
                         const FileCommand &Command, llvm::StringRef File,
                         llvm::StringRef ContentHash) {
  std::string Text;
  // Each value with its length: no two different lists read the same.
  auto Add = [&](llvm::StringRef Name, const llvm::Twine &Value) {
    std::string V = Value.str();
    Text += Name.str() + " " + std::to_string(V.size()) + ":" + V + "\n";
  };
  auto AddList = [&](llvm::StringRef Name,
                     const std::vector<std::string> &Values) {
    Add(Name, llvm::Twine(Values.size()));
    for (const std::string &V : Values)
      Add(Name, V);
  };
  Add("version", Options.Version);
  Add("llvm", LLVM_VERSION_STRING);
  Add("build", BuildId);
  llvm::SmallString<256> Cwd, Abs(File);
  llvm::sys::fs::current_path(Cwd);
  llvm::sys::fs::make_absolute(Abs);
  Add("file", File);
  Add("cwd", Cwd);
  Add("content", ContentHash);
  Add("configuration", configurationState(Abs));
  for (const auto &C : Command.Commands) {
    Add("directory", C.Directory);
    Add("filename", C.Filename);
    Add("output", C.Output);
    AddList("command", C.CommandLine);
  }
  for (const TranslatedCommand &T : Command.Translated) {
    AddList("translated", T.Args);
    AddList("dropped", T.Dropped);
    AddList("capped", T.Capped);
    Add("arch", T.Arch + (T.ArchFromCommand ? " command" : " default"));
    Add("replaced_arch", T.ReplacedArch);
    Add("front_end", llvm::Twine(T.FrontEnd));
  }
  // Every option that changes results: the checks' options (checks, block
  // shapes, --min-ways, --warnings-as-errors, --fix-style, ...), the parse's,
  // and the run's.
  Add("overrides", configurationAsText(Options.Overrides));
  Add("default_arch", Options.Parse.DefaultArch);
  Add("toolkit", Options.Parse.Headers.ToolkitPath + " " +
                     Options.Parse.Headers.ToolkitVersion);
  Add("resource_dir", Options.Parse.ResourceDir);
  AddList("stubbed", Options.Parse.StubbedHeaders);
  Add("verify",
      llvm::Twine(Options.VerifyPtx) + " " + llvm::Twine(Options.VerifySass));
  // The environment clang's driver reads: include paths, its own options.
  for (const char *Var :
       {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH",
        "OBJCPLUS_INCLUDE_PATH", "CCC_OVERRIDE_OPTIONS", "COMPILER_PATH",
        "SOURCE_DATE_EPOCH", "CUDA_PATH"}) {
    const char *Value = std::getenv(Var);
    Add(Var, Value ? "set " + std::string(Value) : std::string("unset"));
  }
  return Text;
}

std::string encodeCacheEntry(llvm::StringRef Key,
                             const std::vector<FileDependency> &Deps,
                             const FileAnalysis &R) {
  llvm::json::Array DepsJson;
  for (const FileDependency &D : Deps)
    DepsJson.push_back(llvm::json::Array{D.Path, int64_t(D.What), D.Hash});
  llvm::json::Object Body{{"key", Key},
                          {"dependencies", std::move(DepsJson)},
                          {"result", resultToJson(R)}};
  std::string Text = llvm::formatv("{0}", llvm::json::Value(std::move(Body)));
  return (Magic + contentHash(Text) + "\n" + Text).str();
}

bool decodeCacheEntry(llvm::StringRef Text, llvm::StringRef Key,
                      std::vector<FileDependency> &Deps, FileAnalysis &R) {
  if (!Text.consume_front(Magic))
    return false;
  auto [Checksum, Body] = Text.split('\n');
  if (Checksum != contentHash(Body))
    return false;
  auto Parsed = parseJsonBounded(Body);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return false;
  }
  const llvm::json::Object *O = Parsed->getAsObject();
  const llvm::json::Array *DepsJson = O ? O->getArray("dependencies") : nullptr;
  const llvm::json::Value *Result = O ? O->get("result") : nullptr;
  if (!O || O->getString("key") != Key || !DepsJson || !Result)
    return false;
  for (const llvm::json::Value &V : *DepsJson) {
    const llvm::json::Array *A = V.getAsArray();
    if (!A || A->size() != 3)
      return false;
    auto Path = (*A)[0].getAsString();
    auto What = (*A)[1].getAsInteger();
    auto Hash = (*A)[2].getAsString();
    if (!Path || !What || !Hash || *What < FileDependency::Missing ||
        *What > FileDependency::Sources)
      return false;
    Deps.push_back({Path->str(), FileDependency::Kind(*What), Hash->str()});
  }
  return resultFromJson(*Result, R);
}

ResultCache::ResultCache(const DriverOptions &Options, llvm::raw_ostream &Err)
    : Options(Options), Err(Err), Dir(Options.CacheDir) {
  if (Dir.empty() || !cacheBypassReason(Options).empty())
    return;
  BuildId = buildId();
  Enabled = !BuildId.empty();
}

std::string ResultCache::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "v1", Key.take_front(2), Key);
  return std::string(Path);
}

std::string ResultCache::keyOf(const FileCommand &Command,
                               const std::string &File) {
  if (!Enabled)
    return "";
  auto Buf = llvm::MemoryBuffer::getFile(File, false, false);
  if (!Buf)
    return "";
  return contentHash(cacheKeyText(Options, BuildId, Command, File,
                                  contentHash((*Buf)->getBuffer())));
}

std::unique_ptr<FileAnalysis> ResultCache::lookup(const std::string &Key,
                                                  const std::string &File) {
  std::string Path = entryPath(Key);
  uint64_t Size = 0;
  if (llvm::sys::fs::file_size(Path, Size) || Size > MaxEntryBytes)
    return nullptr;
  auto Buf = llvm::MemoryBuffer::getFile(Path, false, false);
  if (!Buf)
    return nullptr;
  auto R = std::make_unique<FileAnalysis>();
  std::vector<FileDependency> Deps;
  if (!decodeCacheEntry((*Buf)->getBuffer(), Key, Deps, *R) ||
      !Checker.firstChanged(Deps).empty())
    return nullptr;
  R->File = File;
  R->Cached = true;
  return R;
}

DependencyLog &ResultCache::siblingReads(const std::string &File) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &Log = Siblings[File];
  if (!Log)
    Log = std::make_unique<DependencyLog>();
  return *Log;
}

void ResultCache::addSiblingReads(const std::string &File,
                                  DependencyLog &Reads) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::StringRef Parent = llvm::sys::path::parent_path(Abs);
  // The files next to it are read by text (a constant's definition, a
  // field's stores) and parsed (launches), as CrossFile.cpp does.
  Reads.addCurrent(Parent, FileDependency::Sources);
  bool Parsed = false;
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const auto &[Sibling, Log] : Siblings) {
    llvm::SmallString<256> SiblingAbs(Sibling);
    llvm::sys::fs::make_absolute(SiblingAbs);
    if (llvm::sys::path::parent_path(SiblingAbs) != Parent)
      continue;
    Reads.merge(*Log);
    Parsed = true;
  }
  // A sibling's command comes from the database.
  if (Parsed && !Options.DatabaseFile.empty())
    Reads.addCurrent(Options.DatabaseFile, FileDependency::Content);
}

void ResultCache::store(const std::string &Key, const FileAnalysis &R,
                        const DependencyLog &Reads) {
  DependencyLog All;
  All.merge(Reads);
  addSiblingReads(R.File, All);
  if (!All.refused().empty())
    return;
  std::vector<FileDependency> Deps = All.entries();
  // What changed while the file was analyzed would be stored as it was
  // read: store only what still holds, under the key it still has.
  if (!DependencyChecker().firstChanged(Deps).empty() ||
      keyOf(R.Command, R.File) != Key)
    return;
  std::string Text = encodeCacheEntry(Key, Deps, R);
  if (Text.size() > MaxEntryBytes)
    return;
  std::string Path = entryPath(Key);
  std::error_code EC =
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  llvm::Error E =
      EC ? llvm::errorCodeToError(EC) : writeFileAtomically(Path, Text);
  if (!E)
    return;
  std::string Why = llvm::toString(std::move(E));
  if (!WriteFailed.exchange(true))
    Err << "warpcheck: note: cannot write the result cache in '" << Dir
        << "': " << Why << "; results are not kept\n";
}

} // namespace warpcheck
