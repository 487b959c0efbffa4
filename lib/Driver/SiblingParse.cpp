//===--- SiblingParse.cpp - Parsing the files next to an input ------------===//

#include "SiblingParse.h"

#include "CompileCommand.h"
#include "FileDependencies.h"
#include "ResultCache.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace warpcheck {

namespace {

/// Records the files File's command reads before the parse: nvcc options
/// files and response files (their words are the command). One nested in
/// another is not followed here: the log is refused.
void recordCommandFiles(const tooling::CompilationDatabase &DB,
                        const std::string &File, DependencyLog &Log) {
  for (const tooling::CompileCommand &C : DB.getCompileCommands(File)) {
    const std::vector<std::string> &Args = C.CommandLine;
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I], Value;
      if (A.consume_front("@"))
        Value = A;
      else if ((A == "-optf" || A == "--options-file") && I + 1 < Args.size())
        Value = Args[++I];
      else if (A.consume_front("-optf=") || A.consume_front("--options-file="))
        Value = A;
      else
        continue;
      llvm::SmallVector<llvm::StringRef, 4> Files;
      Value.split(Files, ',');
      for (llvm::StringRef F : Files) {
        llvm::SmallString<256> Path(F);
        if (llvm::sys::path::is_relative(Path))
          Path = (C.Directory + "/" + F).str();
        FileDependency D = currentState(Path, FileDependency::Content);
        Log.add(D);
        auto Text = llvm::MemoryBuffer::getFile(Path);
        if (Text && ((*Text)->getBuffer().contains("optf") ||
                     (*Text)->getBuffer().contains("options-file") ||
                     (*Text)->getBuffer().contains("@")))
          Log.refuse("a sibling's options file names another");
      }
    }
  }
}

} // namespace

SiblingParser makeSiblingParser(const tooling::CompilationDatabase &DB,
                                const ParseOptions &Parse, ResultCache *Cache) {
  return [&DB, Parse, Cache](const std::string &File,
                             llvm::function_ref<void(ASTContext &)> Visit) {
    DependencyLog *Log = Cache ? &Cache->siblingReads(File) : nullptr;
    if (Log)
      recordCommandFiles(DB, File, *Log);
    // A file no command compiles is not parsed. Its command is resolved and
    // translated as an input's is (nvcc options files included).
    FileCommand Command = resolveFileCommand(DB, File, Parse);
    if (Command.empty() || !Command.Error.empty())
      return false;
    FileCompilations Compilations(Command, Parse.StubbedHeaders);
    auto FS = makeWarpcheckFileSystem(
        Log ? makeRecordingFileSystem(
                  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                      llvm::vfs::createPhysicalFileSystem().release()),
                  Log, nullptr)
            : nullptr);
    addStubHeaders(*FS, Parse.StubbedHeaders);
    tooling::ClangTool Tool(Compilations, {File},
                            std::make_shared<PCHContainerOperations>(), FS);
    Tool.setPrintErrorMessage(false);
    Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
    IgnoringDiagConsumer Quiet;
    Tool.setDiagnosticConsumer(&Quiet);
    std::vector<std::unique_ptr<ASTUnit>> ASTs;
    // A crash in a file nobody asked to analyze loses nothing but its
    // launches.
    llvm::CrashRecoveryContext Recovery;
    if (!Recovery.RunSafely([&] { Tool.buildASTs(ASTs); }) || ASTs.empty() ||
        !ASTs.front())
      return false;
    Visit(ASTs.front()->getASTContext());
    return true;
  };
}

} // namespace warpcheck
