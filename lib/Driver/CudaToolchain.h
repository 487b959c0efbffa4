//===--- CudaToolchain.h - How warpcheck parses CUDA ------------*- C++ -*-===//
//
// What every parse needs besides the compile command: the CUDA headers (the
// toolkit's when one is installed, warpcheck's built-in prelude when none
// is), the file system holding warpcheck's own headers and the stubs of
// missing ones, and the reading of clang's errors on CUDA code. The command
// itself is translated in CompileCommand.h.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_CUDATOOLCHAIN_H
#define WARPCHECK_DRIVER_CUDATOOLCHAIN_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// Where CUDA declarations come from.
struct CudaHeaders {
  /// The toolkit root, or empty for the built-in prelude.
  std::string ToolkitPath;
  /// "13.0" or empty.
  std::string ToolkitVersion;
  bool usesPrelude() const { return ToolkitPath.empty(); }
  /// "CUDA toolkit 13.0 at /usr/local/cuda" or "built-in CUDA prelude".
  std::string describe() const;
};

/// Finds the toolkit: Explicit (--cuda-path), then $CUDA_PATH, then
/// /usr/local/cuda; the prelude when ForcePrelude or none has headers.
CudaHeaders findCudaHeaders(const std::string &Explicit, bool ForcePrelude);

/// The directory of warpcheck's virtual headers (prelude, toolkit stubs).
constexpr const char *BuiltinIncludeDir = "/warpcheck-builtin/include";

/// What a parse reads, or the files as they are on disk (for showing them).
enum class SourceView { Parse, Disk };

/// A file system that also holds warpcheck's virtual headers, over Base (a
/// physical file system of its own when null). For a parse, launches with
/// spaced chevrons are joined (LaunchSpelling.h).
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> makeWarpcheckFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base = nullptr,
    SourceView View = SourceView::Parse);

/// The directory of the compilation database given with -p (the nearest
/// one holding compile_commands.json), absolute; empty without -p. Relative
/// `directory` and `file` entries of the database are relative to it.
std::string compileDatabaseDir();

/// Path made absolute against Dir, or Path when it is absolute or Dir empty.
std::string resolveAgainst(llvm::StringRef Dir, llvm::StringRef Path);

/// Options that shape the parse of every file.
struct ParseOptions {
  std::string DefaultArch = "sm_90";
  CudaHeaders Headers;
  std::string ResourceDir;
  /// Headers that were not found, parsed as empty files (see
  /// addStubHeaders) so that one missing include does not stop the parse.
  std::vector<std::string> StubbedHeaders;
};

/// Adds an empty in-memory file for each stubbed header, where the command
/// translated with those StubbedHeaders finds it last.
void addStubHeaders(llvm::vfs::OverlayFileSystem &FS,
                    const std::vector<std::string> &Headers);

/// The header named by clang's "'NAME' file not found", or empty.
std::string missingHeaderOf(llvm::StringRef Message);

/// True for an error clang 19 reports on code nvcc 13 compiles, where
/// clang's AST still holds the code as nvcc reads it: device-side kernel
/// launches, `alignas` after `__shared__`. Source is the file's text from
/// the error's location on.
bool isClangOnlyError(llvm::StringRef Message, llvm::StringRef Source);

} // namespace warpcheck

#endif
