//===--- Driver.cpp - The warpcheck run over a set of files ---------------===//

#include "Driver.h"

#include "AnalysisReport.h"
#include "NvccVerifier.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>
#include <map>
#include <set>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

extern volatile int WarpcheckModuleAnchorSource;
// Keeps the check module linked into the standalone tool.
[[maybe_unused]] static int WarpcheckModuleAnchorDestination =
    WarpcheckModuleAnchorSource;

namespace {

/// Line and column (1-based) of a byte offset in a file.
std::pair<unsigned, unsigned> lineColumn(const std::string &Path,
                                         unsigned Offset) {
  static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Cache;
  auto It = Cache.find(Path);
  if (It == Cache.end()) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    It = Cache.emplace(Path, Buf ? std::move(*Buf) : nullptr).first;
  }
  if (!It->second)
    return {0, 0};
  llvm::StringRef Text = It->second->getBuffer();
  Offset = std::min<unsigned>(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  unsigned Line = Before.count('\n') + 1;
  size_t LastNewline = Before.rfind('\n');
  unsigned Column = LastNewline == llvm::StringRef::npos
                        ? Offset + 1
                        : Offset - unsigned(LastNewline);
  return {Line, Column};
}

/// Captures what the compiler front end writes to stderr while a file is
/// parsed, and passes it on without ClangTool's "Error while processing"
/// line: the driver prints its own single line for a file that failed.
class StderrFilter {
public:
  StderrFilter() {
    std::fflush(stderr);
    llvm::errs().flush();
    if (llvm::sys::fs::createTemporaryFile("warpcheck-stderr", "txt", TempFd,
                                           TempPath))
      return;
    SavedFd = ::dup(2);
    ::dup2(TempFd, 2);
  }
  ~StderrFilter() {
    if (SavedFd < 0)
      return;
    std::fflush(stderr);
    llvm::errs().flush();
    ::dup2(SavedFd, 2);
    ::close(SavedFd);
    ::close(TempFd);
    if (auto Buf = llvm::MemoryBuffer::getFile(TempPath)) {
      llvm::SmallVector<llvm::StringRef, 8> Lines;
      (*Buf)->getBuffer().split(Lines, '\n', -1, false);
      for (llvm::StringRef L : Lines)
        if (!L.starts_with("Error while processing "))
          llvm::errs() << L << "\n";
    }
    llvm::sys::fs::remove(TempPath);
  }

private:
  int TempFd = -1, SavedFd = -1;
  llvm::SmallString<128> TempPath;
};

bool isCompilerError(const ClangTidyError &E) {
  return E.DiagLevel == ClangTidyError::Error &&
         llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic");
}

llvm::json::Object messageJson(const tooling::DiagnosticMessage &M) {
  auto [Line, Column] = lineColumn(M.FilePath, M.FileOffset);
  return llvm::json::Object{{"file", M.FilePath},
                            {"line", Line},
                            {"column", Column},
                            {"message", M.Message}};
}

llvm::json::Object accessJson(const AccessRecord &R) {
  llvm::json::Array Lanes;
  for (unsigned L : R.ActiveLanes)
    Lanes.push_back(L);
  llvm::json::Array Depends;
  for (const auto &D : R.DependsOn)
    Depends.push_back(D);
  return llvm::json::Object{
      {"file", R.File},
      {"line", R.Line},
      {"column", R.Column},
      {"end_line", R.EndLine},
      {"function", R.Function},
      {"kernel", R.Kernel},
      {"variable", R.Variable},
      {"space", "shared"},
      {"kind", R.Kind},
      {"width_bytes", R.WidthBytes},
      {"block_dim", llvm::json::Array{R.Block.X, R.Block.Y, R.Block.Z}},
      {"block_dim_source", R.BlockSource},
      {"block_dim_origin", R.BlockDescription},
      {"active_lanes", std::move(Lanes)},
      {"wavefronts", R.Wavefronts},
      {"min_wavefronts", R.MinWavefronts},
      {"ideal_wavefronts", R.IdealWavefronts},
      {"instances", R.Instances},
      {"requests", R.Requests},
      {"total_wavefronts", int64_t(R.TotalWavefronts)},
      {"total_ideal_wavefronts", int64_t(R.TotalIdealWavefronts)},
      {"counts_exact", R.CountsExact},
      {"status", R.Status},
      {"depends_on", std::move(Depends)},
  };
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
    Where = M.FilePath + ":" + std::to_string(Line) + ":" +
            std::to_string(Column);
  }
  std::string Line = Where + ": error: " + M.Message;
  if (Count > 1)
    Line += " (and " + std::to_string(Count - 1) + " more errors)";
  Line += "; code that did not parse was not analyzed";
  return Line;
}

/// One kernel's predicted and compiled local memory.
struct KernelComparison {
  KernelRecord Kernel;
  std::optional<uint64_t> Depot;
  std::optional<PtxasFrame> Frame;
  /// The PTX depot is there exactly when warpcheck says so.
  std::optional<bool> PtxAgrees() const {
    if (!Depot || Kernel.Unknown)
      return std::nullopt;
    return (*Depot > 0) == (Kernel.PredictedLocalBytes > 0);
  }
  std::optional<bool> PtxasAgrees() const {
    if (!Frame || Kernel.Unknown)
      return std::nullopt;
    bool Spills = Frame->SpillStores > 0;
    return (Frame->StackFrame > 0) ==
               (Kernel.PredictedFrameBytes > 0 || Kernel.PredictedSpill) &&
           (Spills == Kernel.PredictedSpill);
  }
};

std::string bytes(uint64_t B) { return std::to_string(B) + " B"; }

void printComparison(const std::vector<KernelComparison> &Rows,
                     llvm::raw_ostream &Out) {
  size_t Width = 40;
  for (const auto &R : Rows)
    Width = std::max(Width, R.Kernel.Name.size() + 2);
  auto Pad = [](std::string S, size_t W) {
    if (S.size() < W)
      S.append(W - S.size(), ' ');
    return S;
  };
  Out << Pad("kernel", Width) << Pad("predicted", 11) << Pad("PTX depot", 11)
      << Pad("ptxas frame", 13) << Pad("spills st/ld", 14) << "verdict\n";
  for (const auto &R : Rows) {
    std::string Predicted =
        R.Kernel.Unknown ? "unknown" : bytes(R.Kernel.PredictedLocalBytes);
    std::string Verdict;
    if (auto A = R.PtxAgrees())
      Verdict = *A ? "PTX agrees" : "PTX DIFFERS";
    else
      Verdict = R.Depot ? "undecided" : "not compiled";
    if (auto A = R.PtxasAgrees())
      Verdict += *A ? ", ptxas as predicted"
                    : ", ptxas differs (predicted " +
                          bytes(R.Kernel.PredictedFrameBytes) +
                          (R.Kernel.PredictedSpill ? " + spills" : "") + ")";
    Out << Pad(R.Kernel.Name, Width) << Pad(Predicted, 11)
        << Pad(R.Depot ? bytes(*R.Depot) : "-", 11)
        << Pad(R.Frame ? bytes(R.Frame->StackFrame) : "-", 13)
        << Pad(R.Frame ? std::to_string(R.Frame->SpillStores) + "/" +
                             std::to_string(R.Frame->SpillLoads)
                       : "-",
               14)
        << Verdict << "\n";
  }
}

llvm::json::Value optionalJson(const std::optional<uint64_t> &V) {
  return V ? llvm::json::Value(int64_t(*V)) : llvm::json::Value(nullptr);
}

llvm::json::Object kernelJson(const KernelComparison &R) {
  llvm::json::Object O{
      {"file", R.Kernel.File},
      {"function", R.Kernel.Name},
      {"mangled_name", R.Kernel.MangledName},
      {"predicted_local_bytes",
       R.Kernel.Unknown ? llvm::json::Value(nullptr)
                        : llvm::json::Value(int64_t(R.Kernel.PredictedLocalBytes))},
      {"predicted_stack_frame_bytes", int64_t(R.Kernel.PredictedFrameBytes)},
      {"predicted_spill", R.Kernel.PredictedSpill},
      {"ptx_depot_bytes", optionalJson(R.Depot)},
      {"stack_frame_bytes",
       optionalJson(R.Frame ? std::optional<uint64_t>(R.Frame->StackFrame)
                            : std::nullopt)},
      {"spill_store_bytes",
       optionalJson(R.Frame ? std::optional<uint64_t>(R.Frame->SpillStores)
                            : std::nullopt)},
      {"spill_load_bytes",
       optionalJson(R.Frame ? std::optional<uint64_t>(R.Frame->SpillLoads)
                            : std::nullopt)},
  };
  auto Verdict = [](std::optional<bool> A) {
    return A ? llvm::json::Value(*A ? "agree" : "differ")
             : llvm::json::Value(nullptr);
  };
  O["ptx_verdict"] = Verdict(R.PtxAgrees());
  O["ptxas_verdict"] = Verdict(R.PtxasAgrees());
  return O;
}

llvm::json::Object localArrayJson(const LocalArrayRecord &R) {
  return llvm::json::Object{{"file", R.File},
                            {"line", R.Line},
                            {"column", R.Column},
                            {"function", R.Function},
                            {"kernel", R.Kernel},
                            {"variable", R.Variable},
                            {"bytes", int64_t(R.Bytes)},
                            {"status", R.Status},
                            {"reason", R.Reason},
                            {"likely_spilled", R.LikelySpilled},
                            {"ptxas_keeps_depot", R.PtxasKeepsDepot}};
}

/// Sums the predicted wavefronts of one array in one kernel.
uint64_t arrayWavefronts(const AnalysisReport &R, const std::string &Kernel,
                         const std::string &Variable) {
  uint64_t Total = 0;
  for (const AccessRecord &A : R.Accesses)
    if (A.Kernel == Kernel && A.Variable == Variable)
      Total += A.TotalWavefronts;
  return Total;
}

} // namespace

std::vector<std::string>
cudaFilesOf(const tooling::CompilationDatabase &Database) {
  std::vector<std::string> Files;
  for (const std::string &F : Database.getAllFiles()) {
    llvm::StringRef Ext = llvm::sys::path::extension(F);
    if (Ext == ".cu")
      Files.push_back(F);
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

int runWarpcheck(const DriverOptions &Options,
                 const tooling::CompilationDatabase &Database,
                 const std::vector<std::string> &Files, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err) {
  // The compilation database is borrowed: wrap it without taking ownership.
  class Borrowed : public tooling::CompilationDatabase {
  public:
    explicit Borrowed(const tooling::CompilationDatabase &DB) : DB(DB) {}
    std::vector<tooling::CompileCommand>
    getCompileCommands(llvm::StringRef File) const override {
      return DB.getCompileCommands(File);
    }
    std::vector<std::string> getAllFiles() const override {
      return DB.getAllFiles();
    }

  private:
    const tooling::CompilationDatabase &DB;
  };
  tooling::ArgumentsAdjustingCompilations Compilations(
      std::make_unique<Borrowed>(Database));
  Compilations.appendArgumentsAdjuster(makeCudaAdjuster(Options.Parse));

  ClangTidyGlobalOptions GlobalOptions;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = Options.Checks;
  Defaults.WarningsAsErrors = Options.WarningsAsErrors;
  Defaults.HeaderFilterRegex = Options.HeaderFilter;
  Defaults.SystemHeaders = false;
  for (const auto &[Key, Value] : Options.CheckOptions)
    Defaults.CheckOptions["warpcheck-shared-bank-conflict." + Key] =
        ClangTidyOptions::ClangTidyValue(Value);

  int Status = 0;
  unsigned WarningsAsErrors = 0;
  std::vector<ClangTidyError> AllFindings;
  llvm::json::Array JsonAccesses, JsonDiagnostics, JsonFiles, JsonKernels,
      JsonArrays;
  std::set<std::string> SeenAccess, SeenKernel, SeenArray;
  // Compiler output given on the command line stands for every file.
  CompiledLocalMemory Given;
  if (!Options.PtxFile.empty())
    if (auto Buf = llvm::MemoryBuffer::getFile(Options.PtxFile))
      Given.PtxDepot = parsePtxDepots((*Buf)->getBuffer());
  if (!Options.PtxasLog.empty())
    if (auto Buf = llvm::MemoryBuffer::getFile(Options.PtxasLog))
      Given.Ptxas = parsePtxasLog((*Buf)->getBuffer());
  bool UseGiven = !Options.PtxFile.empty() || !Options.PtxasLog.empty();

  for (const std::string &File : Files) {
    llvm::SmallString<256> Abs(File);
    llvm::sys::fs::make_absolute(Abs);
    if (!llvm::sys::fs::exists(Abs)) {
      Err << File << ": error: no such file; not analyzed\n";
      JsonFiles.push_back(llvm::json::Object{
          {"file", File}, {"status", "error"}, {"error", "no such file"}});
      Status = 1;
      continue;
    }
    if (Database.getCompileCommands(Abs).empty() &&
        Database.getCompileCommands(File).empty()) {
      Err << File << ": error: no compile command for this file in the "
          << "compilation database; not analyzed\n";
      JsonFiles.push_back(llvm::json::Object{
          {"file", File}, {"status", "error"}, {"error", "no compile command"}});
      Status = 1;
      continue;
    }

    auto Provider = std::make_unique<DefaultOptionsProvider>(GlobalOptions,
                                                            Defaults);
    ClangTidyContext Context(std::move(Provider));
    AnalysisReport Report;
    setActiveAnalysisReport(&Report);
    auto FS = makeWarpcheckFileSystem();
    std::vector<ClangTidyError> Errors;
    {
      StderrFilter Filter;
      Errors = runClangTidy(Context, Compilations, {File}, FS,
                            /*ApplyAnyFix=*/false);
    }
    setActiveAnalysisReport(nullptr);

    std::string ErrorLine = firstErrorLine(File, Errors);
    std::vector<ClangTidyError> Findings;
    for (auto &E : Errors)
      if (!isCompilerError(E))
        Findings.push_back(std::move(E));

    // Proof: a layout fix is offered only if the edited source, analyzed
    // again, gives what its note claims.
    std::vector<std::string> Withheld;
    for (ClangTidyError &E : Findings) {
      if (E.Message.Fix.empty() ||
          E.DiagnosticName != "warpcheck-shared-bank-conflict")
        continue;
      auto [Line, Column] = lineColumn(E.Message.FilePath, E.Message.FileOffset);
      const FixClaim *Claim = nullptr;
      for (const FixClaim &C : Report.FixClaims)
        if (C.Line == Line && C.Column == Column &&
            llvm::sys::path::filename(C.File) ==
                llvm::sys::path::filename(E.Message.FilePath))
          Claim = &C;
      std::string Why;
      if (!Claim) {
        Why = "no claim to check";
      } else {
        auto Edited = makeWarpcheckFileSystem();
        auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
        bool Ok = true;
        for (const auto &[Path, Replacements] : E.Message.Fix) {
          auto Buf = llvm::MemoryBuffer::getFile(Path);
          if (!Buf) {
            Ok = false;
            break;
          }
          auto Code = tooling::applyAllReplacements((*Buf)->getBuffer(),
                                                    Replacements);
          if (!Code) {
            llvm::consumeError(Code.takeError());
            Ok = false;
            break;
          }
          Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(*Code));
        }
        Edited->pushOverlay(Memory);
        if (!Ok) {
          Why = "the edit does not apply";
        } else {
          ClangTidyOptions Again = Defaults;
          Again.Checks = "-*,warpcheck-shared-bank-conflict";
          Again.CheckOptions["warpcheck-shared-bank-conflict.FixStyle"] =
              ClangTidyOptions::ClangTidyValue("none");
          ClangTidyContext ProofContext(
              std::make_unique<DefaultOptionsProvider>(GlobalOptions, Again));
          AnalysisReport ProofReport;
          setActiveAnalysisReport(&ProofReport);
          std::vector<ClangTidyError> ProofErrors;
          {
            StderrFilter Filter;
            ProofErrors = runClangTidy(ProofContext, Compilations, {File},
                                       Edited, false);
          }
          setActiveAnalysisReport(nullptr);
          uint64_t Got =
              arrayWavefronts(ProofReport, Claim->Kernel, Claim->Variable);
          if (!firstErrorLine(File, ProofErrors).empty())
            Why = "the edited source does not compile";
          else if (Got != Claim->TotalWavefronts)
            Why = "the edited source analyzes to " + std::to_string(Got) +
                  " wavefronts, not " + std::to_string(Claim->TotalWavefronts);
        }
      }
      if (!Why.empty()) {
        E.Message.Fix.clear();
        Withheld.push_back(E.Message.FilePath + ":" + std::to_string(Line) +
                           ":" + std::to_string(Column) +
                           ": note: layout fix withheld: " + Why);
      }
    }

    std::string FileError;
    if (!ErrorLine.empty()) {
      FileError = ErrorLine;
    } else if (Report.Units.empty()) {
      FileError = File + ": error: not parsed as CUDA; not analyzed";
    } else {
      // Each check records what it saw; together they tell.
      TranslationUnitRecord TU;
      for (const TranslationUnitRecord &U : Report.Units) {
        TU.Kernels = std::max(TU.Kernels, U.Kernels);
        TU.HasDeviceCode |= U.HasDeviceCode;
      }
      if (TU.Kernels == 0 && !TU.HasDeviceCode)
        FileError = File + ": error: no CUDA code (no __global__ or __device__ "
                           "function, no __shared__ variable); nothing to "
                           "analyze";
    }
    if (!FileError.empty()) {
      Err << FileError << "\n";
      Status = 1;
    }

    // What the compiler did with local memory, beside the predictions.
    std::vector<KernelComparison> Comparisons;
    if ((Options.VerifyPtx || UseGiven) && FileError.empty()) {
      CompiledLocalMemory Compiled = Given;
      if (!UseGiven) {
        std::vector<std::string> Args;
        std::string Arch = Options.Parse.DefaultArch;
        auto Commands = Compilations.getCompileCommands(Abs);
        if (!Commands.empty())
          Args = Commands.front().CommandLine;
        for (const std::string &A : Args)
          if (llvm::StringRef(A).starts_with("--cuda-gpu-arch="))
            Arch = A.substr(16);
        std::string Nvcc =
            findNvcc(Options.Nvcc, Options.Parse.Headers.ToolkitPath);
        std::optional<std::string> Failure;
        if (Nvcc.empty())
          Failure = "nvcc not found (give --nvcc or --cuda-path)";
        else
          Failure = compileWithNvcc(Nvcc, std::string(Abs), Arch, Args,
                                    Compiled);
        if (Failure) {
          Err << File << ": error: --verify-ptx: " << *Failure
              << "; the static findings stand unverified\n";
          Status = 1;
        }
      }
      for (const KernelRecord &K : Report.Kernels) {
        KernelComparison C;
        C.Kernel = K;
        auto D = Compiled.PtxDepot.find(K.MangledName);
        if (D != Compiled.PtxDepot.end())
          C.Depot = D->second;
        auto F = Compiled.Ptxas.find(K.MangledName);
        if (F != Compiled.Ptxas.end())
          C.Frame = F->second;
        Comparisons.push_back(std::move(C));
      }
    } else {
      for (const KernelRecord &K : Report.Kernels)
        Comparisons.push_back({K, std::nullopt, std::nullopt});
    }

    if (!Options.ExportFixes.empty())
      AllFindings.insert(AllFindings.end(), Findings.begin(), Findings.end());
    if (Options.Format == OutputFormat::Text) {
      unsigned Count = 0;
      Out.flush();
      handleErrors(Findings, Context,
                   Options.Fix ? FixBehaviour::FB_Fix : FixBehaviour::FB_NoFix,
                   Count, FS);
      for (const std::string &Line : Withheld)
        Out << Line << "\n";
      WarningsAsErrors += Count;
      if ((Options.VerifyPtx || UseGiven) && !Comparisons.empty()) {
        llvm::outs().flush();
        printComparison(Comparisons, Out);
        Out.flush();
      }
    } else {
      if (Options.Fix) {
        unsigned Count = 0;
        std::string Ignored;
        llvm::raw_string_ostream Quiet(Ignored);
        // Apply without printing: the JSON is the output.
        std::vector<ClangTidyError> WithFixes;
        for (const ClangTidyError &E : Findings)
          if (!E.Message.Fix.empty())
            WithFixes.push_back(E);
        if (!WithFixes.empty())
          handleErrors(WithFixes, Context, FixBehaviour::FB_Fix, Count, FS);
      }
      for (const KernelComparison &C : Comparisons)
        if (SeenKernel.insert(C.Kernel.MangledName).second)
          JsonKernels.push_back(kernelJson(C));
      for (const LocalArrayRecord &R : Report.LocalArrays) {
        std::string Key = R.File + ":" + std::to_string(R.Line) + ":" +
                          R.Kernel + ":" + R.Variable;
        if (SeenArray.insert(Key).second)
          JsonArrays.push_back(localArrayJson(R));
      }
      for (const ClangTidyError &E : Findings) {
        llvm::json::Object D = messageJson(E.Message);
        D["check"] = E.DiagnosticName;
        D["level"] = E.DiagLevel == ClangTidyError::Error ? "error" : "warning";
        if (Context.treatAsError(E.DiagnosticName) &&
            E.DiagLevel == ClangTidyError::Warning) {
          D["level"] = "error";
          ++WarningsAsErrors;
        }
        llvm::json::Array Notes;
        for (const auto &N : E.Notes)
          Notes.push_back(messageJson(N));
        D["notes"] = std::move(Notes);
        JsonDiagnostics.push_back(std::move(D));
      }
      for (const AccessRecord &R : Report.Accesses) {
        std::string Key = R.File + ":" + std::to_string(R.Line) + ":" +
                          std::to_string(R.Column) + ":" + R.Kind + ":" +
                          R.Kernel + ":" + R.Block.str();
        if (SeenAccess.insert(Key).second)
          JsonAccesses.push_back(accessJson(R));
      }
      llvm::json::Object F{{"file", File},
                           {"status", FileError.empty() ? "analyzed" : "error"}};
      if (!FileError.empty())
        F["error"] = FileError;
      unsigned Kernels = 0;
      for (const TranslationUnitRecord &U : Report.Units)
        Kernels = std::max(Kernels, U.Kernels);
      F["kernels"] = Kernels;
      JsonFiles.push_back(std::move(F));
    }
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
  }
  if (WarningsAsErrors > 0) {
    Err << WarningsAsErrors << " warning"
        << (WarningsAsErrors == 1 ? "" : "s") << " treated as error"
        << (WarningsAsErrors == 1 ? "" : "s") << "\n";
    Status = 1;
  }
  return Status;
}

} // namespace warpcheck
