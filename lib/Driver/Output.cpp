//===--- Output.cpp - warpcheck's reports: text table, JSON, SARIF --------===//

#include "Output.h"

#include "SafeInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <mutex>

using namespace clang::tidy;

namespace warpcheck {

namespace {
std::mutex CacheMutex;
std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> FileCache;

llvm::StringRef contents(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  auto It = FileCache.find(Path);
  if (It == FileCache.end()) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    It = FileCache.emplace(Path, Buf ? std::move(*Buf) : nullptr).first;
  }
  return It->second ? It->second->getBuffer() : llvm::StringRef();
}

std::string bytes(uint64_t B) { return std::to_string(B) + " B"; }

llvm::json::Value optionalJson(const std::optional<uint64_t> &V) {
  return V ? llvm::json::Value(int64_t(*V)) : llvm::json::Value(nullptr);
}

llvm::json::Object messageJson(const clang::tooling::DiagnosticMessage &M) {
  auto [Line, Column] = lineColumn(M.FilePath, M.FileOffset);
  return llvm::json::Object{{"file", M.FilePath},
                            {"line", Line},
                            {"column", Column},
                            {"message", M.Message}};
}

/// A file path as SARIF wants it: relative to the working directory when
/// under it, else a file URI.
std::string sarifUri(const std::string &Path) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  llvm::StringRef P = Path;
  if (P.consume_front(Cwd) && P.consume_front("/"))
    return P.str();
  return "file://" + Path;
}

llvm::json::Object sarifLocation(const std::string &File, unsigned Offset) {
  auto [Line, Column] = lineColumn(File, Offset);
  return llvm::json::Object{
      {"physicalLocation",
       llvm::json::Object{
           {"artifactLocation", llvm::json::Object{{"uri", sarifUri(File)}}},
           {"region", llvm::json::Object{{"startLine", Line},
                                         {"startColumn", Column}}}}}};
}

struct RuleText {
  const char *Id, *Name, *Short, *Full, *Doc;
};
const RuleText Rules[] = {
    {"warpcheck-shared-bank-conflict", "SharedBankConflict",
     "Shared-memory access with bank conflicts",
     "A warp's shared-memory request needs more wavefronts than its ideal "
     "because several lanes ask one bank for different words. warpcheck "
     "interprets the kernel for its block shape and judges every warp with a "
     "bank model measured on an H100; a layout fix (padding or XOR swizzle) "
     "is offered when one serves every access of the array.",
     "docs/checks/warpcheck-shared-bank-conflict.md"},
    {"warpcheck-local-memory-array", "LocalMemoryArray",
     "Per-thread array demoted to local memory",
     "A per-thread array is indexed with a value the compiler does not know "
     "at compile time after unrolling, or its address escapes, so it lives "
     "in local (device) memory instead of registers.",
     "docs/checks/warpcheck-local-memory-array.md"},
};
} // namespace

std::pair<unsigned, unsigned> lineColumn(const std::string &Path,
                                         unsigned Offset) {
  llvm::StringRef Text = contents(Path);
  if (Text.empty())
    return {0, 0};
  Offset = std::min<unsigned>(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  unsigned Line = Before.count('\n') + 1;
  size_t LastNewline = Before.rfind('\n');
  unsigned Column = LastNewline == llvm::StringRef::npos
                        ? Offset + 1
                        : Offset - unsigned(LastNewline);
  return {Line, Column};
}

std::string fingerprint(const ClangTidyError &E) {
  llvm::StringRef Text = contents(E.Message.FilePath);
  unsigned Offset = std::min<unsigned>(E.Message.FileOffset, Text.size());
  size_t Begin = Text.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Text.find('\n', Offset);
  std::string Key = E.DiagnosticName + "\n" + E.Message.Message + "\n" +
                    llvm::sys::path::filename(E.Message.FilePath).str() + "\n" +
                    Text.slice(Begin, End).trim().str();
  return llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true);
}

namespace {
/// The parts of a previous report that the baseline reads, as typed
/// mappers: anything else in the document is ignored, but what is read must
/// have the right type (`{"runs":[1]}` is an error, not a crash).
struct BaselineDiagnostic {
  std::optional<std::string> Fingerprint;
};
bool fromJSON(const llvm::json::Value &V, BaselineDiagnostic &D,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.mapOptional("fingerprint", D.Fingerprint);
}
struct SarifResult {
  std::optional<std::map<std::string, std::string>> PartialFingerprints;
};
bool fromJSON(const llvm::json::Value &V, SarifResult &R, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.mapOptional("partialFingerprints", R.PartialFingerprints);
}
struct SarifRun {
  std::optional<std::vector<SarifResult>> Results;
};
bool fromJSON(const llvm::json::Value &V, SarifRun &R, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.mapOptional("results", R.Results);
}
struct BaselineDocument {
  std::optional<std::vector<BaselineDiagnostic>> Diagnostics; // warpcheck
  std::optional<std::vector<SarifRun>> Runs;                  // SARIF
};
bool fromJSON(const llvm::json::Value &V, BaselineDocument &D,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.mapOptional("diagnostics", D.Diagnostics) &&
         O.mapOptional("runs", D.Runs);
}
} // namespace

std::optional<std::multiset<std::string>> readBaseline(const std::string &Path,
                                                       std::string &Error) {
  auto Buf = readInputFile(Path, "baseline", limits::ReportBytes);
  if (!Buf) {
    Error = llvm::toString(Buf.takeError());
    return std::nullopt;
  }
  auto Doc = parseJsonBounded((*Buf)->getBuffer(), limits::JsonDepth);
  if (!Doc) {
    Error = "baseline '" + Path + "' is not JSON: " + toString(Doc.takeError());
    return std::nullopt;
  }
  BaselineDocument Report;
  llvm::json::Path::Root Root("baseline");
  if (!fromJSON(*Doc, Report, Root)) {
    Error = "baseline '" + Path +
            "' is not a warpcheck JSON or SARIF report: " +
            toString(Root.getError());
    return std::nullopt;
  }
  if (!Report.Diagnostics && !Report.Runs) {
    Error = "baseline '" + Path +
            "' is not a warpcheck JSON or SARIF report (no 'diagnostics' or "
            "'runs')";
    return std::nullopt;
  }
  std::multiset<std::string> Prints;
  if (Report.Diagnostics)
    for (const BaselineDiagnostic &D : *Report.Diagnostics)
      if (D.Fingerprint)
        Prints.insert(*D.Fingerprint);
  if (Report.Runs)
    for (const SarifRun &Run : *Report.Runs)
      if (Run.Results)
        for (const SarifResult &R : *Run.Results)
          if (R.PartialFingerprints)
            if (auto It = R.PartialFingerprints->find("warpcheck/v1");
                It != R.PartialFingerprints->end())
              Prints.insert(It->second);
  return Prints;
}

std::optional<bool> KernelComparison::ptxAgrees() const {
  if (!Depot || Kernel.Unknown)
    return std::nullopt;
  return (*Depot > 0) == (Kernel.PredictedLocalBytes > 0);
}

std::optional<bool> KernelComparison::ptxasAgrees() const {
  if (!Frame || Kernel.FinalUnknown)
    return std::nullopt;
  bool Spills = Frame->SpillStores > 0;
  return (Frame->StackFrame > 0) ==
             (Kernel.PredictedFrameBytes > 0 || Kernel.PredictedSpill) &&
         Spills == Kernel.PredictedSpill;
}

std::optional<bool> KernelComparison::sassAgrees() const {
  if (!Sass || Kernel.FinalUnknown)
    return std::nullopt;
  return (Sass->Loads + Sass->Stores > 0) ==
         (Kernel.PredictedFrameBytes > 0 || Kernel.PredictedSpill);
}

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
      << Pad("final", 11) << Pad("ptxas frame", 13) << Pad("spills st/ld", 14)
      << Pad("SASS LDL/STL", 14) << "verdict\n";
  for (const auto &R : Rows) {
    std::string Predicted =
        R.Kernel.Unknown ? "unknown" : bytes(R.Kernel.PredictedLocalBytes);
    std::string Final =
        R.Kernel.FinalUnknown
            ? "unknown"
            : bytes(R.Kernel.PredictedFrameBytes) +
                  (R.Kernel.PredictedSpill ? " +sp" : "");
    std::string Verdict;
    if (auto A = R.ptxAgrees())
      Verdict = *A ? "PTX agrees" : "PTX DIFFERS";
    else
      Verdict = R.Depot ? "undecided" : "not compiled";
    if (auto A = R.ptxasAgrees())
      Verdict += *A ? ", ptxas as predicted"
                    : ", ptxas differs (predicted " +
                          bytes(R.Kernel.PredictedFrameBytes) +
                          (R.Kernel.PredictedSpill ? " + spills" : "") + ")";
    if (auto A = R.sassAgrees())
      Verdict += *A ? ", SASS as predicted" : ", SASS differs";
    Out << Pad(R.Kernel.Name, Width) << Pad(Predicted, 11)
        << Pad(R.Depot ? bytes(*R.Depot) : "-", 11) << Pad(Final, 11)
        << Pad(R.Frame ? bytes(R.Frame->StackFrame) : "-", 13)
        << Pad(R.Frame ? std::to_string(R.Frame->SpillStores) + "/" +
                             std::to_string(R.Frame->SpillLoads)
                       : "-",
               14)
        << Pad(R.Sass ? std::to_string(R.Sass->Loads) + "/" +
                            std::to_string(R.Sass->Stores)
                      : "-",
               14)
        << Verdict << "\n";
  }
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
      {"instructions", int64_t(R.Instructions)},
      {"total_wavefronts", int64_t(R.TotalWavefronts)},
      {"total_ideal_wavefronts", int64_t(R.TotalIdealWavefronts)},
      {"counts_exact", R.CountsExact},
      {"status", R.Status},
      {"depends_on", std::move(Depends)},
  };
}

llvm::json::Object kernelJson(const KernelComparison &R) {
  llvm::json::Object O{
      {"file", R.Kernel.File},
      {"function", R.Kernel.Name},
      {"mangled_name", R.Kernel.MangledName},
      {"predicted_local_bytes",
       R.Kernel.Unknown
           ? llvm::json::Value(nullptr)
           : llvm::json::Value(int64_t(R.Kernel.PredictedLocalBytes))},
      {"predicted_stack_frame_bytes",
       R.Kernel.FinalUnknown
           ? llvm::json::Value(nullptr)
           : llvm::json::Value(int64_t(R.Kernel.PredictedFrameBytes))},
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
  O["sass_local_loads"] =
      optionalJson(R.Sass ? std::optional<uint64_t>(R.Sass->Loads)
                          : std::nullopt);
  O["sass_local_stores"] =
      optionalJson(R.Sass ? std::optional<uint64_t>(R.Sass->Stores)
                          : std::nullopt);
  O["ptx_verdict"] = Verdict(R.ptxAgrees());
  O["ptxas_verdict"] = Verdict(R.ptxasAgrees());
  O["sass_verdict"] = Verdict(R.sassAgrees());
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
                            {"ptx_status", R.Status},
                            {"reason", R.Reason},
                            {"final_status", R.FinalStatus},
                            {"final_reason", R.FinalReason},
                            {"likely_spilled", R.LikelySpilled},
                            {"ptxas_keeps_depot", R.PtxasKeepsDepot}};
}

llvm::json::Object diagnosticJson(const ClangTidyError &E, bool AsError) {
  llvm::json::Object D = messageJson(E.Message);
  D["check"] = E.DiagnosticName;
  D["level"] = AsError || E.DiagLevel == ClangTidyError::Error ? "error"
                : E.DiagLevel == ClangTidyError::Remark        ? "remark"
                                                               : "warning";
  D["fingerprint"] = fingerprint(E);
  llvm::json::Array Notes;
  for (const auto &N : E.Notes)
    Notes.push_back(messageJson(N));
  D["notes"] = std::move(Notes);
  return D;
}

void SarifWriter::add(const ClangTidyError &E, bool AsError) {
  unsigned RuleIndex = 0;
  for (unsigned I = 0; I < std::size(Rules); ++I)
    if (E.DiagnosticName == Rules[I].Id)
      RuleIndex = I;
  llvm::json::Array Related;
  int Id = 0;
  for (const auto &N : E.Notes) {
    llvm::json::Object L = sarifLocation(N.FilePath, N.FileOffset);
    L["id"] = Id++;
    L["message"] = llvm::json::Object{{"text", N.Message}};
    Related.push_back(std::move(L));
  }
  llvm::json::Object Result{
      {"ruleId", E.DiagnosticName},
      {"ruleIndex", RuleIndex},
      {"level", AsError                                   ? "error"
                : E.DiagLevel == ClangTidyError::Remark ? "note"
                                                        : "warning"},
      {"message", llvm::json::Object{{"text", E.Message.Message}}},
      {"locations", llvm::json::Array{sarifLocation(E.Message.FilePath,
                                                    E.Message.FileOffset)}},
      {"relatedLocations", std::move(Related)},
      {"partialFingerprints",
       llvm::json::Object{{"warpcheck/v1", fingerprint(E)}}},
  };
  llvm::json::Array Changes;
  for (const auto &[File, Replacements] : E.Message.Fix) {
    llvm::json::Array Reps;
    for (const auto &R : Replacements) {
      auto [L1, C1] = lineColumn(File.str(), R.getOffset());
      auto [L2, C2] = lineColumn(File.str(), R.getOffset() + R.getLength());
      Reps.push_back(llvm::json::Object{
          {"deletedRegion", llvm::json::Object{{"startLine", L1},
                                               {"startColumn", C1},
                                               {"endLine", L2},
                                               {"endColumn", C2}}},
          {"insertedContent",
           llvm::json::Object{{"text", R.getReplacementText().str()}}}});
    }
    Changes.push_back(llvm::json::Object{
        {"artifactLocation", llvm::json::Object{{"uri", sarifUri(File.str())}}},
        {"replacements", std::move(Reps)}});
  }
  if (!Changes.empty())
    Result["fixes"] = llvm::json::Array{llvm::json::Object{
        {"description",
         llvm::json::Object{{"text", "apply warpcheck's layout fix"}}},
        {"artifactChanges", std::move(Changes)}}};
  Results.push_back(std::move(Result));
}

llvm::json::Value SarifWriter::document(const std::string &Version) const {
  llvm::json::Array RuleList;
  for (const RuleText &R : Rules)
    RuleList.push_back(llvm::json::Object{
        {"id", R.Id},
        {"name", R.Name},
        {"shortDescription", llvm::json::Object{{"text", R.Short}}},
        {"fullDescription", llvm::json::Object{{"text", R.Full}}},
        {"help",
         llvm::json::Object{
             {"text", std::string(R.Full) + " See " + R.Doc + "."},
             {"markdown",
              std::string(R.Full) + " See [" + R.Doc + "](" + R.Doc + ")."}}},
        {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}}});
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       llvm::json::Array{llvm::json::Object{
           {"tool",
            llvm::json::Object{
                {"driver",
                 llvm::json::Object{{"name", "warpcheck"},
                                    {"version", Version},
                                    {"informationUri",
                                     "https://github.com/warpcheck/warpcheck"},
                                    {"rules", std::move(RuleList)}}}}},
           {"columnKind", "unicodeCodePoints"},
           {"results", llvm::json::Value(llvm::json::Array(Results))}}}}};
}

} // namespace warpcheck
