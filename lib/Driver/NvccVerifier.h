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

/// Local-memory instructions of a function in the final machine code.
struct SassLocal {
  uint64_t Loads = 0, Stores = 0; // LDL, STL
};

/// Local memory of each entry, by mangled name.
struct CompiledLocalMemory {
  std::map<std::string, uint64_t> PtxDepot;
  std::map<std::string, PtxasFrame> Ptxas;
  /// From `cuobjdump -sass` of the object ptxas made; empty without
  /// cuobjdump.
  std::map<std::string, SassLocal> Sass;
};

/// Sums the `__local_depot` arrays of every `.entry` in PTX text.
std::map<std::string, uint64_t> parsePtxDepots(llvm::StringRef Ptx);
/// Reads `ptxas -v` output: stack frame and spills per function.
std::map<std::string, PtxasFrame> parsePtxasLog(llvm::StringRef Log);

/// Counts LDL and STL instructions per function in `cuobjdump -sass` output.
std::map<std::string, SassLocal> parseSass(llvm::StringRef Sass);

/// cuobjdump beside nvcc, else on PATH; empty if none.
std::string findCuobjdump(const std::string &Nvcc);

/// Compiles File with nvcc (`--ptx`, then `-c -Xptxas -v`) for Arch with the
/// include paths and macros of ClangArgs, and disassembles the object with
/// cuobjdump when there is one. Returns the error on failure.
std::optional<std::string> compileWithNvcc(
    const std::string &Nvcc, const std::string &File, const std::string &Arch,
    const std::vector<std::string> &ClangArgs, CompiledLocalMemory &Out);

/// nvcc from --nvcc, else the toolkit's bin/, else PATH; empty if none.
std::string findNvcc(const std::string &Explicit, const std::string &Toolkit);

} // namespace warpcheck

#endif
