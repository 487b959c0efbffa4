//===--- BoundedInput.h - Limits on untrusted input ------------*- C++ -*-===//
//
// Files are refused unless they are regular files under a size limit, JSON
// and YAML under a nesting limit, and response files are read through a
// file system that opens nothing else. Each refusal names the file and the
// limit (docs/robustness.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_BOUNDEDINPUT_H
#define WARPCHECK_DRIVER_BOUNDEDINPUT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>

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

/// Why the text of a source file cannot be read as UTF-8: a UTF-16 or
/// UTF-32 byte order mark, or the zero bytes of UTF-16 text without one, at
/// its start (Head: its first bytes). Empty when none.
std::string checkSourceEncoding(llvm::StringRef Head);

/// checkSourceEncoding of the first bytes of the file at Path; empty when
/// it cannot be read (the parse says why).
std::string checkSourceFileEncoding(const llvm::Twine &Path);

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

/// Why a bounded file system refuses to open a file, as an error code whose
/// message names the cause ("a FIFO, not a regular file"): clang prints it
/// in its "cannot open file" error.
std::error_code refusedOpen(llvm::sys::fs::file_type Type);
std::error_code refusedSize(uint64_t MaxBytes);

/// Whether a file of this status may be opened under MaxBytes; the refusal
/// (refusedOpen, refusedSize) otherwise.
std::error_code checkOpen(const llvm::vfs::Status &St, uint64_t MaxBytes);

/// A file system over Base (the real one when null) that refuses to open
/// anything but regular files of at most MaxBytes (response files, compile
/// databases, and every file a parse opens: makeWarpcheckFileSystem).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeBoundedFileSystem(uint64_t MaxBytes,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base =
                          nullptr);

/// Expands `@file` arguments of warpcheck's own command line, refusing
/// non-regular and oversized files (an `@/dev/zero` would read forever).
bool expandCommandLine(llvm::SmallVectorImpl<const char *> &Argv,
                       llvm::BumpPtrAllocator &Alloc, std::string &Error);

} // namespace warpcheck

#endif
