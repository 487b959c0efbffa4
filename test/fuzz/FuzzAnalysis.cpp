//===--- FuzzAnalysis.cpp - Whole-file analysis of mutated .cu files ------===//
//
// analyzeOne (what `warpcheck --cuda-prelude FILE` and the LSP server run on
// one file) on the input as the contents of a .cu file, parsed with the
// built-in CUDA prelude, every check on, and the findings and the report
// written as JSON and SARIF. Seeds: cuda_samples/*.cu and test/lit/*.cu
// (scripts/fuzz.sh). libFuzzer's -timeout turns a slow input into a hang.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "FuzzInput.h"
#include "Output.h"
#include "ReportWriter.h"

#include "clang/Tooling/CompilationDatabase.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const DriverOptions Options = [] {
    DriverOptions O;
    O.Version = "fuzz";
    O.Parse.ResourceDir = WARPCHECK_CLANG_RESOURCE_DIR;
    O.Parse.Headers = findCudaHeaders("", /*ForcePrelude=*/true);
    return O;
  }();
  static const clang::tooling::FixedCompilationDatabase Database(
      ".", std::vector<std::string>());
  static const std::string File = fuzz::scratchDir() + "/input.cu";
  std::string Contents(reinterpret_cast<const char *>(Data), Size);
  auto R = analyzeOne(Options, Database, File, &Contents);
  if (!R)
    fuzz::fail("analyzeOne returned nothing");
  // Every output format writes the result (JSON, SARIF, text, ...).
  for (const ReportFormat &Format : reportFormats()) {
    std::string Text, Errors;
    llvm::raw_string_ostream OS(Text), ES(Errors);
    std::unique_ptr<ReportWriter> Writer = Format.Make(Options, OS, ES);
    Writer->addFile(*R);
    Writer->finish();
  }
  return 0;
}
