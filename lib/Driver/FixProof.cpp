//===--- FixProof.cpp - Layout fixes kept only when re-analysis agrees ----===//

#include "FixProof.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

namespace {

/// One finding that carries a layout fix, and what its note claims.
struct Candidate {
  ClangTidyError *Finding;
  const FixClaim *Claim;
  std::string Where; // file:line:column, for the note
};

/// Sums the predicted wavefronts of one array in one kernel.
uint64_t arrayWavefronts(const AnalysisReport &R, const std::string &Kernel,
                         const std::string &Variable) {
  uint64_t Total = 0;
  for (const AccessRecord &A : R.Accesses)
    if (A.Kernel == Kernel && A.Variable == Variable)
      Total += A.TotalWavefronts;
  return Total;
}

/// "error: ..." without the location, which an edit may move.
std::string errorMessage(const std::string &Line) {
  size_t At = Line.find(": error: ");
  return At == std::string::npos ? Line : Line.substr(At);
}

/// The texts of the main file and of the other files (headers, by absolute
/// path) with the edits of every candidate in Group, or why they cannot be
/// applied together.
struct EditedFiles {
  std::string Main;
  std::map<std::string, std::string> Others;
};
llvm::Expected<EditedFiles> editedText(const std::string &File,
                                       llvm::ArrayRef<Candidate *> Group) {
  // By file: "" is the main file.
  std::map<std::string, tooling::Replacements> ByFile;
  ByFile[""];
  for (const Candidate *C : Group)
    for (const auto &[Path, Replacements] : C->Finding->Message.Fix) {
      std::string Key;
      if (!llvm::sys::fs::equivalent(Path, File)) {
        llvm::SmallString<256> Abs(Path);
        if (llvm::sys::fs::make_absolute(Abs))
          return llvm::createStringError("the edit touches a file without "
                                         "an absolute path");
        Key = std::string(Abs);
      }
      tooling::Replacements &All = ByFile[Key];
      for (const tooling::Replacement &R : Replacements)
        if (llvm::Error E = All.add(R))
          return std::move(E);
    }
  EditedFiles Out;
  for (const auto &[Key, All] : ByFile) {
    auto Buf = llvm::MemoryBuffer::getFile(Key.empty() ? File : Key);
    if (!Buf)
      return llvm::createStringError(Key.empty()
                                         ? "the file cannot be read"
                                         : "the edited header cannot be read");
    auto Text = tooling::applyAllReplacements((*Buf)->getBuffer(), All);
    if (!Text)
      return Text.takeError();
    (Key.empty() ? Out.Main : Out.Others[Key]) = std::move(*Text);
  }
  return Out;
}

/// Analyzes the file with the edits of Group and returns, per candidate, why
/// its claim does not hold ("" when it holds).
std::vector<std::string> check(const DriverOptions &Options,
                               const FileAnalysis &Before,
                               llvm::ArrayRef<Candidate *> Group) {
  std::vector<std::string> Why(Group.size());
  auto Fail = [&](std::string Reason) {
    for (std::string &W : Why)
      W = Reason;
    return Why;
  };
  llvm::Expected<EditedFiles> Code = editedText(Before.File, Group);
  if (!Code) {
    std::string Reason = llvm::toString(Code.takeError());
    return Fail(Reason.rfind("the ", 0) == 0 ? Reason
                                             : "the edit does not apply");
  }
  // Only what the claims are about: the bank-conflict check, no fixes.
  DriverOptions Again = Options;
  Again.Overrides.Checks = "-*,warpcheck-shared-bank-conflict";
  Again.Overrides.CheckOptions["warpcheck-shared-bank-conflict.FixStyle"] =
      ClangTidyOptions::ClangTidyValue("none");
  Again.VerifyPtx = false;
  Again.PtxFile = Again.PtxasLog = "";
  // Each of the file's commands as the first analysis resolved it, parsed
  // on its own: a claim is about one parse, and the sum over two commands
  // (an -D variant) would never match it.
  std::vector<std::unique_ptr<FileAnalysis>> Proofs;
  std::string FirstError;
  size_t Commands = Before.Command.Commands.size();
  for (size_t C = 0; C < std::max<size_t>(Commands, 1); ++C) {
    FileCommand One = Before.Command;
    if (Commands > 1)
      One = {{Before.Command.Commands[C]}, {Before.Command.Translated[C]}};
    Proofs.push_back(analyzeOne(Again, One, Before.File, &Code->Main,
                                &Code->Others, Before.Report.Siblings));
    if (FirstError.empty())
      FirstError = Proofs.back()->ErrorLine;
  }
  // The same errors as before (host code clang rejects), wherever the edit
  // moved them.
  if (errorMessage(FirstError) != errorMessage(Before.ErrorLine))
    return Fail("the edited source does not compile");
  for (size_t I = 0; I < Group.size(); ++I) {
    const FixClaim &Claim = *Group[I]->Claim;
    for (const auto &Proof : Proofs) {
      uint64_t Got =
          arrayWavefronts(Proof->Report, Claim.Kernel, Claim.Variable);
      if (Got != Claim.TotalWavefronts) {
        Why[I] = "the edited source analyzes to " + std::to_string(Got) +
                 " wavefronts, not " + std::to_string(Claim.TotalWavefronts);
        break;
      }
    }
  }
  return Why;
}

} // namespace

unsigned proveLayoutFixes(const DriverOptions &Options, FileAnalysis &R) {
  std::vector<Candidate> Candidates;
  auto Withhold = [&](ClangTidyError &E, const std::string &Where,
                      const std::string &Why, const FixClaim *Claim) {
    E.Message.Fix.clear();
    R.Notes.push_back(Where + ": note: layout fix withheld: " + Why);
    // No bank map after a fix that is not offered.
    for (AccessRecord &A : R.Report.Accesses)
      if (Claim && A.Kernel == Claim->Kernel && A.Variable == Claim->Variable &&
          !A.WorstRequest.FixLayout.empty()) {
        A.WorstRequest.FixLayout.clear();
        A.WorstRequest.FixReason =
            "no lane map after the fix: layout fix withheld: " + Why;
      }
  };
  for (ClangTidyError &E : R.Findings) {
    if (E.Message.Fix.empty() ||
        E.DiagnosticName != "warpcheck-shared-bank-conflict")
      continue;
    auto [Line, Column] = lineColumn(E.Message.FilePath, E.Message.FileOffset);
    std::string Where = E.Message.FilePath + ":" + std::to_string(Line) +
                        ":" + std::to_string(Column);
    const FixClaim *Claim = nullptr;
    for (const FixClaim &C : R.Report.FixClaims)
      if (C.Line == Line && C.Column == Column &&
          llvm::sys::path::filename(C.File) ==
              llvm::sys::path::filename(E.Message.FilePath))
        Claim = &C;
    if (!Claim)
      Withhold(E, Where, "no claim to check", nullptr);
    else
      Candidates.push_back({&E, Claim, Where});
  }
  if (Candidates.empty())
    return 0;

  // Every fix at once; then, alone, each one that did not hold together,
  // up to the budget: each such proof re-analyzes the whole file, so a file
  // whose fixes all fail together would cost one run per array.
  std::vector<Candidate *> All;
  for (Candidate &C : Candidates)
    All.push_back(&C);
  unsigned Runs = 1;
  std::vector<std::string> Why = check(Options, R, All);
  for (size_t I = 0; I < All.size(); ++I) {
    if (Why[I].empty())
      continue;
    if (All.size() > 1 && Runs > MaxSoloProofs)
      Why[I] = "with the other fixes applied, " + Why[I] +
               "; not proven alone: the proof budget of " +
               std::to_string(MaxSoloProofs) + " re-analyses was reached";
    else if (All.size() > 1) {
      ++Runs;
      Why[I] = check(Options, R, {All[I]}).front();
    }
    if (!Why[I].empty())
      Withhold(*All[I]->Finding, All[I]->Where, Why[I], All[I]->Claim);
  }
  return Runs;
}

} // namespace warpcheck
