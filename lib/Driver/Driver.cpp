//===--- Driver.cpp - The warpcheck run over a set of files ---------------===//
//
// Two phases: every file is analyzed on its own (on a thread pool with -j):
// parsed for the device, checked, its layout fixes proven by re-analysis
// (FixProof.cpp),
// its local memory compared with nvcc's; then the results are reported in
// the order of the files.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "AnalysisReport.h"
#include "FixProof.h"
#include "NvccVerifier.h"
#include "Output.h"
#include "ReportWriter.h"
#include "SafeInput.h"
#include "SiblingParse.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

extern volatile int WarpcheckModuleAnchorSource;
// Keeps the check module linked into the standalone tool.
[[maybe_unused]] static int WarpcheckModuleAnchorDestination =
    WarpcheckModuleAnchorSource;

namespace {

/// The compilation database, borrowed, with each command translated into
/// the clang command warpcheck parses with, and relative directories and
/// files resolved against the database's own directory (never against the
/// working directory, which threads share).
class CudaCompilations : public tooling::CompilationDatabase {
public:
  CudaCompilations(const tooling::CompilationDatabase &DB, ParseOptions P)
      : DB(DB), Parse(std::move(P)), DatabaseDir(compileDatabaseDir()) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    auto Commands = untranslatedCommands(File);
    for (auto &C : Commands)
      C.CommandLine = translateCommand(C.CommandLine, Parse).Args;
    return Commands;
  }
  /// The project's own commands, with their paths resolved.
  std::vector<tooling::CompileCommand>
  untranslatedCommands(llvm::StringRef File) const {
    auto Commands = DB.getCompileCommands(File);
    if (Commands.empty() && !DatabaseDir.empty()) {
      // Entries relative to the database: match them by their resolved path.
      for (tooling::CompileCommand &C : DB.getAllCompileCommands()) {
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
    return Commands;
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files = DB.getAllFiles();
    for (std::string &F : Files)
      F = resolveAgainst(DatabaseDir, F);
    return Files;
  }

private:
  const tooling::CompilationDatabase &DB;
  ParseOptions Parse;
  std::string DatabaseDir;
};

/// clang-tidy's runClangTidy, with ClangTool's own "Error while processing"
/// line turned off: the driver prints one line of its own per file.
std::vector<ClangTidyError>
runChecks(ClangTidyContext &Context, const tooling::CompilationDatabase &DB,
          const std::string &File,
          llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS) {
  tooling::ClangTool Tool(DB, {File},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr, true, false);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);

  class Factory : public tooling::FrontendActionFactory {
  public:
    Factory(ClangTidyContext &Context,
            llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS)
        : Consumers(Context, std::move(FS)) {}
    std::unique_ptr<FrontendAction> create() override {
      class Action : public ASTFrontendAction {
      public:
        explicit Action(ClangTidyASTConsumerFactory *F) : F(F) {}
        std::unique_ptr<ASTConsumer>
        CreateASTConsumer(CompilerInstance &CI, StringRef File) override {
          return F->createASTConsumer(CI, File);
        }

      private:
        ClangTidyASTConsumerFactory *F;
      };
      return std::make_unique<Action>(&Consumers);
    }

  private:
    ClangTidyASTConsumerFactory Consumers;
  };
  Factory F(Context, FS);
  Tool.run(&F);
  return DiagConsumer.take();
}

bool isCompilerError(const ClangTidyError &E) {
  return E.DiagLevel == ClangTidyError::Error &&
         llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic");
}

std::string firstErrorLine(const std::string &File,
                           const std::vector<ClangTidyError> &Errors) {
  const ClangTidyError *First = nullptr;
  unsigned Count = 0;
  for (const auto &E : Errors)
    if (isCompilerError(E)) {
      ++Count;
      if (!First)
        First = &E;
    }
  if (!First)
    return "";
  const auto &M = First->Message;
  std::string Where = File;
  if (!M.FilePath.empty()) {
    auto [Line, Column] = lineColumn(M.FilePath, M.FileOffset);
    Where = llvm::formatv("{0}:{1}:{2}", M.FilePath, Line, Column);
  }
  std::string Line = llvm::formatv("{0}: error: {1}", Where, M.Message);
  if (Count > 1)
    Line += llvm::formatv(" (and {0} more errors)", Count - 1).str();
  return Line;
}

} // namespace

namespace {
/// warpcheck's defaults, then the nearest `.warpcheck.yaml` up the file's
/// directory tree (clang-tidy's configuration format), then the command
/// line.
class WarpcheckOptionsProvider : public FileOptionsBaseProvider {
public:
  WarpcheckOptionsProvider(ClangTidyOptions Defaults,
                           ClangTidyOptions Overrides)
      : FileOptionsBaseProvider(
            ClangTidyGlobalOptions(), std::move(Defaults), std::move(Overrides),
            {{".warpcheck.yaml", [](llvm::MemoryBufferRef Config) {
                return parseConfiguration(Config);
              }}}) {
    FS = llvm::vfs::getRealFileSystem();
  }

  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    llvm::SmallString<256> Path(FileName);
    if (FS->makeAbsolute(Path))
      return {};
    std::vector<OptionsSource> Raw =
        DefaultOptionsProvider::getRawOptions(Path.str());
    addRawFileOptions(Path, Raw);
    Raw.emplace_back(OverrideOptions, "command-line option");
    return Raw;
  }
};
} // namespace

std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(const DriverOptions &Options) {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,warpcheck-*";
  Defaults.HeaderFilterRegex = "";
  Defaults.SystemHeaders = false;
  return std::make_unique<WarpcheckOptionsProvider>(Defaults,
                                                    Options.Overrides);
}

/// A file system that records the hash of every file's content as the parse
/// reads it, by real path (FileAnalysis::ReadHashes).
class RecordingFileSystem
    : public llvm::RTTIExtends<RecordingFileSystem,
                               llvm::vfs::ProxyFileSystem> {
public:
  static const char ID;
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      std::map<std::string, uint64_t> &Hashes)
      : RTTIExtends(std::move(FS)), Hashes(Hashes) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    llvm::SmallString<256> Real;
    if (getRealPath(Path, Real))
      return F;
    return std::unique_ptr<llvm::vfs::File>(
        new RecordedFile(std::move(*F), std::string(Real), Hashes));
  }

private:
  /// A file whose content, once read, is hashed.
  class RecordedFile : public llvm::vfs::File {
  public:
    RecordedFile(std::unique_ptr<llvm::vfs::File> Inner, std::string Real,
                 std::map<std::string, uint64_t> &Hashes)
        : Inner(std::move(Inner)), Real(std::move(Real)), Hashes(Hashes) {}
    llvm::ErrorOr<llvm::vfs::Status> status() override {
      return Inner->status();
    }
    llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
    getBuffer(const llvm::Twine &Name, int64_t FileSize,
              bool RequiresNullTerminator, bool IsVolatile) override {
      auto Buf =
          Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
      if (Buf)
        Hashes[Real] = llvm::xxh3_64bits((*Buf)->getBuffer());
      return Buf;
    }
    std::error_code close() override { return Inner->close(); }

  private:
    std::unique_ptr<llvm::vfs::File> Inner;
    std::string Real;
    std::map<std::string, uint64_t> &Hashes;
  };
  std::map<std::string, uint64_t> &Hashes;
};
const char RecordingFileSystem::ID = 0;

/// The note for a header parsed as an empty file, after its quoted name.
constexpr const char *MissingHeaderNote =
    "' not found; analyzed as if it were empty";

std::unique_ptr<FileAnalysis>
analyzeOne(const DriverOptions &Options,
           const tooling::CompilationDatabase &Database,
           const std::string &File, const std::string *Contents,
           const std::map<std::string, std::string> *Others) {
  auto R = std::make_unique<FileAnalysis>();
  R->File = File;
  R->Context = std::make_unique<ClangTidyContext>(makeOptionsProvider(Options));
  // The GPU architecture may come from .warpcheck.yaml (warpcheck.Arch).
  ParseOptions Parse = Options.Parse;
  ClangTidyOptions FileOpts = R->Context->getOptionsForFile(File);
  auto Arch = FileOpts.CheckOptions.find("warpcheck.Arch");
  if (Arch != FileOpts.CheckOptions.end())
    Parse.DefaultArch = Arch->second.Value;
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  std::vector<ClangTidyError> Errors;
  std::vector<std::string> StubNotes;
  // A missing header (omp.h, a vendor SDK) is a fatal error after which
  // clang skips every later include and instantiates no template: the
  // kernels elsewhere would be lost. The file is parsed again with the
  // header as an empty file, as if the code that needs it were not there;
  // what then fails to parse is reported as any other error.
  for (unsigned Attempt = 0;; ++Attempt) {
    CudaCompilations Compilations(Database, Parse);
    R->ReadHashes.clear();
    auto FS =
        makeWarpcheckFileSystem(llvm::makeIntrusiveRefCnt<RecordingFileSystem>(
            llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                llvm::vfs::createPhysicalFileSystem().release()),
            R->ReadHashes));
    addStubHeaders(*FS, Parse.StubbedHeaders);
    if (Contents || Others) {
      // The tool reads files by absolute path: the copy must be found there.
      auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
      if (Contents)
        Memory->addFile(Abs, 0,
                        llvm::MemoryBuffer::getMemBufferCopy(*Contents));
      if (Others)
        for (const auto &[Path, Text] : *Others)
          Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
      FS->pushOverlay(Memory);
    }
    {
      AttachReport Attached(*R->Context, R->Report);
      Errors = runChecks(*R->Context, Compilations, File, FS);
    }
    std::string Missing, Where = File;
    for (const ClangTidyError &E : Errors)
      if (isCompilerError(E))
        if (Missing = missingHeaderOf(E.Message.Message); !Missing.empty()) {
          if (!E.Message.FilePath.empty()) {
            auto [Line, Column] =
                lineColumn(E.Message.FilePath, E.Message.FileOffset);
            Where = llvm::formatv("{0}:{1}:{2}", E.Message.FilePath, Line,
                                  Column);
          }
          break;
        }
    if (Missing.empty() || Attempt >= 8 ||
        llvm::is_contained(Parse.StubbedHeaders, Missing))
      break;
    Parse.StubbedHeaders.push_back(Missing);
    StubNotes.push_back(
        llvm::formatv("{0}: note: '{1}{2} (give its directory with -I to use "
                      "it)",
                      Where, Missing, MissingHeaderNote));
    R->Report.Accesses.clear();
    R->Report.LocalArrays.clear();
    R->Report.Kernels.clear();
    R->Report.FixClaims.clear();
    R->Report.Units.clear();
    R->Context =
        std::make_unique<ClangTidyContext>(makeOptionsProvider(Options));
  }
  R->Notes = std::move(StubNotes);

  // Errors clang reports on code nvcc compiles, where the AST holds what
  // nvcc reads, are not errors of the file.
  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Sources;
  auto SourceAt = [&](const ClangTidyError &E) -> llvm::StringRef {
    const std::string &Path = E.Message.FilePath;
    llvm::StringRef Text;
    if (Contents && llvm::sys::fs::equivalent(Path, Abs)) {
      Text = *Contents;
    } else {
      auto &Buf = Sources[Path];
      if (!Buf)
        if (auto B = llvm::MemoryBuffer::getFile(Path))
          Buf = std::move(*B);
      if (Buf)
        Text = Buf->getBuffer();
    }
    return E.Message.FileOffset <= Text.size()
               ? Text.drop_front(E.Message.FileOffset)
               : llvm::StringRef();
  };
  llvm::erase_if(Errors, [&](const ClangTidyError &E) {
    return isCompilerError(E) && isClangOnlyError(E.Message.Message, SourceAt(E));
  });

  R->ErrorLine = firstErrorLine(File, Errors);
  for (auto &E : Errors) {
    if (!isCompilerError(E)) {
      R->Findings.push_back(std::move(E));
      continue;
    }
    // An error inside a kernel or __device__ function of the main file: some
    // device code may be missing without a trace in the AST.
    if (llvm::sys::fs::equivalent(E.Message.FilePath, File))
      for (const TranslationUnitRecord &U : R->Report.Units)
        for (auto [Begin, End] : U.DeviceRanges)
          R->DeviceErrors |=
              E.Message.FileOffset >= Begin && E.Message.FileOffset <= End;
  }
  return R;
}

namespace {

/// Analyzes one file for the report: checks, proof of fixes, file status,
/// nvcc comparison.
std::unique_ptr<FileAnalysis>
analyzeFile(const DriverOptions &Options,
            const tooling::CompilationDatabase &Database,
            const std::string &File, const CompiledLocalMemory *Given) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  if (!llvm::sys::fs::exists(Abs)) {
    auto R = std::make_unique<FileAnalysis>();
    R->File = File;
    R->FileError = llvm::formatv("{0}: error: no such file; not analyzed", File);
    return R;
  }
  CudaCompilations Resolved(Database, Options.Parse);
  auto Commands = Resolved.getCompileCommands(std::string(Abs));
  if (Commands.empty())
    Commands = Resolved.getCompileCommands(File);
  if (Commands.empty()) {
    auto R = std::make_unique<FileAnalysis>();
    R->File = File;
    R->FileError = llvm::formatv("{0}: error: no compile command for this "
                                 "file in the compilation database; not "
                                 "analyzed",
                                 File);
    return R;
  }
  auto R = analyzeOne(Options, Database, File);

  // nvcc flags without a clang meaning are dropped, and said once.
  auto Untranslated = Resolved.untranslatedCommands(std::string(Abs));
  if (Untranslated.empty())
    Untranslated = Resolved.untranslatedCommands(File);
  TranslatedCommand T =
      translateCommand(Untranslated.front().CommandLine, Options.Parse);
  if (!T.Dropped.empty())
    R->Notes.push_back(File +
                       ": note: ignored compiler flags without a clang "
                       "meaning: " +
                       llvm::join(T.Dropped, " "));

  // Did the file parse, and is it CUDA? Every kernel whose body parsed was
  // analyzed; each one that was not, or that was analyzed around a callee
  // that did not parse, has a note.
  TranslationUnitRecord TU;
  std::set<std::string> SeenNotes;
  for (const TranslationUnitRecord &U : R->Report.Units) {
    TU.Kernels = std::max(TU.Kernels, U.Kernels);
    TU.KernelsSkipped = std::max(TU.KernelsSkipped, U.KernelsSkipped);
    TU.HasDeviceCode |= U.HasDeviceCode;
    for (const std::string &Note : U.ParseNotes)
      if (SeenNotes.insert(Note).second)
        R->Notes.push_back(Note);
  }
  if (!R->ErrorLine.empty()) {
    std::string Counts = llvm::formatv("{0} of {1} kernels analyzed",
                                       TU.Kernels,
                                       TU.Kernels + TU.KernelsSkipped);
    // No kernel at all, the errors outside device code, and no header
    // missing (it may have held the kernels): nothing lost.
    bool Stubbed = llvm::any_of(R->Notes, [](const std::string &N) {
      return N.find(MissingHeaderNote) != std::string::npos;
    });
    bool HostOnly = TU.Kernels == 0 && TU.KernelsSkipped == 0 &&
                    !R->Report.Units.empty() && !Stubbed;
    if ((TU.Kernels > 0 || HostOnly) && TU.KernelsSkipped == 0 &&
        !R->DeviceErrors)
      // nvcc accepts some host code clang rejects: the kernels parsed.
      R->Notes.push_back(
          std::string(R->ErrorLine)
              .replace(R->ErrorLine.find(": error: "), 9, ": note: clang: ") +
          (HostOnly ? "; the file has no kernel to analyze"
                    : "; every kernel parsed and was analyzed"));
    else if (TU.Kernels > 0 && TU.KernelsSkipped == 0)
      R->FileError = llvm::formatv(
          "{0}; every kernel was analyzed, without the device code clang "
          "could not parse",
          R->ErrorLine);
    else if (TU.Kernels > 0)
      R->FileError = llvm::formatv(
          "{0}; {1}, code that did not parse was not (see the notes)",
          R->ErrorLine, Counts);
    else
      R->FileError = llvm::formatv(
          "{0}; code that did not parse was not analyzed", R->ErrorLine);
  } else if (R->Report.Units.empty()) {
    R->FileError =
        llvm::formatv("{0}: error: not parsed as CUDA; not analyzed", File);
  } else if (TU.Kernels == 0 && TU.KernelsSkipped == 0 && !TU.HasDeviceCode) {
    // Host code only (it launches kernels defined elsewhere, or calls
    // libraries): nvcc compiles it, and there is nothing wrong to report.
    R->Notes.push_back(llvm::formatv(
        "{0}: note: no CUDA code (no __global__ or __device__ function, no "
        "__shared__ variable); nothing to analyze",
        File));
  }

  // Proof of every layout fix.
  proveLayoutFixes(Options, Database, *R);

  // What nvcc did with local memory.
  if ((Options.VerifyPtx || Given) && R->FileError.empty()) {
    CompiledLocalMemory Compiled;
    if (Given) {
      Compiled = *Given;
    } else {
      CudaCompilations Translated(Database, Options.Parse);
      auto Cmds = Translated.getCompileCommands(std::string(Abs));
      std::vector<std::string> Args =
          Cmds.empty() ? std::vector<std::string>() : Cmds.front().CommandLine;
      std::string Arch = Options.Parse.DefaultArch;
      for (const std::string &A : Args)
        if (llvm::StringRef(A).starts_with("--cuda-gpu-arch="))
          Arch = A.substr(16);
      std::string Nvcc =
          findNvcc(Options.Nvcc, Options.Parse.Headers.ToolkitPath);
      std::optional<std::string> Failure =
          Nvcc.empty()
              ? std::optional<std::string>(
                    "nvcc not found (give --nvcc or --cuda-path)")
              : compileWithNvcc(Nvcc, std::string(Abs), Arch, Args, Compiled);
      if (Failure)
        R->FileError = llvm::formatv("{0}: error: --verify-ptx: {1}; the "
                                     "static findings stand unverified",
                                     File, *Failure);
    }
    R->Compared = true;
    for (const KernelRecord &K : R->Report.Kernels) {
      KernelComparison C;
      C.Kernel = K;
      if (auto D = Compiled.PtxDepot.find(K.MangledName);
          D != Compiled.PtxDepot.end())
        C.Depot = D->second;
      if (auto F = Compiled.Ptxas.find(K.MangledName);
          F != Compiled.Ptxas.end())
        C.Frame = F->second;
      if (auto S = Compiled.Sass.find(K.MangledName); S != Compiled.Sass.end())
        C.Sass = S->second;
      R->Comparisons.push_back(std::move(C));
    }
  } else {
    for (const KernelRecord &K : R->Report.Kernels)
      R->Comparisons.push_back({K, std::nullopt, std::nullopt, std::nullopt});
  }
  return R;
}

} // namespace

/// Why File is not analyzed before anything reads it: not a regular file
/// (a FIFO would block every other file), too large, a compile command run
/// in a directory that does not exist (ClangTool aborts the process on it),
/// or a `.warpcheck.yaml` that does not validate. Empty when it may go on;
/// a missing file is left to analyzeFile.
std::string checkBeforeAnalysis(const tooling::CompilationDatabase &DB,
                                const std::string &File) {
  if (!llvm::sys::fs::exists(File))
    return "";
  std::string Why = checkInputFile(File, "source file", limits::SourceBytes);
  if (!Why.empty())
    return llvm::formatv("{0}: error: {1}; not analyzed", File, Why);
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  auto Commands = DB.getCompileCommands(Abs);
  if (Commands.empty())
    Commands = DB.getCompileCommands(File);
  for (const tooling::CompileCommand &C : Commands)
    if (!C.Directory.empty() && !llvm::sys::fs::is_directory(C.Directory))
      return llvm::formatv("{0}: error: the directory of its compile "
                           "command, '{1}', does not exist; not analyzed",
                           File, C.Directory);
  for (const std::string &Config : configFilesFor(File)) {
    std::string Error = checkConfigFile(Config);
    if (!Error.empty())
      return Error;
  }
  return "";
}

namespace {

/// Writes Contents over Path through a temporary file in its directory,
/// renamed over it: a failed write leaves the original whole, and the
/// file keeps its permissions. Path must not be a symbolic link.
std::error_code writeAtomically(const std::string &Path,
                                llvm::StringRef Contents) {
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(Path, St))
    return EC;
  llvm::SmallString<256> Temp(llvm::sys::path::parent_path(Path));
  llvm::sys::path::append(
      Temp, "." + llvm::sys::path::filename(Path).str() + ".warpcheck-%%%%%%");
  // A write over the file size limit (ulimit -f) is an error to report,
  // not a signal that kills the run half way through the files.
  std::signal(SIGXFSZ, SIG_IGN);
  int FD;
  llvm::SmallString<256> TempPath;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          Temp, FD, TempPath, llvm::sys::fs::OF_None, St.permissions()))
    return EC;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      llvm::sys::fs::remove(TempPath);
      return EC;
    }
  }
  llvm::sys::fs::setPermissions(TempPath, St.permissions());
  if (std::error_code EC = llvm::sys::fs::rename(TempPath, Path)) {
    llvm::sys::fs::remove(TempPath);
    return EC;
  }
  return {};
}

/// Applies the fixes of every result: each once, only to files unchanged
/// since they were read, written atomically. False when one was not.
bool applyFixes(const std::vector<std::unique_ptr<FileAnalysis>> &Results,
                const std::vector<std::optional<uint64_t>> &Hashes,
                llvm::raw_ostream &Err) {
  // Per real file (a file given twice, or through a symbolic link, is one
  // file): its edits, each finding's once, and the content it was analyzed
  // with.
  struct Pending {
    std::string Shown;
    std::optional<uint64_t> Hash;
    bool HashConflict = false;
    std::set<std::string> Seen;
    tooling::Replacements Edits;
    unsigned Fixes = 0, Conflicts = 0;
  };
  std::map<std::string, Pending> Files;
  std::vector<std::string> Order;
  for (size_t I = 0; I < Results.size(); ++I) {
    const FileAnalysis &R = *Results[I];
    for (const ClangTidyError &E : R.Findings)
      for (const auto &[Path, Replacements] : E.Message.Fix) {
        if (Replacements.empty())
          continue;
        llvm::SmallString<256> Real;
        if (llvm::sys::fs::real_path(Path, Real))
          continue;
        auto [It, New] = Files.try_emplace(std::string(Real));
        Pending &P = It->second;
        if (New) {
          P.Shown = Path.str();
          Order.push_back(std::string(Real));
        }
        // The content the analysis saw: the main file's hash from before
        // it was read, and every file's as the parse read it (a header
        // shared by several files must have had one content for all).
        auto Saw = [&](uint64_t Hash) {
          if (P.Hash && *P.Hash != Hash)
            P.HashConflict = true;
          P.Hash = Hash;
        };
        if (llvm::sys::fs::equivalent(Path, R.File) && Hashes[I])
          Saw(*Hashes[I]);
        auto Read = R.ReadHashes.find(std::string(Real));
        if (Read != R.ReadHashes.end())
          Saw(Read->second);
        std::string Key;
        for (const tooling::Replacement &Rep : Replacements)
          Key += std::to_string(Rep.getOffset()) + ":" +
                 std::to_string(Rep.getLength()) + ":" +
                 Rep.getReplacementText().str() + "\n";
        if (!P.Seen.insert(Key).second)
          continue; // the same fix, from the same file given twice
        tooling::Replacements Merged = P.Edits;
        bool Conflict = false;
        for (const tooling::Replacement &Rep : Replacements)
          if (llvm::Error Error = Merged.add(Rep)) {
            llvm::consumeError(std::move(Error));
            Conflict = true;
            break;
          }
        if (Conflict) {
          ++P.Conflicts;
          continue;
        }
        P.Edits = std::move(Merged);
        ++P.Fixes;
      }
  }
  bool Ok = true;
  for (const std::string &Real : Order) {
    Pending &P = Files[Real];
    auto Buf = readInputFile(Real, "file to fix", limits::SourceBytes);
    if (!Buf) {
      Err << P.Shown << ": error: " << llvm::toString(Buf.takeError())
          << "; its fixes were not applied\n";
      Ok = false;
      continue;
    }
    llvm::StringRef Code = (*Buf)->getBuffer();
    if (P.HashConflict || (P.Hash && *P.Hash != llvm::xxh3_64bits(Code))) {
      Err << P.Shown
          << ": error: the file changed while it was analyzed; its fixes "
             "were not applied\n";
      Ok = false;
      continue;
    }
    auto Edited = tooling::applyAllReplacements(Code, P.Edits);
    if (!Edited) {
      Err << P.Shown << ": error: the fixes do not apply ("
          << llvm::toString(Edited.takeError()) << "); file left unchanged\n";
      Ok = false;
      continue;
    }
    if (std::error_code EC = writeAtomically(Real, *Edited)) {
      Err << P.Shown << ": error: cannot write the fixes: " << EC.message()
          << "; file left unchanged\n";
      Ok = false;
      continue;
    }
    Err << "warpcheck: applied " << P.Fixes << " fix"
        << (P.Fixes == 1 ? "" : "es") << " to " << P.Shown;
    if (Real != P.Shown)
      Err << " (" << Real << ")";
    if (P.Conflicts)
      Err << "; " << P.Conflicts << " conflicting fix"
          << (P.Conflicts == 1 ? " was" : "es were") << " left out";
    Err << "\n";
  }
  return Ok;
}

} // namespace

namespace {

/// The run's one-line summary (`--progress`): files, findings per check,
/// accesses by how well the engine knew their addresses, and time.
class RunSummary {
public:
  RunSummary() : Start(std::chrono::steady_clock::now()) {}

  /// Counts one file's result, after the baseline has filtered it.
  void add(const FileAnalysis &R) {
    ++Files;
    if (!R.FileError.empty())
      ++WithErrors;
    for (const ClangTidyError &E : R.Findings) {
      auto &[All, Remarks] = Findings[E.DiagnosticName];
      ++All;
      Remarks += E.DiagLevel == ClangTidyError::Remark;
    }
    // An access in a header that several files include counts once, as in
    // the JSON report.
    for (const AccessRecord &A : R.Report.Accesses)
      if (Seen.insert(accessKey(A)).second)
        ++Accesses[A.Status];
  }

  /// One line, e.g. `warpcheck: 3 files: 2 analyzed, 1 with errors;
  /// findings: warpcheck-shared-bank-conflict 4; accesses: 10 exact,
  /// 2 range, 1 unknown; 0.8 s`.
  void print(llvm::raw_ostream &Err) const {
    Err << "warpcheck: " << Files << " file" << (Files == 1 ? "" : "s")
        << ": " << Files - WithErrors << " analyzed, " << WithErrors
        << " with errors; ";
    if (Findings.empty())
      Err << "no findings";
    else
      Err << "findings: ";
    llvm::ListSeparator Sep(", ");
    for (const auto &[Check, Count] : Findings) {
      Err << Sep << Check << " " << Count.first;
      if (Count.second)
        Err << " (" << Count.second << " remark"
            << (Count.second == 1 ? "" : "s") << ")";
    }
    auto Count = [&](llvm::StringRef Status) {
      auto It = Accesses.find(Status.str());
      return It == Accesses.end() ? 0u : It->second;
    };
    double Seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
    Err << "; accesses: " << Count("exact") << " exact, " << Count("range")
        << " range, " << Count("unknown") << " unknown; "
        << llvm::format("%.1f", Seconds) << " s\n";
  }

private:
  std::chrono::steady_clock::time_point Start;
  unsigned Files = 0, WithErrors = 0;
  /// Per check: all its findings, and how many of them are remarks.
  std::map<std::string, std::pair<unsigned, unsigned>> Findings;
  std::map<std::string, unsigned> Accesses;
  std::set<std::string> Seen;
};

} // namespace

namespace {

/// Compiler output given on the command line (--ptx-file, --ptxas-log,
/// --sass-file) stands for every file; none given is std::nullopt. A file
/// named and not readable is an error, not an empty comparison.
llvm::Expected<std::optional<CompiledLocalMemory>>
readGivenCompilerOutput(const DriverOptions &Options) {
  if (Options.PtxFile.empty() && Options.PtxasLog.empty() &&
      Options.SassFile.empty())
    return std::nullopt;
  CompiledLocalMemory Given;
  for (auto [Path, What] : {std::pair(&Options.PtxFile, "--ptx-file"),
                            std::pair(&Options.PtxasLog, "--ptxas-log"),
                            std::pair(&Options.SassFile, "--sass-file")}) {
    if (Path->empty())
      continue;
    auto Buf = readInputFile(*Path, What, limits::CompilerOutputBytes);
    if (!Buf)
      return Buf.takeError();
    if (Path == &Options.PtxFile)
      Given.PtxDepot = parsePtxDepots((*Buf)->getBuffer());
    else if (Path == &Options.PtxasLog)
      Given.Ptxas = parsePtxasLog((*Buf)->getBuffer());
    else
      Given.Sass = parseSass((*Buf)->getBuffer());
  }
  return Given;
}

/// --export-fixes never replaces a file it analyzes.
llvm::Error checkExportFixesTarget(const DriverOptions &Options,
                                   const std::vector<std::string> &Files) {
  if (!Options.ExportFixes.empty())
    for (const std::string &F : Files)
      if (llvm::sys::fs::equivalent(Options.ExportFixes, F))
        return llvm::createStringError(
            llvm::formatv("--export-fixes='{0}' is the input file '{1}'; "
                          "refusing to overwrite it",
                          Options.ExportFixes, F)
                .str());
  return llvm::Error::success();
}

/// Every file analyzed, and the hash of the content each was read with
/// (for --fix).
struct AnalyzedFiles {
  std::vector<std::unique_ptr<FileAnalysis>> Results;
  std::vector<std::optional<uint64_t>> Hashes;
};

std::unique_ptr<FileAnalysis> fileNotAnalyzed(const std::string &File,
                                              std::string Why) {
  auto R = std::make_unique<FileAnalysis>();
  R->File = File;
  R->FileError = std::move(Why);
  return R;
}

/// Phase 1: analyze, in parallel with -j. Compile commands lose the flags
/// that write files or load code; each file is checked before it is read
/// and analyzed under crash recovery, so that one file's failure never
/// loses another's results. With --progress, a line per file as it is
/// done, as run-clang-tidy writes: `[12/175] path/to/file.cu`.
AnalyzedFiles analyzeFiles(const DriverOptions &Options,
                           const tooling::CompilationDatabase &Database,
                           const std::vector<std::string> &Files,
                           const CompiledLocalMemory *Given,
                           llvm::raw_ostream &Err) {
  SafeCompilations Safe(Database);
  // Launches in the files next to an input (CrossFileLaunches.h).
  setSiblingParser(makeSiblingParser(Safe, Options.Parse));
  auto ForgetSiblings =
      llvm::make_scope_exit([] { setSiblingParser(nullptr); });
  AnalyzedFiles A;
  A.Results.resize(Files.size());
  A.Hashes.resize(Files.size());
  llvm::CrashRecoveryContext::Enable();
  unsigned MaxJobs = std::max(1u, limits::JobsPerThread *
                                      llvm::hardware_concurrency()
                                          .compute_thread_count());
  llvm::DefaultThreadPool Pool(
      llvm::hardware_concurrency(std::clamp(Options.Jobs, 1u, MaxJobs)));
  std::mutex ProgressLock;
  size_t Done = 0;
  auto Progress = [&](size_t I) {
    if (!Options.Progress || Files.size() < 2)
      return;
    std::lock_guard<std::mutex> Lock(ProgressLock);
    Err << "[" << ++Done << "/" << Files.size() << "] " << Files[I] << "\n";
  };
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&, I] {
      auto Finished = llvm::make_scope_exit([&] { Progress(I); });
      const std::string &File = Files[I];
      std::string Refused = checkBeforeAnalysis(Safe, File);
      if (!Refused.empty()) {
        A.Results[I] = fileNotAnalyzed(File, Refused);
        return;
      }
      if (auto Buf = llvm::MemoryBuffer::getFile(File))
        A.Hashes[I] = llvm::xxh3_64bits((*Buf)->getBuffer());
      llvm::CrashRecoveryContext CRC;
      if (!CRC.RunSafely(
              [&] { A.Results[I] = analyzeFile(Options, Safe, File, Given); })) {
        A.Results[I] = fileNotAnalyzed(
            File, llvm::formatv("{0}: error: warpcheck crashed while "
                                "analyzing this file (an internal error; "
                                "please report it); not analyzed",
                                File));
        return;
      }
      std::vector<std::string> Unsafe = Safe.droppedFlags(File);
      if (!Unsafe.empty())
        A.Results[I]->Notes.push_back(
            File +
            ": note: ignored compile-command flags that write files, load "
            "code or run programs: " +
            llvm::join(Unsafe, " "));
    });
  Pool.wait();
  return A;
}

/// With a baseline, only the findings not in it stay in R; each baseline
/// entry matches one finding. Returns how many new findings are not
/// remarks (a PTX depot ptxas promotes informs; it fails nothing).
unsigned keepNewFindings(FileAnalysis &R,
                         std::multiset<std::string> &Baseline) {
  std::vector<ClangTidyError> Kept;
  for (auto &E : R.Findings) {
    auto It = Baseline.find(fingerprint(E));
    if (It != Baseline.end())
      Baseline.erase(It);
    else
      Kept.push_back(std::move(E));
  }
  R.Findings = std::move(Kept);
  return llvm::count_if(R.Findings, [](const ClangTidyError &E) {
    return E.DiagLevel != ClangTidyError::Remark;
  });
}

/// --export-fixes: every finding's fix as clang-tidy's YAML.
bool exportFixes(const DriverOptions &Options,
                 const std::vector<std::string> &Files,
                 const std::vector<std::unique_ptr<FileAnalysis>> &Results,
                 llvm::raw_ostream &Err) {
  std::vector<ClangTidyError> AllFindings;
  for (const auto &R : Results)
    llvm::append_range(AllFindings, R->Findings);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Options.ExportFixes, EC, llvm::sys::fs::OF_None);
  if (EC) {
    Err << "warpcheck: error: cannot write '" << Options.ExportFixes
        << "': " << EC.message() << "\n";
    return false;
  }
  exportReplacements(Files.empty() ? "" : Files.front(), AllFindings, OS);
  return true;
}

} // namespace

int runWarpcheck(const DriverOptions &Options,
                 const tooling::CompilationDatabase &Database,
                 const std::vector<std::string> &Files, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err) {
  RunSummary Summary;
  auto Fail = [&Err](llvm::Error E) {
    Err << "warpcheck: error: " << llvm::toString(std::move(E)) << "\n";
    return 1;
  };
  const ReportFormat *Format = findReportFormat(Options.Format);
  assert(Format && "the tool accepts only the formats of reportFormats()");
  auto Given = readGivenCompilerOutput(Options);
  if (!Given)
    return Fail(Given.takeError());
  if (llvm::Error E = checkExportFixesTarget(Options, Files))
    return Fail(std::move(E));
  std::optional<std::multiset<std::string>> Baseline;
  if (!Options.Baseline.empty()) {
    auto Read = readBaseline(Options.Baseline);
    if (!Read)
      return Fail(Read.takeError());
    Baseline = std::move(*Read);
  }

  AnalyzedFiles Analyzed = analyzeFiles(Options, Database, Files,
                                        *Given ? &**Given : nullptr, Err);

  // Phase 2: report, in the order of the files.
  int Status = 0;
  unsigned AsErrors = 0, New = 0;
  std::unique_ptr<ReportWriter> Writer = Format->Make(Options, Out, Err);
  for (auto &R : Analyzed.Results) {
    if (!R->FileError.empty()) {
      Err << R->FileError << "\n";
      Status = 1;
    }
    if (Baseline)
      New += keepNewFindings(*R, *Baseline);
    Summary.add(*R);
    AsErrors += Writer->addFile(*R);
  }
  if (Options.Fix && !applyFixes(Analyzed.Results, Analyzed.Hashes, Err))
    Status = 1;
  if (!Options.ExportFixes.empty() &&
      !exportFixes(Options, Files, Analyzed.Results, Err))
    Status = 1;
  Writer->finish();
  if (AsErrors > 0) {
    Err << AsErrors << " warning" << (AsErrors == 1 ? "" : "s")
        << " treated as error" << (AsErrors == 1 ? "" : "s") << "\n";
    Status = 1;
  }
  if (Baseline && New > 0) {
    Err << New << " finding" << (New == 1 ? "" : "s")
        << " not in the baseline\n";
    Status = 1;
  }
  if (Options.Progress)
    Summary.print(Err);
  return Status;
}

} // namespace warpcheck
