//===--- NvccFlags.h - nvcc's flags, described once -------------*- C++ -*-===//
//
// One table says, for each nvcc flag warpcheck knows, whether it takes a
// value, what it means to clang's parse of the device code, and why it is
// dropped when it is. translateCommand (CompileCommand.cpp) reads it to turn
// an nvcc command into a clang one; --verify-ptx (NvccVerifier.cpp) reads
// it to pass the flags that change what the source means back to nvcc.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_NVCCFLAGS_H
#define WARPCHECK_DRIVER_NVCCFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// What an nvcc flag is to the clang parse.
enum class NvccAction {
  /// The GPU architecture (`--cuda-gpu-arch=`), from nvcc's spellings.
  Arch,
  /// Which binaries to embed (`-code`): the architecture is -arch's.
  GpuCode,
  /// The input language (`-x cu`): warpcheck always parses CUDA.
  Language,
  /// The C++ standard (`-std=`).
  Std,
  /// Changes what the source means: kept, as clang spells it.
  Keep,
  /// Host compiler options: their -D, -U, -I and -std= are kept.
  HostOptions,
  /// nvcc's or clang's driver output (`-v`), which would interleave with
  /// the report: dropped from clang commands too.
  Chatter,
  /// No meaning for the parse (code generation, linking, output): dropped
  /// without a note.
  Drop,
};

/// Whether --verify-ptx passes a kept flag back to nvcc, which spells it
/// as clang does: `-I dir` (Separate), also `-Idir` (SeparateOrJoined).
enum class ToNvcc { No, Separate, SeparateOrJoined };

struct NvccFlag {
  llvm::StringLiteral Spelling;
  /// Takes a value, as `-o x` or `-o=x`.
  bool TakesValue;
  NvccAction Action;
  /// For Keep: clang's spelling (the value follows it).
  llvm::StringLiteral Clang;
  /// For a dropped flag with a value: clang has the flag too, so a clang
  /// command keeps it (`-MF`).
  bool ClangHasIt;
  /// For Keep: whether --verify-ptx passes it back to nvcc.
  warpcheck::ToNvcc ToNvcc;
  /// What it is, or why it is dropped.
  const char *Why;
};

/// Every nvcc flag warpcheck gives a meaning of its own.
llvm::ArrayRef<NvccFlag> nvccFlags();

/// Every option `nvcc --help` lists (long and short spelling), dropped:
/// what findNvccFlag falls back to after nvccFlags.
llvm::ArrayRef<NvccFlag> nvccHelpFlags();

/// The row for an argument (nvccFlags, then nvccHelpFlags): its exact
/// spelling, or, for a flag with a
/// value, `spelling=value`; Value is then set to the value. nullptr when
/// the table does not have it.
const NvccFlag *findNvccFlag(llvm::StringRef Arg, llvm::StringRef &Value,
                             bool &Joined);

/// For an nvcc argument no row names, written joined in clang's style
/// (`-DX`, `-I/dir`, `-Wall`, `-O2`): whether it is kept. std::nullopt when
/// no prefix matches.
std::optional<bool> keepJoinedNvccArgument(llvm::StringRef Arg);

/// --verify-ptx: the arguments of a translated clang command that change
/// what the source means (the ToNvcc rows, joined -I/-D/-U and -std=), as
/// nvcc takes them; warpcheck's own headers left out.
std::vector<std::string>
nvccArgumentsOf(const std::vector<std::string> &ClangArgs);

} // namespace warpcheck

#endif
