//===--- FuzzInput.h - Helpers shared by the fuzz targets -------*- C++ -*-===//
//
// The fuzz targets (one per reader, see README.md) are built twice: with
// libFuzzer (-DWARPCHECK_FUZZ=ON, scripts/fuzz.sh) and, in every build, as a
// replay program (ReplayMain.cpp) that ctest runs on the committed seeds and
// regression inputs.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_TEST_FUZZ_FUZZINPUT_H
#define WARPCHECK_TEST_FUZZ_FUZZINPUT_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

namespace warpcheck::fuzz {

/// A directory of this process's own, created on first use and removed at
/// exit, where the readers that take a path find the input.
inline const std::string &scratchDir() {
  static const std::string Dir = [] {
    llvm::SmallString<128> D;
    if (llvm::sys::fs::createUniqueDirectory("warpcheck-fuzz", D)) {
      std::fprintf(stderr, "fuzz: cannot create a scratch directory\n");
      std::abort();
    }
    std::string S(D);
    static std::string Removed = S;
    std::atexit([] { llvm::sys::fs::remove_directories(Removed); });
    return S;
  }();
  return Dir;
}

/// Writes Data to Name in the scratch directory; returns its path.
inline std::string writeScratch(llvm::StringRef Name, llvm::StringRef Data) {
  std::string Path = scratchDir() + "/" + Name.str();
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    std::fprintf(stderr, "fuzz: cannot write %s\n", Path.c_str());
    std::abort();
  }
  OS << Data;
  return Path;
}

/// Reads bytes from the front of the input, zero once it is used up.
class ByteReader {
public:
  ByteReader(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}
  uint8_t byte() { return Pos < Size ? Data[Pos++] : 0; }
  uint16_t u16() { return uint16_t(byte() | (byte() << 8)); }
  uint32_t u32() { return uint32_t(u16()) | (uint32_t(u16()) << 16); }
  bool empty() const { return Pos >= Size; }
  /// The bytes not read yet.
  llvm::StringRef rest() const {
    return Pos < Size
               ? llvm::StringRef(reinterpret_cast<const char *>(Data) + Pos,
                                 Size - Pos)
               : llvm::StringRef();
  }

private:
  const uint8_t *Data;
  size_t Size;
  size_t Pos = 0;
};

/// Stops the run with a message: an invariant the target checks is broken.
[[noreturn]] inline void fail(const std::string &Why) {
  std::fprintf(stderr, "fuzz: invariant broken: %s\n", Why.c_str());
  std::abort();
}

} // namespace warpcheck::fuzz

#endif
