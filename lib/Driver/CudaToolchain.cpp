//===--- CudaToolchain.cpp - How warpcheck parses CUDA --------------------===//

#include "CudaToolchain.h"

#include "NvccFlags.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace warpcheck {

#include "PreludeText.inc" // defines PreludeText

std::string CudaHeaders::describe() const {
  if (usesPrelude())
    return "built-in CUDA prelude (no CUDA toolkit used)";
  return "CUDA toolkit " +
         (ToolkitVersion.empty() ? std::string("(unknown version)")
                                 : ToolkitVersion) +
         " at " + ToolkitPath;
}

namespace {
std::string readToolkitVersion(const std::string &Root) {
  auto Buf = llvm::MemoryBuffer::getFile(Root + "/include/cuda.h");
  if (!Buf)
    return "";
  llvm::StringRef Text = (*Buf)->getBuffer();
  size_t Pos = Text.find("#define CUDA_VERSION ");
  if (Pos == llvm::StringRef::npos)
    return "";
  unsigned V = 0;
  if (Text.substr(Pos + 21).trim().consumeInteger(10, V))
    return "";
  return std::to_string(V / 1000) + "." + std::to_string((V % 1000) / 10);
}
} // namespace

CudaHeaders findCudaHeaders(const std::string &Explicit, bool ForcePrelude) {
  CudaHeaders H;
  if (ForcePrelude)
    return H;
  std::vector<std::string> Candidates;
  if (!Explicit.empty())
    Candidates.push_back(Explicit);
  if (auto Env = llvm::sys::Process::GetEnv("CUDA_PATH"))
    Candidates.push_back(*Env);
  Candidates.push_back("/usr/local/cuda");
  for (const std::string &C : Candidates) {
    if (llvm::sys::fs::exists(C + "/include/cuda_runtime.h")) {
      H.ToolkitPath = C;
      H.ToolkitVersion = readToolkitVersion(C);
      return H;
    }
    if (!Explicit.empty() && C == Explicit)
      break; // an explicit path that is wrong is not silently replaced
  }
  return H;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
makeWarpcheckFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  // A physical file system of its own: ClangTool sets the working directory
  // of each compile command on it, and the process-wide one would chdir,
  // under the feet of the other threads at -j.
  if (!Base)
    Base = llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
        llvm::vfs::createPhysicalFileSystem().release());
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Base);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  std::string Dir = BuiltinIncludeDir;
  Memory->addFile(Dir + "/prelude/warpcheck_cuda_prelude.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(PreludeText));
  // What clang's CUDA headers leave out and nvcc declares, with or without
  // a toolkit.
  for (const char *Sub : {"/prelude/", "/toolkit/"})
    Memory->addFile(Dir + Sub + "warpcheck_cuda_extras.h", 0,
                    llvm::MemoryBuffer::getMemBuffer(ExtrasText));
  // The prelude's <mma.h>: nvcuda::wmma, declared.
  Memory->addFile(Dir + "/prelude/mma.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(WmmaText));
  // With the prelude, the usual CUDA headers a source includes lead to it.
  for (const char *Name :
       {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h",
        "device_launch_parameters.h", "cuda_fp16.h", "cuda_bf16.h",
        "vector_types.h", "device_functions.h", "cuda_device_runtime_api.h",
        "sm_20_atomic_functions.h", "math_constants.h"})
    Memory->addFile(Dir + "/prelude/" + Name, 0,
                    llvm::MemoryBuffer::getMemBuffer(
                        "#include \"warpcheck_cuda_prelude.h\"\n"));
  // CUDA 13 removed a header that clang 19's CUDA wrapper still includes.
  Memory->addFile(Dir + "/toolkit/texture_fetch_functions.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(""));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

std::string compileDatabaseDir() {
  auto &Registered = llvm::cl::getRegisteredOptions();
  auto It = Registered.find("p");
  if (It == Registered.end())
    return "";
  std::string BuildPath =
      static_cast<llvm::cl::opt<std::string> *>(It->second)->getValue();
  if (BuildPath.empty())
    return "";
  llvm::SmallString<256> Dir(BuildPath);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::is_directory(Dir))
    llvm::sys::path::remove_filename(Dir); // -p path/compile_commands.json
  // As CompilationDatabase::autoDetectFromDirectory: this directory or the
  // nearest parent with a database.
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D))
    for (const char *Name : {"compile_commands.json", "compile_flags.txt"})
      if (llvm::sys::fs::exists(D + "/" + Name))
        return D.str();
  return Dir.str().str();
}

std::string resolveAgainst(llvm::StringRef Dir, llvm::StringRef Path) {
  if (Path.empty() || llvm::sys::path::is_absolute(Path) || Dir.empty())
    return Path.str();
  llvm::SmallString<256> Abs(Dir);
  llvm::sys::path::append(Abs, Path);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

void addStubHeaders(llvm::vfs::OverlayFileSystem &FS,
                    const std::vector<std::string> &Headers) {
  if (Headers.empty())
    return;
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const std::string &H : Headers)
    Memory->addFile(std::string(BuiltinIncludeDir) + "/missing/" + H, 0,
                    llvm::MemoryBuffer::getMemBuffer(""));
  FS.pushOverlay(Memory);
}

std::string missingHeaderOf(llvm::StringRef Message) {
  if (!Message.consume_front("'"))
    return "";
  size_t End = Message.find("' file not found");
  if (End == llvm::StringRef::npos || End == 0)
    return "";
  return Message.take_front(End).str();
}

bool isClangOnlyError(llvm::StringRef Message, llvm::StringRef Source) {
  // Dynamic parallelism: nvcc compiles `k<<<g, b>>>()` in device code (with
  // -rdc); clang has no device-side launch but keeps the launch in its AST.
  if (Message.starts_with("reference to __global__ function") &&
      (Message.ends_with("in __global__ function") ||
       Message.ends_with("in __device__ function")))
    return true;
  // `__shared__ alignas(16) float s[...]`: clang drops the alignas, which
  // does not move the array's banks (each array starts at a 128-byte line).
  if (Message == "an attribute list cannot appear here")
    return Source.starts_with("alignas");
  return false;
}

namespace {
std::string archFromNvcc(llvm::StringRef V) {
  // "sm_90", "compute_90", "arch=compute_90,code=sm_90", "90", "native".
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  V.split(Parts, ',');
  std::string Found;
  for (llvm::StringRef P : Parts) {
    P = P.trim().trim('"');
    P.consume_front("arch=");
    P.consume_front("code=");
    P = P.trim('[').trim(']');
    if (P.consume_front("sm_") || P.consume_front("compute_") ||
        P.consume_front("lto_")) {
      std::string Digits;
      for (char C : P)
        if (isdigit(C))
          Digits += C;
      if (!Digits.empty())
        Found = "sm_" + Digits;
    } else if (!P.empty() && isdigit(P[0])) {
      Found = "sm_" + P.take_while(isdigit).str();
    }
  }
  return Found;
}

bool isNvcc(llvm::StringRef Compiler) {
  llvm::StringRef Base = llvm::sys::path::filename(Compiler);
  return Base == "nvcc" || Base.starts_with("nvcc") || Base == "nvcc.exe";
}
} // namespace

namespace {

/// One command's translation under way.
struct Translation {
  const std::vector<std::string> &Args;
  TranslatedCommand Out;
  std::string Arch;
  bool HasStd = false;

  /// The argument after Args[I], consumed; "" at the end.
  std::string next(size_t &I) const {
    return I + 1 < Args.size() ? Args[++I] : std::string();
  }
  void keep(llvm::StringRef A) { Out.Args.push_back(A.str()); }
};

/// clang flags warpcheck sets itself (translateCommand's front arguments).
bool isSetByWarpcheck(llvm::StringRef A) {
  return A == "--cuda-device-only" || A == "--cuda-host-only" ||
         A.starts_with("--cuda-path=") || A == "-nocudainc" ||
         A == "-nocudalib" || A.starts_with("-resource-dir");
}

/// The flags read the same in nvcc and clang commands: the architecture,
/// the language, the standard, driver chatter, and what warpcheck sets
/// itself. False when Args[I] is none of them.
bool translateCommonFlag(Translation &T, size_t &I) {
  llvm::StringRef A = T.Args[I];
  if (A.consume_front("--cuda-gpu-arch=")) {
    T.Arch = A.str();
    return true;
  }
  if (isSetByWarpcheck(A))
    return true;
  if (A.starts_with("-x") && A.size() > 2 && A[2] != '=')
    return true; // -xcu
  llvm::StringRef Value;
  bool Joined;
  const NvccFlag *F = findNvccFlag(A, Value, Joined);
  if (!F || F->Action == NvccAction::Keep ||
      F->Action == NvccAction::HostOptions || F->Action == NvccAction::Drop)
    return false;
  std::string Separate;
  if (F->TakesValue && !Joined)
    Value = Separate = T.next(I);
  switch (F->Action) {
  case NvccAction::Arch:
    if (std::string V = archFromNvcc(Value); !V.empty())
      T.Arch = V;
    return true;
  case NvccAction::Std:
    T.keep("-std=" + Value.str());
    T.HasStd = true;
    return true;
  case NvccAction::GpuCode:
  case NvccAction::Language:
  case NvccAction::Chatter:
    return true;
  case NvccAction::Keep:
  case NvccAction::HostOptions:
  case NvccAction::Drop:
    break;
  }
  llvm_unreachable("covered switch");
}

/// A clang command (or arguments after `--`) may carry nvcc flags: a
/// dropped flag's value must not be read as a source or a clang flag.
void translateClangFlag(Translation &T, size_t &I) {
  llvm::StringRef A = T.Args[I];
  llvm::StringRef Value;
  bool Joined;
  const NvccFlag *F = findNvccFlag(A, Value, Joined);
  if (F && !Joined && F->TakesValue && F->Action == NvccAction::Drop &&
      !F->ClangHasIt) {
    // (A fixed database has already removed a value that looks like a
    // source, such as the 32 of `-maxrregcount 32`.)
    bool HasValue = I + 1 < T.Args.size() &&
                    !llvm::StringRef(T.Args[I + 1]).starts_with("-");
    T.Out.Dropped.push_back(A.str() + (HasValue ? " " + T.next(I) : ""));
    return;
  }
  T.keep(A);
}

/// Host compiler options (-Xcompiler): keep the ones that change what the
/// source means.
void keepHostOptions(Translation &T, llvm::StringRef Options) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Options.split(Parts, ',');
  for (llvm::StringRef P : Parts)
    if (P.starts_with("-D") || P.starts_with("-U") || P.starts_with("-I") ||
        P.starts_with("-std="))
      T.keep(P);
}

/// One argument of an nvcc command, by the table (NvccFlags.cpp), then by
/// clang-style prefix; a source file is kept, anything else dropped with a
/// note.
void translateNvccFlag(Translation &T, size_t &I) {
  llvm::StringRef A = T.Args[I];
  llvm::StringRef Value;
  bool Joined;
  if (const NvccFlag *F = findNvccFlag(A, Value, Joined);
      F && (!Joined || F->Action != NvccAction::Keep ||
            F->Spelling.starts_with("--"))) {
    std::string Separate;
    if (F->TakesValue && !Joined)
      Value = Separate = T.next(I);
    switch (F->Action) {
    case NvccAction::Keep:
      if (Joined) {
        T.keep(F->Clang.str() + Value.str());
      } else {
        T.keep(F->Clang);
        T.keep(Value);
      }
      return;
    case NvccAction::HostOptions:
      keepHostOptions(T, Value);
      return;
    case NvccAction::Drop:
      return;
    case NvccAction::Arch:
    case NvccAction::GpuCode:
    case NvccAction::Language:
    case NvccAction::Std:
    case NvccAction::Chatter:
      llvm_unreachable("translateCommonFlag takes these");
    }
  }
  if (std::optional<bool> Keep = keepJoinedNvccArgument(A)) {
    if (*Keep)
      T.keep(A);
    return;
  }
  if (A.starts_with("@")) {
    // A response file: expanded by the compilation database already, or
    // not readable here.
    T.Out.Dropped.push_back(A.str());
    return;
  }
  if (!A.starts_with("-")) {
    T.keep(A); // the source file
    return;
  }
  T.Out.Dropped.push_back(A.str());
}

/// What every parse needs, placed before the source file so -x applies.
std::vector<std::string> frontArguments(const ParseOptions &Options,
                                        const std::string &Arch, bool HasStd) {
  std::vector<std::string> Front = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + Arch,
      "-resource-dir=" + Options.ResourceDir, "-Wno-unknown-cuda-version",
      "-Wno-unused-command-line-argument", "-fno-caret-diagnostics",
      // Every error, so that none stops the
      // parse of the kernels after it.
      "-ferror-limit=0"};
  if (!HasStd)
    Front.push_back("-std=c++17");
  // Device-side launches (dynamic parallelism) need relocatable device code;
  // nvcc's cuda_runtime.h brings <assert.h> along, clang's does not.
  Front.push_back("-fgpu-rdc");
  Front.push_back("-include");
  Front.push_back("assert.h");
  std::string Dir = BuiltinIncludeDir;
  if (Options.Headers.usesPrelude()) {
    for (const char *A : {"-nocudainc", "-nocudalib"})
      Front.push_back(A);
    Front.push_back("-isystem");
    Front.push_back(Dir + "/prelude");
    Front.push_back("-include");
    Front.push_back("warpcheck_cuda_prelude.h");
  } else {
    Front.push_back("--cuda-path=" + Options.Headers.ToolkitPath);
    Front.push_back("-isystem");
    Front.push_back(Dir + "/toolkit");
    Front.push_back("-include");
    Front.push_back("warpcheck_cuda_extras.h");
    std::string Cccl = Options.Headers.ToolkitPath + "/include/cccl";
    if (llvm::sys::fs::exists(Cccl)) {
      Front.push_back("-isystem");
      Front.push_back(Cccl);
    }
  }
  if (!Options.StubbedHeaders.empty()) {
    Front.push_back("-idirafter");
    Front.push_back(Dir + "/missing");
  }
  return Front;
}

/// Arguments clang does not know (a clang command of another version, an
/// nvcc flag not in the table) are dropped and said, not left to fail the
/// parse with "unknown argument".
void dropUnknownToClang(TranslatedCommand &Out) {
  std::vector<const char *> Raw;
  for (size_t I = 1; I < Out.Args.size(); ++I)
    Raw.push_back(Out.Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::driver::getDriverOptTable().ParseArgs(
      Raw, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
  llvm::StringSet<> Unknown;
  for (const llvm::opt::Arg *A :
       Parsed.filtered(clang::driver::options::OPT_UNKNOWN))
    Unknown.insert(A->getAsString(Parsed));
  if (Unknown.empty())
    return;
  std::vector<std::string> Kept = {Out.Args.front()};
  for (size_t I = 1; I < Out.Args.size(); ++I)
    if (Unknown.contains(Out.Args[I]))
      Out.Dropped.push_back(Out.Args[I]);
    else
      Kept.push_back(Out.Args[I]);
  Out.Args = std::move(Kept);
}

} // namespace

TranslatedCommand translateCommand(const std::vector<std::string> &Args,
                                   const ParseOptions &Options) {
  Translation T{Args, {}, "", false};
  if (Args.empty())
    return T.Out;
  bool Nvcc = isNvcc(Args[0]);
  T.keep("clang++");
  for (size_t I = 1; I < Args.size(); ++I) {
    if (translateCommonFlag(T, I))
      continue;
    if (Nvcc)
      translateNvccFlag(T, I);
    else
      translateClangFlag(T, I);
  }
  if (T.Arch.empty())
    T.Arch = Options.DefaultArch;
  std::vector<std::string> Front = frontArguments(Options, T.Arch, T.HasStd);
  dropUnknownToClang(T.Out);
  T.Out.Args.insert(T.Out.Args.begin() + 1, Front.begin(), Front.end());
  return T.Out;
}

clang::tooling::ArgumentsAdjuster
makeCudaAdjuster(const ParseOptions &Options) {
  return [Options](const clang::tooling::CommandLineArguments &Args,
                   llvm::StringRef) {
    return translateCommand(Args, Options).Args;
  };
}

} // namespace warpcheck
