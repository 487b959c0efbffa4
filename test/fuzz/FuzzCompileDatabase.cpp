//===--- FuzzCompileDatabase.cpp - compile databases and response files ---===//
//
// The input is split at the first "\n@@\n" into a database and a response
// file `rsp` beside it (a command may name it as @rsp). The first byte picks
// compile_commands.json or compile_flags.txt. Then, as `-p` and warpcheck's
// own command line do: loadCompilationDatabase, the unsafe-flag filter
// (SafeCompilations), the check before analysis, the nvcc-to-clang
// translation, and expandCommandLine on `@rsp`. Invariants: a database that
// does not load says why, and no command that comes out of SafeCompilations
// still holds a flag that writes a file or loads code.
//
//===----------------------------------------------------------------------===//

#include "CudaToolchain.h"
#include "Driver.h"
#include "FuzzInput.h"
#include "SafeInput.h"

#include "llvm/Support/Allocator.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  bool Flags = Data[0] & 1;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  auto [Database, Response] = Text.split("\n@@\n");
  const std::string &Dir = fuzz::scratchDir();
  llvm::sys::fs::remove(Dir + "/compile_commands.json");
  llvm::sys::fs::remove(Dir + "/compile_flags.txt");
  fuzz::writeScratch(Flags ? "compile_flags.txt" : "compile_commands.json",
                     Database);
  std::string Rsp = fuzz::writeScratch("rsp", Response);

  std::string Error;
  auto DB = loadCompilationDatabase(Dir, Error);
  if (!DB && Error.empty())
    fuzz::fail("a database that did not load without an error");
  if (DB) {
    SafeCompilations Safe(*DB);
    ParseOptions Parse;
    unsigned Files = 0;
    for (const std::string &File : Safe.getAllFiles()) {
      if (++Files > 8)
        break;
      (void)Safe.droppedFlags(File);
      (void)checkBeforeAnalysis(Safe, File);
      for (auto &Command : Safe.getCompileCommands(File)) {
        std::vector<std::string> Again = Command.CommandLine;
        if (!dropUnsafeFlags(Again).empty())
          fuzz::fail("an unsafe flag survived SafeCompilations");
        (void)translateCommand(Command.CommandLine, Parse);
      }
    }
    (void)Safe.getAllCompileCommands();
  }

  // warpcheck's own command line with the response file.
  llvm::BumpPtrAllocator Alloc;
  std::string At = "@" + Rsp;
  llvm::SmallVector<const char *, 8> Argv = {"warpcheck", At.c_str(), "x.cu"};
  std::string ArgvError;
  if (!expandCommandLine(Argv, Alloc, ArgvError) && ArgvError.empty())
    fuzz::fail("a response file refused without an error");
  return 0;
}
