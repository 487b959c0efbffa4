//===--- CompilationDatabase.h - The project's compile commands -*- C++ -*-===//
//
// The compilation database of -p, loaded with limits; the CUDA files it
// lists; its commands written out translated, for clang-tidy with the
// plugin.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_COMPILATIONDATABASE_H
#define WARPCHECK_DRIVER_COMPILATIONDATABASE_H

#include "CudaToolchain.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

/// Loads the compilation database of -p (compile_commands.json in BuildPath
/// or up its parents, or compile_flags.txt) with size and nesting limits and
/// response files expanded through makeBoundedFileSystem. Null with Error
/// when none loads: a database that does not parse is an error, never
/// "running without flags".
std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompilationDatabase(llvm::StringRef BuildPath, std::string &Error);

/// With neither -p nor `--`: the database in File's directory or up its
/// parents, loaded as -p loads one (clang's own search would read a FIFO or
/// /dev/zero there unchecked). Null with Error empty when there is none;
/// null with Error when one does not load.
std::unique_ptr<clang::tooling::CompilationDatabase>
findCompilationDatabaseFor(llvm::StringRef File, std::string &Error);

/// The file the compile commands are read from: the database of -p
/// (compile_commands.json or compile_flags.txt in compileDatabaseDir);
/// without -p, the one found up from the directory of DetectFrom
/// (its first source; "" when `--` gave the commands); else "".
std::string compileDatabaseFile(llvm::StringRef DetectFrom = "");

/// The source files of Database that are CUDA (.cu), sorted.
std::vector<std::string>
cudaFilesOf(const clang::tooling::CompilationDatabase &Database);

/// Writes Files' compile commands, translated for clang, as a
/// compile_commands.json that clang-tidy with the plugin can read; the
/// headers warpcheck adds are taken from ShareInclude on disk. A command
/// listed twice is written once; Output is written atomically, never over
/// DatabaseFile (the database read, compileDatabaseFile) or a source.
int writeTranslatedDatabase(const clang::tooling::CompilationDatabase &DB,
                            const std::vector<std::string> &Files,
                            const ParseOptions &Parse,
                            const std::string &ShareInclude,
                            const std::string &DatabaseFile,
                            const std::string &Output, llvm::raw_ostream &Err);

} // namespace warpcheck

#endif
