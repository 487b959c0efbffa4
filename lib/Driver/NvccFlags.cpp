//===--- NvccFlags.cpp - nvcc's flags, described once ---------------------===//

#include "NvccFlags.h"

#include "CudaToolchain.h"

namespace warpcheck {
namespace {

using A = NvccAction;

/// A flag with a value that is dropped; a clang command drops it too (with
/// a note), so that its value is not read as a source.
constexpr NvccFlag dropValue(llvm::StringLiteral S, const char *Why,
                             bool ClangHasIt = false) {
  return {S, true, A::Drop, "", ClangHasIt, ToNvcc::No, Why};
}
constexpr NvccFlag drop(llvm::StringLiteral S, const char *Why) {
  return {S, false, A::Drop, "", false, ToNvcc::No, Why};
}
constexpr NvccFlag keep(llvm::StringLiteral S, llvm::StringLiteral Clang,
                        ToNvcc Back, const char *Why) {
  return {S, true, A::Keep, Clang, false, Back, Why};
}
constexpr NvccFlag with(llvm::StringLiteral S, NvccAction Action,
                        bool TakesValue, const char *Why) {
  return {S, TakesValue, Action, "", false, ToNvcc::No, Why};
}

constexpr const char *HostCompiler = "the host compiler";
constexpr const char *Output = "where output goes";
constexpr const char *Dependencies = "dependency files";
constexpr const char *Ptxas = "options of ptxas, after the parse";
constexpr const char *Link = "linking";
constexpr const char *CodeGen = "code generation, not what the source means";
constexpr const char *Diagnostics = "nvcc's own diagnostics";

const NvccFlag Flags[] = {
    // The architecture and the language.
    with("-arch", A::Arch, true, "GPU architecture"),
    with("--gpu-architecture", A::Arch, true, "GPU architecture"),
    with("-gencode", A::Arch, true, "GPU architecture (arch=compute_NN)"),
    with("--generate-code", A::Arch, true,
         "GPU architecture (arch=compute_NN)"),
    with("-code", A::GpuCode, true, "embedded binaries; -arch decides"),
    with("--gpu-code", A::GpuCode, true, "embedded binaries; -arch decides"),
    with("-x", A::Language, true, "input language; warpcheck parses CUDA"),
    with("-std", A::Std, true, "C++ standard"),
    with("--std", A::Std, true, "C++ standard"),
    // What the source means.
    keep("-I", "-I", ToNvcc::SeparateOrJoined, "include directory"),
    keep("--include-path", "-I", ToNvcc::No, "include directory"),
    keep("-D", "-D", ToNvcc::SeparateOrJoined, "macro definition"),
    keep("--define-macro", "-D", ToNvcc::No, "macro definition"),
    keep("-U", "-U", ToNvcc::SeparateOrJoined, "macro undefinition"),
    keep("--undefine-macro", "-U", ToNvcc::No, "macro undefinition"),
    keep("-isystem", "-isystem", ToNvcc::Separate, "system include directory"),
    keep("--system-include", "-isystem", ToNvcc::No,
         "system include directory"),
    keep("-include", "-include", ToNvcc::Separate, "header included first"),
    keep("--pre-include", "-include", ToNvcc::No, "header included first"),
    keep("-iquote", "-iquote", ToNvcc::No, "quoted include directory"),
    keep("-ftemplate-depth", "-ftemplate-depth=", ToNvcc::No,
         "template instantiation depth (capped, capDepthFlags)"),
    keep("--ftemplate-depth", "-ftemplate-depth=", ToNvcc::No,
         "template instantiation depth (capped, capDepthFlags)"),
    with("-Xcompiler", A::HostOptions, true,
         "host compiler options; their -D, -U, -I, -std= are kept"),
    with("--compiler-options", A::HostOptions, true,
         "host compiler options; their -D, -U, -I, -std= are kept"),
    // Dropped, with a value.
    dropValue("-ccbin", HostCompiler),
    dropValue("--compiler-bindir", HostCompiler),
    dropValue("-o", Output),
    dropValue("--output-file", Output),
    dropValue("-odir", Output),
    dropValue("--keep-dir", Output),
    dropValue("-keep-dir", Output),
    // Read before the translation (expandOptionsFiles); one left here is
    // dropped with its value.
    dropValue("--options-file", "options files are read before"),
    dropValue("-optf", "options files are read before"),
    dropValue("-MF", Dependencies, /*ClangHasIt=*/true),
    dropValue("-MT", Dependencies, /*ClangHasIt=*/true),
    dropValue("-MQ", Dependencies, /*ClangHasIt=*/true),
    dropValue("--dependency-output", Dependencies),
    dropValue("-Xptxas", Ptxas),
    dropValue("--ptxas-options", Ptxas),
    dropValue("-maxrregcount", Ptxas),
    dropValue("--maxrregcount", Ptxas),
    dropValue("-Xnvlink", Link),
    dropValue("--nvlink-options", Link),
    dropValue("-Xfatbin", Link),
    dropValue("--fatbin-options", Link),
    dropValue("-Xarchive", Link),
    dropValue("-Xlinker", Link),
    dropValue("--linker-options", Link),
    dropValue("-cudart", Link),
    dropValue("--cudart", Link),
    dropValue("-rdc", "relocatable device code; warpcheck parses with "
                      "-fgpu-rdc always"),
    dropValue("--relocatable-device-code",
              "relocatable device code; warpcheck parses with -fgpu-rdc "
              "always"),
    dropValue("-Xcudafe", Diagnostics),
    dropValue("--diag-suppress", Diagnostics),
    dropValue("-diag-suppress", Diagnostics),
    dropValue("--threads", "nvcc's parallelism"),
    dropValue("-t", "nvcc's parallelism"),
    dropValue("--default-stream", "the runtime's default stream"),
    dropValue("-default-stream", "the runtime's default stream"),
    // Dropped, alone.
    drop("-dc", "compile for relocatable device code (-fgpu-rdc)"),
    drop("-dlto", Link),
    drop("-c", "compile only"),
    drop("--compile", "compile only"),
    drop("-lineinfo", CodeGen),
    drop("--generate-line-info", CodeGen),
    drop("-G", CodeGen),
    drop("--device-debug", CodeGen),
    drop("-g", CodeGen),
    drop("--use_fast_math", CodeGen),
    drop("-use_fast_math", CodeGen),
    drop("--expt-relaxed-constexpr", "clang allows it always"),
    drop("-expt-relaxed-constexpr", "clang allows it always"),
    drop("--expt-extended-lambda", "clang allows it always"),
    drop("-expt-extended-lambda", "clang allows it always"),
    drop("--extended-lambda", "clang allows it always"),
    drop("-extended-lambda", "clang allows it always"),
    drop("-MD", Dependencies),
    drop("-MMD", Dependencies),
    drop("-M", Dependencies),
    drop("-MM", Dependencies),
    drop("-w", Diagnostics),
    dropValue("-Werror", Diagnostics), // -Werror all-warnings
    dropValue("--Werror", Diagnostics),
    drop("-Wno-deprecated-gpu-targets", Diagnostics),
    drop("--keep", Output),
    drop("-keep", Output),
    drop("-dw", Output),
    drop("--resource-usage", Ptxas),
    drop("-src-in-ptx", CodeGen),
    drop("--source-in-ptx", CodeGen),
    drop("-forward-unknown-to-host-compiler", HostCompiler),
    drop("--forward-unknown-to-host-compiler", HostCompiler),
    drop("-fPIC", CodeGen),
    drop("-fpic", CodeGen),
    drop("-pipe", CodeGen),
    with("-v", A::Chatter, false, "driver output"),
    with("--verbose", A::Chatter, false, "driver output"),
    with("-###", A::Chatter, false, "driver output"),
};

constexpr const char *FromHelp = "nvcc's own (nvcc --help)";

/// Every option of `nvcc --help` (NvccOptions.inc, generated by
/// scripts/nvcc-options.py): one Flags gives no meaning of its own is
/// dropped, with its value when it takes one, so that the value is never
/// read as a source (`-optf tile.opts`, `--machine 64`).
const NvccFlag HelpFlags[] = {
#define NVCC_OPTION(Long, Short, TakesValue, Section)                          \
  {Long, TakesValue, A::Drop, "", false, ToNvcc::No, FromHelp},                \
      {Short, TakesValue, A::Drop, "", false, ToNvcc::No, FromHelp},
#include "NvccOptions.inc"
#undef NVCC_OPTION
};

/// Clang-style joined arguments of an nvcc command, by prefix, the first
/// that matches.
const struct {
  llvm::StringLiteral Prefix;
  bool Keep;
} JoinedPrefixes[] = {
    {"-I", true},    {"-D", true},  {"-U", true}, {"-isystem", true},
    {"-Wno-", true}, {"-W", false}, {"-f", true}, {"-m64", true},
    {"-MF", false},  {"-O", false},
};

} // namespace

llvm::ArrayRef<NvccFlag> nvccFlags() { return Flags; }

llvm::ArrayRef<NvccFlag> nvccHelpFlags() { return HelpFlags; }

const NvccFlag *findNvccFlag(llvm::StringRef Arg, llvm::StringRef &Value,
                             bool &Joined) {
  Joined = false;
  for (llvm::ArrayRef<NvccFlag> Table : {nvccFlags(), nvccHelpFlags()})
    for (const NvccFlag &F : Table) {
      if (Arg == F.Spelling)
        return &F;
      llvm::StringRef Rest = Arg;
      if (F.TakesValue && Rest.consume_front(F.Spelling) &&
          Rest.consume_front("=")) {
        Value = Rest;
        Joined = true;
        return &F;
      }
    }
  return nullptr;
}

std::optional<bool> keepJoinedNvccArgument(llvm::StringRef Arg) {
  for (const auto &P : JoinedPrefixes)
    if (Arg.starts_with(P.Prefix))
      return P.Keep;
  return std::nullopt;
}

std::vector<std::string>
nvccArgumentsOf(const std::vector<std::string> &ClangArgs) {
  // warpcheck's in-memory headers (BuiltinIncludeDir) and its prelude.
  auto Ours = [](llvm::StringRef V) {
    return V.contains("/warpcheck-builtin") ||
           V == "warpcheck_cuda_prelude.h" || V == "warpcheck_cuda_extras.h";
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < ClangArgs.size(); ++I) {
    llvm::StringRef Arg = ClangArgs[I];
    const NvccFlag *Separate = nullptr, *Joined = nullptr;
    for (const NvccFlag &F : Flags) {
      if (F.Action != NvccAction::Keep || F.ToNvcc == ToNvcc::No)
        continue;
      if (Arg == F.Spelling)
        Separate = &F;
      else if (F.ToNvcc == ToNvcc::SeparateOrJoined &&
               Arg.starts_with(F.Spelling))
        Joined = &F;
    }
    if (Separate && I + 1 < ClangArgs.size()) {
      llvm::StringRef Value = ClangArgs[++I];
      if (!Ours(Value)) {
        Out.push_back(Arg.str());
        Out.push_back(Value.str());
      }
    } else if ((Joined || Arg.starts_with("-std=")) && !Ours(Arg)) {
      Out.push_back(Arg.str());
    }
  }
  return Out;
}

} // namespace warpcheck
