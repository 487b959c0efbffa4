//===--- Output.cpp - What the report writers share ----------------------===//

#include "Output.h"

#include "BoundedInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
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
} // namespace

std::string relativeToWorkingDirectory(const std::string &Path) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  llvm::StringRef P = Path;
  if (P.consume_front(Cwd) && P.consume_front("/"))
    return P.str();
  return Path;
}

std::string percentEncodePath(llvm::StringRef Path) {
  std::string Encoded;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/')
      Encoded += char(C);
    else {
      Encoded += '%';
      Encoded += llvm::hexdigit(C >> 4);
      Encoded += llvm::hexdigit(C & 15);
    }
  }
  return Encoded;
}

std::string fileUri(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  return "file://" + percentEncodePath(Abs);
}

std::string accessKey(const AccessRecord &A) {
  return A.File + ":" + std::to_string(A.Line) + ":" +
         std::to_string(A.Column) + ":" + A.Kind + ":" + A.Kernel + ":" +
         A.Block.str() + ":" + A.Function + ":" + A.HeaderFile + ":" +
         std::to_string(A.HeaderLine) + ":" + std::to_string(A.HeaderColumn) +
         ":" + A.HeaderFunction;
}

std::string accessId(const AccessRecord &A) {
  return llvm::formatv("a{0:x-16}", llvm::xxh3_64bits(accessKey(A))).str();
}

std::string sourceLine(const std::string &Path, unsigned Line) {
  llvm::StringRef Text = contents(Path);
  for (unsigned L = 1; L < Line && !Text.empty(); ++L)
    Text = Text.split('\n').second;
  if (Line == 0 || Text.empty())
    return "";
  return Text.split('\n').first.rtrim("\r").str();
}

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

std::pair<unsigned, unsigned> lineCodePointColumn(const std::string &Path,
                                                  unsigned Offset) {
  auto [Line, Column] = lineColumn(Path, Offset);
  if (Column <= 1)
    return {Line, Column};
  llvm::StringRef Text = contents(Path);
  Offset = std::min<unsigned>(Offset, Text.size());
  llvm::StringRef Prefix = Text.slice(Offset - (Column - 1), Offset);
  unsigned Points = 0;
  for (unsigned char C : Prefix)
    Points += (C & 0xC0) != 0x80; // not a continuation byte
  return {Line, Points + 1};
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

llvm::Expected<std::multiset<std::string>>
readBaseline(const std::string &Path) {
  auto Buf = readInputFile(Path, "baseline", limits::ReportBytes);
  if (!Buf)
    return Buf.takeError();
  auto Doc = parseJsonBounded((*Buf)->getBuffer(), limits::JsonDepth);
  if (!Doc)
    return llvm::createStringError("baseline '" + Path + "' is not JSON: " +
                                   toString(Doc.takeError()));
  BaselineDocument Report;
  llvm::json::Path::Root Root("baseline");
  if (!fromJSON(*Doc, Report, Root))
    return llvm::createStringError(
        "baseline '" + Path + "' is not a warpcheck JSON or SARIF report: " +
        toString(Root.getError()));
  if (!Report.Diagnostics && !Report.Runs)
    return llvm::createStringError(
        "baseline '" + Path +
        "' is not a warpcheck JSON or SARIF report (no 'diagnostics' or "
        "'runs')");
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







} // namespace warpcheck
