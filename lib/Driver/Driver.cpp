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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <cstring>
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
/// the clang command warpcheck parses with.
class CudaCompilations : public tooling::CompilationDatabase {
public:
  CudaCompilations(const tooling::CompilationDatabase &DB, ParseOptions P)
      : DB(DB), Parse(std::move(P)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    auto Commands = DB.getCompileCommands(File);
    for (auto &C : Commands)
      C.CommandLine = translateCommand(C.CommandLine, Parse).Args;
    return Commands;
  }
  std::vector<std::string> getAllFiles() const override {
    return DB.getAllFiles();
  }

private:
  const tooling::CompilationDatabase &DB;
  ParseOptions Parse;
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
    Where =
        M.FilePath + ":" + std::to_string(Line) + ":" + std::to_string(Column);
  }
  std::string Line = Where + ": error: " + M.Message;
  if (Count > 1)
    Line += " (and " + std::to_string(Count - 1) + " more errors)";
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

std::unique_ptr<FileAnalysis>
analyzeOne(const DriverOptions &Options,
           const tooling::CompilationDatabase &Database,
           const std::string &File, const std::string *Contents) {
  auto R = std::make_unique<FileAnalysis>();
  R->File = File;
  R->Context = std::make_unique<ClangTidyContext>(makeOptionsProvider(Options));
  // The GPU architecture may come from .warpcheck.yaml (warpcheck.Arch).
  ParseOptions Parse = Options.Parse;
  ClangTidyOptions FileOpts = R->Context->getOptionsForFile(File);
  auto Arch = FileOpts.CheckOptions.find("warpcheck.Arch");
  if (Arch != FileOpts.CheckOptions.end())
    Parse.DefaultArch = Arch->second.Value;
  CudaCompilations Compilations(Database, Parse);
  auto FS = makeWarpcheckFileSystem();
  if (Contents) {
    // The tool reads files by absolute path: the copy must be found there.
    llvm::SmallString<256> Abs(File);
    llvm::sys::fs::make_absolute(Abs);
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    Memory->addFile(Abs, 0, llvm::MemoryBuffer::getMemBufferCopy(*Contents));
    FS->pushOverlay(Memory);
  }
  setActiveAnalysisReport(&R->Report);
  std::vector<ClangTidyError> Errors =
      runChecks(*R->Context, Compilations, File, FS);
  setActiveAnalysisReport(nullptr);
  R->ErrorLine = firstErrorLine(File, Errors);
  for (auto &E : Errors) {
    if (!isCompilerError(E)) {
      R->Findings.push_back(std::move(E));
      continue;
    }
    // Only an error inside a host function's body spares the kernels;
    // anywhere else (device code, declarations, includes) the file fails.
    bool InHost = false, InDevice = false;
    if (llvm::sys::fs::equivalent(E.Message.FilePath, File))
      for (const TranslationUnitRecord &U : R->Report.Units) {
        for (auto [Begin, End] : U.HostRanges)
          InHost |=
              E.Message.FileOffset >= Begin && E.Message.FileOffset <= End;
        for (auto [Begin, End] : U.DeviceRanges)
          InDevice |=
              E.Message.FileOffset >= Begin && E.Message.FileOffset <= End;
      }
    R->DeviceErrors |= InDevice || !InHost;
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
    R->FileError = File + ": error: no such file; not analyzed";
    return R;
  }
  auto Commands = Database.getCompileCommands(std::string(Abs));
  if (Commands.empty())
    Commands = Database.getCompileCommands(File);
  if (Commands.empty()) {
    auto R = std::make_unique<FileAnalysis>();
    R->File = File;
    R->FileError = File + ": error: no compile command for this file in the "
                          "compilation database; not analyzed";
    return R;
  }
  auto R = analyzeOne(Options, Database, File);

  // nvcc flags without a clang meaning are dropped, and said once.
  TranslatedCommand T =
      translateCommand(Commands.front().CommandLine, Options.Parse);
  if (!T.Dropped.empty()) {
    std::string List;
    for (const std::string &D : T.Dropped)
      List += (List.empty() ? "" : " ") + D;
    R->Notes.push_back(File +
                       ": note: ignored compiler flags without a clang "
                       "meaning: " +
                       List);
  }

  // Did the file parse, and is it CUDA?
  TranslationUnitRecord TU;
  for (const TranslationUnitRecord &U : R->Report.Units) {
    TU.Kernels = std::max(TU.Kernels, U.Kernels);
    TU.KernelsSkipped = std::max(TU.KernelsSkipped, U.KernelsSkipped);
    TU.HasDeviceCode |= U.HasDeviceCode;
  }
  if (!R->ErrorLine.empty()) {
    if (TU.Kernels > 0 && TU.KernelsSkipped == 0 && !R->DeviceErrors)
      // nvcc accepts some host code clang rejects: the kernels parsed.
      R->Notes.push_back(
          std::string(R->ErrorLine)
              .replace(R->ErrorLine.find(": error: "), 9, ": note: clang: ") +
          "; every kernel parsed and was analyzed");
    else
      R->FileError =
          R->ErrorLine + "; code that did not parse was not analyzed";
  } else if (R->Report.Units.empty()) {
    R->FileError = File + ": error: not parsed as CUDA; not analyzed";
  } else if (TU.Kernels == 0 && !TU.HasDeviceCode) {
    R->FileError = File + ": error: no CUDA code (no __global__ or __device__ "
                          "function, no __shared__ variable); nothing to "
                          "analyze";
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
        R->FileError = File + ": error: --verify-ptx: " + *Failure +
                       "; the static findings stand unverified";
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

int writeTranslatedDatabase(const tooling::CompilationDatabase &DB,
                            const std::vector<std::string> &Files,
                            const ParseOptions &Parse,
                            const std::string &ShareInclude,
                            const std::string &Output, llvm::raw_ostream &Err) {
  llvm::json::Array Entries;
  for (const std::string &File : Files)
    for (const tooling::CompileCommand &C : DB.getCompileCommands(File)) {
      llvm::json::Array Args;
      for (std::string A : translateCommand(C.CommandLine, Parse).Args) {
        // The in-memory headers, as files.
        size_t At = A.find(BuiltinIncludeDir);
        if (At != std::string::npos)
          A.replace(At, std::strlen(BuiltinIncludeDir), ShareInclude);
        Args.push_back(A);
      }
      Entries.push_back(llvm::json::Object{{"directory", C.Directory},
                                           {"file", C.Filename},
                                           {"arguments", std::move(Args)}});
    }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Output, EC, llvm::sys::fs::OF_None);
  if (EC) {
    Err << "warpcheck: error: cannot write '" << Output << "': " << EC.message()
        << "\n";
    return 1;
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Entries))) << "\n";
  return 0;
}

std::vector<std::string>
cudaFilesOf(const tooling::CompilationDatabase &Database) {
  std::vector<std::string> Files;
  for (const std::string &F : Database.getAllFiles())
    if (llvm::sys::path::extension(F) == ".cu")
      Files.push_back(F);
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

int runWarpcheck(const DriverOptions &Options,
                 const tooling::CompilationDatabase &Database,
                 const std::vector<std::string> &Files, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err) {
  // Compiler output given on the command line stands for every file.
  std::optional<CompiledLocalMemory> Given;
  if (!Options.PtxFile.empty() || !Options.PtxasLog.empty() ||
      !Options.SassFile.empty()) {
    Given.emplace();
    if (auto Buf = llvm::MemoryBuffer::getFile(Options.PtxFile))
      Given->PtxDepot = parsePtxDepots((*Buf)->getBuffer());
    if (auto Buf = llvm::MemoryBuffer::getFile(Options.PtxasLog))
      Given->Ptxas = parsePtxasLog((*Buf)->getBuffer());
    if (auto Buf = llvm::MemoryBuffer::getFile(Options.SassFile))
      Given->Sass = parseSass((*Buf)->getBuffer());
  }
  std::optional<std::multiset<std::string>> Baseline;
  if (!Options.Baseline.empty()) {
    std::string Error;
    Baseline = readBaseline(Options.Baseline, Error);
    if (!Baseline) {
      Err << "warpcheck: error: " << Error << "\n";
      return 1;
    }
  }

  // Phase 1: analyze, in parallel with -j.
  std::vector<std::unique_ptr<FileAnalysis>> Results(Files.size());
  {
    llvm::DefaultThreadPool Pool(
        llvm::hardware_concurrency(std::max(1u, Options.Jobs)));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] {
        Results[I] =
            analyzeFile(Options, Database, Files[I], Given ? &*Given : nullptr);
      });
    Pool.wait();
  }

  // Phase 2: report, in the order of the files.
  int Status = 0;
  unsigned AsErrors = 0, New = 0;
  std::vector<ClangTidyError> AllFindings;
  llvm::json::Array JsonAccesses, JsonDiagnostics, JsonFiles, JsonKernels,
      JsonArrays;
  std::set<std::string> SeenAccess, SeenKernel, SeenArray;
  SarifWriter Sarif;
  for (auto &R : Results) {
    if (!R->FileError.empty()) {
      Err << R->FileError << "\n";
      Status = 1;
    }
    // With a baseline, only new findings are reported.
    if (Baseline) {
      std::vector<ClangTidyError> Kept;
      for (auto &E : R->Findings) {
        auto It = Baseline->find(fingerprint(E));
        if (It != Baseline->end())
          Baseline->erase(It);
        else
          Kept.push_back(std::move(E));
      }
      R->Findings = std::move(Kept);
      // Remarks (a PTX depot ptxas promotes) inform; they fail nothing.
      New += std::count_if(R->Findings.begin(), R->Findings.end(),
                           [](const ClangTidyError &E) {
                             return E.DiagLevel != ClangTidyError::Remark;
                           });
    }
    if (!Options.ExportFixes.empty())
      AllFindings.insert(AllFindings.end(), R->Findings.begin(),
                         R->Findings.end());
    auto FS = makeWarpcheckFileSystem();
    if (Options.Format == OutputFormat::Text) {
      unsigned Count = 0;
      Out.flush();
      if (R->Context)
        handleErrors(R->Findings, *R->Context,
                     Options.Fix ? FixBehaviour::FB_Fix
                                 : FixBehaviour::FB_NoFix,
                     Count, FS);
      AsErrors += Count;
      llvm::outs().flush();
      for (const std::string &Note : R->Notes)
        Out << Note << "\n";
      if (R->Compared && !R->Comparisons.empty())
        printComparison(R->Comparisons, Out);
      Out.flush();
      continue;
    }
    if (Options.Fix && R->Context) {
      std::vector<ClangTidyError> WithFixes;
      for (const ClangTidyError &E : R->Findings)
        if (!E.Message.Fix.empty())
          WithFixes.push_back(E);
      unsigned Count = 0;
      if (!WithFixes.empty())
        handleErrors(WithFixes, *R->Context, FixBehaviour::FB_Fix, Count, FS);
    }
    for (const ClangTidyError &E : R->Findings) {
      bool AsError = R->Context && E.DiagLevel == ClangTidyError::Warning &&
                     R->Context->treatAsError(E.DiagnosticName);
      AsErrors += AsError;
      if (Options.Format == OutputFormat::Sarif)
        Sarif.add(E, AsError);
      else
        JsonDiagnostics.push_back(diagnosticJson(E, AsError));
    }
    for (const std::string &Note : R->Notes)
      Err << Note << "\n";
    if (Options.Format != OutputFormat::Json)
      continue;
    for (const AccessRecord &A : R->Report.Accesses) {
      std::string Key = A.File + ":" + std::to_string(A.Line) + ":" +
                        std::to_string(A.Column) + ":" + A.Kind + ":" +
                        A.Kernel + ":" + A.Block.str();
      if (SeenAccess.insert(Key).second)
        JsonAccesses.push_back(accessJson(A));
    }
    for (const KernelComparison &C : R->Comparisons)
      if (SeenKernel.insert(C.Kernel.MangledName).second)
        JsonKernels.push_back(kernelJson(C));
    for (const LocalArrayRecord &A : R->Report.LocalArrays) {
      std::string Key = A.File + ":" + std::to_string(A.Line) + ":" + A.Kernel +
                        ":" + A.Variable;
      if (SeenArray.insert(Key).second)
        JsonArrays.push_back(localArrayJson(A));
    }
    unsigned Kernels = 0;
    for (const TranslationUnitRecord &U : R->Report.Units)
      Kernels = std::max(Kernels, U.Kernels);
    llvm::json::Object F{
        {"file", R->File},
        {"status", R->FileError.empty() ? "analyzed" : "error"},
        {"kernels", Kernels}};
    if (!R->FileError.empty())
      F["error"] = R->FileError;
    JsonFiles.push_back(std::move(F));
  }

  if (!Options.ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Options.ExportFixes, EC, llvm::sys::fs::OF_None);
    if (EC) {
      Err << "warpcheck: error: cannot write '" << Options.ExportFixes
          << "': " << EC.message() << "\n";
      Status = 1;
    } else {
      exportReplacements(Files.empty() ? "" : Files.front(), AllFindings, OS);
    }
  }
  if (Options.Format == OutputFormat::Json) {
    llvm::json::Object Doc{{"version", 1},
                           {"cuda_headers", Options.Parse.Headers.describe()},
                           {"files", std::move(JsonFiles)},
                           {"accesses", std::move(JsonAccesses)},
                           {"kernels", std::move(JsonKernels)},
                           {"local_arrays", std::move(JsonArrays)},
                           {"diagnostics", std::move(JsonDiagnostics)}};
    Out << llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))) << "\n";
  } else if (Options.Format == OutputFormat::Sarif) {
    Out << llvm::formatv("{0:2}", Sarif.document(Options.Version)) << "\n";
  }
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
  return Status;
}

} // namespace warpcheck
