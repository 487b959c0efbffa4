//===--- NvccVerifier.h - What the compiler really did with local memory -*- C++
//-*-===//
//
// --verify-ptx compiles a translation unit with nvcc for the same
// architecture (exec'd without a shell), reads each entry's PTX
// `.local .b8 __local_depotN[BYTES]` and ptxas's stack frame and spill bytes,
// so warpcheck's predictions can be put beside them. --verify-sass compiles
// it once more to a cubin with line information and reads its SASS
// (`nvdisasm -gi`, SassReader.h): the final shared-memory instructions.
// The nvcc command is the project's own (userNvccArguments), never one
// with warpcheck's clang-only additions.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_NVCCVERIFIER_H
#define WARPCHECK_DRIVER_NVCCVERIFIER_H

#include "CompileCommand.h"
#include "SassReader.h"

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
  /// `nvdisasm -gi` of a `-lineinfo` cubin (--verify-sass, or --sass-file):
  /// every function's shared and local instructions with their lines.
  std::vector<SassFunction> SassLines;
  bool HaveSassLines = false;
};

/// Sums the `__local_depot` arrays of every `.entry` in PTX text.
std::map<std::string, uint64_t> parsePtxDepots(llvm::StringRef Ptx);
/// Reads `ptxas -v` output: stack frame and spills per function.
std::map<std::string, PtxasFrame> parsePtxasLog(llvm::StringRef Log);

/// Counts LDL and STL instructions per function in `cuobjdump -sass` output.
std::map<std::string, SassLocal> parseSass(llvm::StringRef Sass);

/// cuobjdump beside nvcc, else on PATH; empty if none.
std::string findCuobjdump(const std::string &Nvcc);

/// nvdisasm beside nvcc, else on PATH; empty if none.
std::string findNvdisasm(const std::string &Nvcc);

/// The project's own nvcc arguments for its file: Command's when its
/// compiler is nvcc (response files already read), without the program, the
/// source, the output, the compilation mode, the architecture and the host
/// compiler; for any other compiler, the flags of T's project part (never
/// warpcheck's front arguments) that nvcc understands.
std::vector<std::string>
userNvccArguments(const clang::tooling::CompileCommand &Command,
                  const TranslatedCommand &T);

/// One file's compilations with nvcc.
struct NvccJob {
  std::string Nvcc, File, Arch;
  /// Where nvcc runs: the compile command's directory (relative paths in
  /// its arguments are relative to it).
  std::string Directory;
  /// userNvccArguments.
  std::vector<std::string> Arguments;
  /// --verify-ptx: PTX, ptxas -v and the LDL/STL counts.
  bool Ptx = true;
  /// --verify-sass: a `-lineinfo` cubin read with `nvdisasm -gi`.
  bool Sass = false;
};

/// Compiles Job.File as Job says: `--ptx` for the PTX depots, then one
/// `-cubin -Xptxas -v` (with `-lineinfo` for --verify-sass) whose SASS gives
/// the LDL/STL counts and the shared instructions per line. Returns the
/// error on failure; a missing disassembler leaves the SASS empty.
std::optional<std::string> compileWithNvcc(const NvccJob &Job,
                                           CompiledLocalMemory &Out);

/// nvcc from --nvcc, else the toolkit's bin/, else PATH; empty if none.
std::string findNvcc(const std::string &Explicit, const std::string &Toolkit);

} // namespace warpcheck

#endif
