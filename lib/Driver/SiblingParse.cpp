//===--- SiblingParse.cpp - Parsing the files next to an input ------------===//

#include "SiblingParse.h"

#include "CompileCommand.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"

using namespace clang;

namespace warpcheck {

SiblingParser makeSiblingParser(const tooling::CompilationDatabase &DB,
                                const ParseOptions &Parse) {
  return [&DB, Parse](const std::string &File,
                      llvm::function_ref<void(ASTContext &)> Visit) {
    // A file no command compiles is not parsed. Its command is resolved and
    // translated as an input's is (nvcc options files included).
    FileCommand Command = resolveFileCommand(DB, File, Parse);
    if (Command.empty() || !Command.Error.empty())
      return false;
    FileCompilations Compilations(Command, Parse.StubbedHeaders);
    auto FS = makeWarpcheckFileSystem();
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
