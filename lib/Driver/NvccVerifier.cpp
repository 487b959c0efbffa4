//===--- NvccVerifier.cpp - What the compiler really did with local memory ===//

#include "NvccVerifier.h"

#include "NvccFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

namespace warpcheck {

std::map<std::string, uint64_t> parsePtxDepots(llvm::StringRef Ptx) {
  std::map<std::string, uint64_t> Result;
  llvm::Regex Entry("\\.entry[ \t]+([A-Za-z0-9_$]+)");
  llvm::Regex Depot("\\.local[^;]*__local_depot[0-9]+\\[([0-9]+)\\]");
  llvm::SmallVector<llvm::StringRef, 4> M;
  std::string Current;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Ptx.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Entry.match(Line, &M)) {
      Current = M[1].str();
      Result[Current] = 0;
      continue;
    }
    if (Line.starts_with(".func") || Line.starts_with(".visible .func"))
      Current.clear();
    if (!Current.empty() && Depot.match(Line, &M)) {
      uint64_t Bytes = 0;
      if (!M[1].getAsInteger(10, Bytes))
        Result[Current] += Bytes;
    }
  }
  return Result;
}

std::map<std::string, PtxasFrame> parsePtxasLog(llvm::StringRef Log) {
  std::map<std::string, PtxasFrame> Result;
  llvm::Regex Props("Function properties for ([A-Za-z0-9_$]+)");
  llvm::Regex Frame("([0-9]+) bytes stack frame, ([0-9]+) bytes spill stores, "
                    "([0-9]+) bytes spill loads");
  llvm::SmallVector<llvm::StringRef, 4> M;
  std::string Current;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Log.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Props.match(Line, &M)) {
      Current = M[1].str();
      continue;
    }
    if (!Current.empty() && Frame.match(Line, &M)) {
      PtxasFrame F;
      M[1].getAsInteger(10, F.StackFrame);
      M[2].getAsInteger(10, F.SpillStores);
      M[3].getAsInteger(10, F.SpillLoads);
      Result[Current] = F;
      Current.clear();
    }
  }
  return Result;
}

std::map<std::string, SassLocal> parseSass(llvm::StringRef Sass) {
  std::map<std::string, SassLocal> Result;
  llvm::Regex Function("Function : ([A-Za-z0-9_$]+)");
  // The opcode, after the address comment and an optional predicate.
  llvm::Regex Op("\\*/[ \t]+(@!?U?P[0-9T] +)?(LDL|STL)[. ]");
  llvm::SmallVector<llvm::StringRef, 4> M;
  SassLocal *Current = nullptr;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Sass.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Function.match(Line, &M)) {
      Current = &Result[M[1].str()];
      continue;
    }
    if (Current && Op.match(Line, &M))
      ++(M[2] == "LDL" ? Current->Loads : Current->Stores);
  }
  return Result;
}

std::string findCuobjdump(const std::string &Nvcc) {
  llvm::SmallString<256> Beside(Nvcc);
  llvm::sys::path::remove_filename(Beside);
  llvm::sys::path::append(Beside, "cuobjdump");
  if (!Nvcc.empty() && llvm::sys::fs::can_execute(Beside))
    return std::string(Beside);
  if (auto P = llvm::sys::findProgramByName("cuobjdump"))
    return *P;
  return "";
}

std::string findNvcc(const std::string &Explicit, const std::string &Toolkit) {
  if (!Explicit.empty())
    return llvm::sys::fs::can_execute(Explicit) ? Explicit : "";
  if (!Toolkit.empty() && llvm::sys::fs::can_execute(Toolkit + "/bin/nvcc"))
    return Toolkit + "/bin/nvcc";
  if (auto P = llvm::sys::findProgramByName("nvcc"))
    return *P;
  return "";
}

namespace {
/// Runs a program without a shell; its stderr goes to ErrFile.
std::optional<std::string> run(const std::vector<std::string> &Argv,
                               llvm::StringRef ErrFile) {
  std::vector<llvm::StringRef> Args(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, ErrFile, ErrFile};
  std::string Message;
  int Rc = llvm::sys::ExecuteAndWait(Argv[0], Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/600, 0, &Message);
  if (Rc == 0)
    return std::nullopt;
  std::string Why = Message;
  if (auto Buf = llvm::MemoryBuffer::getFile(ErrFile)) {
    llvm::StringRef Text = (*Buf)->getBuffer();
    // The first line that says something.
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    Text.split(Lines, '\n', -1, false);
    for (llvm::StringRef L : Lines)
      if (L.contains("error") || L.contains("fatal")) {
        Why = L.trim().str();
        break;
      }
    if (Why.empty() && !Lines.empty())
      Why = Lines.front().trim().str();
  }
  return "nvcc failed (exit " + std::to_string(Rc) + ")" +
         (Why.empty() ? "" : ": " + Why);
}
} // namespace

std::optional<std::string> compileWithNvcc(
    const std::string &Nvcc, const std::string &File, const std::string &Arch,
    const std::vector<std::string> &ClangArgs, CompiledLocalMemory &Out) {
  llvm::SmallString<128> Ptx, Obj, Log;
  // Only the names are needed: each descriptor is closed at once (three
  // leaked per file before).
  auto Create = [](const char *Prefix, const char *Suffix,
                   llvm::SmallVectorImpl<char> &Path) {
    int Fd;
    if (llvm::sys::fs::createTemporaryFile(Prefix, Suffix, Fd, Path))
      return false;
    llvm::sys::Process::SafelyCloseFileDescriptor(Fd);
    return true;
  };
  if (!Create("warpcheck", "ptx", Ptx) || !Create("warpcheck", "o", Obj) ||
      !Create("warpcheck-nvcc", "log", Log)) {
    for (auto *P : {&Ptx, &Obj, &Log})
      if (!P->empty())
        llvm::sys::fs::remove(*P);
    return std::string("cannot create temporary files");
  }
  // The flags that change what the source means; nothing else
  // (NvccFlags.cpp, the table translateCommand reads too).
  std::vector<std::string> Common = {Nvcc, "-arch=" + Arch};
  llvm::append_range(Common, nvccArgumentsOf(ClangArgs));
  std::vector<std::string> PtxCmd = Common;
  for (const char *A : {"--ptx", "-o"})
    PtxCmd.push_back(A);
  PtxCmd.push_back(std::string(Ptx));
  PtxCmd.push_back(File);
  std::vector<std::string> ObjCmd = Common;
  for (const char *A : {"-c", "-Xptxas", "-v", "-o"})
    ObjCmd.push_back(A);
  ObjCmd.push_back(std::string(Obj));
  ObjCmd.push_back(File);

  auto Cleanup = [&] {
    llvm::sys::fs::remove(Ptx);
    llvm::sys::fs::remove(Obj);
    llvm::sys::fs::remove(Log);
  };
  if (auto Err = run(PtxCmd, Log)) {
    Cleanup();
    return Err;
  }
  if (auto Buf = llvm::MemoryBuffer::getFile(Ptx))
    Out.PtxDepot = parsePtxDepots((*Buf)->getBuffer());
  if (auto Err = run(ObjCmd, Log)) {
    Cleanup();
    return Err;
  }
  if (auto Buf = llvm::MemoryBuffer::getFile(Log))
    Out.Ptxas = parsePtxasLog((*Buf)->getBuffer());
  // The SASS of the same object: LDL/STL per kernel. Without cuobjdump (or
  // the nvdisasm it runs) the column stays empty.
  std::string Cuobjdump = findCuobjdump(Nvcc);
  if (!Cuobjdump.empty()) {
    llvm::SmallString<128> Sass;
    if (!llvm::sys::fs::createTemporaryFile("warpcheck", "sass", Sass)) {
      std::vector<llvm::StringRef> Args = {Cuobjdump, "-sass", Obj};
      std::optional<llvm::StringRef> Redirects[] = {
          std::nullopt, llvm::StringRef(Sass), llvm::StringRef(Log)};
      if (llvm::sys::ExecuteAndWait(Cuobjdump, Args, std::nullopt, Redirects,
                                    /*SecondsToWait=*/600) == 0)
        if (auto Buf = llvm::MemoryBuffer::getFile(Sass))
          Out.Sass = parseSass((*Buf)->getBuffer());
      llvm::sys::fs::remove(Sass);
    }
  }
  Cleanup();
  return std::nullopt;
}

} // namespace warpcheck
