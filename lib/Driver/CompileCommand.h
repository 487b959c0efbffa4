//===--- CompileCommand.h - Safe, translated compile commands --*- C++ -*-===//
//
// A project's compile command (clang or nvcc) goes through two steps before
// warpcheck parses with it: the flags that write files, load code or run
// programs are dropped (dropUnsafeFlags, SafeCompilations), and the command
// is translated into the clang command that parses the file the way the GPU
// compiler sees it (translateCommand).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_COMPILECOMMAND_H
#define WARPCHECK_DRIVER_COMPILECOMMAND_H

#include "CudaToolchain.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace warpcheck {

/// The result of translating one compile command.
struct TranslatedCommand {
  std::vector<std::string> Args;
  /// nvcc flags that have no clang meaning and were dropped.
  std::vector<std::string> Dropped;
};

/// Translates an nvcc or clang command line (argv[0] is the compiler) into
/// the clang command line warpcheck parses with.
TranslatedCommand translateCommand(const std::vector<std::string> &Args,
                                   const ParseOptions &Options);

/// The adjuster that applies translateCommand to every compile command.
clang::tooling::ArgumentsAdjuster makeCudaAdjuster(const ParseOptions &Options);

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

} // namespace warpcheck

#endif
