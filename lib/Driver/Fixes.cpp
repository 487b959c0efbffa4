//===--- Fixes.cpp - --fix and --export-fixes -----------------------------===//

#include "Fixes.h"

#include "AtomicWrite.h"
#include "BoundedInput.h"
#include "CompilationDatabase.h"

#include "clang-tidy/ClangTidy.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <set>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

namespace {

/// One real file's edits (a file given twice, or through a symbolic link,
/// is one file): each finding's once, and the content it was analyzed with.
struct PendingEdits {
  std::string Shown;
  std::optional<uint64_t> Hash;
  bool HashConflict = false;
  std::set<std::string> Seen;
  tooling::Replacements Edits;
  unsigned Fixes = 0, Conflicts = 0;

  /// The analysis saw the file with this content: a header shared by
  /// several files must have had one content for all.
  void saw(uint64_t ContentHash) {
    if (Hash && *Hash != ContentHash)
      HashConflict = true;
    Hash = ContentHash;
  }
  /// Adds one finding's replacements, unless the same fix came already
  /// (the same file given twice) or they conflict with the edits so far.
  void add(const tooling::Replacements &Replacements) {
    std::string Key;
    for (const tooling::Replacement &Rep : Replacements)
      Key += std::to_string(Rep.getOffset()) + ":" +
             std::to_string(Rep.getLength()) + ":" +
             Rep.getReplacementText().str() + "\n";
    if (!Seen.insert(Key).second)
      return;
    tooling::Replacements Merged = Edits;
    for (const tooling::Replacement &Rep : Replacements)
      if (llvm::Error Error = Merged.add(Rep)) {
        llvm::consumeError(std::move(Error));
        ++Conflicts;
        return;
      }
    Edits = std::move(Merged);
    ++Fixes;
  }
};

/// The edits of every result, by real path, and the real paths in the
/// order the findings name them.
struct EditsByFile {
  std::map<std::string, PendingEdits> Files;
  std::vector<std::string> Order;
};

EditsByFile
collectEdits(const std::vector<std::unique_ptr<FileAnalysis>> &Results,
             const std::vector<std::optional<uint64_t>> &Hashes) {
  EditsByFile All;
  for (size_t I = 0; I < Results.size(); ++I) {
    const FileAnalysis &R = *Results[I];
    for (const ClangTidyError &E : R.Findings)
      for (const auto &[Path, Replacements] : E.Message.Fix) {
        if (Replacements.empty())
          continue;
        llvm::SmallString<256> Real;
        if (llvm::sys::fs::real_path(Path, Real))
          continue;
        auto [It, New] = All.Files.try_emplace(std::string(Real));
        PendingEdits &P = It->second;
        if (New) {
          P.Shown = Path.str();
          All.Order.push_back(std::string(Real));
        }
        // The main file's hash from before it was read, and every file's
        // as the parse read it.
        if (llvm::sys::fs::equivalent(Path, R.File) && Hashes[I])
          P.saw(*Hashes[I]);
        auto Read = R.ReadHashes.find(std::string(Real));
        if (Read != R.ReadHashes.end())
          P.saw(Read->second);
        P.add(Replacements);
      }
  }
  return All;
}

/// Writes P's edits to the file at Real, or says on Err why not.
bool writeEdits(const std::string &Real, const PendingEdits &P,
                llvm::raw_ostream &Err) {
  // Root may write any file: its mode says whether it should be.
  if (!isWritableFile(Real)) {
    Err << P.Shown
        << ": error: the file is not writable; its fixes were not applied\n";
    return false;
  }
  auto Buf = readInputFile(Real, "file to fix", limits::SourceBytes);
  if (!Buf) {
    Err << P.Shown << ": error: " << llvm::toString(Buf.takeError())
        << "; its fixes were not applied\n";
    return false;
  }
  llvm::StringRef Code = (*Buf)->getBuffer();
  if (P.HashConflict || (P.Hash && *P.Hash != llvm::xxh3_64bits(Code))) {
    Err << P.Shown
        << ": error: the file changed while it was analyzed; its fixes "
           "were not applied\n";
    return false;
  }
  auto Edited = tooling::applyAllReplacements(Code, P.Edits);
  if (!Edited) {
    Err << P.Shown << ": error: the fixes do not apply ("
        << llvm::toString(Edited.takeError()) << "); file left unchanged\n";
    return false;
  }
  std::string Note;
  bool Damaged = false;
  if (llvm::Error E =
          replaceFileContents(Real, Code, *Edited, &Note, &Damaged)) {
    Err << P.Shown
        << ": error: cannot write the fixes: " << llvm::toString(std::move(E))
        << (Damaged ? "; writing the file back failed too, it may be damaged"
                    : "; file left unchanged")
        << "\n";
    return false;
  }
  Err << "warpcheck: applied " << P.Fixes << " fix"
      << (P.Fixes == 1 ? "" : "es") << " to " << P.Shown;
  if (Real != P.Shown)
    Err << " (" << Real << ")";
  if (P.Conflicts)
    Err << "; " << P.Conflicts << " conflicting fix"
        << (P.Conflicts == 1 ? " was" : "es were") << " left out";
  Err << "\n";
  if (!Note.empty())
    Err << P.Shown << ": note: " << Note << "\n";
  return true;
}

} // namespace

bool applyFixes(const std::vector<std::unique_ptr<FileAnalysis>> &Results,
                const std::vector<std::optional<uint64_t>> &Hashes,
                llvm::raw_ostream &Err) {
  EditsByFile All = collectEdits(Results, Hashes);
  bool Ok = true;
  for (const std::string &Real : All.Order)
    Ok &= writeEdits(Real, All.Files[Real], Err);
  return Ok;
}

bool exportFixes(const DriverOptions &Options,
                 const std::vector<std::string> &Files,
                 const std::vector<std::unique_ptr<FileAnalysis>> &Results,
                 llvm::raw_ostream &Err) {
  // Nor a header or other file a parse read, known only now.
  std::vector<ProtectedFile> Protected = protectedInputs(Options, Files);
  for (const auto &R : Results)
    for (const auto &[Read, Hash] : R->ReadHashes)
      Protected.push_back(
          {Read, llvm::formatv("'{0}', which the analysis of '{1}' read", Read,
                               R->File)
                     .str()});
  if (llvm::Error E =
          checkNotProtected("--export-fixes", Options.ExportFixes, Protected)) {
    Err << "warpcheck: error: " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  std::vector<ClangTidyError> AllFindings;
  for (const auto &R : Results)
    llvm::append_range(AllFindings, R->Findings);
  std::string Yaml;
  llvm::raw_string_ostream OS(Yaml);
  exportReplacements(Files.empty() ? "" : Files.front(), AllFindings, OS);
  if (llvm::Error E = writeFileAtomically(Options.ExportFixes, Yaml)) {
    Err << "warpcheck: error: cannot write '" << Options.ExportFixes
        << "': " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

std::vector<ProtectedFile>
protectedInputs(const DriverOptions &Options,
                const std::vector<std::string> &Files) {
  std::vector<ProtectedFile> Protected;
  for (const std::string &F : Files)
    Protected.push_back({F, "the input file '" + F + "'"});
  for (const std::string &Database :
       {Options.DatabaseFile, compileDatabaseFile()})
    Protected.push_back(
        {Database, "the compilation database '" + Database + "'"});
  for (auto [Path, What] : {std::pair(&Options.Baseline, "the baseline"),
                            std::pair(&Options.PtxFile, "the --ptx-file"),
                            std::pair(&Options.PtxasLog, "the --ptxas-log"),
                            std::pair(&Options.SassFile, "the --sass-file")})
    Protected.push_back({*Path, std::string(What) + " '" + *Path + "'"});
  return Protected;
}

llvm::Error checkExportFixesTarget(const DriverOptions &Options,
                                   const std::vector<std::string> &Files) {
  if (Options.ExportFixes.empty())
    return llvm::Error::success();
  return checkNotProtected("--export-fixes", Options.ExportFixes,
                           protectedInputs(Options, Files));
}

} // namespace warpcheck
