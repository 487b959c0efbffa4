//===--- SafeInput.h - Bounded readers for untrusted input ------*- C++ -*-===//
//
// warpcheck runs unattended in CI and in editors on repositories it has never
// seen. Everything it reads from them goes through here: files are refused
// unless they are regular files under a size limit, JSON and YAML under a
// nesting limit, configuration files are validated key by key, and compile
// commands lose the flags that would write files or load code. Each refusal
// is one line that names the file and the limit (docs/robustness.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_SAFEINPUT_H
#define WARPCHECK_DRIVER_SAFEINPUT_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

/// What warpcheck agrees to read.
namespace limits {
constexpr uint64_t SourceBytes = uint64_t(64) << 20;         // a .cu file
constexpr uint64_t ReportBytes = uint64_t(512) << 20;        // --baseline
constexpr uint64_t CompilerOutputBytes = uint64_t(256) << 20; // --ptx-file
constexpr uint64_t ConfigBytes = uint64_t(1) << 20;          // .warpcheck.yaml
constexpr uint64_t DatabaseBytes = uint64_t(512) << 20; // compile_commands
constexpr uint64_t ResponseFileBytes = uint64_t(1) << 20; // @file
constexpr uint64_t LspMessageBytes = uint64_t(64) << 20;  // one LSP message
constexpr unsigned JsonDepth = 64;
constexpr unsigned YamlDepth = 32;
/// -j is clamped to this many times the hardware threads.
constexpr unsigned JobsPerThread = 4;
} // namespace limits

/// "64 MiB", "1 KiB", "12 bytes".
std::string describeBytes(uint64_t Bytes);

/// Why Path cannot be read as What ("baseline", "source file"): missing, not
/// a regular file (a directory, FIFO or device is refused before it is
/// opened), or larger than MaxBytes. Empty when it can be read.
std::string checkInputFile(const llvm::Twine &Path, llvm::StringRef What,
                           uint64_t MaxBytes);

/// Reads Path after checkInputFile; the error says why not.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(const llvm::Twine &Path, llvm::StringRef What,
              uint64_t MaxBytes);

/// The deepest nesting of arrays and objects in JSON text, counted without
/// parsing (strings are skipped), so that a deep document is refused before
/// the recursive parser sees it.
unsigned jsonDepth(llvm::StringRef Text);

/// llvm::json::parse, refusing documents nested deeper than MaxDepth.
llvm::Expected<llvm::json::Value>
parseJsonBounded(llvm::StringRef Text, unsigned MaxDepth = limits::JsonDepth);

/// An upper bound of the nesting of YAML text: indentation levels, sequence
/// dashes and flow brackets.
unsigned yamlDepth(llvm::StringRef Text);

/// The configuration files that apply to File, nearest first: the nearest
/// `.warpcheck.yaml` up its directory tree, and its parents' while each says
/// `InheritParentConfig: true`.
std::vector<std::string> configFilesFor(llvm::StringRef File);

/// Validates one `.warpcheck.yaml`: size, nesting, YAML syntax, every key
/// (top level and CheckOptions) known, the architecture a real one and the
/// header filter a valid regex. Returns "" or one error line,
/// "FILE:LINE:COL: error: ...". Results are cached per path.
std::string checkConfigFile(const std::string &Path);
/// checkConfigFile without the cache (the fuzzer's entry, test/fuzz/).
std::string validateConfig(const std::string &Path);

/// Whether Arch names a GPU architecture warpcheck can parse for without
/// running anything ("sm_90", "sm_90a"); "native" is refused.
bool isConcreteArch(llvm::StringRef Arch);

/// Removes from a compile command (argv[0] is the compiler, clang or nvcc)
/// the flags that write files, load code or run programs; returns them.
std::vector<std::string> dropUnsafeFlags(std::vector<std::string> &Args);

/// A compilation database, borrowed, whose commands have the unsafe flags
/// dropped (dropUnsafeFlags).
class SafeCompilations : public clang::tooling::CompilationDatabase {
public:
  explicit SafeCompilations(const clang::tooling::CompilationDatabase &DB)
      : DB(DB) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override {
    return DB.getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;
  /// The flags dropped from File's first command.
  std::vector<std::string> droppedFlags(llvm::StringRef File) const;

private:
  const clang::tooling::CompilationDatabase &DB;
};

/// A file system that refuses to open anything but regular files of at most
/// MaxBytes (response files, compile databases).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeBoundedFileSystem(uint64_t MaxBytes);

/// Loads the compilation database of -p (compile_commands.json in BuildPath
/// or up its parents, or compile_flags.txt) with size and nesting limits and
/// response files expanded through makeBoundedFileSystem. Null with Error
/// when none loads: a database that does not parse is an error, never
/// "running without flags".
std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompilationDatabase(llvm::StringRef BuildPath, std::string &Error);

/// Expands `@file` arguments of warpcheck's own command line, refusing
/// non-regular and oversized files (an `@/dev/zero` would read forever).
bool expandCommandLine(llvm::SmallVectorImpl<const char *> &Argv,
                       llvm::BumpPtrAllocator &Alloc, std::string &Error);

} // namespace warpcheck

#endif
