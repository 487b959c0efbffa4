//===--- LaunchSpelling.h - Launches written as nvcc reads them -*- C++ -*-===//
//
// nvcc accepts a launch whose chevrons are spaced, `k << <grid, block >> >
// (args)` (Visual Studio's formatter writes launches so); clang lexes a
// launch only from the tokens `<<<` and `>>>`, and without them the launch
// is a syntax error: its block shape is lost and the kernel is analyzed on
// assumed shapes. Every file a parse reads is given to clang with such
// chevrons joined. The text keeps its length and line breaks (the spaces
// move behind the chevrons), so every diagnostic column and fix offset
// still fits the file on disk.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_LAUNCHSPELLING_H
#define WARPCHECK_DRIVER_LAUNCHSPELLING_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace warpcheck {

/// Text with each spaced launch's `<< <` and matching `>> >` joined, or
/// nullopt when it has none. Comments, string and character literals and
/// `operator<< <T>` (a template argument list after the operator's name)
/// are left alone; an opening `<< <` without a closing `>> >` or `>>>`
/// before the end of the statement is not a launch and is kept as written.
std::optional<std::string> joinSpacedLaunchChevrons(llvm::StringRef Text);

/// Base, with every file read through joinSpacedLaunchChevrons.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makeLaunchSpellingFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace warpcheck

#endif
