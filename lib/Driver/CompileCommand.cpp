//===--- CompileCommand.cpp - Compile commands, safe and translated ------===//
//
// The translation of nvcc and clang commands into warpcheck's clang command
// (NvccFlags.cpp holds nvcc's flags), the filter of unsafe flags, and the
// resolution of one file's commands in a compilation database.
//
//===----------------------------------------------------------------------===//

#include "CompileCommand.h"

#include "NvccFlags.h"
#include "NvccOptionsFiles.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warpcheck {

namespace {
std::string archFromNvcc(llvm::StringRef V) {
  // "sm_90", "compute_90", "arch=compute_90,code=sm_90", "90", "native".
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  V.split(Parts, ',');
  std::string Found;
  for (llvm::StringRef P : Parts) {
    P = P.trim().trim('"');
    P.consume_front("arch=");
    P.consume_front("code=");
    P = P.trim('[').trim(']');
    if (P.consume_front("sm_") || P.consume_front("compute_") ||
        P.consume_front("lto_")) {
      std::string Digits;
      for (char C : P)
        if (isdigit(C))
          Digits += C;
      if (!Digits.empty())
        Found = "sm_" + Digits;
    } else if (!P.empty() && isdigit(P[0])) {
      Found = "sm_" + P.take_while(isdigit).str();
    }
  }
  return Found;
}

bool isNvcc(llvm::StringRef Compiler) {
  llvm::StringRef Base = llvm::sys::path::filename(Compiler);
  return Base == "nvcc" || Base.starts_with("nvcc") || Base == "nvcc.exe";
}
} // namespace

namespace {

/// One command's translation under way.
struct Translation {
  const std::vector<std::string> &Args;
  TranslatedCommand Out;
  std::string Arch;
  bool HasStd = false;

  /// The argument after Args[I], consumed; "" at the end.
  std::string next(size_t &I) const {
    return I + 1 < Args.size() ? Args[++I] : std::string();
  }
  void keep(llvm::StringRef A) { Out.Args.push_back(A.str()); }
};

/// clang flags warpcheck sets itself (translateCommand's front arguments).
bool isSetByWarpcheck(llvm::StringRef A) {
  return A == "--cuda-device-only" || A == "--cuda-host-only" ||
         A.starts_with("--cuda-path=") || A == "-nocudainc" ||
         A == "-nocudalib" || A.starts_with("-resource-dir");
}

/// The flags read the same in nvcc and clang commands: the architecture,
/// the language, the standard, driver chatter, and what warpcheck sets
/// itself. False when Args[I] is none of them.
bool translateCommonFlag(Translation &T, size_t &I) {
  llvm::StringRef A = T.Args[I];
  if (A.consume_front("--cuda-gpu-arch=")) {
    T.Arch = A.str();
    return true;
  }
  if (isSetByWarpcheck(A))
    return true;
  if (A.starts_with("-x") && A.size() > 2 && A[2] != '=')
    return true; // -xcu
  llvm::StringRef Value;
  bool Joined;
  const NvccFlag *F = findNvccFlag(A, Value, Joined);
  if (!F || F->Action == NvccAction::Keep ||
      F->Action == NvccAction::HostOptions || F->Action == NvccAction::Drop)
    return false;
  std::string Separate;
  if (F->TakesValue && !Joined)
    Value = Separate = T.next(I);
  switch (F->Action) {
  case NvccAction::Arch:
    if (std::string V = archFromNvcc(Value); !V.empty())
      T.Arch = V;
    return true;
  case NvccAction::Std:
    T.keep("-std=" + Value.str());
    T.HasStd = true;
    return true;
  case NvccAction::GpuCode:
  case NvccAction::Language:
  case NvccAction::Chatter:
    return true;
  case NvccAction::Keep:
  case NvccAction::HostOptions:
  case NvccAction::Drop:
    break;
  }
  llvm_unreachable("covered switch");
}

/// Whether clang's driver has the flag A (`-Werror`, `-O`, `-l`): then a
/// clang command means clang's, never nvcc's flag of the same spelling.
bool clangKnowsFlag(llvm::StringRef A) {
  std::string Arg = A.str();
  const char *Raw[] = {Arg.c_str()};
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::driver::getDriverOptTable().ParseArgs(
      Raw, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
  for (const llvm::opt::Arg *Parsed1 : Parsed)
    return Parsed1->getOption().getID() != clang::driver::options::OPT_UNKNOWN &&
           Parsed1->getOption().getKind() != llvm::opt::Option::InputClass;
  return false;
}

/// A clang command (or arguments after `--`) may carry nvcc flags clang
/// does not have: a dropped flag's value must not be read as a source or a
/// clang flag.
void translateClangFlag(Translation &T, size_t &I) {
  llvm::StringRef A = T.Args[I];
  llvm::StringRef Value;
  bool Joined;
  const NvccFlag *F = findNvccFlag(A, Value, Joined);
  if (F && !Joined && F->TakesValue && F->Action == NvccAction::Drop &&
      !F->ClangHasIt && !clangKnowsFlag(A)) {
    // (A fixed database has already removed a value that looks like a
    // source, such as the 32 of `-maxrregcount 32`.)
    bool HasValue = I + 1 < T.Args.size() &&
                    !llvm::StringRef(T.Args[I + 1]).starts_with("-");
    T.Out.Dropped.push_back(A.str() + (HasValue ? " " + T.next(I) : ""));
    return;
  }
  T.keep(A);
}

/// Host compiler options (-Xcompiler): keep the ones that change what the
/// source means.
void keepHostOptions(Translation &T, llvm::StringRef Options) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Options.split(Parts, ',');
  for (llvm::StringRef P : Parts)
    if (P.starts_with("-D") || P.starts_with("-U") || P.starts_with("-I") ||
        P.starts_with("-std="))
      T.keep(P);
}

/// One argument of an nvcc command, by the table (NvccFlags.cpp), then by
/// clang-style prefix; a source file is kept, anything else dropped with a
/// note.
void translateNvccFlag(Translation &T, size_t &I) {
  llvm::StringRef A = T.Args[I];
  llvm::StringRef Value;
  bool Joined;
  if (const NvccFlag *F = findNvccFlag(A, Value, Joined);
      F && (!Joined || F->Action != NvccAction::Keep ||
            F->Spelling.starts_with("--"))) {
    std::string Separate;
    if (F->TakesValue && !Joined)
      Value = Separate = T.next(I);
    switch (F->Action) {
    case NvccAction::Keep:
      if (!Joined && (Value.empty() || Value.starts_with("-"))) {
        // No directory or macro starts with '-': a flag there (`-I -optf`)
        // would be read by clang as one.
        T.Out.Dropped.push_back((A + " " + Value).str());
        return;
      }
      if (Joined || F->Clang.ends_with("=")) {
        T.keep(F->Clang.str() + Value.str());
      } else {
        T.keep(F->Clang);
        T.keep(Value);
      }
      return;
    case NvccAction::HostOptions:
      keepHostOptions(T, Value);
      return;
    case NvccAction::Drop:
      return;
    case NvccAction::Arch:
    case NvccAction::GpuCode:
    case NvccAction::Language:
    case NvccAction::Std:
    case NvccAction::Chatter:
      llvm_unreachable("translateCommonFlag takes these");
    }
  }
  if (std::optional<bool> Keep = keepJoinedNvccArgument(A)) {
    if (*Keep)
      T.keep(A);
    return;
  }
  if (A.starts_with("@")) {
    // A response file: expanded by the compilation database already, or
    // not readable here.
    T.Out.Dropped.push_back(A.str());
    return;
  }
  if (!A.starts_with("-")) {
    T.keep(A); // the source file
    return;
  }
  T.Out.Dropped.push_back(A.str());
}

/// What every parse needs, placed before the source file so -x applies.
std::vector<std::string> frontArguments(const ParseOptions &Options,
                                        const std::string &Arch, bool HasStd) {
  std::vector<std::string> Front = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + Arch,
      "-resource-dir=" + Options.ResourceDir, "-Wno-unknown-cuda-version",
      // Whether the installed toolkit still builds for the architecture is
      // nvcc's question, not the parse's (sm_30 with CUDA 13).
      "--no-cuda-version-check",
      "-Wno-unused-command-line-argument", "-fno-caret-diagnostics",
      // Every error, so that none stops the
      // parse of the kernels after it.
      "-ferror-limit=0"};
  if (!HasStd)
    Front.push_back("-std=c++17");
  // Device-side launches (dynamic parallelism) need relocatable device code;
  // nvcc's cuda_runtime.h brings <assert.h> along, clang's does not.
  Front.push_back("-fgpu-rdc");
  Front.push_back("-include");
  Front.push_back("assert.h");
  std::string Dir = BuiltinIncludeDir;
  if (Options.Headers.usesPrelude()) {
    for (const char *A : {"-nocudainc", "-nocudalib"})
      Front.push_back(A);
    Front.push_back("-isystem");
    Front.push_back(Dir + "/prelude");
    Front.push_back("-include");
    Front.push_back("warpcheck_cuda_prelude.h");
  } else {
    Front.push_back("--cuda-path=" + Options.Headers.ToolkitPath);
    Front.push_back("-isystem");
    Front.push_back(Dir + "/toolkit");
    Front.push_back("-include");
    Front.push_back("warpcheck_cuda_extras.h");
    std::string Cccl = Options.Headers.ToolkitPath + "/include/cccl";
    if (llvm::sys::fs::exists(Cccl)) {
      Front.push_back("-isystem");
      Front.push_back(Cccl);
    }
  }
  if (!Options.StubbedHeaders.empty()) {
    Front.push_back("-idirafter");
    Front.push_back(Dir + "/missing");
  }
  return Front;
}

/// Arguments clang does not know (a clang command of another version, an
/// nvcc flag not in the table) are dropped and said, not left to fail the
/// parse with "unknown argument".
void dropUnknownToClang(TranslatedCommand &Out) {
  std::vector<const char *> Raw;
  for (size_t I = 1; I < Out.Args.size(); ++I)
    Raw.push_back(Out.Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::driver::getDriverOptTable().ParseArgs(
      Raw, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
  llvm::StringSet<> Unknown;
  for (const llvm::opt::Arg *A :
       Parsed.filtered(clang::driver::options::OPT_UNKNOWN))
    Unknown.insert(A->getAsString(Parsed));
  if (Unknown.empty())
    return;
  std::vector<std::string> Kept = {Out.Args.front()};
  for (size_t I = 1; I < Out.Args.size(); ++I)
    if (Unknown.contains(Out.Args[I]))
      Out.Dropped.push_back(Out.Args[I]);
    else
      Kept.push_back(Out.Args[I]);
  Out.Args = std::move(Kept);
}

/// Clang's recursion limits a command may raise, and how far: deeper, the
/// parse could overflow even the analysis thread's stack
/// (CrashContainment.h); 20,000 nested constexpr calls were measured to
/// fit.
const struct {
  llvm::StringLiteral Flag;
  unsigned Cap;
} DepthCaps[] = {{"-fconstexpr-depth=", 8192},
                 {"-ftemplate-depth=", 8192},
                 {"-ftemplate-depth-", 8192},
                 {"-fbracket-depth=", 2048},
                 {"-fconstexpr-steps=", 1u << 27}};

/// Caps the recursion limits of a translated command; a capped flag is
/// kept in Out.Capped as written. nvcc's `-ftemplate-depth N` arrives here
/// joined.
void capDepthFlags(TranslatedCommand &Out) {
  for (std::string &A : Out.Args)
    for (const auto &C : DepthCaps) {
      llvm::StringRef Value = A;
      unsigned long long N;
      if (!Value.consume_front(C.Flag) || Value.getAsInteger(10, N) ||
          N <= C.Cap)
        continue;
      Out.Capped.push_back(A);
      A = C.Flag.str() + std::to_string(C.Cap);
    }
}

} // namespace

TranslatedCommand translateCommand(const std::vector<std::string> &Args,
                                   const ParseOptions &Options) {
  Translation T{Args, {}, "", false};
  if (Args.empty())
    return T.Out;
  bool Nvcc = isNvcc(Args[0]);
  T.keep("clang++");
  for (size_t I = 1; I < Args.size(); ++I) {
    if (translateCommonFlag(T, I))
      continue;
    if (Nvcc)
      translateNvccFlag(T, I);
    else
      translateClangFlag(T, I);
  }
  T.Out.ArchFromCommand = !T.Arch.empty();
  if (T.Arch.empty())
    T.Arch = Options.DefaultArch;
  // Clang 19 parses nothing older than Kepler: for sm_1x and sm_2x its
  // driver stops ("supported by CUDA versions between 7.0 and 8.0") and the
  // host code's launches are lost. Such a command is parsed for sm_30.
  unsigned Number = 0;
  if (llvm::StringRef(T.Arch).starts_with("sm_") &&
      !llvm::StringRef(T.Arch).drop_front(3).getAsInteger(10, Number) &&
      Number < 30) {
    T.Out.ReplacedArch = T.Arch;
    T.Arch = "sm_30";
  }
  T.Out.Arch = T.Arch;
  std::vector<std::string> Front = frontArguments(Options, T.Arch, T.HasStd);
  dropUnknownToClang(T.Out);
  capDepthFlags(T.Out);
  T.Out.Args.insert(T.Out.Args.begin() + 1, Front.begin(), Front.end());
  T.Out.FrontEnd = 1 + Front.size();
  return T.Out;
}

std::vector<std::string>
argumentsWithStubs(const TranslatedCommand &T,
                   const std::vector<std::string> &Stubbed) {
  if (Stubbed.empty() || T.Args.empty())
    return T.Args;
  // Where frontArguments puts them: its last arguments.
  std::vector<std::string> Args = T.Args;
  std::string Missing = std::string(BuiltinIncludeDir) + "/missing";
  Args.insert(Args.begin() + T.FrontEnd, {"-idirafter", Missing});
  return Args;
}

clang::tooling::ArgumentsAdjuster
makeCudaAdjuster(const ParseOptions &Options) {
  return [Options](const clang::tooling::CommandLineArguments &Args,
                   llvm::StringRef) {
    return translateCommand(Args, Options).Args;
  };
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
  bool Nvcc = isNvcc(Args.front());
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    // nvcc's options files stay, for resolveFileCommand to read with
    // limits (NvccOptionsFiles.h); to clang, `-optf` is `-o ptf`.
    if (Nvcc && (A == "-optf" || A == "--options-file") &&
        I + 1 < Args.size()) {
      Kept.push_back(A.str());
      Kept.push_back(Args[++I]);
      continue;
    }
    if (Nvcc && (A.starts_with("-optf=") || A.starts_with("--options-file="))) {
      Kept.push_back(A.str());
      continue;
    }
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

/// The project's commands for File, with their paths resolved against the
/// database's own directory (never against the working directory, which
/// threads share).
std::vector<clang::tooling::CompileCommand>
resolvedCommands(const clang::tooling::CompilationDatabase &DB,
                 const std::string &DatabaseDir, llvm::StringRef File) {
  auto Commands = DB.getCompileCommands(File);
  if (Commands.empty() && !DatabaseDir.empty()) {
    // Entries relative to the database: match them by their resolved path.
    for (clang::tooling::CompileCommand &C : DB.getAllCompileCommands()) {
      std::string Path = resolveAgainst(
          resolveAgainst(DatabaseDir, C.Directory), C.Filename);
      if (Path == File || llvm::sys::fs::equivalent(Path, File))
        Commands.push_back(std::move(C));
    }
  }
  for (auto &C : Commands) {
    C.Directory = resolveAgainst(DatabaseDir, C.Directory);
    std::string Written = C.Filename;
    C.Filename = resolveAgainst(C.Directory, C.Filename);
    // The source by its absolute path, so that every location names it
    // in full.
    for (std::string &A : C.CommandLine)
      if (A == Written)
        A = C.Filename;
  }
  // An entry listed twice (the same command once the unsafe flags, such as
  // -o, are dropped) is parsed once: twice printed every finding twice and
  // summed both parses in the proof of fixes, which then withheld them.
  std::vector<clang::tooling::CompileCommand> Unique;
  for (clang::tooling::CompileCommand &C : Commands)
    if (llvm::none_of(Unique, [&](const clang::tooling::CompileCommand &U) {
          return U.Directory == C.Directory && U.Filename == C.Filename &&
                 U.CommandLine == C.CommandLine;
        }))
      Unique.push_back(std::move(C));
  return Unique;
}

} // namespace

FileCommand
resolveFileCommand(const clang::tooling::CompilationDatabase &Database,
                   const std::string &File, ParseOptions Parse) {
  std::string DatabaseDir = compileDatabaseDir();
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  FileCommand Result;
  Result.Commands = resolvedCommands(Database, DatabaseDir, Abs);
  if (Result.Commands.empty())
    Result.Commands = resolvedCommands(Database, DatabaseDir, File);
  Parse.StubbedHeaders.clear();
  for (clang::tooling::CompileCommand &C : Result.Commands) {
    // nvcc's options files, read as nvcc would; what they hold is filtered
    // like the rest of the command.
    std::vector<std::string> Unsafe;
    if (!C.CommandLine.empty() && isNvcc(C.CommandLine[0])) {
      if (!expandNvccOptionsFiles(C.CommandLine, C.Directory, Result.Error))
        return Result;
      Unsafe = dropUnsafeFlags(C.CommandLine);
    }
    Result.Translated.push_back(translateCommand(C.CommandLine, Parse));
    llvm::append_range(Result.Translated.back().Dropped, Unsafe);
  }
  return Result;
}

std::vector<clang::tooling::CompileCommand>
FileCompilations::getCompileCommands(llvm::StringRef) const {
  std::vector<clang::tooling::CompileCommand> Commands = Command.Commands;
  for (size_t I = 0; I < Commands.size(); ++I)
    Commands[I].CommandLine =
        argumentsWithStubs(Command.Translated[I], Stubbed);
  return Commands;
}

} // namespace warpcheck
