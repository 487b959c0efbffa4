//===--- CudaToolchain.cpp - How warpcheck parses CUDA --------------------===//

#include "CudaToolchain.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
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
makeWarpcheckFileSystem() {
  // A physical file system of its own: ClangTool sets the working directory
  // of each compile command on it, and the process-wide one would chdir,
  // under the feet of the other threads at -j.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
          llvm::vfs::createPhysicalFileSystem().release()));
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  std::string Dir = BuiltinIncludeDir;
  Memory->addFile(Dir + "/prelude/warpcheck_cuda_prelude.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(PreludeText));
  // What clang's CUDA headers leave out and nvcc declares, with or without
  // a toolkit.
  for (const char *Sub : {"/prelude/", "/toolkit/"})
    Memory->addFile(Dir + Sub + "warpcheck_cuda_extras.h", 0,
                    llvm::MemoryBuffer::getMemBuffer(ExtrasText));
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
/// nvcc flags whose next argument belongs to them and that clang does not
/// need.
const llvm::StringSet<> NvccDropWithValue = {"-ccbin",
                                             "--compiler-bindir",
                                             "-o",
                                             "--output-file",
                                             "-MF",
                                             "-MT",
                                             "-MQ",
                                             "-Xptxas",
                                             "--ptxas-options",
                                             "-Xnvlink",
                                             "--nvlink-options",
                                             "-Xfatbin",
                                             "--fatbin-options",
                                             "-maxrregcount",
                                             "--maxrregcount",
                                             "-Xcudafe",
                                             "--diag-suppress",
                                             "-diag-suppress",
                                             "--threads",
                                             "-t",
                                             "-Xarchive",
                                             "-Xlinker",
                                             "--linker-options",
                                             "--default-stream",
                                             "-default-stream",
                                             "-rdc",
                                             "--relocatable-device-code",
                                             "-dc",
                                             "-cudart",
                                             "--cudart",
                                             "-dlto",
                                             "--keep-dir",
                                             "-keep-dir",
                                             "-odir",
                                             "--dependency-output",
                                             "--options-file"};

/// nvcc flags that are dropped silently: they change code generation, not
/// what the source means.
const llvm::StringSet<> NvccDropQuiet = {"-c",
                                         "--compile",
                                         "-lineinfo",
                                         "--generate-line-info",
                                         "-G",
                                         "--device-debug",
                                         "-g",
                                         "--use_fast_math",
                                         "-use_fast_math",
                                         "--expt-relaxed-constexpr",
                                         "-expt-relaxed-constexpr",
                                         "--expt-extended-lambda",
                                         "-expt-extended-lambda",
                                         "--extended-lambda",
                                         "-extended-lambda",
                                         "-MD",
                                         "-MMD",
                                         "-M",
                                         "-MM",
                                         "-w",
                                         "--keep",
                                         "-keep",
                                         "-dw",
                                         "--resource-usage",
                                         "-src-in-ptx",
                                         "--source-in-ptx",
                                         "-forward-unknown-to-host-compiler",
                                         "--forward-unknown-to-host-compiler",
                                         "-Wno-deprecated-gpu-targets",
                                         "-fPIC",
                                         "-fpic",
                                         "-pipe",
                                         "-v",
                                         "--verbose",
                                         "-x",
                                         "-O0",
                                         "-O1",
                                         "-O2",
                                         "-O3",
                                         "-Os",
                                         "-Werror"};

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

TranslatedCommand translateCommand(const std::vector<std::string> &Args,
                                   const ParseOptions &Options) {
  TranslatedCommand Out;
  if (Args.empty())
    return Out;
  bool Nvcc = isNvcc(Args[0]);
  Out.Args.push_back("clang++");
  std::string Arch;
  bool HasStd = false;
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    auto Next = [&]() -> std::string {
      return I + 1 < Args.size() ? Args[++I] : std::string();
    };
    // Architecture, in clang's and nvcc's spellings.
    if (A.consume_front("--cuda-gpu-arch=")) {
      Arch = A.str();
      continue;
    }
    if (A == "-arch" || A == "--gpu-architecture" || A == "-gencode" ||
        A == "--generate-code" || A == "-code" || A == "--gpu-code") {
      std::string V = archFromNvcc(Next());
      if (!V.empty() && (A != "-code" && A != "--gpu-code"))
        Arch = V;
      continue;
    }
    if (A.consume_front("-arch=") || A.consume_front("--gpu-architecture=") ||
        A.consume_front("-gencode=") || A.consume_front("--generate-code=")) {
      std::string V = archFromNvcc(A);
      if (!V.empty())
        Arch = V;
      continue;
    }
    if (A.starts_with("-code=") || A.starts_with("--gpu-code="))
      continue;
    if (A == "-x") {
      Next();
      continue;
    }
    if (A.starts_with("-x") && A.size() > 2)
      continue;
    // Language standard: nvcc's "--std c++17" / "-std=c++17".
    if (A == "--std" || A == "-std") {
      Out.Args.push_back("-std=" + Next());
      HasStd = true;
      continue;
    }
    if (A.consume_front("--std=") || A.starts_with("-std=")) {
      Out.Args.push_back("-std=" +
                         A.str().substr(A.starts_with("-std=") ? 5 : 0));
      HasStd = true;
      continue;
    }
    // Driver chatter would interleave with the report.
    if (A == "-v" || A == "--verbose" || A == "-###")
      continue;
    if (A == "--cuda-device-only" || A == "--cuda-host-only" ||
        A.starts_with("--cuda-path=") || A == "-nocudainc" ||
        A == "-nocudalib" || A.starts_with("-resource-dir"))
      continue;
    if (!Nvcc) {
      // nvcc flags given to a clang command (after `--`): their values must
      // not be read as sources or clang flags.
      if (NvccDropWithValue.contains(A) && !A.starts_with("-M")) {
        // (A fixed database has already removed a value that looks like a
        // source, such as the 32 of `-maxrregcount 32`.)
        bool HasValue =
            I + 1 < Args.size() && !llvm::StringRef(Args[I + 1]).starts_with("-");
        Out.Dropped.push_back(A.str() + (HasValue ? " " + Next() : ""));
        continue;
      }
      Out.Args.push_back(A.str());
      continue;
    }
    // nvcc only from here on.
    if (A == "-Xcompiler" || A == "--compiler-options") {
      // Host compiler flags: keep the ones that change what the source means.
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      std::string Value = Next(); // the parts point into it
      llvm::StringRef(Value).split(Parts, ',');
      for (llvm::StringRef P : Parts)
        if (P.starts_with("-D") || P.starts_with("-U") || P.starts_with("-I") ||
            P.starts_with("-std="))
          Out.Args.push_back(P.str());
      continue;
    }
    if (A.starts_with("-Xcompiler=") || A.starts_with("--compiler-options="))
      continue;
    if (A == "-I" || A == "-D" || A == "-U" || A == "-isystem" ||
        A == "-include" || A == "--include-path" || A == "--define-macro" ||
        A == "--undefine-macro" || A == "--system-include" ||
        A == "--pre-include" || A == "-iquote") {
      std::string V = Next();
      std::string Flag = A == "--include-path"     ? "-I"
                         : A == "--define-macro"   ? "-D"
                         : A == "--undefine-macro" ? "-U"
                         : A == "--system-include" ? "-isystem"
                         : A == "--pre-include"    ? "-include"
                                                   : A.str();
      Out.Args.push_back(Flag);
      Out.Args.push_back(V);
      continue;
    }
    if (A.starts_with("--include-path=") || A.starts_with("--define-macro=") ||
        A.starts_with("--system-include=")) {
      auto [Flag, V] = A.split('=');
      Out.Args.push_back((Flag == "--include-path"   ? "-I"
                          : Flag == "--define-macro" ? "-D"
                                                     : "-isystem") +
                         V.str());
      continue;
    }
    if (NvccDropWithValue.contains(A)) {
      Next();
      continue;
    }
    if (NvccDropQuiet.contains(A))
      continue;
    if (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") ||
        A.starts_with("-isystem") || A.starts_with("-W") ||
        A.starts_with("-f") || A.starts_with("-m64")) {
      if (!A.starts_with("-W") || A.starts_with("-Wno-"))
        Out.Args.push_back(A.str());
      continue;
    }
    if (A.starts_with("-rdc=") || A.starts_with("--relocatable-device-code=") ||
        A.starts_with("-maxrregcount=") || A.starts_with("--maxrregcount=") ||
        A.starts_with("-ccbin=") || A.starts_with("--compiler-bindir=") ||
        A.starts_with("--diag-suppress=") || A.starts_with("-diag-suppress=") ||
        A.starts_with("-Xptxas=") || A.starts_with("--ptxas-options=") ||
        A.starts_with("--threads=") || A.starts_with("--default-stream=") ||
        A.starts_with("-default-stream=") || A.starts_with("-t=") ||
        A.starts_with("--keep-dir=") || A.starts_with("-o=") ||
        A.starts_with("--output-file=") || A.starts_with("--options-file=") ||
        A.starts_with("-MF"))
      continue;
    if (NvccDropQuiet.contains(A) || A.starts_with("-O"))
      continue;
    if (A.starts_with("@")) {
      // A response file: expanded by the compilation database already, or
      // not readable here.
      Out.Dropped.push_back(A.str());
      continue;
    }
    if (!A.starts_with("-")) {
      Out.Args.push_back(A.str()); // the source file
      continue;
    }
    Out.Dropped.push_back(A.str());
  }
  if (Arch.empty())
    Arch = Options.DefaultArch;
  // What every parse needs, placed before the source file so -x applies.
  std::vector<std::string> Front = {"-x",
                                    "cuda",
                                    "--cuda-device-only",
                                    "--cuda-gpu-arch=" + Arch,
                                    "-resource-dir=" + Options.ResourceDir,
                                    "-Wno-unknown-cuda-version",
                                    "-Wno-unused-command-line-argument",
                                    "-fno-caret-diagnostics",
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
  // Arguments clang does not know (a clang command of another version, an
  // nvcc flag not in the lists above) are dropped and said, not left to
  // fail the parse with "unknown argument".
  {
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
    if (!Unknown.empty()) {
      std::vector<std::string> Kept = {Out.Args.front()};
      for (size_t I = 1; I < Out.Args.size(); ++I)
        if (Unknown.contains(Out.Args[I]))
          Out.Dropped.push_back(Out.Args[I]);
        else
          Kept.push_back(Out.Args[I]);
      Out.Args = std::move(Kept);
    }
  }
  if (!Options.StubbedHeaders.empty()) {
    Front.push_back("-idirafter");
    Front.push_back(Dir + "/missing");
  }
  Out.Args.insert(Out.Args.begin() + 1, Front.begin(), Front.end());
  return Out;
}

clang::tooling::ArgumentsAdjuster
makeCudaAdjuster(const ParseOptions &Options) {
  return [Options](const clang::tooling::CommandLineArguments &Args,
                   llvm::StringRef) {
    return translateCommand(Args, Options).Args;
  };
}

} // namespace warpcheck
