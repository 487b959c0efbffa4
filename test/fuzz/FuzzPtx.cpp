//===--- FuzzPtx.cpp - PTX, ptxas -v and cuobjdump -sass readers ----------===//
//
// --ptx-file, --ptxas-log and --sass-file text through parsePtxDepots,
// parsePtxasLog and parseSass: never a crash, whatever the text.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "NvccVerifier.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Depots = parsePtxDepots(Text);
  auto Frames = parsePtxasLog(Text);
  auto Sass = parseSass(Text);
  // Every entry names a function that occurs in the text.
  for (const auto &[Name, Bytes] : Depots)
    if (!Text.contains(Name))
      fuzz::fail("PTX depot for a name not in the text: " + Name);
  for (const auto &[Name, Frame] : Frames)
    if (!Text.contains(Name))
      fuzz::fail("ptxas frame for a name not in the text: " + Name);
  (void)Sass;
  return 0;
}
