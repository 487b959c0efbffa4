//===--- FixProof.cpp - Layout fixes kept only when re-analysis agrees ----===//

#include "FixProof.h"

#include "FinalFixProof.h"
#include "LayoutProposal.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstring>
#include <map>

using namespace clang;
using namespace clang::tidy;

namespace warpcheck {

namespace {

/// One layout fix and what it claims: the chosen one on its finding, or
/// the alternative (no finding; its edit is the claim's).
struct Candidate {
  ClangTidyError *Finding;
  FixClaim *Claim;
  std::string Where; // file:line:column, for the note
  /// --verify-sass: what nvcc's code of the edited layout says (FinalFixProof.h).
  std::string FinalNote;
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
                                       const std::string *Contents,
                                       llvm::ArrayRef<Candidate *> Group) {
  // By file: "" is the main file.
  std::map<std::string, tooling::Replacements> ByFile;
  ByFile[""];
  for (const Candidate *C : Group)
    for (const auto &[Path, Replacements] : C->Claim->Edits) {
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
    auto Buf = Key.empty() && Contents
                   ? llvm::MemoryBuffer::getMemBuffer(*Contents)
                   : llvm::MemoryBuffer::getFile(Key.empty() ? File : Key);
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
/// A note under E, at E.
void addNote(ClangTidyError &E, const std::string &Text) {
  tooling::DiagnosticMessage Note(Text);
  Note.FilePath = E.Message.FilePath;
  Note.FileOffset = E.Message.FileOffset;
  E.Notes.push_back(std::move(Note));
}

/// --verify-sass: the claims that held on the source, judged again on nvcc's
/// code of the edited text. One that costs more there fails (Why); the
/// others get their note.
void checkFinalCode(const DriverOptions &Options, const FileAnalysis &Before,
                    const EditedFiles &Code, const FileAnalysis &Proof,
                    llvm::ArrayRef<Candidate *> Group,
                    std::vector<std::string> &Why) {
  std::vector<size_t> Held;
  std::vector<const FixClaim *> Claims;
  for (size_t I = 0; I < Group.size(); ++I)
    if (Why[I].empty()) {
      Held.push_back(I);
      Claims.push_back(Group[I]->Claim);
    }
  if (Claims.empty())
    return;
  std::vector<FinalFixVerdict> Verdicts = proveOnFinalCode(
      Options, Before, Code.Main, !Code.Others.empty(), Proof, Claims);
  for (size_t K = 0; K < Held.size(); ++K) {
    const FinalFixVerdict &V = Verdicts[K];
    Candidate &C = *Group[Held[K]];
    if (V.Outcome == FinalFixVerdict::Fails)
      Why[Held[K]] = V.Why;
    else if (V.Outcome == FinalFixVerdict::Holds)
      C.FinalNote = "the layout fix holds on nvcc's code of the edited "
                    "layout too (" + V.Why + ")";
    else if (!V.Why.empty())
      C.FinalNote = "the layout fix is not proven on nvcc's code of the "
                    "edited layout: " + V.Why;
  }
}

std::vector<std::string> check(const DriverOptions &Options,
                               const FileAnalysis &Before,
                               const std::string *Contents,
                               llvm::ArrayRef<Candidate *> Group) {
  std::vector<std::string> Why(Group.size());
  auto Fail = [&](std::string Reason) {
    for (std::string &W : Why)
      W = Reason;
    return Why;
  };
  llvm::Expected<EditedFiles> Code = editedText(Before.File, Contents, Group);
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
  if (Options.VerifySass)
    checkFinalCode(Options, Before, *Code, *Proofs.front(), Group, Why);
  return Why;
}

/// Proves Group together, then alone each one that failed, while the
/// budget of solo runs lasts; Withhold is called for each that fails, and
/// the others are marked proven. Returns the re-analyses run.
template <typename WithholdFn>
unsigned proveGroup(const DriverOptions &Options, const FileAnalysis &R,
                    const std::string *Contents, std::vector<Candidate *> Group,
                    unsigned &Solo, WithholdFn Withhold) {
  if (Group.empty())
    return 0;
  unsigned Runs = 1;
  std::vector<std::string> Why = check(Options, R, Contents, Group);
  for (size_t I = 0; I < Group.size(); ++I) {
    if (Why[I].empty()) {
      Group[I]->Claim->Proven = true;
      continue;
    }
    if (Group.size() > 1 && Solo >= MaxSoloProofs)
      Why[I] = "with the other fixes applied, " + Why[I] +
               "; not proven alone: the proof budget of " +
               std::to_string(MaxSoloProofs) + " re-analyses was reached";
    else if (Group.size() > 1) {
      ++Runs;
      ++Solo;
      Why[I] = check(Options, R, Contents, {Group[I]}).front();
    }
    if (Why[I].empty())
      Group[I]->Claim->Proven = true;
    else
      Withhold(*Group[I], Why[I]);
  }
  for (Candidate *C : Group)
    if (C->Claim->Proven && C->Finding && !C->FinalNote.empty())
      addNote(*C->Finding, C->FinalNote);
  return Runs;
}

/// No bank map after a fix that is not offered (AccessRecord::WorstRequest).
void dropFixMaps(FileAnalysis &R, const FixClaim &Claim,
                 const std::string &Why) {
  for (AccessRecord &A : R.Report.Accesses)
    if (A.Kernel == Claim.Kernel && A.Variable == Claim.Variable &&
        !A.WorstRequest.FixLayout.empty()) {
      A.WorstRequest.FixLayout.clear();
      A.WorstRequest.FixReason =
          "no lane map after the fix: layout fix withheld: " + Why;
    }
}

} // namespace

unsigned proveLayoutFixes(const DriverOptions &Options, FileAnalysis &R,
                          const std::string *Contents) {
  std::vector<Candidate> Chosen, Alternatives;
  auto Withhold = [&](ClangTidyError &E, const std::string &Where,
                      const std::string &Why, const FixClaim *Claim) {
    E.Message.Fix.clear();
    if (Claim)
      dropFixMaps(R, *Claim, Why);
    // The layout's note no longer says --fix applies it, and no line is
    // told to take its edit.
    for (tooling::DiagnosticMessage &Note : E.Notes) {
      size_t At = Note.Message.rfind(AppliedByFix);
      if (At != std::string::npos)
        Note.Message.erase(At, std::strlen(AppliedByFix));
    }
    llvm::erase_if(E.Notes, [](const tooling::DiagnosticMessage &Note) {
      return llvm::StringRef(Note.Message).starts_with(SameEditHere);
    });
    R.Notes.push_back(Where + ": note: layout fix withheld: " + Why);
  };
  for (ClangTidyError &E : R.Findings) {
    if (E.Message.Fix.empty() ||
        E.DiagnosticName != "warpcheck-shared-bank-conflict")
      continue;
    // By offset: the file on disk may not be the text analyzed (LSP).
    FixClaim *Claim = nullptr;
    for (FixClaim &C : R.Report.FixClaims)
      if (C.Preferred && C.Offset == E.Message.FileOffset &&
          llvm::sys::path::filename(C.File) ==
              llvm::sys::path::filename(E.Message.FilePath))
        Claim = &C;
    std::string Where =
        E.Message.FilePath + ":" +
        (Claim
             ? std::to_string(Claim->Line) + ":" + std::to_string(Claim->Column)
             : "offset " + std::to_string(E.Message.FileOffset));
    if (!Claim) {
      Withhold(E, Where, "no claim to check", nullptr);
      continue;
    }
    // The edit proven, offered and applied is the warning's.
    Claim->Edits.clear();
    for (const auto &[Path, Replacements] : E.Message.Fix)
      Claim->Edits[Path.str()] = Replacements;
    Chosen.push_back({&E, Claim, Where});
  }
  if (Options.ProveAlternativeFixes)
    for (FixClaim &C : R.Report.FixClaims)
      if (!C.Preferred && llvm::any_of(Chosen, [&](const Candidate &P) {
            return P.Claim->Line == C.Line && P.Claim->Column == C.Column &&
                   P.Claim->File == C.File;
          }))
        Alternatives.push_back({nullptr, &C, ""});

  // Every chosen fix at once; then, alone, each one that did not hold
  // together, up to the budget: each such proof re-analyzes the whole
  // file, so a file whose fixes all fail together would cost one run per
  // array. The alternatives likewise, in a run of their own: an array's
  // two layouts never apply together.
  auto Pointers = [](std::vector<Candidate> &Cs) {
    std::vector<Candidate *> P;
    for (Candidate &C : Cs)
      P.push_back(&C);
    return P;
  };
  unsigned Solo = 0;
  unsigned Runs = proveGroup(Options, R, Contents, Pointers(Chosen), Solo,
                             [&](Candidate &C, const std::string &Why) {
                               Withhold(*C.Finding, C.Where, Why, C.Claim);
                               C.Claim->Edits.clear();
                             });
  // An alternative that fails is not offered; nothing else says it.
  Runs += proveGroup(
      Options, R, Contents, Pointers(Alternatives), Solo,
      [](Candidate &C, const std::string &) { C.Claim->Edits.clear(); });
  return Runs;
}

} // namespace warpcheck
