//===--- FuzzBaseline.cpp - --baseline: warpcheck JSON and SARIF ----------===//
//
// readBaseline on arbitrary bytes: an error line or fingerprints, never a
// crash (issue 11: {"runs":[1]}, deeply nested documents).
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "Output.h"
#include "SafeInput.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::string Path = fuzz::writeScratch("baseline.json", Text);
  auto Prints = readBaseline(Path);
  if (!Prints) {
    std::string Error = llvm::toString(Prints.takeError());
    if (Error.empty())
      fuzz::fail("readBaseline refused a baseline without saying why");
    if (Error.find('\n') != std::string::npos)
      fuzz::fail("readBaseline's error is more than one line");
  }
  // The depth bound holds: a document the parser saw is no deeper.
  auto Doc = parseJsonBounded(Text);
  if (Doc && jsonDepth(Text) > limits::JsonDepth)
    fuzz::fail("parseJsonBounded accepted a document over the depth limit");
  if (!Doc)
    llvm::consumeError(Doc.takeError());
  return 0;
}
