//===--- CompileCommand.h - Safe, translated compile commands --*- C++ -*-===//
//
// A project's compile command (clang or nvcc) goes through two steps before
// warpcheck parses with it: the flags that write files, load code or run
// programs are dropped (dropUnsafeFlags, SafeCompilations), and the command
// is translated into the clang command that parses the file the way the GPU
// compiler sees it (translateCommand). For each file the driver analyzes,
// both happen once, when its command is resolved (resolveFileCommand, as
// clangd's CommandMangler does); the result (FileCommand) travels with the
// file: every parse attempt, the note on dropped flags and --verify-ptx read
// it.
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
  /// Depth flags over warpcheck's caps (capDepthFlags), as written.
  std::vector<std::string> Capped;
  /// The GPU architecture the command parses for ("sm_90"): the command's
  /// own (`--cuda-gpu-arch=`, nvcc's `-arch`, `-gencode` ...), else
  /// ParseOptions::DefaultArch.
  std::string Arch;
  /// Whether the command named the architecture itself.
  bool ArchFromCommand = false;
  /// The command's architecture when clang cannot parse for it (before
  /// sm_30: Tesla, Fermi) and Arch is the oldest it can; empty otherwise.
  std::string ReplacedArch;
  /// Args[1, FrontEnd) are the arguments warpcheck puts before the
  /// project's (frontArguments in CompileCommand.cpp).
  size_t FrontEnd = 0;
};

/// Translates an nvcc or clang command line (argv[0] is the compiler) into
/// the clang command line warpcheck parses with.
TranslatedCommand translateCommand(const std::vector<std::string> &Args,
                                   const ParseOptions &Options);

/// T's arguments with the directory of the stubbed headers (addStubHeaders)
/// searched last, as translateCommand gives them when Options.StubbedHeaders
/// is Stubbed and T was translated with none.
std::vector<std::string>
argumentsWithStubs(const TranslatedCommand &T,
                   const std::vector<std::string> &Stubbed);

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

/// One file's compile commands, resolved and translated once.
struct FileCommand {
  /// The database's commands for the file (usually one; each is parsed),
  /// with the directory and the source resolved against the database's own
  /// directory (compileDatabaseDir), as the project wrote them otherwise.
  std::vector<clang::tooling::CompileCommand> Commands;
  /// Each of Commands translated (translateCommand), in the same order.
  std::vector<TranslatedCommand> Translated;
  /// Why the commands cannot be used (an nvcc options file that cannot be
  /// read); empty when they can.
  std::string Error;

  bool empty() const { return Commands.empty(); }
};

/// File's commands in Database: by its absolute path, else by the path as
/// given; each translated with Parse, whose StubbedHeaders are left out
/// (argumentsWithStubs adds them per parse).
FileCommand
resolveFileCommand(const clang::tooling::CompilationDatabase &Database,
                   const std::string &File, ParseOptions Parse);

/// The compilation database ClangTool parses one file with: the file's
/// resolved commands, translated, with the stubbed headers' directory.
class FileCompilations : public clang::tooling::CompilationDatabase {
public:
  FileCompilations(const FileCommand &Command,
                   const std::vector<std::string> &Stubbed)
      : Command(Command), Stubbed(Stubbed) {}
  /// The file's commands, whatever the path asked for (ClangTool asks for
  /// the one file it was given).
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;

private:
  const FileCommand &Command;
  const std::vector<std::string> &Stubbed;
};

} // namespace warpcheck

#endif
