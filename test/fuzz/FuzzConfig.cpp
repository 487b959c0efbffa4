//===--- FuzzConfig.cpp - .warpcheck.yaml validation ----------------------===//
//
// validateConfig (checkConfigFile without its cache) on arbitrary bytes:
// "" or one error line naming the file, never a crash (issue 11: configs
// nested thousands of levels deep).
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "SafeInput.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::string Path = fuzz::writeScratch(".warpcheck.yaml", Text);
  std::string Error = validateConfig(Path);
  if (!Error.empty() && !llvm::StringRef(Error).starts_with(Path))
    fuzz::fail("config error does not name the file: " + Error);
  if (Error.find('\n') != std::string::npos)
    fuzz::fail("config error is more than one line: " + Error);
  (void)yamlDepth(Text);
  return 0;
}
