// The recipes of docs/design.md followed once each, outside lib/: an output
// format and a check that live in this file, each registered the
// documented way (addReportFormat; a row added to the warpcheck module with
// addWarpcheckCheck), run end to end by the driver on a CUDA file. A new
// format or check is then one new source plus its registration: nothing in
// lib/ names them, yet --format finds the format, --checks the check, and
// SARIF lists the check as a rule with its row's text.
#include "CudaToolchain.h"
#include "Driver.h"
#include "Output.h"
#include "ReportWriter.h"
#include "WarpcheckModule.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace clang::ast_matchers;
using namespace warpcheck;

namespace {

/// A test-only check: one warning per kernel defined in the main file.
class KernelNameCheck : public clang::tidy::ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(functionDecl(hasAttr(clang::attr::CUDAGlobal),
                                    isDefinition(), isExpansionInMainFile())
                           .bind("kernel"),
                       this);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    const auto *K = Result.Nodes.getNodeAs<clang::FunctionDecl>("kernel");
    diag(K->getLocation(), "kernel '%0'") << K->getName();
  }
};

/// A test-only output format: "check file:line: message" per finding, and
/// the number of files at the end.
class LinesReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;
  unsigned addFile(const FileAnalysis &R) override {
    for (const clang::tidy::ClangTidyError &E : R.Findings) {
      auto [Line, Column] = lineColumn(E.Message.FilePath, E.Message.FileOffset);
      Out << llvm::formatv("{0} {1}:{2}: {3}\n", E.DiagnosticName,
                           llvm::sys::path::filename(E.Message.FilePath), Line,
                           E.Message.Message);
    }
    ++Files;
    return 0;
  }
  void finish() override { Out << llvm::formatv("files: {0}\n", Files); }

private:
  unsigned Files = 0;
};

/// The registrations: what a new format's or check's file would hold.
const bool Registered = [] {
  addReportFormat({"test-lines", "one line per finding (a test's format)",
                   [](const DriverOptions &O, llvm::raw_ostream &Out,
                      llvm::raw_ostream &Err) -> std::unique_ptr<ReportWriter> {
                     return std::make_unique<LinesReportWriter>(O, Out, Err);
                   }});
  addWarpcheckCheck({"warpcheck-test-kernel-name", "TestKernelName",
                     "Kernel (a test's check)",
                     "Names every kernel: a check that lives in a test.",
                     "test/unit/RecipesTest.cpp",
                     checkFactory<KernelNameCheck>()});
  return true;
}();

const char *Source = R"cu(
__global__ void column(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x * 32] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
int main() { column<<<1, 32>>>(nullptr); }
)cu";

/// Runs warpcheck over Source (built-in prelude) with Format and Checks;
/// returns what it wrote to its output.
std::string run(const std::string &Format, const std::string &Checks) {
  llvm::SmallString<128> Path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("recipes", "cu", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream F(Path, EC);
    F << Source;
  }
  DriverOptions Options;
  Options.Format = Format;
  Options.Parse.ResourceDir = WARPCHECK_TEST_RESOURCE_DIR;
  Options.Parse.Headers = findCudaHeaders("", /*ForcePrelude=*/true);
  Options.Overrides.Checks = Checks;
  clang::tooling::FixedCompilationDatabase Database(
      ".", std::vector<std::string>());
  std::string Out, Err;
  llvm::raw_string_ostream OS(Out), ES(Err);
  runWarpcheck(Options, Database, {std::string(Path)}, OS, ES);
  llvm::sys::fs::remove(Path);
  return Out;
}

} // namespace

TEST(Recipes, OutputFormatRegisteredOutsideTheDriver) {
  ASSERT_TRUE(Registered);
  const ReportFormat *F = findReportFormat("test-lines");
  ASSERT_NE(F, nullptr);
  EXPECT_STREQ(reportFormats().front().Name, "text");
  // The format gets the built-in check's findings, in order, then finish().
  std::string Out = run("test-lines", "-*,warpcheck-shared-bank-conflict");
  EXPECT_NE(Out.find("warpcheck-shared-bank-conflict "), std::string::npos)
      << Out;
  EXPECT_NE(Out.find(":4: 32-way bank conflict on store to 's'"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("files: 1\n"), std::string::npos) << Out;
}

TEST(Recipes, CheckRegisteredThroughTheModule) {
  ASSERT_TRUE(Registered);
  std::string Out = run("test-lines", "-*,warpcheck-test-kernel-name");
  EXPECT_NE(Out.find("warpcheck-test-kernel-name "), std::string::npos) << Out;
  EXPECT_NE(Out.find(":2: kernel 'column'"), std::string::npos) << Out;
  // Only the check asked for ran.
  EXPECT_EQ(Out.find("bank conflict"), std::string::npos) << Out;
}

TEST(Recipes, SarifListsTheCheckAsARuleFromItsRow) {
  ASSERT_TRUE(Registered);
  std::string Out = run("sarif", "-*,warpcheck-test-kernel-name");
  auto Doc = llvm::json::parse(Out);
  ASSERT_TRUE(bool(Doc)) << Out;
  const llvm::json::Object *Run =
      Doc->getAsObject()->getArray("runs")->front().getAsObject();
  const llvm::json::Array *Rules =
      Run->getObject("tool")->getObject("driver")->getArray("rules");
  ASSERT_EQ(Rules->size(), warpcheckChecks().size());
  const llvm::json::Object *Last = Rules->back().getAsObject();
  EXPECT_EQ(Last->getString("id"), "warpcheck-test-kernel-name");
  EXPECT_EQ(Last->getString("name"), "TestKernelName");
  EXPECT_EQ(Last->getObject("shortDescription")->getString("text"),
            "Kernel (a test's check)");
  const llvm::json::Array *Results = Run->getArray("results");
  ASSERT_EQ(Results->size(), 1u);
  const llvm::json::Object *R = Results->front().getAsObject();
  EXPECT_EQ(R->getString("ruleId"), "warpcheck-test-kernel-name");
  EXPECT_EQ(R->getInteger("ruleIndex"), int64_t(Rules->size() - 1));
}
