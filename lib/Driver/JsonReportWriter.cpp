//===--- JsonReportWriter.cpp - --format=json -----------------------------===//
//
// One document: the files, every analyzed access, the kernels' local memory
// (with --verify-ptx, what nvcc did), the per-thread arrays and the
// diagnostics. Fields in docs/json-format.md. An access in a header that
// several files include is listed once.
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <set>

using namespace clang::tidy;

namespace warpcheck {
namespace {

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

/// --verify-sass: what the final code does at the access (FinalCode.h).
llvm::json::Object finalJson(const FinalCodeView &F) {
  llvm::json::Array Instructions;
  for (const std::string &I : F.Instructions)
    Instructions.push_back(I);
  if (!F.Known) {
    llvm::json::Object O{{"status", "unknown"},
                         {"reason", F.Reason},
                         {"instructions", std::move(Instructions)}};
    if (!F.Change.empty())
      O["change"] = F.Change;
    llvm::json::Array PerRequest;
    for (const auto &[Op, W] : F.PerRequest)
      PerRequest.push_back(
          llvm::json::Object{{"instruction", Op}, {"wavefronts", W}});
    if (!PerRequest.empty())
      O["per_request"] = std::move(PerRequest);
    return O;
  }
  const char *Status = F.PerIterationLine ? "per_iteration" : "known";
  llvm::json::Object O{{"status", Status},
                       {"change", F.Change},
                       {"instructions", std::move(Instructions)},
                       {"requests", int64_t(F.Requests)},
                       {"wavefronts", int64_t(F.Wavefronts)}};
  if (F.PerIterationLine)
    O["loop_line"] = F.PerIterationLine;
  return O;
}

/// A warp's lanes as word addresses from the array's start (4-byte words;
/// null: the lane is inactive).
llvm::json::Array laneWords(const WarpAddresses &Offsets) {
  llvm::json::Array Lanes;
  for (const std::optional<uint64_t> &L : Offsets)
    Lanes.push_back(L ? llvm::json::Value(int64_t(*L / BankWidthBytes))
                      : llvm::json::Value(nullptr));
  return Lanes;
}

/// The worst request lane by lane (issue 29), and after the proposed fix;
/// or why there is no single worst request to draw.
llvm::json::Object worstRequestJson(const AccessRecord &R) {
  const WorstRequestView &V = R.WorstRequest;
  if (!V.Known)
    return llvm::json::Object{{"known", false}, {"reason", V.Reason}};
  llvm::json::Object O{{"known", true},
                       {"warp", V.Warp},
                       {"width_bytes", R.WidthBytes},
                       {"lanes", laneWords(V.Offsets)},
                       {"wavefronts", V.Wavefronts}};
  if (!V.FixLayout.empty())
    O["after_fix"] = llvm::json::Object{{"layout", V.FixLayout},
                                        {"lanes", laneWords(V.FixOffsets)},
                                        {"wavefronts", V.FixWavefronts}};
  else if (!V.FixReason.empty())
    O["after_fix_reason"] = V.FixReason;
  return O;
}

llvm::json::Object accessJson(const AccessRecord &R) {
  llvm::json::Array Lanes;
  for (unsigned L : R.ActiveLanes)
    Lanes.push_back(L);
  llvm::json::Array Depends;
  for (const auto &D : R.DependsOn)
    Depends.push_back(D);
  llvm::json::Array Assumed;
  for (const Dim3 &D : R.AssumedBlocks)
    Assumed.push_back(llvm::json::Array{D.X, D.Y, D.Z});
  llvm::json::Object O{
      {"id", accessId(R)},
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
      {"block_dim_assumed", R.BlockAssumed},
      {"assumed_block_dims", std::move(Assumed)},
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
      {"same_in_every_shape", R.SameInEveryShape},
      {"status", R.Status},
      {"depends_on", std::move(Depends)},
      {"worst_request", worstRequestJson(R)},
  };
  if (R.PerIterationLine)
    O["counts_per_iteration_of_line"] = R.PerIterationLine;
  if (!R.HeaderFile.empty()) {
    O["header_file"] = R.HeaderFile;
    O["header_line"] = R.HeaderLine;
    O["header_column"] = R.HeaderColumn;
    O["header_function"] = R.HeaderFunction;
  }
  if (R.Final.Compared)
    O["final"] = finalJson(R.Final);
  return O;
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
  O["sass_local_loads"] = optionalJson(
      R.Sass ? std::optional<uint64_t>(R.Sass->Loads) : std::nullopt);
  O["sass_local_stores"] = optionalJson(
      R.Sass ? std::optional<uint64_t>(R.Sass->Stores) : std::nullopt);
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
               : E.DiagLevel == ClangTidyError::Remark         ? "remark"
                                                               : "warning";
  D["fingerprint"] = fingerprint(E);
  llvm::json::Array Notes;
  for (const auto &N : E.Notes)
    Notes.push_back(messageJson(N));
  D["notes"] = std::move(Notes);
  return D;
}

class JsonReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

  void finish() override {
    llvm::json::Object Doc{{"version", 1},
                           {"cuda_headers", Options.Parse.Headers.describe()},
                           {"files", std::move(Files)},
                           {"accesses", std::move(Accesses)},
                           {"kernels", std::move(Kernels)},
                           {"local_arrays", std::move(Arrays)},
                           {"diagnostics", std::move(Diagnostics)}};
    Out << llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))) << "\n";
  }

private:
  void addFinding(const FileAnalysis &, const ClangTidyError &E,
                  bool AsError) override {
    Diagnostics.push_back(diagnosticJson(E, AsError));
  }

  /// The file's accesses, kernels and arrays (each once in the document),
  /// and its status.
  void endFile(const FileAnalysis &R) override {
    for (const AccessRecord &A : R.Report.Accesses)
      if (SeenAccess.insert(accessKey(A)).second)
        Accesses.push_back(accessJson(A));
    for (const KernelComparison &C : R.Comparisons)
      if (SeenKernel.insert(C.Kernel.MangledName).second)
        Kernels.push_back(kernelJson(C));
    for (const LocalArrayRecord &A : R.Report.LocalArrays)
      if (SeenArray
              .insert(llvm::formatv("{0}:{1}:{2}:{3}", A.File, A.Line, A.Kernel,
                                    A.Variable)
                          .str())
              .second)
        Arrays.push_back(localArrayJson(A));
    Files.push_back(fileJson(R));
  }

  static llvm::json::Object fileJson(const FileAnalysis &R) {
    unsigned Kernels = 0;
    const TranslationUnitRecord *Target = nullptr;
    for (const TranslationUnitRecord &U : R.Report.Units) {
      Kernels = std::max(Kernels, U.Kernels);
      if (!U.Arch.empty())
        Target = &U;
    }
    llvm::json::Object F{{"file", R.File},
                         {"status", R.FileError.empty() ? "analyzed" : "error"},
                         {"kernels", Kernels},
                         {"cached", R.Cached}};
    // The architecture the requests were counted for, and whose measured
    // bank rules counted them.
    if (Target) {
      F["arch"] = Target->Arch;
      F["bank_rules"] =
          llvm::json::Object{{"arch", Target->BankRulesArch},
                             {"measured", Target->BankRulesMeasured}};
    }
    if (!R.FileError.empty())
      F["error"] = R.FileError;
    return F;
  }

  llvm::json::Array Accesses, Diagnostics, Files, Kernels, Arrays;
  std::set<std::string> SeenAccess, SeenKernel, SeenArray;
};

} // namespace

std::unique_ptr<ReportWriter> makeJsonReportWriter(const DriverOptions &O,
                                                   llvm::raw_ostream &Out,
                                                   llvm::raw_ostream &Err) {
  return std::make_unique<JsonReportWriter>(O, Out, Err);
}

} // namespace warpcheck
