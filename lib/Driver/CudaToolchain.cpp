//===--- CudaToolchain.cpp - How warpcheck parses CUDA --------------------===//

#include "CudaToolchain.h"

#include "BoundedInput.h"
#include "LaunchSpelling.h"

#include "llvm/ADT/StringRef.h"
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
makeWarpcheckFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                        SourceView View) {
  // A physical file system of its own: ClangTool sets the working directory
  // of each compile command on it, and the process-wide one would chdir,
  // under the feet of the other threads at -j.
  if (!Base)
    Base = llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
        llvm::vfs::createPhysicalFileSystem().release());
  // Every file a parse opens (#include, -include, the source) is a regular
  // file of at most SourceBytes: a FIFO would block the open, a link to
  // /dev/zero would be read until memory runs out.
  // Launches spelled `k<< <g, b>> >()`, which nvcc accepts, are given to
  // clang joined (LaunchSpelling.h).
  auto Bounded = makeBoundedFileSystem(limits::SourceBytes, std::move(Base));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      View == SourceView::Parse ? makeLaunchSpellingFileSystem(Bounded)
                                : Bounded);
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

} // namespace warpcheck
