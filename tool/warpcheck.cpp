//===--- warpcheck.cpp - The warpcheck command-line tool ------------------===//
//
//   warpcheck kernels.cu -- <compiler args>
//   warpcheck -p build/ [file.cu ...]
//
//===----------------------------------------------------------------------===//

#include "BlockShape.h"
#include "BoundedInput.h"
#include "CompilationDatabase.h"
#include "ConfigValidation.h"
#include "Driver.h"
#include "Launches/BlockShapePolicy.h"
#include "LspServer.h"
#include "ReportWriter.h"
#include "ResultCache.h"
#include "Shard.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace warpcheck;

static cl::OptionCategory Category("warpcheck options");

static cl::extrahelp Examples(R"(
EXAMPLES:
  warpcheck transpose.cu -- -I include -DTILE=32   (compiler arguments after --)
  warpcheck -p build -j 8                          (every .cu file of build/compile_commands.json)
  warpcheck -p build --format=sarif > warpcheck.sarif
  warpcheck --fix --fix-style=swizzle kernels.cu --
  warpcheck -p build --write-compile-commands=build-tidy/compile_commands.json
    (then: clang-tidy-19 --load=<prefix>/lib/warpcheck/libWarpcheckTidyPlugin.so
     --checks='-*,warpcheck-*' -p build-tidy kernels.cu)

  Without -p or --, the nearest compile_commands.json or compile_flags.txt
  above the first file gives the command; none: one note, and no flags.
  Configuration: the nearest .warpcheck.yaml (clang-tidy's format), over
  the CheckOptions of warpcheck's checks in the nearest .clang-tidy; the
  command line overrides both.
  Exit status: 0 when every file was analyzed; 1 when one was not, a fix
  could not be written, a warning matched --warnings-as-errors, or the
  command line is wrong. Manual: man warpcheck; docs/usage.md.
)");

/// The formats are ReportWriter.cpp's table; main lists them in the help.
static cl::opt<std::string> Format("format", cl::desc("Output format"),
                                   cl::init("text"), cl::value_desc("format"),
                                   cl::cat(Category));
static cl::opt<std::string>
    Arch("arch",
         cl::desc("GPU architecture when the compile command names "
                  "none (default sm_90)"),
         cl::init("sm_90"), cl::cat(Category));
static cl::opt<std::string>
    BlockDim("block-dim",
             cl::desc("Block shape X[,Y[,Z]] for kernels launched nowhere in "
                      "their file"),
             cl::cat(Category));
static cl::list<std::string> KernelBlockDim(
    "kernel-block-dim",
    cl::desc("Block shape of one kernel: NAME=X[,Y[,Z]] (repeatable)"),
    cl::cat(Category));
static cl::opt<unsigned>
    MinWays("min-ways", cl::desc("Smallest n-way conflict worth reporting"),
            cl::init(2), cl::cat(Category));
static cl::opt<bool> ReportUnknown(
    "report-unknown",
    cl::desc("Report accesses whose conflicts cannot be decided (default on)"),
    cl::init(true), cl::cat(Category));
static cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("CUDA toolkit root (default: $CUDA_PATH, "
                      "then /usr/local/cuda)"),
             cl::cat(Category));
static cl::opt<bool> CudaPrelude(
    "cuda-prelude",
    cl::desc("Use the built-in CUDA prelude even when a toolkit is installed"),
    cl::cat(Category));
static cl::opt<std::string>
    Checks("checks", cl::desc("clang-tidy style list of checks to run"),
           cl::init("-*,warpcheck-*"), cl::cat(Category));
static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Checks whose warnings are errors (clang-tidy glob list)"),
    cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regex of headers whose findings are shown (default: none, "
             "only the main file)"),
    cl::cat(Category));

static cl::opt<bool> VerifyPtx(
    "verify-ptx",
    cl::desc("Compile each file with nvcc (--ptx, and -c -Xptxas -v) and put "
             "its local memory beside warpcheck's predictions"),
    cl::cat(Category));
static cl::opt<bool> VerifySass(
    "verify-sass",
    cl::desc("Compile each file with its own nvcc command (-lineinfo), read "
             "the SASS with nvdisasm, and give each shared access the final "
             "code's instructions, requests and wavefronts (fused LDS.64/128, "
             "eliminated accesses, compare-and-swap loops)"),
    cl::cat(Category));
static cl::opt<std::string>
    Nvcc("nvcc",
         cl::desc("nvcc for --verify-ptx and --verify-sass (default: the "
                  "toolkit's)"),
         cl::cat(Category));
static cl::opt<std::string> PtxFile(
    "ptx-file",
    cl::desc(
        "Compare with this PTX instead of running nvcc (committed output)"),
    cl::cat(Category));
static cl::opt<std::string> PtxasLog(
    "ptxas-log",
    cl::desc("Compare with this `ptxas -v` output instead of running nvcc"),
    cl::cat(Category));

static cl::opt<std::string> SassFile(
    "sass-file",
    cl::desc("Compare with this `cuobjdump -sass` output (LDL/STL per kernel), "
             "or `nvdisasm -gi` output (also the shared instructions per "
             "line, for --verify-sass), instead of running nvcc"),
    cl::cat(Category));

static cl::opt<bool> Fix("fix", cl::desc("Apply the offered fixes in place"),
                         cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fixes as YAML for clang-apply-replacements"),
    cl::value_desc("filename"), cl::cat(Category));
static cl::opt<std::string> FixStyle(
    "fix-style",
    cl::desc("Which layout fix becomes the edit: auto (fewest wavefronts, "
             "then least memory), pad, swizzle, or none"),
    cl::init("auto"), cl::cat(Category));

static cl::opt<std::string>
    Baseline("baseline",
             cl::desc("Report, and fail on, only findings not in this earlier "
                      "--format=json or --format=sarif output"),
             cl::value_desc("file"), cl::cat(Category));
// Prefix: `-j8` as make and ninja take it, besides `-j 8` and `-j=8`.
static cl::opt<unsigned> Jobs("j",
                              cl::desc("Files analyzed at once (default 1)"),
                              cl::init(1), cl::Prefix, cl::cat(Category));
static cl::opt<bool> Progress(
    "progress",
    cl::desc("Show [i/n] progress as files are done and end with a one-line "
             "summary, on stderr (default: when stderr is a terminal; "
             "--progress=false turns it off)"),
    cl::cat(Category));
static cl::opt<bool>
    Lsp("lsp",
        cl::desc("Serve diagnostics and fixes to an editor over the Language "
                 "Server Protocol on stdin/stdout (docs/editors.md)"),
        cl::cat(Category));

static cl::opt<std::string> FileFilter(
    "file-filter",
    cl::desc("With -p and no files: only the database's files matching this "
             "regex"),
    cl::cat(Category));

static cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Keep each file's result here and reuse it while nothing the "
             "analysis read has changed (default: $XDG_CACHE_HOME/warpcheck, "
             "else ~/.cache/warpcheck)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> NoCache("no-cache",
                             cl::desc("Analyze every file, keep no result"),
                             cl::cat(Category));
static cl::opt<std::string> ShardOption(
    "shard",
    cl::desc("Analyze only shard K of N (K/N, from 1/N): a stable partition "
             "of the files by their path, for a CI matrix of N jobs"),
    cl::value_desc("K/N"), cl::cat(Category));

static cl::opt<std::string> WriteCompileCommands(
    "write-compile-commands",
    cl::desc("Write the compile commands translated for clang (nvcc flags "
             "turned into clang's, CUDA headers added) to this file, for "
             "clang-tidy with the warpcheck plugin"),
    cl::value_desc("compile_commands.json"), cl::cat(Category));

/// warpcheck's headers as files: <prefix>/share/warpcheck/include, next to
/// <prefix>/bin/warpcheck.
static std::string shareIncludeDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&shareIncludeDir));
  llvm::SmallString<256> Dir(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Dir, "share", "warpcheck", "include");
  return std::string(Dir);
}

/// The value of -p on the command line, before it is parsed.
static std::string buildPathArgument(llvm::ArrayRef<const char *> Argv) {
  std::string Path;
  for (size_t I = 1; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    if (A == "--")
      break;
    if ((A == "-p" || A == "--p") && I + 1 < Argv.size())
      Path = Argv[++I];
    else if (A.consume_front("-p=") || A.consume_front("--p="))
      Path = A.str();
  }
  return Path;
}

namespace {

/// The command line with its response files expanded, bounded: `@/dev/zero`
/// is refused. False when one is, with the error on stderr.
bool expandResponseFiles(llvm::SmallVectorImpl<const char *> &Args,
                         llvm::BumpPtrAllocator &Alloc) {
  std::string Error;
  if (expandCommandLine(Args, Alloc, Error))
    return true;
  errs() << "warpcheck: error: " << Error << "\n";
  return false;
}

/// The database of -p, loaded with limits before clang's loader sees it;
/// one that does not load is an error, never "running without flags". No
/// -p leaves Database null. False on an error, said on stderr.
bool loadGivenDatabase(
    llvm::ArrayRef<const char *> Args,
    std::unique_ptr<clang::tooling::CompilationDatabase> &Database) {
  std::string BuildPath = buildPathArgument(Args);
  if (BuildPath.empty())
    return true;
  std::string Error;
  Database = loadCompilationDatabase(BuildPath, Error);
  if (!Database)
    errs() << "warpcheck: error: " << Error << "\n";
  return Database != nullptr;
}

/// Whether the command line has `--` (the compile command).
bool hasCompileCommand(llvm::ArrayRef<const char *> Args) {
  return llvm::any_of(Args,
                      [](const char *A) { return llvm::StringRef(A) == "--"; });
}

/// With neither -p nor `--`, the database above the first file, found and
/// loaded with limits (CommonOptionsParser, given `--` for it, searches no
/// more). None: the files parse with warpcheck's defaults, said once. False
/// on a database that does not load, said on stderr.
bool findDatabaseAbove(
    const std::vector<std::string> &Files,
    std::unique_ptr<clang::tooling::CompilationDatabase> &Database) {
  if (Files.empty())
    return true;
  std::string Error;
  Database = findCompilationDatabaseFor(Files.front(), Error);
  if (!Error.empty()) {
    errs() << "warpcheck: error: " << Error << "\n";
    return false;
  }
  if (!Database)
    errs() << "warpcheck: note: no compilation database (compile_commands."
              "json or compile_flags.txt) above '"
           << Files.front()
           << "'; parsing with no flags (give them after --, or -p)\n";
  return true;
}

/// --format's help lists the writers of ReportWriter.cpp's table;
/// --version says which CUDA headers and architecture a run would use.
void describeFormatsAndVersion() {
  static std::string FormatHelp = "Output format:";
  for (const ReportFormat &F : reportFormats())
    FormatHelp += std::string("\n  ") + F.Name + " - " + F.Description;
  Format.setDescription(FormatHelp);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    CudaHeaders H = findCudaHeaders(CudaPath, CudaPrelude);
    OS << "warpcheck " << WARPCHECK_VERSION << "\n"
       << "  LLVM/Clang " << LLVM_VERSION_STRING << "\n"
       << "  CUDA declarations: " << H.describe() << "\n"
       << "  default GPU architecture: " << Arch << "\n";
  });
}

/// The format, the version and how files are parsed (architecture, CUDA
/// headers). False on an error, said on stderr.
bool readFormatAndParse(DriverOptions &Options) {
  if (!findReportFormat(Format)) {
    errs() << "warpcheck: error: unknown --format '" << Format << "' (";
    ListSeparator Sep(", ");
    for (const ReportFormat &F : reportFormats())
      errs() << Sep << F.Name;
    errs() << ")\n";
    return false;
  }
  Options.Format = Format;
  Options.Version = WARPCHECK_VERSION;
  Options.Parse.DefaultArch = Arch;
  Options.Parse.ResourceDir = WARPCHECK_CLANG_RESOURCE_DIR;
  Options.Parse.Headers = findCudaHeaders(CudaPath, CudaPrelude);
  if (!CudaPath.empty() && Options.Parse.Headers.usesPrelude()) {
    errs() << "warpcheck: error: no CUDA toolkit headers at '" << CudaPath
           << "' (include/cuda_runtime.h not found)\n";
    return false;
  }
  return true;
}

/// Sets the option Key ("CHECK.NAME", or "warpcheck.Arch") in O.
void setOption(clang::tidy::ClangTidyOptions &O, const std::string &Key,
               const std::string &Value) {
  O.CheckOptions[Key] = clang::tidy::ClangTidyOptions::ClangTidyValue(Value);
}

/// The bank-conflict check, whose options the command line sets.
const std::string Bank = "warpcheck-shared-bank-conflict";

/// The block shapes of --block-dim and --kernel-block-dim, as options of
/// the bank-conflict check. False on an error, said on stderr.
bool readBlockShapes(clang::tidy::ClangTidyOptions &O) {
  if (!BlockDim.empty()) {
    if (!Dim3::parse(BlockDim)) {
      errs() << "warpcheck: error: invalid --block-dim '" << BlockDim
             << "' (expected X[,Y[,Z]], at most 1024 threads)\n";
      return false;
    }
    setOption(O, Bank + ".BlockDim", BlockDim);
  }
  std::string PerKernel;
  for (const std::string &K : KernelBlockDim) {
    std::string Error;
    BlockShapeOptions::parsePerKernel(K, Error);
    if (!Error.empty()) {
      errs() << "warpcheck: error: " << Error << "\n";
      return false;
    }
    PerKernel += (PerKernel.empty() ? "" : ";") + K;
  }
  if (!PerKernel.empty())
    setOption(O, Bank + ".KernelBlockDims", PerKernel);
  return true;
}

/// The options given on the command line that override .warpcheck.yaml
/// (only those given). False on an error, said on stderr.
bool readOverrides(clang::tidy::ClangTidyOptions &O) {
  if (Checks.getNumOccurrences()) {
    // Nothing would be analyzed: every file would look unparsed.
    if (enabledWarpcheckChecks(Checks, /*Overlay=*/true).empty()) {
      errs() << "warpcheck: error: --checks='" << Checks
             << "' enables no warpcheck check (give one of "
             << llvm::join(enabledWarpcheckChecks("*"), ", ") << ")\n";
      return false;
    }
    O.Checks = Checks;
  }
  if (WarningsAsErrors.getNumOccurrences())
    O.WarningsAsErrors = WarningsAsErrors;
  if (HeaderFilter.getNumOccurrences()) {
    std::string Error;
    if (!llvm::Regex(HeaderFilter).isValid(Error)) {
      errs() << "warpcheck: error: invalid --header-filter '" << HeaderFilter
             << "': " << Error << "\n";
      return false;
    }
    O.HeaderFilterRegex = HeaderFilter;
  }
  if (!isConcreteArch(Arch)) {
    errs() << "warpcheck: error: invalid --arch '" << Arch
           << "' (expected sm_XX; native is not resolved)\n";
    return false;
  }
  if (!readBlockShapes(O))
    return false;
  if (MinWays.getNumOccurrences())
    setOption(O, Bank + ".MinWays", std::to_string(MinWays));
  if (ReportUnknown.getNumOccurrences())
    setOption(O, Bank + ".ReportUnknown", ReportUnknown ? "true" : "false");
  if (FixStyle != "auto" && FixStyle != "pad" && FixStyle != "swizzle" &&
      FixStyle != "none") {
    errs() << "warpcheck: error: --fix-style must be auto, pad, swizzle or "
              "none\n";
    return false;
  }
  if (FixStyle.getNumOccurrences())
    setOption(O, Bank + ".FixStyle", FixStyle);
  if (Arch.getNumOccurrences())
    setOption(O, "warpcheck.Arch", Arch);
  return true;
}

/// What the run does besides the checks: nvcc, fixes, baseline, -j,
/// progress.
void readRunOptions(DriverOptions &Options) {
  Options.VerifyPtx = VerifyPtx;
  Options.VerifySass = VerifySass;
  Options.Nvcc = Nvcc;
  Options.PtxFile = PtxFile;
  Options.PtxasLog = PtxasLog;
  Options.SassFile = SassFile;
  Options.Fix = Fix;
  Options.ExportFixes = ExportFixes;
  Options.Baseline = Baseline;
  Options.CacheDir = resolveCacheDir(NoCache, CacheDir);
  Options.Jobs = std::max(1u, unsigned(Jobs));
  Options.Progress = Progress.getNumOccurrences()
                         ? bool(Progress)
                         : llvm::sys::Process::StandardErrIsDisplayed();
  unsigned MaxJobs = limits::JobsPerThread *
                     llvm::hardware_concurrency().compute_thread_count();
  if (Options.Jobs > MaxJobs) {
    errs() << "warpcheck: note: -j " << Jobs << " is more than "
           << limits::JobsPerThread << " times the "
           << MaxJobs / limits::JobsPerThread << " hardware threads; using -j "
           << MaxJobs << "\n";
    Options.Jobs = MaxJobs;
  }
}

/// --write-compile-commands: the files given, or with -p and none, every
/// CUDA file of the database.
int writeCompileCommands(const DriverOptions &Options,
                         clang::tooling::CommonOptionsParser &Parser,
                         const clang::tooling::CompilationDatabase *Given,
                         const char *Argv0) {
  std::vector<std::string> Sources = Parser.getSourcePathList();
  // The parser has no database of its own when -p gave one (found by
  // ASan/UBSan: binding a reference to it was undefined behaviour).
  const clang::tooling::CompilationDatabase *DB =
      Given ? Given : &Parser.getCompilations();
  if (Given && Sources.empty())
    Sources = cudaFilesOf(*DB);
  return writeTranslatedDatabase(*DB, Sources, Options.Parse,
                                 shareIncludeDir(Argv0), Options.DatabaseFile,
                                 WriteCompileCommands, errs());
}

/// --shard=K/N, read into S (1/1 without it). False on an error, said.
bool readShard(Shard &S) {
  std::string Error;
  if (ShardOption.empty() || parseShard(ShardOption, S, Error))
    return true;
  errs() << "warpcheck: error: " << Error << "\n";
  return false;
}

/// The files of shard S: by their paths relative to the compilation
/// database's directory (-p's, else the one found above the files), else
/// to the working directory.
std::vector<std::string> shardFiles(const DriverOptions &Options,
                                    std::vector<std::string> Files,
                                    const Shard &S) {
  if (S.Count == 1)
    return Files;
  std::string Base = compileDatabaseDir();
  if (Base.empty() && !Options.DatabaseFile.empty())
    Base = llvm::sys::path::parent_path(Options.DatabaseFile).str();
  if (Base.empty())
    Base = ".";
  return filesOfShard(Files, S, Base);
}

/// No files: every CUDA file of the compilation database given by -p
/// (CommonOptionsParser loads no database when it is given no file), those
/// matching --file-filter.
int runOnDatabase(const DriverOptions &Options,
                  const clang::tooling::CompilationDatabase *Database,
                  const Shard &S) {
  std::string BuildPath;
  auto &Registered = cl::getRegisteredOptions();
  if (auto It = Registered.find("p"); It != Registered.end())
    BuildPath = static_cast<cl::opt<std::string> *>(It->second)->getValue();
  if (BuildPath.empty()) {
    errs() << "warpcheck: error: no input files (give .cu files, or -p with a "
              "compilation database)\n";
    return 1;
  }
  if (!Database) {
    errs() << "warpcheck: error: give -p as '-p DIR' or '-p=DIR'\n";
    return 1;
  }
  std::vector<std::string> Files = cudaFilesOf(*Database);
  if (!FileFilter.empty()) {
    llvm::Regex Filter(FileFilter);
    std::string Error;
    if (!Filter.isValid(Error)) {
      errs() << "warpcheck: error: invalid --file-filter: " << Error << "\n";
      return 1;
    }
    llvm::erase_if(Files,
                   [&](const std::string &F) { return !Filter.match(F); });
  }
  if (Files.empty()) {
    errs() << "warpcheck: error: the compilation database in '" << BuildPath
           << "' lists no .cu file\n";
    return 1;
  }
  return runWarpcheck(Options, *Database, shardFiles(Options, Files, S), outs(),
                      errs());
}

/// The report went to standard output: a write that failed there (a full
/// disk, the file size limit) is one error line and exit 1, not LLVM's
/// fatal error when the stream is destroyed.
int checkStandardOutput(int Status) {
  outs().flush();
  if (!outs().has_error())
    return Status;
  errs() << "warpcheck: error: cannot write the output: "
         << outs().error().message() << "\n";
  outs().clear_error();
  return 1;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  llvm::BumpPtrAllocator ArgAlloc;
  llvm::SmallVector<const char *, 64> Args(argv, argv + argc);
  if (!expandResponseFiles(Args, ArgAlloc))
    return 1;
  argc = int(Args.size());
  argv = Args.data();
  std::unique_ptr<clang::tooling::CompilationDatabase> GivenDatabase;
  if (!loadGivenDatabase(Args, GivenDatabase))
    return 1;
  // Without -p or `--`, the database above the first file gives the
  // commands (findDatabaseAbove): no write may replace it either.
  bool CommandsGiven = hasCompileCommand(Args);
  bool SearchDatabase = !GivenDatabase && !CommandsGiven;
  if (SearchDatabase) {
    Args.push_back("--");
    argc = int(Args.size());
    argv = Args.data();
  }
  describeFormatsAndVersion();
  auto Parser = clang::tooling::CommonOptionsParser::create(
      argc, argv, Category, cl::ZeroOrMore,
      "warpcheck: shared-memory bank conflicts in CUDA kernels, before "
      "anything runs\n");
  if (!Parser) {
    // The option parser's message names the program already.
    std::string Message = toString(Parser.takeError());
    StringRef Text = StringRef(Message).trim();
    Text.consume_front("warpcheck: ");
    errs() << "warpcheck: error: " << Text << "\n";
    return 1;
  }
  if (SearchDatabase && !Lsp &&
      !findDatabaseAbove(Parser->getSourcePathList(), GivenDatabase))
    return 1;
  DriverOptions Options;
  if (!readFormatAndParse(Options) || !readOverrides(Options.Overrides))
    return 1;
  readRunOptions(Options);
  Shard S;
  if (!readShard(S))
    return 1;
  std::vector<std::string> Files = Parser->getSourcePathList();
  Options.DatabaseFile =
      compileDatabaseFile(CommandsGiven || Files.empty() ? "" : Files.front());

  if (Lsp)
    return runLspServer(Options, llvm::outs(), GivenDatabase.get());
  if (!WriteCompileCommands.empty())
    return writeCompileCommands(Options, *Parser, GivenDatabase.get(), argv[0]);
  if (Files.empty())
    return checkStandardOutput(runOnDatabase(Options, GivenDatabase.get(), S));
  return checkStandardOutput(runWarpcheck(
      Options, GivenDatabase ? *GivenDatabase : Parser->getCompilations(),
      shardFiles(Options, Files, S), outs(), errs()));
}
