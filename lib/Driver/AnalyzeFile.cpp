//===--- AnalyzeFile.cpp - One file: parsed, checked, its errors sorted ---===//
//
// A file is parsed for the device with its compile command (resolved and
// translated once, CompileCommand.h) and checked by clang-tidy's machinery
// (runChecks); a missing header is stubbed and the file parsed again. Then
// the compiler's errors are sorted: those clang alone reports are dropped,
// the rest decide, with what the checks recorded of each translation unit,
// whether the file was analyzed, in part, or not at all.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeFile.h"

#include "AnalysisReport.h"
#include "BoundedInput.h"
#include "ConfigValidation.h"
#include "FileDependencies.h"
#include "FinalCode.h"
#include "FixProof.h"
#include "LaunchSpelling.h"
#include "NvccVerifier.h"
#include "Output.h"
#include "ResultCache.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
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

/// clang-tidy's consumer, noting a fatal error: clang stops the parse
/// there, so what follows it (kernels included) was never seen.
class FatalNotingConsumer : public ClangTidyDiagnosticConsumer {
public:
  using ClangTidyDiagnosticConsumer::ClangTidyDiagnosticConsumer;
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    Fatal |= Level == DiagnosticsEngine::Fatal;
    ClangTidyDiagnosticConsumer::HandleDiagnostic(Level, Info);
  }
  bool Fatal = false;
};

/// clang-tidy's runClangTidy, with ClangTool's own "Error while processing"
/// line turned off: the driver prints one line of its own per file.
/// ParseStopped tells whether a fatal error ended the parse early.
std::vector<ClangTidyError>
runChecks(ClangTidyContext &Context, const tooling::CompilationDatabase &DB,
          const std::string &File,
          llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
          bool &ParseStopped) {
  tooling::ClangTool Tool(DB, {File},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  FatalNotingConsumer DiagConsumer(Context, nullptr, true, false);
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
  ParseStopped = DiagConsumer.Fatal;
  return DiagConsumer.take();
}

bool isCompilerError(const ClangTidyError &E) {
  return E.DiagLevel == ClangTidyError::Error &&
         llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic");
}

/// "FILE:LINE:COL" of a message, or File when it has no place.
std::string placeOf(const std::string &File,
                    const tooling::DiagnosticMessage &M) {
  if (M.FilePath.empty())
    return File;
  auto [Line, Column] = lineColumn(M.FilePath, M.FileOffset);
  return llvm::formatv("{0}:{1}:{2}", M.FilePath, Line, Column);
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
  std::string Line =
      llvm::formatv("{0}: error: {1}", placeOf(File, M), M.Message);
  if (Count > 1)
    Line += llvm::formatv(" (and {0} more errors)", Count - 1).str();
  return Line;
}

/// The CheckOptions of warpcheck's checks (`warpcheck-...` and
/// `warpcheck....` keys) in the `.clang-tidy` files that apply to Path, as
/// clang-tidy finds them: the nearest up the directory tree, and its
/// parents' while each says InheritParentConfig; farthest first. The rest
/// of those files (Checks, HeaderFilterRegex) is clang-tidy's, not read. A
/// file that is not a small regular file or does not parse is skipped:
/// clang-tidy reports it.
void addTidyCheckOptions(
    llvm::StringRef Path,
    std::vector<ClangTidyOptionsProvider::OptionsSource> &Raw) {
  std::vector<ClangTidyOptionsProvider::OptionsSource> Found;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Config(Dir);
    llvm::sys::path::append(Config, ".clang-tidy");
    if (!llvm::sys::fs::exists(Config))
      continue;
    auto Buf = readInputFile(Config, "configuration file", limits::ConfigBytes);
    if (!Buf) {
      llvm::consumeError(Buf.takeError());
      break;
    }
    if (yamlDepth((*Buf)->getBuffer()) > limits::YamlDepth)
      break;
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfiguration((*Buf)->getMemBufferRef());
    if (!Parsed)
      break;
    ClangTidyOptions Kept;
    for (const auto &Option : Parsed->CheckOptions) {
      llvm::StringRef Key = Option.getKey();
      if (Key.starts_with("warpcheck-") || Key.starts_with("warpcheck."))
        Kept.CheckOptions[Key] = Option.getValue();
    }
    Found.emplace_back(std::move(Kept), std::string(Config));
    if (!Parsed->InheritParentConfig.value_or(false))
      break;
  }
  Raw.insert(Raw.end(), Found.rbegin(), Found.rend());
}

/// warpcheck's defaults, then the warpcheck CheckOptions of the
/// `.clang-tidy` files that apply (addTidyCheckOptions), then the nearest
/// `.warpcheck.yaml` up the file's directory tree (clang-tidy's
/// configuration format; its options take precedence over `.clang-tidy`'s),
/// then the command line.
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
    addTidyCheckOptions(Path, Raw);
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

namespace {

/// The options of File's parse: Options.Parse, with the architecture of
/// .warpcheck.yaml (warpcheck.Arch) when it names one.
ParseOptions parseOptionsFor(const DriverOptions &Options,
                             const std::string &File) {
  ParseOptions Parse = Options.Parse;
  // The GPU architecture may come from .warpcheck.yaml (warpcheck.Arch).
  ClangTidyOptions FileOpts = makeOptionsProvider(Options)->getOptions(File);
  auto Arch = FileOpts.CheckOptions.find("warpcheck.Arch");
  if (Arch != FileOpts.CheckOptions.end())
    Parse.DefaultArch = Arch->second.Value;
  return Parse;
}

/// The note for a header parsed as an empty file, after its quoted name.
constexpr const char *MissingHeaderNote =
    "' not found; analyzed as if it were empty";

/// The file system of one parse: the disk, read through R's ReadHashes,
/// warpcheck's headers, the stubs of Stubbed, and the file (at its absolute
/// path Abs) and the Others with the contents given.
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
parseFileSystem(FileAnalysis &R, const std::vector<std::string> &Stubbed,
                llvm::StringRef Abs, const std::string *Contents,
                const std::map<std::string, std::string> *Others) {
  R.ReadHashes.clear();
  // What the parse reads is recorded for --fix (ReadHashes) and the result
  // cache (the thread's DependencyLog, FileDependencies.h).
  auto FS = makeWarpcheckFileSystem(makeRecordingFileSystem(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
          llvm::vfs::createPhysicalFileSystem().release()),
      currentDependencyLog(), &R.ReadHashes));
  addStubHeaders(*FS, Stubbed);
  if (Contents || Others) {
    // The tool reads files by absolute path: the copy must be found there.
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    // The editor's or the fix's text is read as the disk is
    // (LaunchSpelling.h).
    auto Add = [&](llvm::StringRef Path, llvm::StringRef Text) {
      std::optional<std::string> Joined = joinSpacedLaunchChevrons(Text);
      Memory->addFile(Path, 0,
                      llvm::MemoryBuffer::getMemBufferCopy(
                          Joined ? llvm::StringRef(*Joined) : Text));
    };
    if (Contents)
      Add(Abs, *Contents);
    if (Others)
      for (const auto &[Path, Text] : *Others)
        Add(Path, Text);
    FS->pushOverlay(Memory);
  }
  return FS;
}

/// The first header a compiler error says is missing, and where it was
/// included ("FILE:LINE:COL", or File); empty when none is.
std::pair<std::string, std::string>
firstMissingHeader(const std::string &File,
                   const std::vector<ClangTidyError> &Errors) {
  for (const ClangTidyError &E : Errors)
    if (isCompilerError(E))
      if (std::string Missing = missingHeaderOf(E.Message.Message);
          !Missing.empty())
        return {Missing, placeOf(File, E.Message)};
  return {"", File};
}

/// Drops the errors clang reports on code nvcc compiles, where the AST holds
/// what nvcc reads: they are not errors of the file. Contents stands for
/// the file at Abs when given.
void dropClangOnlyErrors(std::vector<ClangTidyError> &Errors,
                         llvm::StringRef Abs, const std::string *Contents) {
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
    return isCompilerError(E) &&
           isClangOnlyError(E.Message.Message, SourceAt(E));
  });
}

/// Whether a compiler error of the main file lies inside a kernel or
/// __device__ function, as the checks recorded them per translation unit:
/// some device code may then be missing without a trace in the AST.
bool isInDeviceCode(const AnalysisReport &Report, const ClangTidyError &E) {
  bool Inside = false;
  for (const TranslationUnitRecord &U : Report.Units)
    for (auto [Begin, End] : U.DeviceRanges)
      Inside |= E.Message.FileOffset >= Begin && E.Message.FileOffset <= End;
  return Inside;
}

/// Sorts the diagnostics of the last parse into R: the findings, the first
/// compiler error, and whether an error hit device code.
void sortDiagnostics(FileAnalysis &R, const std::string &File,
                     std::vector<ClangTidyError> Errors) {
  R.ErrorLine = firstErrorLine(File, Errors);
  for (const ClangTidyError &E : Errors)
    if (isCompilerError(E)) {
      R.ErrorFile = E.Message.FilePath;
      R.ErrorOffset = E.Message.FileOffset;
      break;
    }
  for (auto &E : Errors) {
    if (!isCompilerError(E)) {
      R.Findings.push_back(std::move(E));
      continue;
    }
    if (llvm::sys::fs::equivalent(E.Message.FilePath, File))
      R.DeviceErrors |= isInDeviceCode(R.Report, E);
  }
}

} // namespace

std::unique_ptr<FileAnalysis>
analyzeOne(const DriverOptions &Options, const FileCommand &Command,
           const std::string &File, const std::string *Contents,
           const std::map<std::string, std::string> *Others,
           SiblingFiles *Siblings) {
  auto R = std::make_unique<FileAnalysis>();
  R->File = File;
  R->Command = Command;
  R->Report.Siblings = Siblings;
  R->Report.WantWidened = Options.VerifySass;
  R->Context = std::make_unique<ClangTidyContext>(makeOptionsProvider(Options));
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  std::vector<std::string> Stubbed = Options.Parse.StubbedHeaders;
  std::vector<ClangTidyError> Errors;
  std::vector<std::string> StubNotes;
  // A missing header (omp.h, a vendor SDK) is a fatal error after which
  // clang skips every later include and instantiates no template: the
  // kernels elsewhere would be lost. The file is parsed again with the
  // header as an empty file, as if the code that needs it were not there;
  // what then fails to parse is reported as any other error.
  for (unsigned Attempt = 0;; ++Attempt) {
    FileCompilations Compilations(R->Command, Stubbed);
    auto FS = parseFileSystem(*R, Stubbed, Abs, Contents, Others);
    {
      AttachReport Attached(*R->Context, R->Report);
      Errors = runChecks(*R->Context, Compilations, File, FS, R->ParseStopped);
    }
    auto [Missing, Where] = firstMissingHeader(File, Errors);
    if (Missing.empty() || Attempt >= 8 || llvm::is_contained(Stubbed, Missing))
      break;
    Stubbed.push_back(Missing);
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
  dropClangOnlyErrors(Errors, Abs, Contents);
  sortDiagnostics(*R, File, std::move(Errors));
  return R;
}

std::unique_ptr<FileAnalysis> analyzeOne(
    const DriverOptions &Options, const tooling::CompilationDatabase &Database,
    const std::string &File, const std::string *Contents,
    const std::map<std::string, std::string> *Others, SiblingFiles *Siblings) {
  FileCommand Command =
      resolveFileCommand(Database, File, parseOptionsFor(Options, File));
  if (!Command.Error.empty())
    return fileNotAnalyzed(File, llvm::formatv("{0}: error: {1}; not analyzed",
                                               File, Command.Error));
  return analyzeOne(Options, Command, File, Contents, Others, Siblings);
}

std::unique_ptr<FileAnalysis> fileNotAnalyzed(const std::string &File,
                                              std::string Why) {
  auto R = std::make_unique<FileAnalysis>();
  R->File = File;
  R->FileError = std::move(Why);
  return R;
}

namespace {

/// What the checks recorded of the file's translation units, merged: kernels
/// analyzed and skipped, whether there is device code; each parse note
/// (ParseFailures.h) is added to R's notes once.
TranslationUnitRecord readTranslationUnits(FileAnalysis &R) {
  TranslationUnitRecord TU;
  std::set<std::string> SeenNotes;
  for (const TranslationUnitRecord &U : R.Report.Units) {
    TU.Kernels = std::max(TU.Kernels, U.Kernels);
    TU.KernelsSkipped = std::max(TU.KernelsSkipped, U.KernelsSkipped);
    TU.HasDeviceCode |= U.HasDeviceCode;
    for (const std::string &Note : U.ParseNotes)
      if (SeenNotes.insert(Note).second)
        R.Notes.push_back(Note);
  }
  return TU;
}

/// Did the file parse, and is it CUDA? Every kernel whose body parsed was
/// analyzed; each one that was not, or that was analyzed around a callee
/// that did not parse, has a note. Sets R's FileError or adds a note.
void decideFileStatus(FileAnalysis &R, const TranslationUnitRecord &TU) {
  const std::string &File = R.File;
  if (!R.ErrorLine.empty()) {
    std::string Counts =
        llvm::formatv("{0} of {1} kernels analyzed", TU.Kernels,
                      TU.Kernels + TU.KernelsSkipped);
    // No kernel at all, the errors outside device code, and no header
    // missing (it may have held the kernels): nothing lost.
    bool Stubbed = llvm::any_of(R.Notes, [](const std::string &N) {
      return N.find(MissingHeaderNote) != std::string::npos;
    });
    // A fatal error ends the parse: kernels after it were never seen.
    bool HostOnly = TU.Kernels == 0 && TU.KernelsSkipped == 0 &&
                    !R.Report.Units.empty() && !Stubbed && !R.ParseStopped;
    if ((TU.Kernels > 0 || HostOnly) && TU.KernelsSkipped == 0 &&
        !R.DeviceErrors)
      // nvcc accepts some host code clang rejects: the kernels parsed.
      R.Notes.push_back(
          std::string(R.ErrorLine)
              .replace(R.ErrorLine.find(": error: "), 9, ": note: clang: ") +
          (HostOnly ? "; the file has no kernel to analyze"
                    : "; every kernel parsed and was analyzed"));
    else if (TU.Kernels > 0 && TU.KernelsSkipped == 0)
      R.FileError = llvm::formatv(
          "{0}; every kernel was analyzed, without the device code clang "
          "could not parse",
          R.ErrorLine);
    else if (TU.Kernels > 0)
      R.FileError = llvm::formatv(
          "{0}; {1}, code that did not parse was not (see the notes)",
          R.ErrorLine, Counts);
    else
      R.FileError = llvm::formatv(
          "{0}; code that did not parse was not analyzed", R.ErrorLine);
  } else if (R.Report.Units.empty()) {
    R.FileError =
        llvm::formatv("{0}: error: not parsed as CUDA; not analyzed", File);
  } else if (TU.Kernels == 0 && TU.KernelsSkipped == 0 && !TU.HasDeviceCode) {
    // Host code only (it launches kernels defined elsewhere, or calls
    // libraries): nvcc compiles it, and there is nothing wrong to report.
    R.Notes.push_back(llvm::formatv(
        "{0}: note: no CUDA code (no __global__ or __device__ function, no "
        "__shared__ variable); nothing to analyze",
        File));
  }
}

/// Whether nvcc issues A wider than the source does (LDS.64/128 for a
/// 4-byte access): what it makes of an edited layout then depends on the
/// edit (a padded row may no longer be aligned to the width).
bool issuedWider(const AccessRecord &A) {
  if (A.Final.Change == "fused")
    return true;
  return llvm::any_of(A.Final.Instructions, [&](llvm::StringRef Op) {
    return (Op.contains(".128") && A.WidthBytes < 16) ||
           (Op.contains(".64") && A.WidthBytes < 8);
  });
}

/// The layout fix under a finding whose access nvcc widens is proven on the
/// source's requests only, unless nvcc's code of the edited layout was
/// judged (FinalFixProof.h): said once, so that it is not taken as
/// conflict-free in the final code.
void qualifyFixNote(ClangTidyError &E, const AccessRecord &A) {
  bool Offered = llvm::any_of(E.Notes, [](const tooling::DiagnosticMessage &N) {
    return llvm::StringRef(N.Message).contains("conflict-free");
  });
  bool Judged = llvm::any_of(E.Notes, [](const tooling::DiagnosticMessage &N) {
    return llvm::StringRef(N.Message).contains(
        "nvcc's code of the edited layout");
  });
  std::string Text = llvm::formatv(
      "the layout fix is proven on the source's requests only: nvcc issues "
      "this {0} as {1}, and what it makes of the edited layout is not known "
      "without compiling it",
      A.Kind, llvm::join(A.Final.Instructions, ", "));
  if (!Offered || Judged || !issuedWider(A) ||
      llvm::any_of(E.Notes, [&](const tooling::DiagnosticMessage &N) {
        return N.Message == Text;
      }))
    return;
  tooling::DiagnosticMessage Note(Text);
  Note.FilePath = E.Message.FilePath;
  Note.FileOffset = E.Message.FileOffset;
  E.Notes.push_back(std::move(Note));
}

/// --verify-sass: the final code's note under each finding whose access
/// nvcc reshaped (FinalCode.h), once per finding and text.
void addFinalCodeNotes(FileAnalysis &R) {
  for (const AccessRecord &A : R.Report.Accesses) {
    if (A.Final.Note.empty() && !issuedWider(A))
      continue;
    for (ClangTidyError &E : R.Findings) {
      if (E.DiagnosticName != "warpcheck-shared-bank-conflict" ||
          E.Message.FilePath.empty())
        continue;
      auto [Line, Column] = lineColumn(E.Message.FilePath, E.Message.FileOffset);
      if (Line != A.Line || Column != A.Column ||
          !llvm::sys::fs::equivalent(E.Message.FilePath, A.File))
        continue;
      if (!A.Final.Note.empty() &&
          llvm::none_of(E.Notes, [&](const tooling::DiagnosticMessage &N) {
            return N.Message == A.Final.Note;
          })) {
        tooling::DiagnosticMessage Note(A.Final.Note);
        Note.FilePath = E.Message.FilePath;
        Note.FileOffset = E.Message.FileOffset;
        E.Notes.push_back(std::move(Note));
      }
      qualifyFixNote(E, A);
    }
  }
}

/// nvcc run on the file at Abs with the project's own command
/// (userNvccArguments): Compiled is filled, or the failure returned.
std::optional<std::string> runNvcc(const DriverOptions &Options,
                                   const FileAnalysis &R, llvm::StringRef Abs,
                                   CompiledLocalMemory &Compiled) {
  const TranslatedCommand &T = R.Command.Translated.front();
  const tooling::CompileCommand &C = R.Command.Commands.front();
  std::string Nvcc = findNvcc(Options.Nvcc, Options.Parse.Headers.ToolkitPath);
  if (Nvcc.empty())
    return std::string("nvcc not found (give --nvcc or --cuda-path)");
  NvccJob Job;
  Job.Nvcc = Nvcc;
  Job.File = Abs.str();
  // The parse's architecture: the command's, else warpcheck.Arch of
  // .warpcheck.yaml or --arch (parseOptionsFor).
  Job.Arch = T.Arch;
  Job.Directory = C.Directory;
  Job.Arguments = userNvccArguments(C, T);
  Job.Ptx = Options.VerifyPtx;
  Job.Sass = Options.VerifySass;
  return compileWithNvcc(Job, Compiled);
}

/// --verify-sass: each access's final view from the SASS, or unknown with
/// the reason said once for the file.
void compareFinalCode(const DriverOptions &Options, FileAnalysis &R,
                      const CompiledLocalMemory &Compiled,
                      const std::optional<std::string> &Failure) {
  if (!Options.VerifySass || !R.FileError.empty())
    return;
  if (Compiled.HaveSassLines) {
    matchFinalCode(R.Report.Accesses, R.Report.Kernels, Compiled.SassLines);
    addFinalCodeNotes(R);
    return;
  }
  std::string Why = Failure ? *Failure
                            : "no nvdisasm beside nvcc or on PATH to read "
                              "the SASS";
  markFinalUnknown(R.Report.Accesses, Why);
  R.Notes.push_back(llvm::formatv("{0}: note: --verify-sass: {1}; the "
                                  "findings give the source view only",
                                  R.File, Why));
}

/// What nvcc did, beside each kernel's prediction: Given (the compiler
/// output on the command line), else nvcc run on the file at Abs with the
/// project's own command: local memory (--verify-ptx) and the final shared
/// instructions (--verify-sass), from one compile of the file.
void compareWithCompiler(const DriverOptions &Options, FileAnalysis &R,
                         llvm::StringRef Abs,
                         const CompiledLocalMemory *Given) {
  bool LocalMemory = Options.VerifyPtx || Given;
  if (!(LocalMemory || Options.VerifySass) || !R.FileError.empty()) {
    for (const KernelRecord &K : R.Report.Kernels)
      R.Comparisons.push_back({K, std::nullopt, std::nullopt, std::nullopt});
    return;
  }
  CompiledLocalMemory Compiled;
  std::optional<std::string> Failure;
  if (Given)
    Compiled = *Given;
  else
    Failure = runNvcc(Options, R, Abs, Compiled);
  compareFinalCode(Options, R, Compiled, Failure);
  if (!LocalMemory) {
    for (const KernelRecord &K : R.Report.Kernels)
      R.Comparisons.push_back({K, std::nullopt, std::nullopt, std::nullopt});
    return;
  }
  if (Failure)
    R.FileError = llvm::formatv("{0}: error: --verify-ptx: {1}; the "
                                "static findings stand unverified",
                                R.File, *Failure);
  R.Compared = true;
  for (const KernelRecord &K : R.Report.Kernels) {
    KernelComparison C;
    C.Kernel = K;
    if (auto D = Compiled.PtxDepot.find(K.MangledName);
        D != Compiled.PtxDepot.end())
      C.Depot = D->second;
    if (auto F = Compiled.Ptxas.find(K.MangledName); F != Compiled.Ptxas.end())
      C.Frame = F->second;
    if (auto S = Compiled.Sass.find(K.MangledName); S != Compiled.Sass.end())
      C.Sass = S->second;
    R.Comparisons.push_back(std::move(C));
  }
}

/// The analysis of File with its command resolved: checks, notes on the
/// command, status, proof of fixes, comparison with nvcc.
std::unique_ptr<FileAnalysis> analyzeResolved(const DriverOptions &Options,
                                              const FileCommand &Command,
                                              const std::string &File,
                                              const CompiledLocalMemory *Given,
                                              SiblingFiles *Siblings) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  auto R = analyzeOne(Options, Command, File, nullptr, nullptr, Siblings);

  // nvcc flags without a clang meaning are dropped, and said once.
  const TranslatedCommand &T = R->Command.Translated.front();
  if (!T.Dropped.empty())
    R->Notes.push_back(File +
                       ": note: ignored compiler flags without a clang "
                       "meaning: " +
                       llvm::join(T.Dropped, " "));
  if (!T.ReplacedArch.empty())
    R->Notes.push_back(File + ": note: " + T.ReplacedArch +
                       " is older than clang parses CUDA for; parsed for " +
                       T.Arch + " instead");
  if (!T.Capped.empty())
    R->Notes.push_back(File +
                       ": note: recursion limits capped at warpcheck's "
                       "(docs/robustness.md): " +
                       llvm::join(T.Capped, " "));
  decideFileStatus(*R, readTranslationUnits(*R));
  // Proof of every layout fix.
  proveLayoutFixes(Options, *R);
  compareWithCompiler(Options, *R, Abs, Given);
  return R;
}

/// What a result from the cache needs besides what was stored: its command,
/// a context for the writers (--warnings-as-errors, the text's rendering)
/// and the kernels' rows without a compiler comparison (runs that compare
/// bypass the cache).
void completeCachedResult(const DriverOptions &Options,
                          const FileCommand &Command, llvm::StringRef Abs,
                          FileAnalysis &R) {
  R.Command = Command;
  R.Context = std::make_unique<ClangTidyContext>(makeOptionsProvider(Options));
  R.Context->setCurrentFile(Abs);
  for (const KernelRecord &K : R.Report.Kernels)
    R.Comparisons.push_back({K, std::nullopt, std::nullopt, std::nullopt});
}

} // namespace

void decideStatus(FileAnalysis &R) {
  decideFileStatus(R, readTranslationUnits(R));
}

std::unique_ptr<FileAnalysis>
analyzeFile(const DriverOptions &Options,
            const tooling::CompilationDatabase &Database,
            const std::string &File, const CompiledLocalMemory *Given,
            SiblingFiles *Siblings, ResultCache *Cache) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  if (!llvm::sys::fs::exists(Abs))
    return fileNotAnalyzed(
        File, llvm::formatv("{0}: error: no such file; not analyzed", File));
  FileCommand Command =
      resolveFileCommand(Database, File, parseOptionsFor(Options, File));
  if (!Command.Error.empty())
    return fileNotAnalyzed(File, llvm::formatv("{0}: error: {1}; not analyzed",
                                               File, Command.Error));
  if (Command.empty())
    return fileNotAnalyzed(
        File, llvm::formatv("{0}: error: no compile command for this "
                            "file in the compilation database; not "
                            "analyzed",
                            File));
  // Without an enabled check nothing would be recorded, and the file would
  // look like one that did not parse.
  std::string NoCheck = checkSomeCheckEnabled(
      File, makeOptionsProvider(Options)->getOptions(File).Checks.value_or(""));
  if (!NoCheck.empty())
    return fileNotAnalyzed(File, NoCheck);
  if (!Cache || !Cache->enabled())
    return analyzeResolved(Options, Command, File, Given, Siblings);
  std::string Key = Cache->keyOf(Command, File);
  if (Key.empty())
    return analyzeResolved(Options, Command, File, Given, Siblings);
  if (auto Hit = Cache->lookup(Key, File)) {
    completeCachedResult(Options, Command, Abs, *Hit);
    return Hit;
  }
  DependencyLog Reads;
  std::unique_ptr<FileAnalysis> R;
  {
    RecordDependencies Recording(Reads);
    R = analyzeResolved(Options, Command, File, Given, Siblings);
  }
  Cache->store(Key, *R, Reads);
  return R;
}

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
  if (Why.empty())
    Why = checkSourceFileEncoding(File);
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

} // namespace warpcheck
