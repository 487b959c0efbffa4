//===--- SarifReportWriter.cpp - --format=sarif ---------------------------===//
//
// SARIF 2.1.0 as GitHub code scanning reads it: rules with help, results
// with partial fingerprints (--baseline reads them back), related locations
// for the notes, and fixes. Written by hand: clang 19's SarifDocumentWriter
// has no partial fingerprints and no fixes.
//
//===----------------------------------------------------------------------===//

#include "Output.h"
#include "ReportWriter.h"
#include "WarpcheckModule.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace clang::tidy;

namespace warpcheck {
namespace {

/// A file path as SARIF wants it: relative to the working directory when
/// under it, else a file URI.
std::string sarifUri(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  std::string Relative = relativeToWorkingDirectory(std::string(Abs));
  return Relative == Abs ? fileUri(Abs) : percentEncodePath(Relative);
}

/// Where the documentation lives, for absolute help links (code scanning
/// shows them outside the repository): the CMake cache variable
/// WARPCHECK_REPOSITORY_URL.
#ifndef WARPCHECK_REPOSITORY_URL
#define WARPCHECK_REPOSITORY_URL "https://github.com/warpcheck/warpcheck"
#endif
constexpr const char *RepositoryUri = WARPCHECK_REPOSITORY_URL;

llvm::json::Object sarifLocation(const std::string &File, unsigned Offset) {
  auto [Line, Column] = lineCodePointColumn(File, Offset);
  return llvm::json::Object{
      {"physicalLocation",
       llvm::json::Object{
           {"artifactLocation", llvm::json::Object{{"uri", sarifUri(File)}}},
           {"region", llvm::json::Object{{"startLine", Line},
                                         {"startColumn", Column}}}}}};
}

class SarifReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

  void finish() override {
    Out << llvm::formatv("{0:2}", document(Options.Version)) << "\n";
  }

  /// A file that could not be analyzed is a notification of the run's
  /// invocation (code scanning shows it as a tool error), not silence.
  unsigned addFile(const FileAnalysis &R) override {
    if (!R.FileError.empty())
      Notifications.push_back(llvm::json::Object{
          {"level", "error"},
          {"message", llvm::json::Object{{"text", R.FileError}}},
          {"locations",
           llvm::json::Array{llvm::json::Object{
               {"physicalLocation",
                llvm::json::Object{
                    {"artifactLocation",
                     llvm::json::Object{{"uri", sarifUri(R.File)}}}}}}}}});
    return ReportWriter::addFile(R);
  }

private:
  /// One result per finding.
  void addFinding(const FileAnalysis &, const ClangTidyError &E,
                  bool AsError) override {
    // The rules are the module's checks, in its order (WarpcheckModule.h).
    const std::vector<WarpcheckCheckInfo> &Rules = warpcheckChecks();
    unsigned RuleIndex = 0;
    for (unsigned I = 0; I < Rules.size(); ++I)
      if (E.DiagnosticName == Rules[I].Name)
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
        {"level", AsError                                 ? "error"
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
        auto [L1, C1] = lineCodePointColumn(File.str(), R.getOffset());
        auto [L2, C2] =
            lineCodePointColumn(File.str(), R.getOffset() + R.getLength());
        Reps.push_back(llvm::json::Object{
            {"deletedRegion", llvm::json::Object{{"startLine", L1},
                                                 {"startColumn", C1},
                                                 {"endLine", L2},
                                                 {"endColumn", C2}}},
            {"insertedContent",
             llvm::json::Object{{"text", R.getReplacementText().str()}}}});
      }
      Changes.push_back(llvm::json::Object{
          {"artifactLocation",
           llvm::json::Object{{"uri", sarifUri(File.str())}}},
          {"replacements", std::move(Reps)}});
    }
    if (!Changes.empty())
      Result["fixes"] = llvm::json::Array{llvm::json::Object{
          {"description",
           llvm::json::Object{{"text", "apply warpcheck's layout fix"}}},
          {"artifactChanges", std::move(Changes)}}};
    Results.push_back(std::move(Result));
  }

  llvm::json::Value document(const std::string &Version) const {
    llvm::json::Array RuleList;
    for (const WarpcheckCheckInfo &R : warpcheckChecks())
      RuleList.push_back(llvm::json::Object{
          {"id", R.Name},
          {"name", R.SarifName},
          {"shortDescription", llvm::json::Object{{"text", R.Short}}},
          {"fullDescription", llvm::json::Object{{"text", R.Full}}},
          {"helpUri", helpUri(R.Doc)},
          {"help",
           llvm::json::Object{
               {"text",
                llvm::formatv("{0} See {1}.", R.Full, helpUri(R.Doc)).str()},
               {"markdown", llvm::formatv("{0} See [{1}]({2}).", R.Full, R.Doc,
                                          helpUri(R.Doc))
                                .str()}}},
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
                                      {"informationUri", RepositoryUri},
                                      {"rules", std::move(RuleList)}}}}},
             {"columnKind", "unicodeCodePoints"},
             {"invocations", llvm::json::Array{llvm::json::Object{
                                 {"executionSuccessful", Notifications.empty()},
                                 {"toolExecutionNotifications",
                                  llvm::json::Array(Notifications)}}}},
             {"results", llvm::json::Value(llvm::json::Array(Results))}}}}};
  }

  static std::string helpUri(llvm::StringRef Doc) {
    return (llvm::Twine(RepositoryUri) + "/blob/main/" + Doc).str();
  }

  llvm::json::Array Results;
  llvm::json::Array Notifications;
};

} // namespace

std::unique_ptr<ReportWriter> makeSarifReportWriter(const DriverOptions &O,
                                                    llvm::raw_ostream &Out,
                                                    llvm::raw_ostream &Err) {
  return std::make_unique<SarifReportWriter>(O, Out, Err);
}

} // namespace warpcheck
