//===--- SafeInput.cpp - Bounded, refusing readers for untrusted input ----===//

#include "SafeInput.h"

#include "BlockShape.h"
#include "Launches/BlockShapePolicy.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/YAMLParser.h"

#include <map>
#include <mutex>

namespace warpcheck {

// The warpcheck module's checks must be linked in for getCheckOptions to
// find them (as in Driver.cpp).
extern volatile int WarpcheckModuleAnchorSource;
[[maybe_unused]] static int WarpcheckModuleAnchorForOptions =
    WarpcheckModuleAnchorSource;

std::string describeBytes(uint64_t Bytes) {
  if (Bytes >= (uint64_t(1) << 20) && Bytes % (uint64_t(1) << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  if (Bytes >= 1024 && Bytes % 1024 == 0)
    return std::to_string(Bytes >> 10) + " KiB";
  return std::to_string(Bytes) + " bytes";
}

namespace {
const char *typeName(llvm::sys::fs::file_type T) {
  using llvm::sys::fs::file_type;
  switch (T) {
  case file_type::directory_file:
    return "a directory";
  case file_type::fifo_file:
    return "a FIFO";
  case file_type::character_file:
    return "a character device";
  case file_type::block_file:
    return "a block device";
  case file_type::socket_file:
    return "a socket";
  default:
    return "not a regular file";
  }
}
} // namespace

std::string checkInputFile(const llvm::Twine &Path, llvm::StringRef What,
                           uint64_t MaxBytes) {
  std::string P = Path.str();
  llvm::sys::fs::file_status St;
  // status() follows symbolic links and opens nothing: a FIFO is refused
  // before an open() could block on it.
  if (std::error_code EC = llvm::sys::fs::status(P, St))
    return "cannot read " + What.str() + " '" + P + "': " + EC.message();
  if (St.type() != llvm::sys::fs::file_type::regular_file)
    return What.str() + " '" + P + "' is " + typeName(St.type()) +
           ", not a regular file";
  if (St.getSize() > MaxBytes)
    return What.str() + " '" + P + "' is " + std::to_string(St.getSize()) +
           " bytes, over the limit of " + describeBytes(MaxBytes);
  return "";
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(const llvm::Twine &Path, llvm::StringRef What,
              uint64_t MaxBytes) {
  std::string P = Path.str();
  std::string Why = checkInputFile(P, What, MaxBytes);
  if (!Why.empty())
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument), Why);
  auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/true);
  if (!Buf)
    return llvm::createStringError(Buf.getError(),
                                   "cannot read " + What + " '" + P +
                                       "': " + Buf.getError().message());
  // It may have grown between the check and the read.
  if ((*Buf)->getBufferSize() > MaxBytes)
    return llvm::createStringError(
        std::make_error_code(std::errc::file_too_large),
        What + " '" + P + "' is over the limit of " + describeBytes(MaxBytes));
  return std::move(*Buf);
}

unsigned jsonDepth(llvm::StringRef Text) {
  unsigned Depth = 0, Max = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{')
      Max = std::max(Max, ++Depth);
    else if ((C == ']' || C == '}') && Depth > 0)
      --Depth;
  }
  return Max;
}

llvm::Expected<llvm::json::Value> parseJsonBounded(llvm::StringRef Text,
                                                   unsigned MaxDepth) {
  unsigned Depth = jsonDepth(Text);
  if (Depth > MaxDepth)
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "nested " + std::to_string(Depth) + " levels deep, over the limit of " +
            std::to_string(MaxDepth));
  return llvm::json::parse(Text);
}

unsigned yamlDepth(llvm::StringRef Text) {
  unsigned Max = 0, Flow = 0;
  llvm::SmallVector<size_t, 16> Indents;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    size_t Start = 0;
    unsigned Block = Indents.size();
    if (Flow == 0) {
      llvm::StringRef Body = Line.ltrim(" ");
      llvm::StringRef Trimmed = Body.trim();
      if (Trimmed.empty() || Trimmed.starts_with("#"))
        continue;
      size_t Indent = Line.size() - Body.size();
      while (!Indents.empty() && Indents.back() >= Indent)
        Indents.pop_back();
      Indents.push_back(Indent);
      // "- - - x" nests one sequence per dash on one line.
      unsigned Dashes = 0;
      while ((Body.starts_with("- ") || Body.starts_with("? ") ||
              Body == "-") &&
             !Body.empty()) {
        ++Dashes;
        Body = Body.drop_front(std::min<size_t>(2, Body.size())).ltrim(" ");
      }
      Block = Indents.size() + Dashes;
      Start = Line.size() - Body.size();
    }
    Max = std::max(Max, Block + Flow);
    char Quote = 0;
    for (size_t I = Start; I < Line.size(); ++I) {
      char C = Line[I];
      if (Quote) {
        if (C == Quote)
          Quote = 0;
        continue;
      }
      if (C == '\'' || C == '"')
        Quote = C;
      else if (C == '#' && (I == 0 || Line[I - 1] == ' '))
        break;
      else if (C == '[' || C == '{')
        Max = std::max(Max, Block + ++Flow);
      else if ((C == ']' || C == '}') && Flow > 0)
        --Flow;
    }
  }
  return Max;
}

std::vector<std::string> configFilesFor(llvm::StringRef File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::vector<std::string> Found;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Abs); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Config(Dir);
    llvm::sys::path::append(Config, ".warpcheck.yaml");
    if (!llvm::sys::fs::exists(Config))
      continue;
    Found.push_back(std::string(Config));
    // Only a valid file can say it inherits; an invalid one is reported.
    auto Buf = readInputFile(Config, "configuration file", limits::ConfigBytes);
    if (!Buf) {
      llvm::consumeError(Buf.takeError());
      break;
    }
    if (!llvm::Regex("^InheritParentConfig:[ \t]*true[ \t]*$",
                     llvm::Regex::Newline)
             .match((*Buf)->getBuffer()))
      break;
  }
  return Found;
}

bool isConcreteArch(llvm::StringRef Arch) {
  return llvm::Regex("^sm_[0-9]+[a-z]?$").match(Arch);
}

namespace {

/// Checks one option's value; "" when valid.
std::string checkOptionValue(llvm::StringRef Key, llvm::StringRef Value) {
  auto Unsigned = [&]() -> std::string {
    unsigned V;
    return Value.trim().getAsInteger(10, V)
               ? "'" + Value.str() + "' is not a non-negative integer"
               : "";
  };
  if (Key == "warpcheck.Arch")
    return isConcreteArch(Value)
               ? ""
               : "'" + Value.str() +
                     "' is not a GPU architecture of the form sm_XX (native "
                     "is not resolved: it would run a program)";
  llvm::StringRef Option = Key.rsplit('.').second;
  if (Option == "MinWays" || Option == "MaxPad" ||
      Option == "MaxLoopIterations" || Option == "UnrollBudget")
    return Unsigned();
  if (Option == "BlockDim") {
    std::string Text = Value.str();
    std::replace(Text.begin(), Text.end(), 'x', ',');
    return Value.empty() || Dim3::parse(Text) || Dim3::parse(Value.str())
               ? ""
               : "'" + Value.str() + "' is not a block shape X[,Y[,Z]]";
  }
  if (Option == "KernelBlockDims") {
    std::string Error;
    BlockShapeOptions::parsePerKernel(Value, Error);
    return Error;
  }
  if (Option == "FixStyle")
    return llvm::is_contained({"auto", "pad", "swizzle", "none"}, Value)
               ? ""
               : "'" + Value.str() + "' is not auto, pad, swizzle or none";
  if (Option == "ReportUnknown" || Option == "DeviceDebug")
    return llvm::is_contained({"true", "false", "1", "0"}, Value)
               ? ""
               : "'" + Value.str() + "' is not true or false";
  return "";
}

/// Every option key a configuration may set: what each registered warpcheck
/// check writes in storeOptions, found as clang-tidy's --dump-config finds
/// it (getCheckOptions builds every enabled check with a ClangTidyContext),
/// plus warpcheck.Arch, which belongs to the driver, not to a check. A check
/// that stores a new option is known here without a second list to edit.
const llvm::StringSet<> &knownCheckOptions() {
  static const llvm::StringSet<> Known = [] {
    clang::tidy::ClangTidyOptions Options =
        clang::tidy::ClangTidyOptions::getDefaults();
    Options.Checks = "-*,warpcheck-*";
    llvm::StringSet<> Keys;
    Keys.insert("warpcheck.Arch");
    for (const auto &Entry : clang::tidy::getCheckOptions(
             Options, /*AllowEnablingAnalyzerAlphaCheckers=*/false))
      Keys.insert(Entry.getKey());
    return Keys;
  }();
  return Known;
}

/// The validation of one file; the message may quote keys and values.
std::string validateConfigText(const std::string &Path) {
  auto Buf = readInputFile(Path, "configuration file", limits::ConfigBytes);
  if (!Buf)
    return Path + ": error: " + llvm::toString(Buf.takeError());
  llvm::StringRef Text = (*Buf)->getBuffer();
  unsigned Depth = yamlDepth(Text);
  if (Depth > limits::YamlDepth)
    return Path + ": error: nested " + std::to_string(Depth) +
           " levels deep, over the limit of " +
           std::to_string(limits::YamlDepth);

  llvm::SourceMgr SM;
  std::string First;
  auto Where = [&](const llvm::yaml::Node *N) {
    // After some syntax errors the parser gives no node, or one without a
    // place in the text (`? key` with a broken key).
    llvm::SMLoc Start = N ? N->getSourceRange().Start : llvm::SMLoc();
    if (!Start.isValid() || !SM.FindBufferContainingLoc(Start))
      return Path;
    auto [Line, Col] = SM.getLineAndColumn(Start);
    return Path + ":" + std::to_string(Line) + ":" + std::to_string(Col);
  };
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Context) {
        std::string &First = *static_cast<std::string *>(Context);
        if (First.empty() && D.getKind() == llvm::SourceMgr::DK_Error)
          First = std::to_string(D.getLineNo()) + ":" +
                  std::to_string(D.getColumnNo() + 1) +
                  ": error: " + D.getMessage().str();
      },
      &First);
  llvm::yaml::Stream Stream(llvm::MemoryBufferRef(Text, Path), SM);
  auto Fail = [&](const llvm::yaml::Node *N, const std::string &Message) {
    return Where(N) + ": error: " + Message;
  };
  auto ScalarText = [](llvm::yaml::Node *N,
                       llvm::SmallVectorImpl<char> &Storage)
      -> std::optional<llvm::StringRef> {
    if (auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N))
      return S->getValue(Storage);
    return std::nullopt;
  };
  auto CheckOption = [&](llvm::yaml::Node *KeyNode,
                         llvm::yaml::Node *ValueNode) -> std::string {
    llvm::SmallString<64> KS, VS;
    auto Key = ScalarText(KeyNode, KS);
    if (!Key)
      return Fail(KeyNode, "a CheckOptions key must be a string");
    if (!knownCheckOptions().contains(*Key))
      return Fail(KeyNode, "unknown option '" + Key->str() + "'");
    auto Value = ScalarText(ValueNode, VS);
    if (!Value)
      return Fail(ValueNode ? ValueNode : KeyNode,
                  "option '" + Key->str() + "' needs a string value");
    std::string Why = checkOptionValue(*Key, *Value);
    return Why.empty() ? "" : Fail(ValueNode, "option '" + Key->str() +
                                                  "': " + Why);
  };
  for (llvm::yaml::Document &Doc : Stream) {
    llvm::yaml::Node *Root = Doc.getRoot();
    if (!First.empty())
      break;
    if (!Root || llvm::isa<llvm::yaml::NullNode>(Root))
      continue;
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(Root);
    if (!Map)
      return Fail(Root, "a configuration must be a mapping of keys");
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      if (!First.empty())
        break;
      llvm::SmallString<64> KS;
      auto Key = ScalarText(KV.getKey(), KS);
      if (!Key)
        return Fail(KV.getKey(), "a key must be a string");
      static const llvm::StringSet<> TopLevel = {
          "Checks",        "WarningsAsErrors",   "HeaderFilterRegex",
          "SystemHeaders", "InheritParentConfig", "CheckOptions"};
      if (!TopLevel.contains(*Key))
        return Fail(KV.getKey(),
                    "unknown key '" + Key->str() +
                        "' (known: Checks, WarningsAsErrors, "
                        "HeaderFilterRegex, SystemHeaders, "
                        "InheritParentConfig, CheckOptions)");
      llvm::yaml::Node *Value = KV.getValue();
      if (!Value)
        return First.empty() ? Fail(KV.getKey(), "key '" + Key->str() +
                                                     "' without a value")
                             : Path + ":" + First;
      if (*Key == "HeaderFilterRegex") {
        llvm::SmallString<64> VS;
        auto Regex = ScalarText(Value, VS);
        std::string Error;
        if (Regex && !llvm::Regex(*Regex).isValid(Error))
          return Fail(Value, "invalid HeaderFilterRegex: " + Error);
      }
      if (*Key != "CheckOptions")
        continue;
      if (auto *Options = llvm::dyn_cast<llvm::yaml::MappingNode>(Value)) {
        for (llvm::yaml::KeyValueNode &O : *Options) {
          std::string Why = CheckOption(O.getKey(), O.getValue());
          if (!Why.empty() || !First.empty())
            return First.empty() ? Why : Path + ":" + First;
        }
      } else if (auto *List = llvm::dyn_cast<llvm::yaml::SequenceNode>(Value)) {
        // The older form: a list of {key: ..., value: ...}.
        for (llvm::yaml::Node &Item : *List) {
          auto *Pair = llvm::dyn_cast<llvm::yaml::MappingNode>(&Item);
          if (!Pair)
            return Fail(&Item, "a CheckOptions entry must be a mapping");
          llvm::yaml::Node *K = nullptr, *V = nullptr;
          for (llvm::yaml::KeyValueNode &E : *Pair) {
            llvm::SmallString<16> S;
            auto Name = ScalarText(E.getKey(), S);
            if (Name && *Name == "key")
              K = E.getValue();
            else if (Name && *Name == "value")
              V = E.getValue();
            else
              return Fail(E.getKey(), "a CheckOptions entry has only key "
                                      "and value");
          }
          if (!K)
            return Fail(&Item, "a CheckOptions entry without a key");
          std::string Why = CheckOption(K, V);
          if (!Why.empty())
            return Why;
        }
      } else if (!llvm::isa<llvm::yaml::NullNode>(Value)) {
        return Fail(Value, "CheckOptions must be a mapping");
      }
    }
  }
  if (!First.empty())
    return Path + ":" + First;
  // The types of the known keys, as clang-tidy reads them.
  std::string TypeError;
  auto Parsed = clang::tidy::parseConfigurationWithDiags(
      llvm::MemoryBufferRef(Text, Path), [&](const llvm::SMDiagnostic &D) {
        if (TypeError.empty() && D.getKind() == llvm::SourceMgr::DK_Error)
          TypeError = Path + ":" + std::to_string(D.getLineNo()) + ":" +
                      std::to_string(D.getColumnNo() + 1) +
                      ": error: " + D.getMessage().str();
      });
  if (!TypeError.empty())
    return TypeError;
  if (!Parsed)
    return Path + ": error: " + Parsed.getError().message();
  return "";
}

} // namespace

std::string validateConfig(const std::string &Path) {
  // One line, whatever the quoted keys and values hold (a YAML key can be a
  // quoted string with a newline).
  std::string Error = validateConfigText(Path), Line;
  for (char C : Error) {
    if (C == '\n')
      Line += "\\n";
    else if (C == '\r')
      Line += "\\r";
    else
      Line += C;
  }
  return Line;
}

std::string checkConfigFile(const std::string &Path) {
  static std::mutex Mutex;
  static std::map<std::string, std::string> Cache;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Cache.find(Path);
    if (It != Cache.end())
      return It->second;
  }
  std::string Result = validateConfig(Path);
  std::lock_guard<std::mutex> Lock(Mutex);
  Cache[Path] = Result;
  return Result;
}

std::vector<std::string> dropUnsafeFlags(std::vector<std::string> &Args) {
  std::vector<std::string> Dropped;
  if (Args.empty())
    return Dropped;
  // Flags whose value is the next argument and that write a file, load
  // code, run a program or read flags from elsewhere.
  static const llvm::StringSet<> WithValue = {
      "-o", "--output-file", "-MF", "-MJ", "-MT", "-MQ", "-dependency-file",
      "--serialize-diagnostics", "-serialize-diagnostics", "-Xclang",
      "-load", "-fplugin", "-fpass-plugin", "-odir", "--output-directory",
      "-keep-dir", "--keep-dir", "--dependency-output", "-index-store-path",
      "--config", "-ccbin", "--compiler-bindir", "-B", "--nvptx-arch-tool",
      "--amdgpu-arch-tool", "-save-stats"};
  // Flags that act alone.
  static const llvm::StringSet<> Alone = {
      "-MD", "-MMD", "-M", "-MM", "-ftime-trace", "-save-temps",
      "--save-temps", "-keep", "--keep", "--generate-dependencies",
      "--generate-nonsystem-dependencies",
      "--generate-dependencies-with-compile",
      "--generate-nonsystem-dependencies-with-compile", "-fmodules",
      "-fimplicit-modules", "-fcrash-diagnostics", "-fproc-stat-report",
      "-E"};
  // Prefixes of joined spellings (-o=x, -MFx, -fplugin=x ...).
  static const char *Joined[] = {
      "-o",         "--output-file=",       "-MF",
      "-MJ",        "--serialize-diagnostics=",
      "-ftime-trace=", "-save-temps=",      "--save-temps=",
      "-fplugin=",  "-fpass-plugin=",       "-fplugin-arg-",
      "-Xclang=",   "-odir=",               "--output-directory=",
      "-keep-dir=", "--keep-dir=",          "--dependency-output=",
      "-fmodules-cache-path=", "-fcrash-diagnostics-dir=",
      "-fproc-stat-report=", "--config=",   "-ccbin=",
      "--compiler-bindir=", "--nvptx-arch-tool=", "--amdgpu-arch-tool=",
      "-save-stats=", "-B",                "-fmodule-file=",
      "-ftime-report="};
  std::vector<std::string> Kept = {Args.front()};
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    // The architecture "native" runs nvptx-arch from PATH.
    if ((A.starts_with("--cuda-gpu-arch=") ||
         A.starts_with("--offload-arch=") ||
         A.starts_with("-arch=") || A.starts_with("--gpu-architecture=") ||
         A.starts_with("-march=") || A.starts_with("-mcpu=")) &&
        A.contains("native")) {
      Dropped.push_back(A.str());
      continue;
    }
    if (A == "-arch" || A == "--gpu-architecture" || A == "--offload-arch") {
      // The value stays with its flag: were it dropped alone (an unsafe
      // `-save-temps=x` as the value), the next argument would become the
      // architecture, `native` included.
      if (I + 1 >= Args.size()) {
        Kept.push_back(A.str());
        continue;
      }
      const std::string &Value = Args[++I];
      // No architecture starts with '-': a flag as the value would hide
      // there (`--offload-arch -offload-arch`: clang knows only the joined
      // `--offload-arch=`, so the translation drops the flag as unknown and
      // leaves `-offload-arch`, which clang reads as `-o ffload-arch`).
      if (llvm::StringRef(Value).contains("native") ||
          llvm::StringRef(Value).starts_with("-")) {
        Dropped.push_back(A.str() + " " + Value);
        continue;
      }
      Kept.push_back(A.str());
      Kept.push_back(Value);
      continue;
    }
    if (WithValue.contains(A)) {
      std::string Flag = A.str();
      if (I + 1 < Args.size())
        Flag += " " + Args[++I];
      Dropped.push_back(Flag);
      continue;
    }
    // A response file still there is one the bounded expansion refused.
    if (Alone.contains(A) || A.starts_with("@")) {
      Dropped.push_back(A.str());
      continue;
    }
    bool Unsafe = false;
    for (const char *P : Joined)
      if (A.starts_with(P) && A.size() > llvm::StringRef(P).size()) {
        Unsafe = true; // "-ofile" is an output for clang and nvcc alike
        break;
      }
    if (Unsafe) {
      Dropped.push_back(A.str());
      continue;
    }
    Kept.push_back(A.str());
  }
  Args = std::move(Kept);
  return Dropped;
}

std::vector<clang::tooling::CompileCommand>
SafeCompilations::getCompileCommands(llvm::StringRef File) const {
  auto Commands = DB.getCompileCommands(File);
  for (auto &C : Commands)
    dropUnsafeFlags(C.CommandLine);
  return Commands;
}

std::vector<clang::tooling::CompileCommand>
SafeCompilations::getAllCompileCommands() const {
  auto Commands = DB.getAllCompileCommands();
  for (auto &C : Commands)
    dropUnsafeFlags(C.CommandLine);
  return Commands;
}

std::vector<std::string>
SafeCompilations::droppedFlags(llvm::StringRef File) const {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  auto Commands = DB.getCompileCommands(Abs);
  if (Commands.empty())
    Commands = DB.getCompileCommands(File);
  if (Commands.empty())
    return {};
  return dropUnsafeFlags(Commands.front().CommandLine);
}

namespace {
/// Opens only regular files of at most MaxBytes.
class BoundedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  BoundedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                    uint64_t MaxBytes)
      : ProxyFileSystem(std::move(FS)), MaxBytes(MaxBytes) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto St = status(Path);
    if (!St)
      return St.getError();
    if (St->getType() != llvm::sys::fs::file_type::regular_file)
      return std::make_error_code(std::errc::invalid_argument);
    if (St->getSize() > MaxBytes)
      return std::make_error_code(std::errc::file_too_large);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  uint64_t MaxBytes;
};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeBoundedFileSystem(uint64_t MaxBytes) {
  return llvm::makeIntrusiveRefCnt<BoundedFileSystem>(
      llvm::vfs::getRealFileSystem(), MaxBytes);
}

namespace {
/// Expands the response files of a database's commands through a bounded
/// file system; a command whose expansion fails keeps its `@file`
/// arguments, which dropUnsafeFlags then drops (clang's own expansion would
/// read `@/dev/zero` forever and print half a line).
class BoundedResponseFiles : public clang::tooling::CompilationDatabase {
public:
  BoundedResponseFiles(
      std::unique_ptr<clang::tooling::CompilationDatabase> Base,
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : Base(std::move(Base)), FS(std::move(FS)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return expand(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return expand(Base->getAllCompileCommands());
  }

private:
  std::vector<clang::tooling::CompileCommand>
  expand(std::vector<clang::tooling::CompileCommand> Commands) const {
    for (clang::tooling::CompileCommand &C : Commands) {
      if (llvm::none_of(C.CommandLine, [](const std::string &A) {
            return llvm::StringRef(A).starts_with("@");
          }))
        continue;
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      llvm::SmallVector<const char *, 32> Argv;
      for (const std::string &A : C.CommandLine)
        Argv.push_back(Saver.save(A).data());
      llvm::cl::ExpansionContext ECtx(Alloc, llvm::cl::TokenizeGNUCommandLine);
      ECtx.setVFS(FS.get()).setCurrentDir(C.Directory);
      if (llvm::Error E = ECtx.expandResponseFiles(Argv)) {
        llvm::consumeError(std::move(E));
        continue;
      }
      C.CommandLine.assign(Argv.begin(), Argv.end());
    }
    return Commands;
  }

  std::unique_ptr<clang::tooling::CompilationDatabase> Base;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
};
} // namespace

std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompilationDatabase(llvm::StringRef BuildPath, std::string &Error) {
  llvm::SmallString<256> Start(BuildPath);
  llvm::sys::fs::make_absolute(Start);
  llvm::sys::path::remove_dots(Start, /*remove_dot_dot=*/true);
  for (llvm::StringRef Dir = Start; !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Json(Dir), Flags(Dir);
    llvm::sys::path::append(Json, "compile_commands.json");
    llvm::sys::path::append(Flags, "compile_flags.txt");
    std::unique_ptr<clang::tooling::CompilationDatabase> DB;
    if (llvm::sys::fs::exists(Json)) {
      auto Buf = readInputFile(Json, "compilation database",
                               limits::DatabaseBytes);
      if (!Buf) {
        Error = llvm::toString(Buf.takeError());
        return nullptr;
      }
      unsigned Depth = jsonDepth((*Buf)->getBuffer());
      if (Depth > limits::JsonDepth) {
        Error = "compilation database '" + Json.str().str() + "' is nested " +
                std::to_string(Depth) + " levels deep, over the limit of " +
                std::to_string(limits::JsonDepth);
        return nullptr;
      }
      std::string Why;
      DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          (*Buf)->getBuffer(), Why,
          clang::tooling::JSONCommandLineSyntax::AutoDetect);
      if (!DB) {
        Error = "cannot load compilation database '" + Json.str().str() +
                "': " + Why;
        return nullptr;
      }
    } else if (llvm::sys::fs::exists(Flags)) {
      std::string Why = checkInputFile(Flags, "compilation database",
                                       limits::ResponseFileBytes);
      if (!Why.empty()) {
        Error = Why;
        return nullptr;
      }
      DB = clang::tooling::FixedCompilationDatabase::loadFromFile(Flags, Why);
      if (!DB) {
        Error = "cannot load '" + Flags.str().str() + "': " + Why;
        return nullptr;
      }
    } else {
      continue;
    }
    return std::make_unique<BoundedResponseFiles>(
        std::move(DB), makeBoundedFileSystem(limits::ResponseFileBytes));
  }
  Error = "no compilation database (compile_commands.json or "
          "compile_flags.txt) in '" +
          BuildPath.str() + "' or its parents";
  return nullptr;
}

bool expandCommandLine(llvm::SmallVectorImpl<const char *> &Argv,
                       llvm::BumpPtrAllocator &Alloc, std::string &Error) {
  for (size_t I = 1; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    if (A == "--")
      break;
    if (!A.consume_front("@") || !llvm::sys::fs::exists(A))
      continue;
    std::string Why =
        checkInputFile(A, "response file", limits::ResponseFileBytes);
    if (!Why.empty()) {
      Error = Why;
      return false;
    }
  }
  auto FS = makeBoundedFileSystem(limits::ResponseFileBytes);
  llvm::cl::ExpansionContext ECtx(Alloc, llvm::cl::TokenizeGNUCommandLine);
  ECtx.setVFS(FS.get());
  if (llvm::Error E = ECtx.expandResponseFiles(Argv)) {
    Error = "response file: " + llvm::toString(std::move(E)) +
            " (only regular files up to " +
            describeBytes(limits::ResponseFileBytes) + " are read)";
    return false;
  }
  return true;
}

} // namespace warpcheck
