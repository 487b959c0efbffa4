//===--- NvccVerifier.cpp - What the compiler really did with local memory ===//

#include "NvccVerifier.h"

#include "NvccFlags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>

extern char **environ;

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

std::string findNvdisasm(const std::string &Nvcc) {
  llvm::SmallString<256> Beside(Nvcc);
  llvm::sys::path::remove_filename(Beside);
  llvm::sys::path::append(Beside, "nvdisasm");
  if (!Nvcc.empty() && llvm::sys::fs::can_execute(Beside))
    return std::string(Beside);
  if (auto P = llvm::sys::findProgramByName("nvdisasm"))
    return *P;
  return "";
}

namespace {

bool isNvccProgram(llvm::StringRef Program) {
  llvm::StringRef Base = llvm::sys::path::filename(Program);
  return Base.starts_with("nvcc");
}

/// nvcc flags the verifier sets itself or that must not reach it: the
/// output, the compilation mode, the architecture, dependency files and the
/// host compiler (a program of the project's choosing).
bool droppedFromUserCommand(llvm::StringRef Arg, bool &TakesValue) {
  static const char *WithValue[] = {
      "-o", "--output-file", "-arch", "--gpu-architecture", "-gencode",
      "--generate-code", "-code", "--gpu-code", "-MF", "-MT", "-MQ",
      "--dependency-output", "-odir", "-ccbin", "--compiler-bindir",
      "--keep-dir", "-keep-dir"};
  static const char *Alone[] = {
      "-c", "--compile", "-dc", "--device-c", "-dw", "--device-w", "-M",
      "-MM", "-MD", "-MMD", "-E", "--preprocess", "-ptx", "--ptx", "-cubin",
      "--cubin", "-fatbin", "--fatbin", "-lib", "--lib", "-link", "--link",
      "-dlink", "--device-link", "-lineinfo", "--generate-line-info", "-keep",
      "--keep", "-run", "--run", "-v", "--verbose", "-###", "--dryrun",
      "-dryrun"};
  for (const char *F : WithValue) {
    llvm::StringRef S(F);
    if (Arg == S) {
      TakesValue = true;
      return true;
    }
    if (Arg.starts_with(S) && Arg.drop_front(S.size()).starts_with("="))
      return true;
  }
  return llvm::is_contained(Alone, Arg);
}

/// Whether Arg names File (relative to Directory).
bool isTheSource(llvm::StringRef Arg, llvm::StringRef Directory,
                 llvm::StringRef File) {
  if (Arg.starts_with("-"))
    return false;
  llvm::SmallString<256> Abs(Arg);
  if (!llvm::sys::path::is_absolute(Abs)) {
    Abs = Directory;
    llvm::sys::path::append(Abs, Arg);
  }
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Want(File);
  llvm::sys::path::remove_dots(Want, true);
  return Abs == Want || llvm::sys::fs::equivalent(Abs, Want);
}

} // namespace

std::vector<std::string>
userNvccArguments(const clang::tooling::CompileCommand &Command,
                  const TranslatedCommand &T) {
  const std::vector<std::string> &Line = Command.CommandLine;
  size_t First = 1;
  // A compiler launcher (ccache, sccache) before nvcc.
  if (Line.size() > 1 && !isNvccProgram(Line[0]) && isNvccProgram(Line[1]))
    First = 2;
  if (Line.empty() || !isNvccProgram(Line[First - 1])) {
    // Not nvcc's command: the flags nvcc understands, from the project's
    // part of the translated command only.
    std::vector<std::string> Project(
        T.Args.begin() + std::min(T.FrontEnd, T.Args.size()), T.Args.end());
    Project.insert(Project.begin(), T.Args.empty() ? "" : T.Args.front());
    return nvccArgumentsOf(Project);
  }
  std::vector<std::string> Out;
  for (size_t I = First; I < Line.size(); ++I) {
    llvm::StringRef Arg = Line[I];
    bool TakesValue = false;
    if (droppedFromUserCommand(Arg, TakesValue)) {
      // -dc compiles relocatable device code: keep that meaning.
      if (Arg == "-dc" || Arg == "--device-c")
        Out.push_back("-rdc=true");
      I += TakesValue;
      continue;
    }
    if (isTheSource(Arg, Command.Directory, Command.Filename))
      continue;
    Out.push_back(Arg.str());
  }
  return Out;
}

namespace {
/// Runs a program without a shell in Directory (when not empty): its
/// stdout goes to OutFile, its stderr to ErrFile (both to ErrFile when
/// OutFile is empty). Returns the exit status, or -1 with Message set.
int spawn(const std::vector<std::string> &Argv, const std::string &Directory,
          llvm::StringRef OutFile, llvm::StringRef ErrFile,
          std::string &Message) {
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  std::string Out = OutFile.empty() ? ErrFile.str() : OutFile.str();
  std::string Err = ErrFile.str();
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 1, Out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (OutFile.empty())
    posix_spawn_file_actions_adddup2(&Actions, 1, 2);
  else
    posix_spawn_file_actions_addopen(&Actions, 2, Err.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 29)
  if (!Directory.empty())
    posix_spawn_file_actions_addchdir_np(&Actions, Directory.c_str());
#endif
  pid_t Pid;
  int Rc = posix_spawn(&Pid, Args[0], &Actions, nullptr, Args.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Rc != 0) {
    Message = llvm::formatv("cannot run {0}: {1}", Argv[0], strerror(Rc));
    return -1;
  }
  // At most ten minutes, as before.
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  int Status = 0;
  while (waitpid(Pid, &Status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > Deadline) {
      kill(Pid, SIGKILL);
      waitpid(Pid, &Status, 0);
      Message = Argv[0] + " ran past 600 s";
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  Message = Argv[0] + " was ended by a signal";
  return -1;
}

/// Runs nvcc; on failure, the first line of its output that says something.
std::optional<std::string> run(const std::vector<std::string> &Argv,
                               const std::string &Directory,
                               llvm::StringRef ErrFile) {
  std::string Message;
  int Rc = spawn(Argv, Directory, "", ErrFile, Message);
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

/// The SASS of Cubin: nvdisasm -gi (lines and inlining) when there is one,
/// else cuobjdump -sass (LDL/STL counts only).
void disassemble(const NvccJob &Job, llvm::StringRef Cubin,
                 llvm::StringRef Log, CompiledLocalMemory &Out) {
  llvm::SmallString<128> Sass;
  if (llvm::sys::fs::createTemporaryFile("warpcheck", "sass", Sass))
    return;
  std::string Message;
  std::string Nvdisasm = findNvdisasm(Job.Nvcc);
  if (!Nvdisasm.empty() &&
      spawn({Nvdisasm, "-gi", "-c", Cubin.str()}, "", Sass, Log, Message) ==
          0) {
    if (auto Buf = llvm::MemoryBuffer::getFile(Sass)) {
      Out.SassLines = parseSassListing((*Buf)->getBuffer());
      Out.HaveSassLines = true;
      for (const SassFunction &F : Out.SassLines) {
        SassLocal &L = Out.Sass[F.Name];
        for (const SassInstruction &I : F.Instructions)
          if (I.Kind == SassMemKind::LocalLoad)
            ++L.Loads;
          else if (I.Kind == SassMemKind::LocalStore)
            ++L.Stores;
      }
    }
  } else if (std::string Cuobjdump = findCuobjdump(Job.Nvcc);
             !Cuobjdump.empty() &&
             spawn({Cuobjdump, "-sass", Cubin.str()}, "", Sass, Log,
                   Message) == 0) {
    if (auto Buf = llvm::MemoryBuffer::getFile(Sass))
      Out.Sass = parseSass((*Buf)->getBuffer());
  }
  llvm::sys::fs::remove(Sass);
}
} // namespace

std::optional<std::string> compileWithNvcc(const NvccJob &Job,
                                           CompiledLocalMemory &Out) {
  llvm::SmallString<128> Ptx, Cubin, Log;
  // Only the names are needed: each descriptor is closed at once.
  auto Create = [](const char *Prefix, const char *Suffix,
                   llvm::SmallVectorImpl<char> &Path) {
    int Fd;
    if (llvm::sys::fs::createTemporaryFile(Prefix, Suffix, Fd, Path))
      return false;
    llvm::sys::Process::SafelyCloseFileDescriptor(Fd);
    return true;
  };
  if (!Create("warpcheck", "ptx", Ptx) || !Create("warpcheck", "cubin", Cubin) ||
      !Create("warpcheck-nvcc", "log", Log)) {
    for (auto *P : {&Ptx, &Cubin, &Log})
      if (!P->empty())
        llvm::sys::fs::remove(*P);
    return std::string("cannot create temporary files");
  }
  auto Cleanup = llvm::make_scope_exit([&] {
    for (auto *P : {&Ptx, &Cubin, &Log})
      llvm::sys::fs::remove(*P);
  });
  // The project's own flags (userNvccArguments), the parse's architecture.
  std::vector<std::string> Common = {Job.Nvcc};
  llvm::append_range(Common, Job.Arguments);
  Common.push_back("-arch=" + Job.Arch);
  if (Job.Ptx) {
    std::vector<std::string> PtxCmd = Common;
    llvm::append_range(PtxCmd, std::vector<std::string>{"--ptx", "-o"});
    PtxCmd.push_back(std::string(Ptx));
    PtxCmd.push_back(Job.File);
    if (auto Err = run(PtxCmd, Job.Directory, Log))
      return Err;
    if (auto Buf = llvm::MemoryBuffer::getFile(Ptx))
      Out.PtxDepot = parsePtxDepots((*Buf)->getBuffer());
  }
  // One cubin for ptxas's frames, LDL/STL and the shared instructions.
  std::vector<std::string> CubinCmd = Common;
  if (Job.Sass)
    CubinCmd.push_back("-lineinfo");
  llvm::append_range(CubinCmd,
                     std::vector<std::string>{"-cubin", "-Xptxas", "-v", "-o"});
  CubinCmd.push_back(std::string(Cubin));
  CubinCmd.push_back(Job.File);
  if (auto Err = run(CubinCmd, Job.Directory, Log))
    return Err;
  if (auto Buf = llvm::MemoryBuffer::getFile(Log))
    Out.Ptxas = parsePtxasLog((*Buf)->getBuffer());
  disassemble(Job, Cubin, Log, Out);
  return std::nullopt;
}

} // namespace warpcheck
