//===--- CompilationDatabase.cpp - The project's compile commands ---------===//

#include "CompilationDatabase.h"

#include "AtomicWrite.h"
#include "BoundedInput.h"
#include "CompileCommand.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace warpcheck {

namespace {
/// Expands the response files of a database's commands through a bounded
/// file system; a command whose expansion fails keeps its `@file`
/// arguments, which dropUnsafeFlags then drops (clang's own expansion would
/// read `@/dev/zero` forever and print half a line).
class BoundedResponseFiles : public clang::tooling::CompilationDatabase {
public:
  BoundedResponseFiles(
      std::unique_ptr<clang::tooling::CompilationDatabase> Base,
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : Base(std::move(Base)), FS(std::move(FS)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return expand(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return expand(Base->getAllCompileCommands());
  }

private:
  std::vector<clang::tooling::CompileCommand>
  expand(std::vector<clang::tooling::CompileCommand> Commands) const {
    for (clang::tooling::CompileCommand &C : Commands) {
      if (llvm::none_of(C.CommandLine, [](const std::string &A) {
            return llvm::StringRef(A).starts_with("@");
          }))
        continue;
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      llvm::SmallVector<const char *, 32> Argv;
      for (const std::string &A : C.CommandLine)
        Argv.push_back(Saver.save(A).data());
      llvm::cl::ExpansionContext ECtx(Alloc, llvm::cl::TokenizeGNUCommandLine);
      ECtx.setVFS(FS.get()).setCurrentDir(C.Directory);
      if (llvm::Error E = ECtx.expandResponseFiles(Argv)) {
        llvm::consumeError(std::move(E));
        continue;
      }
      C.CommandLine.assign(Argv.begin(), Argv.end());
    }
    return Commands;
  }

  std::unique_ptr<clang::tooling::CompilationDatabase> Base;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
};
} // namespace

std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompilationDatabase(llvm::StringRef BuildPath, std::string &Error) {
  llvm::SmallString<256> Start(BuildPath);
  llvm::sys::fs::make_absolute(Start);
  llvm::sys::path::remove_dots(Start, /*remove_dot_dot=*/true);
  for (llvm::StringRef Dir = Start; !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Json(Dir), Flags(Dir);
    llvm::sys::path::append(Json, "compile_commands.json");
    llvm::sys::path::append(Flags, "compile_flags.txt");
    std::unique_ptr<clang::tooling::CompilationDatabase> DB;
    if (llvm::sys::fs::exists(Json)) {
      auto Buf =
          readInputFile(Json, "compilation database", limits::DatabaseBytes);
      if (!Buf) {
        Error = llvm::toString(Buf.takeError());
        return nullptr;
      }
      unsigned Depth = jsonDepth((*Buf)->getBuffer());
      if (Depth > limits::JsonDepth) {
        Error = "compilation database '" + Json.str().str() + "' is nested " +
                std::to_string(Depth) + " levels deep, over the limit of " +
                std::to_string(limits::JsonDepth);
        return nullptr;
      }
      std::string Why;
      DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          (*Buf)->getBuffer(), Why,
          clang::tooling::JSONCommandLineSyntax::AutoDetect);
      if (!DB) {
        Error = "cannot load compilation database '" + Json.str().str() +
                "': " + Why;
        return nullptr;
      }
    } else if (llvm::sys::fs::exists(Flags)) {
      std::string Why = checkInputFile(Flags, "compilation database",
                                       limits::ResponseFileBytes);
      if (!Why.empty()) {
        Error = Why;
        return nullptr;
      }
      DB = clang::tooling::FixedCompilationDatabase::loadFromFile(Flags, Why);
      if (!DB) {
        Error = "cannot load '" + Flags.str().str() + "': " + Why;
        return nullptr;
      }
    } else {
      continue;
    }
    return std::make_unique<BoundedResponseFiles>(
        std::move(DB), makeBoundedFileSystem(limits::ResponseFileBytes));
  }
  Error = "no compilation database (compile_commands.json or "
          "compile_flags.txt) in '" +
          BuildPath.str() + "' or its parents";
  return nullptr;
}

namespace {
/// The nearest compile_commands.json or compile_flags.txt in Dir or up its
/// parents, as clang's autodetection looks; "" when there is none.
/// exists() follows links without opening: a FIFO counts as there.
std::string nearestDatabaseFile(llvm::StringRef Dir) {
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    for (const char *Name : {"compile_commands.json", "compile_flags.txt"}) {
      llvm::SmallString<256> Path(D);
      llvm::sys::path::append(Path, Name);
      if (llvm::sys::fs::exists(Path))
        return std::string(Path);
    }
  }
  return "";
}

/// The absolute directory of File, dots removed.
std::string directoryOf(llvm::StringRef File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return llvm::sys::path::parent_path(Abs).str();
}
} // namespace

std::string compileDatabaseFile(llvm::StringRef DetectFrom) {
  std::string Dir = compileDatabaseDir();
  if (Dir.empty() && !DetectFrom.empty())
    Dir = directoryOf(DetectFrom);
  return nearestDatabaseFile(Dir);
}

std::unique_ptr<clang::tooling::CompilationDatabase>
findCompilationDatabaseFor(llvm::StringRef File, std::string &Error) {
  Error.clear();
  std::string Dir = directoryOf(File);
  if (nearestDatabaseFile(Dir).empty())
    return nullptr;
  return loadCompilationDatabase(Dir, Error);
}

int writeTranslatedDatabase(const clang::tooling::CompilationDatabase &DB,
                            const std::vector<std::string> &Files,
                            const ParseOptions &Parse,
                            const std::string &ShareInclude,
                            const std::string &DatabaseFile,
                            const std::string &Output, llvm::raw_ostream &Err) {
  std::vector<ProtectedFile> Protected = {
      {DatabaseFile, "the compilation database '" + DatabaseFile + "'"}};
  llvm::json::Array Entries;
  std::set<std::string> Written;
  SafeCompilations Safe(DB);
  for (const std::string &File : Files) {
    Protected.push_back({File, "the input file '" + File + "'"});
    for (const clang::tooling::CompileCommand &C :
         Safe.getCompileCommands(File)) {
      // Absolute, so that clang-tidy matches the file from any folder (a
      // command after `--` runs in ".").
      llvm::SmallString<256> AbsDir(
          resolveAgainst(compileDatabaseDir(), C.Directory));
      llvm::sys::fs::make_absolute(AbsDir);
      llvm::sys::path::remove_dots(AbsDir, /*remove_dot_dot=*/true);
      std::string Dir(AbsDir);
      std::string Source = resolveAgainst(Dir, C.Filename);
      Protected.push_back({Source, "the input file '" + Source + "'"});
      // The same command listed twice (the source named by another path,
      // or a file given twice) is written once.
      std::string Key = Dir + '\0' + Source;
      for (const std::string &A : C.CommandLine)
        Key += '\0' + (A == C.Filename ? Source : A);
      if (!Written.insert(Key).second)
        continue;
      llvm::json::Array Args;
      for (std::string A : translateCommand(C.CommandLine, Parse).Args) {
        // The in-memory headers, as files.
        size_t At = A.find(BuiltinIncludeDir);
        if (At != std::string::npos)
          A.replace(At, std::strlen(BuiltinIncludeDir), ShareInclude);
        Args.push_back(A);
      }
      Entries.push_back(llvm::json::Object{{"directory", Dir},
                                           {"file", Source},
                                           {"arguments", std::move(Args)}});
    }
  }
  auto Fail = [&](llvm::Error E) {
    Err << "warpcheck: error: " << llvm::toString(std::move(E)) << "\n";
    return 1;
  };
  if (llvm::Error E =
          checkNotProtected("--write-compile-commands", Output, Protected))
    return Fail(std::move(E));
  std::string Text =
      llvm::formatv("{0:2}", llvm::json::Value(std::move(Entries))).str() +
      "\n";
  // `--write-compile-commands=build-tidy/compile_commands.json` makes its
  // folder, as CMake's build folders are made.
  llvm::StringRef Folder = llvm::sys::path::parent_path(Output);
  if (!Folder.empty())
    if (std::error_code EC = llvm::sys::fs::create_directories(Folder))
      return Fail(llvm::createStringError(llvm::formatv(
          "cannot make the folder '{0}': {1}", Folder, EC.message())));
  if (llvm::Error E = writeFileAtomically(Output, Text))
    return Fail(llvm::createStringError(llvm::formatv(
        "cannot write '{0}': {1}", Output, llvm::toString(std::move(E)))));
  return 0;
}

std::vector<std::string>
cudaFilesOf(const clang::tooling::CompilationDatabase &Database) {
  std::vector<std::string> Files;
  std::string Dir = compileDatabaseDir();
  for (const std::string &F : Database.getAllFiles())
    if (llvm::sys::path::extension(F) == ".cu")
      Files.push_back(resolveAgainst(Dir, F));
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

} // namespace warpcheck
