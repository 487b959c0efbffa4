//===--- FinalFixProof.cpp - Layout fixes checked on nvcc's final code ----===//

#include "FinalFixProof.h"

#include "FinalCode.h"
#include "NvccVerifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace warpcheck {

namespace {

/// nvcc's SASS of Text compiled as File would be, or why there is none.
/// The text goes to a file of File's name in a fresh folder, with File's
/// folder searched first for includes (its quoted includes resolve as
/// before); the folder is removed before the SASS is matched, so its lines
/// are matched to File by name (FinalCode.cpp sameFile).
llvm::Expected<std::vector<SassFunction>>
compileEdited(const DriverOptions &Options, const FileAnalysis &Before,
              const std::string &Text) {
  std::string Nvcc = findNvcc(Options.Nvcc, Options.Parse.Headers.ToolkitPath);
  if (Nvcc.empty())
    return llvm::createStringError("nvcc not found");
  llvm::SmallString<256> Folder;
  if (llvm::sys::fs::createUniqueDirectory("warpcheck-fix", Folder))
    return llvm::createStringError("no temporary folder for the edited file");
  llvm::SmallString<256> Copy(Folder);
  llvm::sys::path::append(Copy, llvm::sys::path::filename(Before.File));
  std::error_code EC;
  {
    llvm::raw_fd_ostream Out(Copy, EC);
    if (!EC)
      Out << Text;
  }
  llvm::SmallString<256> Home(Before.File);
  llvm::sys::fs::make_absolute(Home);
  llvm::sys::path::remove_filename(Home);

  const TranslatedCommand &T = Before.Command.Translated.front();
  const clang::tooling::CompileCommand &C = Before.Command.Commands.front();
  NvccJob Job;
  Job.Nvcc = Nvcc;
  Job.File = std::string(Copy);
  Job.Arch = T.Arch;
  Job.Directory = C.Directory;
  Job.Arguments = {("-I" + Home).str()};
  for (std::string &A : userNvccArguments(C, T))
    Job.Arguments.push_back(std::move(A));
  Job.Ptx = false;
  Job.Sass = true;
  CompiledLocalMemory Compiled;
  std::optional<std::string> Failure;
  if (!EC)
    Failure = compileWithNvcc(Job, Compiled);
  llvm::sys::fs::remove(Copy);
  llvm::sys::fs::remove(Folder);
  if (EC)
    return llvm::createStringError("the edited file cannot be written");
  if (Failure)
    return llvm::createStringError(*Failure);
  if (!Compiled.HaveSassLines)
    return llvm::createStringError("no nvdisasm to read the SASS");
  return std::move(Compiled.SassLines);
}

/// Whether the final code issues A's requests as the source does, each at
/// most at the source's cost, though their number is not known: the claim,
/// proven per source request, then holds per final request.
bool samePerRequest(const AccessRecord &A) {
  if (A.Final.Change != "same" || A.Final.PerRequest.empty() ||
      A.Status != "exact")
    return false;
  for (const auto &[Opcode, Wavefronts] : A.Final.PerRequest)
    if (Wavefronts > A.Wavefronts)
      return false;
  return true;
}

} // namespace

FinalFixVerdict judgeOnFinalCode(const FixClaim &Claim,
                                 const std::vector<AccessRecord> &Accesses) {
  uint64_t Total = 0;
  std::set<std::string> Instructions;
  bool Any = false, PerRequestOnly = false;
  for (const AccessRecord &A : Accesses) {
    if (A.Kernel != Claim.Kernel || A.Variable != Claim.Variable)
      continue;
    Any = true;
    Instructions.insert(A.Final.Instructions.begin(),
                        A.Final.Instructions.end());
    if (A.Final.Known) {
      Total += A.Final.Wavefronts;
      continue;
    }
    if (!samePerRequest(A))
      return {FinalFixVerdict::Unknown,
              llvm::formatv("line {0}: {1}", A.Line, A.Final.Reason)};
    PerRequestOnly = true;
  }
  if (!Any)
    return {FinalFixVerdict::Unknown, "no access of the array was analyzed"};
  std::string Opcodes = llvm::join(Instructions, ", ");
  if (PerRequestOnly && Total == 0)
    return {FinalFixVerdict::Holds,
            llvm::formatv("{0}, each request as the source's", Opcodes)};
  if (PerRequestOnly)
    return {FinalFixVerdict::Unknown,
            "some counts of the final code are not known"};
  if (Total > Claim.TotalWavefronts)
    return {FinalFixVerdict::Fails,
            llvm::formatv("nvcc's code for the edited layout ({0}) takes {1} "
                          "wavefronts, not {2}",
                          Opcodes, Total, Claim.TotalWavefronts)};
  return {FinalFixVerdict::Holds,
          llvm::formatv("{0}: {1} wavefronts", Opcodes, Total)};
}

std::vector<FinalFixVerdict>
proveOnFinalCode(const DriverOptions &Options, const FileAnalysis &Before,
                 const std::string &EditedMain, bool HeadersEdited,
                 const FileAnalysis &Proof,
                 const std::vector<const FixClaim *> &Claims) {
  auto All = [&](FinalFixVerdict V) {
    return std::vector<FinalFixVerdict>(Claims.size(), V);
  };
  if (HeadersEdited)
    return All({FinalFixVerdict::Unknown, "the fix edits a header"});
  // A listing given with --sass-file is the original's, and without nvcc
  // the file's note says so once: the caveat under a widened access
  // (AnalyzeFile.cpp qualifyFixNote) speaks for the fix.
  if (!Options.SassFile.empty() ||
      findNvcc(Options.Nvcc, Options.Parse.Headers.ToolkitPath).empty())
    return All({FinalFixVerdict::Unknown, ""});
  auto Sass = compileEdited(Options, Before, EditedMain);
  if (!Sass)
    return All({FinalFixVerdict::Unknown, llvm::toString(Sass.takeError())});
  std::vector<AccessRecord> Accesses = Proof.Report.Accesses;
  matchFinalCode(Accesses, Proof.Report.Kernels, *Sass);
  std::vector<FinalFixVerdict> Out;
  for (const FixClaim *Claim : Claims)
    Out.push_back(judgeOnFinalCode(*Claim, Accesses));
  return Out;
}

} // namespace warpcheck
