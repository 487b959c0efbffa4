//===--- CachedResult.cpp - One file's result as JSON, and back -----------===//
//
// Each record is described once (mapAccess, mapKernel, ...) and read by two
// field visitors, one writing JSON and one reading it, so that the two
// directions cannot drift apart.
//
//===----------------------------------------------------------------------===//

#include "CachedResult.h"

#include <algorithm>

using namespace clang;
using namespace clang::tidy;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace warpcheck {
namespace {

// Scalars and small values, both ways. Unsigned 64-bit values travel as
// their bits in a signed integer: the round trip is exact.
Value toJson(const std::string &V) { return V; }
Value toJson(unsigned V) { return int64_t(V); }
Value toJson(uint64_t V) { return int64_t(V); }
Value toJson(bool V) { return V; }
Value toJson(const Dim3 &D) { return Array{D.X, D.Y, D.Z}; }
Value toJson(const std::pair<unsigned, unsigned> &P) {
  return Array{P.first, P.second};
}

bool fromJson(const Value &V, std::string &Out) {
  auto S = V.getAsString();
  return S && (Out = S->str(), true);
}
bool fromJson(const Value &V, uint64_t &Out) {
  auto I = V.getAsInteger();
  return I && (Out = uint64_t(*I), true);
}
bool fromJson(const Value &V, unsigned &Out) {
  auto I = V.getAsInteger();
  if (!I || *I < 0 || *I > int64_t(~0u))
    return false;
  Out = unsigned(*I);
  return true;
}
bool fromJson(const Value &V, bool &Out) {
  auto B = V.getAsBoolean();
  return B && (Out = *B, true);
}
bool fromJson(const Value &V, Dim3 &D) {
  const Array *A = V.getAsArray();
  return A && A->size() == 3 && fromJson((*A)[0], D.X) &&
         fromJson((*A)[1], D.Y) && fromJson((*A)[2], D.Z);
}
bool fromJson(const Value &V, std::pair<unsigned, unsigned> &P) {
  const Array *A = V.getAsArray();
  return A && A->size() == 2 && fromJson((*A)[0], P.first) &&
         fromJson((*A)[1], P.second);
}
/// A warp's lane offsets: null for an inactive lane.
Value toJson(const WarpAddresses &A) {
  Array Out;
  for (const std::optional<uint64_t> &L : A)
    Out.push_back(L ? Value(int64_t(*L)) : Value(nullptr));
  return Out;
}
bool fromJson(const Value &V, WarpAddresses &Out) {
  const Array *A = V.getAsArray();
  if (!A || A->size() != Out.size())
    return false;
  for (size_t L = 0; L < Out.size(); ++L) {
    Out[L].reset();
    if ((*A)[L].kind() == Value::Null)
      continue;
    uint64_t Word;
    if (!fromJson((*A)[L], Word))
      return false;
    Out[L] = Word;
  }
  return true;
}
Value toJson(AtomicForm F) { return int64_t(F); }
bool fromJson(const Value &V, AtomicForm &F) {
  unsigned N;
  if (!fromJson(V, N) || N > unsigned(AtomicForm::AggregatableFullWarp))
    return false;
  F = AtomicForm(N);
  return true;
}

// Declared before the visitors, which find them by unqualified lookup.
template <class T> Value toJson(const std::vector<T> &Vs);
template <class T> bool fromJson(const Value &V, std::vector<T> &Out);
Value toJson(const AccessRecord &R);
bool fromJson(const Value &V, AccessRecord &R);
Value toJson(const WorstRequestView &R);
bool fromJson(const Value &V, WorstRequestView &R);
Value toJson(const LocalArrayRecord &R);
bool fromJson(const Value &V, LocalArrayRecord &R);
Value toJson(const KernelRecord &R);
bool fromJson(const Value &V, KernelRecord &R);
Value toJson(const TranslationUnitRecord &R);
bool fromJson(const Value &V, TranslationUnitRecord &R);

/// Writes each field into an object.
struct Writer {
  Object O;
  template <class T> void operator()(const char *Key, const T &V) {
    O[Key] = toJson(V);
  }
};

/// Reads each field from an object; Ok turns false at the first that is
/// missing or of another type.
struct Reader {
  const Object &O;
  bool Ok = true;
  template <class T> void operator()(const char *Key, T &V) {
    const Value *F = O.get(Key);
    Ok = Ok && F && fromJson(*F, V);
  }
};

template <class IO, class R> void mapAccess(IO &F, R &A) {
  F("file", A.File), F("line", A.Line), F("column", A.Column);
  F("end_line", A.EndLine), F("function", A.Function), F("kernel", A.Kernel);
  F("variable", A.Variable), F("kind", A.Kind), F("width", A.WidthBytes);
  F("block", A.Block), F("block_source", A.BlockSource);
  F("block_description", A.BlockDescription);
  F("block_assumed", A.BlockAssumed), F("assumed_blocks", A.AssumedBlocks);
  F("active_lanes", A.ActiveLanes), F("wavefronts", A.Wavefronts);
  F("min_wavefronts", A.MinWavefronts);
  F("ideal_wavefronts", A.IdealWavefronts), F("instances", A.Instances);
  F("requests", A.Requests), F("instructions", A.Instructions);
  F("total_wavefronts", A.TotalWavefronts);
  F("total_ideal_wavefronts", A.TotalIdealWavefronts);
  F("status", A.Status), F("depends_on", A.DependsOn);
  F("truncated", A.Truncated), F("counts_exact", A.CountsExact);
  F("same_in_every_shape", A.SameInEveryShape);
  F("header_file", A.HeaderFile), F("header_function", A.HeaderFunction);
  F("header_line", A.HeaderLine), F("header_column", A.HeaderColumn);
  F("uniform_requests", A.UniformRequests);
  F("per_iteration_line", A.PerIterationLine);
  F("worst_request", A.WorstRequest);
}

template <class IO, class R> void mapWorstRequest(IO &F, R &W) {
  F("known", W.Known), F("reason", W.Reason), F("warp", W.Warp);
  F("offsets", W.Offsets), F("wavefronts", W.Wavefronts), F("form", W.Form);
  F("rules_arch", W.RulesArch), F("fix_layout", W.FixLayout);
  F("fix_reason", W.FixReason), F("fix_offsets", W.FixOffsets);
  F("fix_wavefronts", W.FixWavefronts);
}

template <class IO, class R> void mapLocalArray(IO &F, R &A) {
  F("file", A.File), F("line", A.Line), F("column", A.Column);
  F("function", A.Function), F("kernel", A.Kernel), F("variable", A.Variable);
  F("bytes", A.Bytes), F("status", A.Status), F("reason", A.Reason);
  F("likely_spilled", A.LikelySpilled);
  F("ptxas_keeps_depot", A.PtxasKeepsDepot);
  F("final_status", A.FinalStatus), F("final_reason", A.FinalReason);
}

template <class IO, class R> void mapKernel(IO &F, R &K) {
  F("file", K.File), F("name", K.Name), F("mangled_name", K.MangledName);
  F("local_bytes", K.PredictedLocalBytes);
  F("frame_bytes", K.PredictedFrameBytes), F("spill", K.PredictedSpill);
  F("unknown", K.Unknown), F("final_unknown", K.FinalUnknown);
}

template <class IO, class R> void mapUnit(IO &F, R &U) {
  F("main_file", U.MainFile), F("arch", U.Arch);
  F("bank_rules_arch", U.BankRulesArch);
  F("bank_rules_measured", U.BankRulesMeasured), F("kernels", U.Kernels);
  F("kernels_skipped", U.KernelsSkipped);
  F("has_device_code", U.HasDeviceCode);
  F("device_ranges", U.DeviceRanges), F("host_ranges", U.HostRanges);
  F("parse_notes", U.ParseNotes);
}

#define WARPCHECK_RECORD(Type, Map)                                            \
  Value toJson(const Type &R) {                                                \
    Writer W;                                                                  \
    Map(W, R);                                                                 \
    return std::move(W.O);                                                     \
  }                                                                            \
  bool fromJson(const Value &V, Type &R) {                                     \
    const Object *O = V.getAsObject();                                         \
    if (!O)                                                                    \
      return false;                                                            \
    Reader In{*O};                                                             \
    Map(In, R);                                                                \
    return In.Ok;                                                              \
  }
WARPCHECK_RECORD(AccessRecord, mapAccess)
WARPCHECK_RECORD(WorstRequestView, mapWorstRequest)
WARPCHECK_RECORD(LocalArrayRecord, mapLocalArray)
WARPCHECK_RECORD(KernelRecord, mapKernel)
WARPCHECK_RECORD(TranslationUnitRecord, mapUnit)
#undef WARPCHECK_RECORD

/// A message's fixes: [{file, replacements: [[offset, length, text]]}].
Value fixToJson(const llvm::StringMap<tooling::Replacements> &Fix) {
  std::vector<std::string> Files;
  for (const auto &Entry : Fix)
    Files.push_back(Entry.getKey().str());
  std::sort(Files.begin(), Files.end()); // StringMap's order is not stable
  Array Out;
  for (const std::string &File : Files) {
    Array Edits;
    for (const tooling::Replacement &R : Fix.find(File)->second)
      Edits.push_back(Array{R.getFilePath(), R.getOffset(), R.getLength(),
                            R.getReplacementText()});
    Out.push_back(Object{{"file", File}, {"edits", std::move(Edits)}});
  }
  return Out;
}

bool fixFromJson(const Value &V, llvm::StringMap<tooling::Replacements> &Fix) {
  const Array *Files = V.getAsArray();
  if (!Files)
    return false;
  for (const Value &F : *Files) {
    const Object *O = F.getAsObject();
    auto File = O ? O->getString("file") : std::nullopt;
    const Array *Edits = O ? O->getArray("edits") : nullptr;
    if (!File || !Edits)
      return false;
    tooling::Replacements &Rs = Fix[*File];
    for (const Value &E : *Edits) {
      const Array *A = E.getAsArray();
      std::string Path, Text;
      unsigned Offset = 0, Length = 0;
      if (!A || A->size() != 4 || !fromJson((*A)[0], Path) ||
          !fromJson((*A)[1], Offset) || !fromJson((*A)[2], Length) ||
          !fromJson((*A)[3], Text))
        return false;
      if (llvm::Error Err =
              Rs.add(tooling::Replacement(Path, Offset, Length, Text))) {
        llvm::consumeError(std::move(Err));
        return false;
      }
    }
  }
  return true;
}

Value toJson(const tooling::DiagnosticMessage &M) {
  Array Ranges;
  for (const tooling::FileByteRange &R : M.Ranges)
    Ranges.push_back(Array{R.FilePath, R.FileOffset, R.Length});
  return Object{{"message", M.Message},
                {"file", M.FilePath},
                {"offset", M.FileOffset},
                {"fix", fixToJson(M.Fix)},
                {"ranges", std::move(Ranges)}};
}

bool fromJson(const Value &V, tooling::DiagnosticMessage &M) {
  const Object *O = V.getAsObject();
  if (!O)
    return false;
  Reader In{*O};
  In("message", M.Message), In("file", M.FilePath), In("offset", M.FileOffset);
  const Value *Fix = O->get("fix");
  const Array *Ranges = O->getArray("ranges");
  if (!In.Ok || !Fix || !fixFromJson(*Fix, M.Fix) || !Ranges)
    return false;
  for (const Value &R : *Ranges) {
    const Array *A = R.getAsArray();
    tooling::FileByteRange B;
    if (!A || A->size() != 3 || !fromJson((*A)[0], B.FilePath) ||
        !fromJson((*A)[1], B.FileOffset) || !fromJson((*A)[2], B.Length))
      return false;
    M.Ranges.push_back(std::move(B));
  }
  return true;
}

Value toJson(const ClangTidyError &E) {
  Array Notes;
  for (const tooling::DiagnosticMessage &N : E.Notes)
    Notes.push_back(toJson(N));
  return Object{{"name", E.DiagnosticName},
                {"level", int64_t(E.DiagLevel)},
                {"build_directory", E.BuildDirectory},
                {"warning_as_error", E.IsWarningAsError},
                {"aliases", toJson(E.EnabledDiagnosticAliases)},
                {"message", toJson(E.Message)},
                {"notes", std::move(Notes)}};
}

bool fromJson(const Value &V, std::vector<ClangTidyError> &Out) {
  const Array *A = V.getAsArray();
  if (!A)
    return false;
  for (const Value &Item : *A) {
    const Object *O = Item.getAsObject();
    if (!O)
      return false;
    std::string Name, BuildDir;
    bool AsError = false;
    uint64_t Level = 0;
    Reader In{*O};
    In("name", Name), In("build_directory", BuildDir);
    In("warning_as_error", AsError), In("level", Level);
    if (!In.Ok ||
        (Level != ClangTidyError::Remark && Level != ClangTidyError::Warning &&
         Level != ClangTidyError::Error))
      return false;
    ClangTidyError E(Name, ClangTidyError::Level(Level), BuildDir, AsError);
    const Value *Message = O->get("message");
    const Array *Notes = O->getArray("notes");
    In("aliases", E.EnabledDiagnosticAliases);
    if (!In.Ok || !Message || !fromJson(*Message, E.Message) || !Notes)
      return false;
    for (const Value &N : *Notes)
      if (!fromJson(N, E.Notes.emplace_back()))
        return false;
    Out.push_back(std::move(E));
  }
  return true;
}

template <class T> Value toJson(const std::vector<T> &Vs) {
  Array A;
  for (const T &V : Vs)
    A.push_back(toJson(V));
  return A;
}

template <class T> bool fromJson(const Value &V, std::vector<T> &Out) {
  const Array *A = V.getAsArray();
  if (!A)
    return false;
  Out.clear();
  for (const Value &Item : *A)
    if (!fromJson(Item, Out.emplace_back()))
      return false;
  return true;
}

template <class IO, class R> void mapFile(IO &F, R &A) {
  F("error_line", A.ErrorLine), F("error_file", A.ErrorFile);
  F("error_offset", A.ErrorOffset), F("device_errors", A.DeviceErrors);
  F("parse_stopped", A.ParseStopped), F("file_error", A.FileError);
  F("notes", A.Notes), F("accesses", A.Report.Accesses);
  F("local_arrays", A.Report.LocalArrays), F("kernels", A.Report.Kernels);
  F("units", A.Report.Units);
}

} // namespace

Value resultToJson(const FileAnalysis &R) {
  Writer W;
  mapFile(W, R);
  W.O["findings"] = toJson(R.Findings);
  return std::move(W.O);
}

bool resultFromJson(const Value &V, FileAnalysis &R) {
  const Object *O = V.getAsObject();
  if (!O)
    return false;
  Reader In{*O};
  mapFile(In, R);
  const Value *Findings = O->get("findings");
  return In.Ok && Findings && fromJson(*Findings, R.Findings);
}

} // namespace warpcheck
