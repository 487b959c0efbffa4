//===--- ConfigValidation.cpp - .warpcheck.yaml checked key by key --------===//

#include "ConfigValidation.h"

#include "BlockShape.h"
#include "BoundedInput.h"
#include "Launches/BlockShapePolicy.h"
#include "WarpcheckModule.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <map>
#include <mutex>

namespace warpcheck {

// The warpcheck module's checks must be linked in for getCheckOptions to
// find them (as in AnalyzeFile.cpp).
extern volatile int WarpcheckModuleAnchorSource;
[[maybe_unused]] static int WarpcheckModuleAnchorForOptions =
    WarpcheckModuleAnchorSource;

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

std::vector<std::string> enabledWarpcheckChecks(llvm::StringRef Checks,
                                                bool Overlay) {
  clang::tidy::GlobList Globs(Overlay ? ("*," + Checks).str() : Checks.str());
  std::vector<std::string> Enabled;
  for (const WarpcheckCheckInfo &C : warpcheckChecks())
    if (Globs.contains(C.Name))
      Enabled.push_back(C.Name);
  return Enabled;
}

std::string checkSomeCheckEnabled(const std::string &File,
                                  llvm::StringRef Checks) {
  if (!enabledWarpcheckChecks(Checks).empty())
    return "";
  std::vector<std::string> Configs = configFilesFor(File);
  // --checks that disables all alone is refused before any file.
  std::string Where = Configs.empty()
                          ? std::string("--checks enables")
                          : "the Checks of '" + Configs.front() + "' enable";
  return File + ": error: " + Where + " no warpcheck check; not analyzed";
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

/// The validation of one file's text, key by key; the message may quote
/// keys and values. Syntax errors are the YAML parser's first.
class ConfigValidator {
public:
  ConfigValidator(const std::string &Path, llvm::StringRef Text)
      : Path(Path), Text(Text) {}

  /// "" or the first error.
  std::string validate() {
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
    for (llvm::yaml::Document &Doc : Stream) {
      llvm::yaml::Node *Root = Doc.getRoot();
      if (!First.empty())
        break;
      if (!Root || llvm::isa<llvm::yaml::NullNode>(Root))
        continue;
      if (std::string Error = checkDocument(Root); !Error.empty())
        return Error;
    }
    if (!First.empty())
      return syntaxError();
    return checkTypes();
  }

private:
  /// "FILE:LINE:COL" of N, or FILE.
  std::string where(const llvm::yaml::Node *N) {
    // After some syntax errors the parser gives no node, or one without a
    // place in the text (`? key` with a broken key).
    llvm::SMLoc Start = N ? N->getSourceRange().Start : llvm::SMLoc();
    if (!Start.isValid() || !SM.FindBufferContainingLoc(Start))
      return Path;
    auto [Line, Col] = SM.getLineAndColumn(Start);
    return Path + ":" + std::to_string(Line) + ":" + std::to_string(Col);
  }
  std::string fail(const llvm::yaml::Node *N, const std::string &Message) {
    return where(N) + ": error: " + Message;
  }
  /// The parser's first syntax error, as the error line.
  std::string syntaxError() const { return Path + ":" + First; }

  static std::optional<llvm::StringRef>
  scalarText(llvm::yaml::Node *N, llvm::SmallVectorImpl<char> &Storage) {
    if (auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N))
      return S->getValue(Storage);
    return std::nullopt;
  }

  /// A document: a mapping of known keys.
  std::string checkDocument(llvm::yaml::Node *Root) {
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(Root);
    if (!Map)
      return fail(Root, "a configuration must be a mapping of keys");
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      if (!First.empty())
        break;
      if (std::string Error = checkKey(KV); !Error.empty())
        return Error;
    }
    return "";
  }

  /// One top-level key and its value.
  std::string checkKey(llvm::yaml::KeyValueNode &KV) {
    llvm::SmallString<64> KS;
    auto Key = scalarText(KV.getKey(), KS);
    if (!Key)
      return fail(KV.getKey(), "a key must be a string");
    static const llvm::StringSet<> TopLevel = {
        "Checks",        "WarningsAsErrors",    "HeaderFilterRegex",
        "SystemHeaders", "InheritParentConfig", "CheckOptions"};
    if (!TopLevel.contains(*Key))
      return fail(KV.getKey(), "unknown key '" + Key->str() +
                                   "' (known: Checks, WarningsAsErrors, "
                                   "HeaderFilterRegex, SystemHeaders, "
                                   "InheritParentConfig, CheckOptions)");
    llvm::yaml::Node *Value = KV.getValue();
    if (!Value)
      return First.empty()
                 ? fail(KV.getKey(), "key '" + Key->str() + "' without a value")
                 : syntaxError();
    if (*Key == "HeaderFilterRegex") {
      llvm::SmallString<64> VS;
      auto Regex = scalarText(Value, VS);
      std::string Error;
      if (Regex && !llvm::Regex(*Regex).isValid(Error))
        return fail(Value, "invalid HeaderFilterRegex: " + Error);
    }
    if (*Key != "CheckOptions")
      return "";
    if (auto *Options = llvm::dyn_cast<llvm::yaml::MappingNode>(Value))
      return checkOptionMap(*Options);
    if (auto *List = llvm::dyn_cast<llvm::yaml::SequenceNode>(Value))
      return checkOptionList(*List);
    if (!llvm::isa<llvm::yaml::NullNode>(Value))
      return fail(Value, "CheckOptions must be a mapping");
    return "";
  }

  /// CheckOptions as a mapping of keys to values.
  std::string checkOptionMap(llvm::yaml::MappingNode &Options) {
    for (llvm::yaml::KeyValueNode &O : Options) {
      std::string Why = checkOption(O.getKey(), O.getValue());
      if (!Why.empty() || !First.empty())
        return First.empty() ? Why : syntaxError();
    }
    return "";
  }

  /// The older form: a list of {key: ..., value: ...}.
  std::string checkOptionList(llvm::yaml::SequenceNode &List) {
    for (llvm::yaml::Node &Item : List) {
      auto *Pair = llvm::dyn_cast<llvm::yaml::MappingNode>(&Item);
      if (!Pair)
        return fail(&Item, "a CheckOptions entry must be a mapping");
      llvm::yaml::Node *K = nullptr, *V = nullptr;
      for (llvm::yaml::KeyValueNode &E : *Pair) {
        llvm::SmallString<16> S;
        auto Name = scalarText(E.getKey(), S);
        if (Name && *Name == "key")
          K = E.getValue();
        else if (Name && *Name == "value")
          V = E.getValue();
        else
          return fail(E.getKey(), "a CheckOptions entry has only key "
                                  "and value");
      }
      if (!K)
        return fail(&Item, "a CheckOptions entry without a key");
      std::string Why = checkOption(K, V);
      if (!Why.empty())
        return Why;
    }
    return "";
  }

  /// One CheckOptions entry: a known key, a string value, a valid one.
  std::string checkOption(llvm::yaml::Node *KeyNode,
                          llvm::yaml::Node *ValueNode) {
    llvm::SmallString<64> KS, VS;
    auto Key = scalarText(KeyNode, KS);
    if (!Key)
      return fail(KeyNode, "a CheckOptions key must be a string");
    if (!knownCheckOptions().contains(*Key))
      return fail(KeyNode, "unknown option '" + Key->str() + "'");
    auto Value = scalarText(ValueNode, VS);
    if (!Value)
      return fail(ValueNode ? ValueNode : KeyNode,
                  "option '" + Key->str() + "' needs a string value");
    std::string Why = checkOptionValue(*Key, *Value);
    return Why.empty() ? ""
                       : fail(ValueNode, "option '" + Key->str() + "': " + Why);
  }

  /// The types of the known keys, as clang-tidy reads them.
  std::string checkTypes() const {
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

  const std::string &Path;
  llvm::StringRef Text;
  llvm::SourceMgr SM;
  /// The first syntax error, "LINE:COL: error: ...".
  std::string First;
};

/// The validation of one file: its size and nesting, then its keys.
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
  return ConfigValidator(Path, Text).validate();
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

} // namespace warpcheck
