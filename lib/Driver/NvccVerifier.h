//===--- NvccVerifier.h - What the compiler really did with local memory -*- C++
//-*-===//
//
// --verify-ptx compiles a translation unit with nvcc for the same
// architecture (exec'd without a shell), reads each entry's PTX
// `.local .b8 __local_depotN[BYTES]` and ptxas's stack frame and spill bytes,
// so warpcheck's predictions can be put beside them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_NVCCVERIFIER_H
#define WARPCHECK_DRIVER_NVCCVERIFIER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

struct PtxasFrame {
  uint64_t StackFrame = 0, SpillStores = 0, SpillLoads = 0;
};

/// Local memory of each entry, by mangled name.
struct CompiledLocalMemory {
  std::map<std::string, uint64_t> PtxDepot;
  std::map<std::string, PtxasFrame> Ptxas;
};

/// Sums the `__local_depot` arrays of every `.entry` in PTX text.
std::map<std::string, uint64_t> parsePtxDepots(llvm::StringRef Ptx);
/// Reads `ptxas -v` output: stack frame and spills per function.
std::map<std::string, PtxasFrame> parsePtxasLog(llvm::StringRef Log);

/// Compiles File with nvcc (`--ptx`, then `-c -Xptxas -v`) for Arch with the
/// include paths and macros of ClangArgs. Returns the error on failure.
std::optional<std::string> compileWithNvcc(
    const std::string &Nvcc, const std::string &File, const std::string &Arch,
    const std::vector<std::string> &ClangArgs, CompiledLocalMemory &Out);

/// nvcc from --nvcc, else the toolkit's bin/, else PATH; empty if none.
std::string findNvcc(const std::string &Explicit, const std::string &Toolkit);

} // namespace warpcheck

#endif
