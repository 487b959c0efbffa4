//===--- AtomicWrite.h - Every file the driver writes -----------*- C++ -*-===//
//
// The driver writes files (--fix, --export-fixes, --write-compile-commands)
// only through these: a failed write (a full disk, the file size limit of
// `ulimit -f`) is an error, never a half-written file or a signal, and what
// was there before is left whole.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_ATOMICWRITE_H
#define WARPCHECK_DRIVER_ATOMICWRITE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace warpcheck {

/// A write over the file size limit (ulimit -f) fails with EFBIG, to be
/// reported, instead of raising SIGXFSZ, which kills the run mid-write.
/// Called before each write: LLVM's signal handlers, installed on first
/// need, would take the signal back.
void ignoreFileSizeSignal();

/// Writes Contents to Path through a temporary file in the same directory:
/// written, flushed to disk, then renamed over Path (a symbolic link's
/// target is replaced, the link kept). A file that was there keeps its
/// owner, group and mode, set-ID bits only while its owner is kept (Note
/// says when they were dropped). Path naming something other than a regular
/// file (a terminal, /dev/null, a pipe) is written directly. On an error
/// the temporary file is removed and Path is as it was.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                                std::string *Note = nullptr);

/// Whether the user may write the existing regular file Path: its
/// permissions allow it (access(W_OK)), and for root, whom access() never
/// refuses, some write bit is set.
bool isWritableFile(llvm::StringRef Path);

/// --fix's write of New over the file Path, whose content is Old. A file
/// with several hard links is edited in place, so that every name sees the
/// edit: room for New is reserved first, and on an error Old is written
/// back; Damaged says when even that failed. Otherwise as
/// writeFileAtomically.
llvm::Error replaceFileContents(llvm::StringRef Path, llvm::StringRef Old,
                                llvm::StringRef New, std::string *Note,
                                bool *Damaged);

/// A file a write must not replace, and what it is for the error: "the
/// input file 'a.cu'".
struct ProtectedFile {
  std::string Path;
  std::string What;
};

/// Refuses Option's target when it is one of Protected, by any name (a
/// symbolic or hard link): `--export-fixes='X' is the input file 'Y';
/// refusing to overwrite it`.
llvm::Error checkNotProtected(llvm::StringRef Option, llvm::StringRef Target,
                              llvm::ArrayRef<ProtectedFile> Protected);

} // namespace warpcheck

#endif
