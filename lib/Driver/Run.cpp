//===--- Run.cpp - The warpcheck run over a set of files ------------------===//
//
// Two phases: every file is analyzed on its own (on a thread pool with -j):
// parsed for the device, checked, its layout fixes proven by re-analysis
// (FixProof.cpp), its local memory compared with nvcc's (AnalyzeFile.cpp);
// then the results are reported in the order of the files, and the fixes
// applied or exported (Fixes.cpp).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "AnalyzeFile.h"
#include "AtomicWrite.h"
#include "BoundedInput.h"
#include "CrashContainment.h"
#include "Fixes.h"
#include "NvccVerifier.h"
#include "Output.h"
#include "ProgressWatch.h"
#include "ReportWriter.h"
#include "ResultCache.h"
#include "SiblingParse.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <set>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

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
    else {
      // cuobjdump -sass for LDL/STL; nvdisasm -gi for --verify-sass too.
      Given.Sass = parseSass((*Buf)->getBuffer());
      Given.SassLines = parseSassListing((*Buf)->getBuffer());
      Given.HaveSassLines = true;
      for (const SassFunction &F : Given.SassLines) {
        SassLocal &L = Given.Sass[F.Name];
        if (L.Loads || L.Stores)
          continue;
        for (const SassInstruction &I : F.Instructions) {
          L.Loads += I.Kind == SassMemKind::LocalLoad;
          L.Stores += I.Kind == SassMemKind::LocalStore;
        }
      }
    }
  }
  return Given;
}

/// Every file analyzed, and the hash of the content each was read with
/// (for --fix).
struct AnalyzedFiles {
  std::vector<std::unique_ptr<FileAnalysis>> Results;
  std::vector<std::optional<uint64_t>> Hashes;
};

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
  ResultCache Cache(Options, Err);
  // Launches in the files next to an input (CrossFile.h), each file parsed
  // once for the run.
  SiblingFiles Siblings(makeSiblingParser(Safe, Options.Parse,
                                          Cache.enabled() ? &Cache : nullptr));
  AnalyzedFiles A;
  A.Results.resize(Files.size());
  A.Hashes.resize(Files.size());
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
    Err << "[" << ++Done << "/" << Files.size() << "] " << Files[I]
        << (A.Results[I] && A.Results[I]->Cached ? " (cached)" : "") << "\n";
  };
  // A file that takes long names the kernel it is on.
  ProgressWatch Watch(Options.Progress, Files, Err, ProgressLock);
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&, I] {
      auto Finished = llvm::make_scope_exit([&] {
        Watch.finish(I);
        Progress(I);
      });
      const std::string &File = Files[I];
      std::string Refused = checkBeforeAnalysis(Safe, File);
      if (!Refused.empty()) {
        A.Results[I] = fileNotAnalyzed(File, Refused);
        return;
      }
      if (auto Buf = llvm::MemoryBuffer::getFile(File))
        A.Hashes[I] = llvm::xxh3_64bits((*Buf)->getBuffer());
      if (!runContained([&] {
            // On the thread that analyzes (runContained's own).
            auto Watched = Watch.start(I);
            A.Results[I] =
                analyzeFile(Options, Safe, File, Given, &Siblings, &Cache);
          })) {
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

} // namespace

namespace {
/// Files, each once: a file given twice, or by two names (a symbolic or
/// hard link, `./k.cu`), is analyzed and reported once, as the first name
/// gave it.
std::vector<std::string> distinctFiles(const std::vector<std::string> &Files) {
  std::vector<std::string> Out;
  std::vector<llvm::sys::fs::UniqueID> Seen;
  for (const std::string &F : Files) {
    llvm::sys::fs::UniqueID ID;
    if (!llvm::sys::fs::getUniqueID(F, ID)) {
      if (llvm::is_contained(Seen, ID))
        continue;
      Seen.push_back(ID);
    }
    Out.push_back(F); // a missing file keeps its error line
  }
  return Out;
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

  AnalyzedFiles Analyzed =
      analyzeFiles(Options, Database, distinctFiles(Files),
                   *Given ? &**Given : nullptr, Err);

  // Phase 2: report, in the order of the files. Standard output may be a
  // file too: over the size limit, an error (checked by the tool's main).
  ignoreFileSizeSignal();
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
