//===--- SassReader.cpp - Shared-memory instructions of the final code ----===//

#include "SassReader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

#include <map>

namespace warpcheck {

SassInstruction classifySassOpcode(llvm::StringRef Opcode) {
  SassInstruction I;
  I.Opcode = Opcode.str();
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  llvm::StringRef Base = Parts.front();
  I.Kind = llvm::StringSwitch<SassMemKind>(Base)
               .Cases("LDS", "LDSM", SassMemKind::SharedLoad)
               .Cases("STS", "STSM", "LDGSTS", SassMemKind::SharedStore)
               .Case("ATOMS", SassMemKind::SharedAtomic)
               .Case("LDL", SassMemKind::LocalLoad)
               .Case("STL", SassMemKind::LocalStore)
               .Default(SassMemKind::None);
  if (I.Kind == SassMemKind::None)
    return I;
  // ldmatrix/stmatrix move 8x8 tiles: no per-lane width.
  bool Matrix = Base == "LDSM" || Base == "STSM";
  I.WidthBytes = Matrix ? 0 : 4;
  for (llvm::StringRef M : llvm::ArrayRef<llvm::StringRef>(Parts).drop_front()) {
    unsigned W = llvm::StringSwitch<unsigned>(M)
                     .Cases("U8", "S8", 1)
                     .Cases("U16", "S16", 2)
                     .Case("32", 4)
                     .Case("64", 8)
                     .Case("128", 16)
                     .Default(0);
    if (W && !Matrix)
      I.WidthBytes = W;
    if (M == "CAS" || M == "CAST")
      I.CompareAndSwap = true;
  }
  return I;
}

namespace {

/// `//## File "a.cu", line 7 inlined at "b.cu", line 9`: one or two frames.
bool parseMarker(llvm::StringRef Line, std::vector<SassFrame> &Out) {
  static const llvm::Regex Marker(
      "//## File \"([^\"]*)\", line ([0-9]+)"
      "( inlined at \"([^\"]*)\", line ([0-9]+))?");
  llvm::SmallVector<llvm::StringRef, 6> M;
  if (!Marker.match(Line, &M))
    return false;
  SassFrame F{M[1].str(), 0};
  M[2].getAsInteger(10, F.Line);
  Out.push_back(F);
  if (!M[3].empty()) {
    SassFrame Caller{M[4].str(), 0};
    M[5].getAsInteger(10, Caller.Line);
    Out.push_back(Caller);
  }
  return true;
}

/// The function a header line opens: nvdisasm's `.text.NAME:` or
/// cuobjdump's `Function : NAME`; empty for any other line.
std::string functionOf(llvm::StringRef Line) {
  llvm::StringRef T = Line.trim();
  if (T.consume_front(".text.") && T.consume_back(":"))
    return T.str();
  static const llvm::Regex Cuobjdump("^[ \t]*Function : ([A-Za-z0-9_$.]+)");
  llvm::SmallVector<llvm::StringRef, 2> M;
  if (Cuobjdump.match(Line, &M))
    return M[1].str();
  return "";
}

} // namespace

bool runsOncePerWarp(const SassFunction &F, const SassInstruction &I) {
  if (!F.HasControlFlow || !I.Predicate.empty())
    return false;
  for (const SassJump &J : F.Jumps) {
    uint64_t Lo = std::min(J.From, J.To), Hi = std::max(J.From, J.To);
    // Forward over I, or back to I or before it from after it (a loop).
    if (J.From < J.To ? (Lo < I.Offset && I.Offset < Hi)
                      : (Lo <= I.Offset && I.Offset < Hi))
      return false;
  }
  return llvm::none_of(F.Exits, [&](uint64_t E) { return E < I.Offset; });
}

std::optional<SassJump> onceEachIteration(const SassFunction &F,
                                          const SassInstruction &I) {
  if (!F.HasControlFlow || !I.Predicate.empty())
    return std::nullopt;
  auto Encloses = [&](const SassJump &J) {
    return J.To <= I.Offset && I.Offset < J.From;
  };
  if (llvm::count_if(F.Jumps, Encloses) != 1)
    return std::nullopt;
  SassJump Back = *llvm::find_if(F.Jumps, Encloses);
  for (const SassJump &J : F.Jumps) {
    if (J.From == Back.From && J.To == Back.To)
      continue;
    bool OverWholeLoop = J.From < Back.To && J.To > Back.From;
    bool OverI = J.From < I.Offset && I.Offset < J.To;
    bool IntoRest = J.To > I.Offset && J.To <= Back.From &&
                    (J.From < I.Offset || J.From > Back.From);
    if ((OverI && !OverWholeLoop) || IntoRest)
      return std::nullopt;
  }
  if (llvm::any_of(F.Exits, [&](uint64_t E) {
        return Back.To <= E && E < I.Offset;
      }))
    return std::nullopt;
  return Back;
}

bool mayRepeat(const SassFunction &F, const SassInstruction &I) {
  if (!F.HasControlFlow)
    return true;
  return llvm::any_of(F.Jumps, [&](const SassJump &J) {
    return J.To <= I.Offset && I.Offset < J.From;
  });
}

namespace {

/// Branch targets by label, resolved once the function is read.
struct PendingFlow {
  std::map<std::string, uint64_t> Labels;
  std::vector<std::string> Unplaced;
  std::vector<std::pair<uint64_t, std::string>> Branches;

  void resolve(SassFunction &F) {
    for (auto &[From, Label] : Branches)
      if (auto It = Labels.find(Label); It != Labels.end())
        F.Jumps.push_back({From, It->second});
    *this = PendingFlow();
  }
};

} // namespace

std::vector<SassFunction> parseSassListing(llvm::StringRef Text) {
  static const llvm::Regex Instr("/\\*([0-9a-fA-F]+)\\*/[ \t]+"
                                 "(@!?U?P[0-9T]+[ \t]+)?([A-Z][A-Z0-9_.]*)");
  static const llvm::Regex Target("`\\(([^)]+)\\)");
  PendingFlow Flow;
  std::vector<SassFunction> Result;
  // The position before the next instruction, innermost first; Open while
  // its last marker said "inlined at" and the caller's marker may follow.
  std::vector<SassFrame> Current;
  bool Open = false;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  llvm::SmallVector<llvm::StringRef, 4> M;
  for (llvm::StringRef Line : Lines) {
    std::string Name = functionOf(Line);
    if (!Name.empty()) {
      // nvdisasm names a function twice (section and label): once is enough.
      if (Result.empty() || Result.back().Name != Name) {
        if (!Result.empty())
          Flow.resolve(Result.back());
        Result.push_back({Name, {}});
      }
      Current.clear();
      Open = false;
      continue;
    }
    std::vector<SassFrame> Frames;
    if (parseMarker(Line, Frames)) {
      // `a inlined at b` then `b inlined at c` then `c`: one chain. Any
      // other marker is a new position.
      if (Open && Current.back() == Frames.front())
        Current.insert(Current.end(), Frames.begin() + 1, Frames.end());
      else
        Current = Frames;
      Open = Frames.size() > 1;
      continue;
    }
    llvm::StringRef Trimmed = Line.trim();
    if (Trimmed.starts_with(".L") && Trimmed.ends_with(":")) {
      Flow.Unplaced.push_back(Trimmed.drop_back().str());
      continue;
    }
    if (Result.empty() || !Instr.match(Line, &M))
      continue;
    Open = false;
    uint64_t Offset = 0;
    M[1].getAsInteger(16, Offset);
    for (std::string &L : Flow.Unplaced)
      Flow.Labels[L] = Offset;
    Flow.Unplaced.clear();
    llvm::StringRef Op = M[3];
    if (Op == "BRA" || Op.starts_with("BRA.") || Op == "EXIT") {
      Result.back().HasControlFlow = true;
      llvm::SmallVector<llvm::StringRef, 2> T;
      if (Op == "EXIT")
        Result.back().Exits.push_back(Offset);
      else if (Target.match(Line, &T))
        Flow.Branches.push_back({Offset, T[1].str()});
      continue;
    }
    SassInstruction I = classifySassOpcode(Op);
    if (I.Kind == SassMemKind::None)
      continue;
    I.Offset = Offset;
    I.Predicate = M[2].trim().str();
    I.Frames = Current;
    Result.back().Instructions.push_back(std::move(I));
  }
  if (!Result.empty())
    Flow.resolve(Result.back());
  return Result;
}

} // namespace warpcheck
