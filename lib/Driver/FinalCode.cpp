//===--- FinalCode.cpp - Source accesses matched to nvcc's SASS -----------===//

#include "FinalCode.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace warpcheck {

std::string kernelNameOfDemangled(llvm::StringRef Demangled) {
  llvm::StringRef S = Demangled.trim();
  // The parameter list: the last top-level parentheses.
  if (S.ends_with(")")) {
    int Depth = 0;
    for (size_t I = S.size(); I-- > 0;) {
      Depth += S[I] == ')' ? 1 : S[I] == '(' ? -1 : 0;
      if (Depth == 0) {
        S = S.take_front(I);
        break;
      }
    }
  }
  // A template's return type: before the last space outside <>.
  int Depth = 0;
  for (size_t I = S.size(); I-- > 0;) {
    Depth += S[I] == '>' ? 1 : S[I] == '<' ? -1 : 0;
    if (Depth == 0 && S[I] == ' ')
      return S.drop_front(I + 1).str();
  }
  return S.str();
}

void markFinalUnknown(std::vector<AccessRecord> &Accesses,
                      const std::string &Reason) {
  for (AccessRecord &A : Accesses) {
    A.Final = FinalCodeView();
    A.Final.Compared = true;
    A.Final.Reason = Reason;
  }
}

namespace {

SassMemKind kindOf(const AccessRecord &A) {
  if (A.Kind == "store")
    return SassMemKind::SharedStore;
  if (A.Kind == "atomic")
    return SassMemKind::SharedAtomic;
  return SassMemKind::SharedLoad;
}

/// Paths as the two sides spell them (relative, with `..`), compared by
/// their real path.
class PathCanon {
public:
  const std::string &operator()(const std::string &Path) {
    auto [It, New] = Cache.try_emplace(Path);
    if (New) {
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(Path, Real))
        It->second = std::string(Real);
      else
        It->second = Path;
    }
    return It->second;
  }

private:
  llvm::StringMap<std::string> Cache;
};

/// The SASS function of each kernel: by the mangled name the local-memory
/// check recorded, else by the demangled name.
std::map<std::string, const SassFunction *>
functionsByKernel(const std::vector<KernelRecord> &Kernels,
                  const std::vector<SassFunction> &Sass) {
  // clang mangles a static kernel `_ZL...`, nvcc `_Z...`.
  auto Norm = [](llvm::StringRef M) {
    return M.starts_with("_ZL") ? "_Z" + M.drop_front(3).str() : M.str();
  };
  std::map<std::string, const SassFunction *> ByMangled, Out;
  for (const SassFunction &F : Sass) {
    ByMangled[Norm(F.Name)] = &F;
    Out.emplace(kernelNameOfDemangled(llvm::demangle(F.Name)), &F);
  }
  for (const KernelRecord &K : Kernels)
    if (auto It = ByMangled.find(Norm(K.MangledName)); It != ByMangled.end())
      Out[K.Name] = It->second;
  return Out;
}

/// Where the SASS places an access: the library's line for an access in a
/// header, else the user's lines.
struct Position {
  std::string File;
  unsigned First = 0, Last = 0;
};

Position positionOf(const AccessRecord &A) {
  if (!A.HeaderFile.empty())
    return {A.HeaderFile, A.HeaderLine, A.HeaderLine};
  return {A.File, A.Line, std::max(A.Line, A.EndLine)};
}

/// Whether Frame is in the file Want: by real path, or, for a listing made
/// elsewhere (--sass-file) whose paths do not exist here, by file name.
bool sameFile(const SassFrame &Frame, const std::string &Want,
              PathCanon &Canon) {
  const std::string &Have = Canon(Frame.File);
  if (Have == Want)
    return true;
  return !llvm::sys::fs::exists(Frame.File) &&
         llvm::sys::path::filename(Have) == llvm::sys::path::filename(Want);
}

/// The shared instructions of Kind at P in F: each placed at the innermost
/// frame of its inlining chain in P's file (a toolkit header's atomicAdd
/// is inlined at the user's call).
std::vector<const SassInstruction *>
instructionsAt(const SassFunction &F, const Position &P, SassMemKind Kind,
               PathCanon &Canon) {
  std::vector<const SassInstruction *> Out;
  const std::string &Want = Canon(P.File);
  for (const SassInstruction &I : F.Instructions) {
    if (I.Kind != Kind)
      continue;
    for (const SassFrame &Fr : I.Frames) {
      if (!sameFile(Fr, Want, Canon))
        continue;
      if (Fr.Line >= P.First && Fr.Line <= P.Last)
        Out.push_back(&I);
      break;
    }
  }
  return Out;
}

std::vector<std::string>
opcodesOf(const std::vector<const SassInstruction *> &Is) {
  std::vector<std::string> Out;
  for (const SassInstruction *I : Is) {
    std::string S = I->Predicate.empty() ? I->Opcode
                                         : I->Predicate + " " + I->Opcode;
    if (!llvm::is_contained(Out, S))
      Out.push_back(S);
  }
  return Out;
}

void setKnown(AccessRecord &A, const std::string &Change,
              std::vector<std::string> Instructions, uint64_t Requests,
              uint64_t Wavefronts) {
  A.Final.Known = true;
  A.Final.Change = Change;
  A.Final.Instructions = std::move(Instructions);
  A.Final.Requests = Requests;
  A.Final.Wavefronts = Wavefronts;
}

void setUnknown(AccessRecord &A, std::vector<std::string> Instructions,
                const std::string &Reason) {
  A.Final.Known = false;
  A.Final.Instructions = std::move(Instructions);
  A.Final.Reason = Reason;
}

std::string kindWord(const AccessRecord &A) { return A.Kind; }

/// Accesses widened into one instruction width W.
void matchFused(std::vector<AccessRecord *> &Group, unsigned W,
                const std::vector<std::string> &Ops) {
  uint64_t SourceBytes = 0, FusedBytes = 0;
  for (AccessRecord *A : Group) {
    const WidenedView *V = nullptr;
    for (const WidenedView &X : A->Widened)
      if (X.WidthBytes == W)
        V = &X;
    if (!V) {
      for (AccessRecord *B : Group)
        setUnknown(*B, Ops,
                   "fused into " + Ops.front() +
                       ", but the requests of the access were not kept "
                       "(block shapes assumed, or over the capture limit)");
      return;
    }
    if (!V->Decided) {
      for (AccessRecord *B : Group)
        setUnknown(*B, Ops, "fused into " + Ops.front() + ": " + V->Reason);
      return;
    }
    SourceBytes += uint64_t(A->Requests) * A->WidthBytes;
    FusedBytes += V->Requests * W;
  }
  // Each fused request stands for W / width of the narrow ones.
  if (SourceBytes != FusedBytes) {
    for (AccessRecord *B : Group)
      setUnknown(*B, Ops,
                 llvm::formatv("fused into {0}, but the line's accesses are "
                               "not covered one to one ({1} bytes per lane "
                               "in the source, {2} in the fused requests)",
                               Ops.front(), SourceBytes, FusedBytes));
    return;
  }
  const AccessRecord *Base = nullptr;
  for (AccessRecord *A : Group)
    for (const WidenedView &V : A->Widened)
      if (V.WidthBytes == W && V.Requests > 0 && !Base)
        Base = A;
  for (AccessRecord *A : Group) {
    const WidenedView &V = *llvm::find_if(
        A->Widened, [&](const WidenedView &X) { return X.WidthBytes == W; });
    setKnown(*A, "fused", Ops, V.Requests, V.Wavefronts);
    if (V.Requests == 0) {
      A->Final.Note = llvm::formatv(
          "final code: nvcc fuses this {0} into the {1} of the {0} at "
          "{2}:{3}; it issues no request of its own",
          kindWord(*A), Ops.front(), Base ? Base->Line : 0,
          Base ? Base->Column : 0);
      continue;
    }
    // What the line's accesses cost in the source, for comparison.
    uint64_t SourceRequests = 0, SourceWavefronts = 0;
    for (const AccessRecord *B : Group) {
      SourceRequests += B->Requests;
      SourceWavefronts += B->TotalWavefronts;
    }
    std::string What =
        Group.size() > 1
            ? llvm::formatv("the {0} {1}s of this line", Group.size(),
                            kindWord(*A))
                  .str()
            : llvm::formatv("{0} iterations of this {1}", W / A->WidthBytes,
                            kindWord(*A))
                  .str();
    A->Final.Note = llvm::formatv(
        "final code: nvcc fuses {0} into {1}: {2} requests, {3} wavefronts "
        "per block where the source has {4} requests, {5} wavefronts",
        What, Ops.front(), V.Requests, V.Wavefronts, SourceRequests,
        SourceWavefronts);
  }
}

/// An atomic the compiler made a compare-and-swap loop of.
void matchAtomics(std::vector<AccessRecord *> &Group,
                  const std::vector<const SassInstruction *> &Is,
                  const std::vector<std::string> &Ops) {
  bool Loop = llvm::any_of(Is, [](const SassInstruction *I) {
    return llvm::StringRef(I->Opcode).contains("CAST.SPIN");
  });
  for (AccessRecord *A : Group) {
    bool Cas = Loop || (llvm::any_of(Is,
                                     [](const SassInstruction *I) {
                                       return I->CompareAndSwap;
                                     }) &&
                        A->Instructions > A->Requests);
    setKnown(*A, Cas ? "cas_loop" : "same", Ops, A->Instructions,
             A->TotalWavefronts);
    if (Cas)
      A->Final.Note = llvm::formatv(
          "final code: nvcc compiles this atomic as a compare-and-swap loop "
          "({0}): {1} instructions of {2} wavefronts per block for {3} "
          "requests",
          llvm::join(Ops, ", "), A->Instructions, A->TotalWavefronts,
          A->Requests);
  }
}

/// Counts straight-line instructions of one load whose every request reads
/// one constant address in all its lanes: each instruction runs once in
/// every warp and, whatever its width, reads one address for the whole
/// warp, so its wavefronts follow from the measured rules alone. The
/// instructions' bytes must be the access's (its executions times its
/// width; with OverRead, less than one instruction more). False, with
/// nothing set, where that does not hold.
bool matchStatic(std::vector<AccessRecord *> &Group, const SassFunction &F,
                 const std::vector<const SassInstruction *> &Is,
                 const std::vector<std::string> &Ops, const std::string &Change,
                 const std::string &Why, bool OverRead = false) {
  if (Group.size() != 1)
    return false;
  AccessRecord &A = *Group.front();
  if (A.Kind != "load" || !A.UniformRequests || !A.CountsExact)
    return false;
  uint64_t Bytes = 0;
  unsigned Widest = 0;
  for (const SassInstruction *I : Is) {
    if (!runsOncePerWarp(F, *I) || I->WidthBytes == 0)
      return false;
    Bytes += I->WidthBytes;
    Widest = std::max(Widest, I->WidthBytes);
  }
  // OverRead: the only access of its kind on the line, split into widths
  // whose last instruction reads past its end (LDS + LDS.128 + LDS.128 for
  // nine words): a one-address request costs the same wherever it reads.
  uint64_t Source = uint64_t(A.Instances) * A.WidthBytes;
  if (Bytes != Source &&
      !(OverRead && Bytes > Source && Bytes - Source < Widest))
    return false;
  uint64_t Threads = uint64_t(A.Block.X) * A.Block.Y * A.Block.Z;
  uint64_t Requests = 0, Wavefronts = 0;
  for (uint64_t First = 0; First < Threads; First += 32)
    for (const SassInstruction *I : Is) {
      ++Requests;
      Wavefronts += uniformLoadWavefronts(
          I->WidthBytes, unsigned(std::min<uint64_t>(32, Threads - First)));
    }
  setKnown(A, Change, Ops, Requests, Wavefronts);
  A.Final.Note = llvm::formatv(
      "final code: {0}: {1} requests, {2} wavefronts per block where the "
      "source has {3} requests, {4} wavefronts (one address per request)",
      Why, Requests, Wavefronts, A.Requests, A.TotalWavefronts);
  return true;
}

/// Every request of every access in Group takes the same wavefronts: the
/// count, else 0.
unsigned commonWavefronts(const std::vector<AccessRecord *> &Group) {
  unsigned W = Group.front()->Wavefronts;
  for (const AccessRecord *A : Group)
    if (A->Wavefronts != W || A->MinWavefronts != W ||
        A->TotalWavefronts != uint64_t(A->Requests) * W)
      return 0;
  return W;
}

/// Fewer instructions than the source's requests, none in a loop: nvcc
/// hoisted the access out of its loop, or merged repeats of one address
/// (the line's accesses of one element: CSE, dead stores). Each final
/// request is one of the source's (an instruction of the source's width
/// reads, in each lane, what the access it serves reads); known when every
/// source request of the line takes the same wavefronts. The first access
/// carries the line's requests, the others none.
void matchHoisted(std::vector<AccessRecord *> &Group,
                  const std::vector<std::string> &Ops, uint64_t Final,
                  uint64_t Source) {
  std::string Why = llvm::formatv(
      "nvcc issues {0} once per warp ({1} requests per block where the "
      "source has {2}): hoisted out of its loop or merged",
      Ops.front(), Final, Source);
  // Several accesses of the line served by fewer instructions: merged.
  std::string Change = Group.size() > 1 ? "merged" : "hoisted";
  unsigned W = commonWavefronts(Group);
  if (W == 0) {
    for (AccessRecord *B : Group) {
      setUnknown(*B, Ops, Why + "; which requests remain is not known");
      B->Final.Change = Change;
    }
    return;
  }
  for (AccessRecord *B : Group)
    setKnown(*B, Change, Ops, 0, 0);
  AccessRecord &A = *Group.front();
  setKnown(A, Change, Ops, Final, Final * W);
  A.Final.Note = llvm::formatv(
      "final code: {0}: {1} requests of {2} wavefronts each per block", Why,
      Final, W);
}

/// One instruction of the source's width outside every loop (a warp runs it
/// at most once) for an access the source runs several times in every warp:
/// nvcc hoisted it out of its loop, under the loop's entry test. Every warp
/// enters the loop, so every warp runs it exactly once.
bool matchGuardedHoist(std::vector<AccessRecord *> &Group,
                       const SassFunction &F,
                       const std::vector<const SassInstruction *> &Is,
                       const std::vector<std::string> &Ops, uint64_t Warps) {
  if (Is.size() != 1 || !Is.front()->Predicate.empty() ||
      mayRepeat(F, *Is.front()))
    return false;
  for (const AccessRecord *A : Group)
    if (!A->CountsExact || A->Instances < 2 ||
        uint64_t(A->Requests) != uint64_t(A->Instances) * Warps)
      return false;
  matchHoisted(Group, Ops, Warps, Group.front()->Requests);
  return true;
}

/// Instructions of the source's width. Where each runs once in every warp
/// (no branch around it, no loop) but the source has fewer requests, nvcc
/// hoisted or speculated the access out of its branch: the warps the source
/// skips issue it too, the same request when its address is a constant.
void matchSame(std::vector<AccessRecord *> &Group, const SassFunction &F,
               const std::vector<const SassInstruction *> &Is,
               const std::vector<std::string> &Ops) {
  uint64_t Source = 0;
  for (const AccessRecord *A : Group)
    Source += A->Requests;
  const AccessRecord &First = *Group.front();
  uint64_t Threads = uint64_t(First.Block.X) * First.Block.Y * First.Block.Z;
  uint64_t Warps = (Threads + 31) / 32;
  bool Once = llvm::all_of(
      Is, [&](const SassInstruction *I) { return runsOncePerWarp(F, *I); });
  uint64_t Final = Is.size() * Warps;
  if (!Once) {
    // Outside every loop each instruction runs at most once per warp: more
    // source requests than that cannot be the same code.
    bool Bounded = llvm::none_of(
        Is, [&](const SassInstruction *I) { return mayRepeat(F, *I); });
    if (!Bounded || Source <= Final) {
      for (AccessRecord *A : Group)
        setKnown(*A, "same", Ops, A->Requests, A->TotalWavefronts);
      return;
    }
    if (Group.size() == 1 && matchGuardedHoist(Group, F, Is, Ops, Warps))
      return;
    for (AccessRecord *A : Group) {
      setUnknown(*A, Ops,
                 llvm::formatv("nvcc issues {0} outside any loop, under a "
                               "branch: at most {1} requests per block where "
                               "the source has {2}; which remain is not known",
                               llvm::join(Ops, ", "), Final, Source));
      A->Final.Change = "hoisted";
    }
    return;
  }
  if (Final == Source) {
    for (AccessRecord *A : Group)
      setKnown(*A, "same", Ops, A->Requests, A->TotalWavefronts);
    return;
  }
  if (Final < Source)
    return matchHoisted(Group, Ops, Final, Source);
  std::string Why = llvm::formatv(
      "nvcc runs {0} in every warp ({1} requests per block where the source "
      "has {2}): hoisted or speculated out of its branch",
      Ops.front(), Final, Source);
  if (matchStatic(Group, F, Is, Ops, "speculated", Why))
    return;
  for (AccessRecord *A : Group) {
    setUnknown(*A, Ops, Why + "; the skipped warps' requests are not known");
    A->Final.Change = "speculated";
  }
}

/// The wavefronts every request of Group takes at width W (each
/// instruction of that width starts at an access whose lanes are all
/// W-aligned): the source's where W is the accesses' width, else what the
/// widened views say a request issued at W costs, whether or not its
/// alignment is known (a warp-uniform loop counter's word). 0 where they
/// differ between candidates or requests, or are not decided: which access
/// starts the instruction then matters.
unsigned wavefrontsAtWidth(const std::vector<AccessRecord *> &Group,
                           unsigned W) {
  if (W == Group.front()->WidthBytes)
    return commonWavefronts(Group);
  unsigned Common = 0;
  for (const AccessRecord *A : Group) {
    auto V = llvm::find_if(
        A->Widened, [&](const WidenedView &X) { return X.WidthBytes == W; });
    if (V == A->Widened.end() || !V->IssuedDecided)
      return 0;
    if (V->IssuedMin > V->IssuedMax)
      continue; // never issued W bytes wide
    unsigned Cost = V->issuedCost();
    if (Cost == 0 || (Common && Common != Cost))
      return 0;
    Common = Cost;
  }
  return Common;
}

/// A misaligned group of loads whose widest instruction reads past the
/// line's elements (LDS + LDS.128 for four words from an odd index: the
/// LDS.128 reads the 16-byte-aligned window holding the first three, one
/// word before them). nvcc proved every lane's alignment, so each window is
/// the lane's element addresses shifted by one constant, a multiple of the
/// width from an access whose lanes are all aligned: its wavefronts are
/// that access's (wavefrontsAtWidth). Returns why not ("" when it holds).
/// Measured (the reshape corpus, docs/bank-model.md): LDS.128 for 4-byte
/// and LDS for 1-byte elements.
std::string overReadWindows(const std::vector<AccessRecord *> &Group,
                            const std::vector<const SassInstruction *> &Is,
                            uint64_t Warps, uint64_t FinalBytes,
                            uint64_t SourceBytes) {
  unsigned Width = Group.front()->WidthBytes, Widest = 0;
  for (const SassInstruction *I : Is)
    Widest = std::max(Widest, I->WidthBytes);
  if (Group.front()->Kind != "load")
    return "a store or atomic writes only its own bytes";
  if (!((Width == 4 && Widest == 16) || (Width == 1 && Widest == 4)))
    return "over-reads are measured for LDS.128 over 4-byte and LDS over "
           "1-byte elements only";
  // Every warp runs each instance of each access: the excess is per warp.
  if (FinalBytes < SourceBytes || (FinalBytes - SourceBytes) % Warps != 0 ||
      (FinalBytes - SourceBytes) / Warps >= Widest ||
      llvm::any_of(Group, [&](const AccessRecord *A) {
        return A->Requests != uint64_t(A->Instances) * Warps;
      }))
    return "not one window past the line's elements in every warp";
  // The compiler proved each element's alignment for every thread: an
  // access (an unrolled instance) is aligned in every warp or in none.
  uint64_t Aligned = 0;
  for (const AccessRecord *A : Group) {
    auto V = llvm::find_if(A->Widened, [&](const WidenedView &X) {
      return X.WidthBytes == Widest;
    });
    if (V == A->Widened.end() || !V->Decided)
      return "the accesses' requests at the window's width are not known";
    Aligned += V->Requests;
  }
  if (Aligned == 0 || Aligned % Warps != 0)
    return "no access is aligned to the window in every warp";
  return "";
}

/// Straight-line instructions of several widths for accesses of one width
/// (a misaligned group: LDS + LDS.64 + LDS): each instruction runs once per
/// warp, and the instructions' bytes must be the accesses'. Known when, at
/// each width, every access that could start such an instruction costs the
/// same per request (accesses a constant apart do): which one starts it
/// then does not change the count. Returns why not ("" when matched).
std::string matchMixed(std::vector<AccessRecord *> &Group,
                       const SassFunction &F,
                       const std::vector<const SassInstruction *> &Is,
                       const std::vector<std::string> &Ops) {
  unsigned Width = Group.front()->WidthBytes;
  uint64_t SourceBytes = 0;
  for (const AccessRecord *A : Group) {
    if (A->WidthBytes != Width || !A->CountsExact)
      return "accesses of several widths, or request counts not exact";
    SourceBytes += uint64_t(A->Requests) * Width;
  }
  const AccessRecord &First = *Group.front();
  uint64_t Warps =
      (uint64_t(First.Block.X) * First.Block.Y * First.Block.Z + 31) / 32;
  uint64_t FinalBytes = 0, Wavefronts = 0;
  for (const SassInstruction *I : Is) {
    if (!runsOncePerWarp(F, *I))
      return "not straight-line code";
    if (I->WidthBytes < Width)
      return "narrower than the access";
    unsigned PerRequest = wavefrontsAtWidth(Group, I->WidthBytes);
    if (PerRequest == 0)
      return llvm::formatv("the {0}-byte requests' wavefronts depend on "
                           "which access starts them",
                           I->WidthBytes);
    FinalBytes += Warps * I->WidthBytes;
    Wavefronts += Warps * PerRequest;
  }
  std::string Beyond;
  if (FinalBytes != SourceBytes) {
    std::string WhyNot =
        overReadWindows(Group, Is, Warps, FinalBytes, SourceBytes);
    if (!WhyNot.empty())
      return llvm::formatv("the instructions read {0} bytes per lane, summed "
                           "over the warps, where the accesses read {1}: {2}",
                           FinalBytes, SourceBytes, WhyNot);
    Beyond = llvm::formatv(" (the widest reads an aligned window, {0} bytes "
                           "per lane outside the line's elements)",
                           (FinalBytes - SourceBytes) / Warps);
  }
  for (AccessRecord *B : Group)
    setKnown(*B, "fused", Ops, 0, 0);
  AccessRecord &A = *Group.front();
  setKnown(A, "fused", Ops, Is.size() * Warps, Wavefronts);
  A.Final.Note = llvm::formatv(
      "final code: nvcc issues the line's {0}s as {1}{2}: {3} requests, {4} "
      "wavefronts per block where the source has {5} requests",
      A.Kind, llvm::join(Ops, ", "), Beyond, Is.size() * Warps, Wavefronts,
      SourceBytes / Width);
  return "";
}

/// The line of the loop whose one iteration Group's counts are (each
/// access exact per request, run by every warp in each of its instances),
/// else 0. Two accesses of one array on the line may be one load in the
/// final code (the same element read twice): with the loop unrolled by two
/// its bytes would pass for one iteration's, so such a line is not counted.
unsigned perIterationLine(const std::vector<AccessRecord *> &Group,
                          uint64_t Warps) {
  unsigned Line = Group.front()->PerIterationLine;
  std::set<std::string> Arrays;
  for (const AccessRecord *A : Group)
    if (!Line || A->PerIterationLine != Line || A->Status != "exact" ||
        A->Kind == "atomic" || A->WidthBytes != Group.front()->WidthBytes ||
        A->Requests != uint64_t(A->Instances) * Warps ||
        A->Variable.empty() || !Arrays.insert(A->Variable).second)
      return 0;
  return Line;
}

/// Accesses whose counts are one iteration's of a loop whose trip count is
/// not known (matrixMul's tile loop, `a <= aEnd`), and instructions each run
/// once in every iteration of one loop of the final code. Per iteration
/// the instructions' bytes must be the accesses' (an unrolled or peeled
/// loop's are not), and every access that could issue an instruction of a
/// width costs the same per request (as for matchMixed): the counts are
/// then one iteration's of the final code. False, with nothing set, where
/// that does not hold.
bool matchPerIteration(std::vector<AccessRecord *> &Group,
                       const SassFunction &F,
                       const std::vector<const SassInstruction *> &Is,
                       const std::vector<std::string> &Ops) {
  const AccessRecord &First = *Group.front();
  uint64_t Warps =
      (uint64_t(First.Block.X) * First.Block.Y * First.Block.Z + 31) / 32;
  unsigned Line = perIterationLine(Group, Warps);
  if (!Line)
    return false;
  std::optional<SassJump> Loop;
  uint64_t FinalBytes = 0, Wavefronts = 0;
  for (const SassInstruction *I : Is) {
    std::optional<SassJump> Here = onceEachIteration(F, *I);
    if (!Here || (Loop && (Loop->From != Here->From || Loop->To != Here->To)))
      return false;
    Loop = Here;
    unsigned PerRequest = I->WidthBytes < First.WidthBytes
                              ? 0
                              : wavefrontsAtWidth(Group, I->WidthBytes);
    if (PerRequest == 0)
      return false;
    FinalBytes += Warps * I->WidthBytes;
    Wavefronts += Warps * PerRequest;
  }
  uint64_t SourceRequests = 0, SourceWavefronts = 0;
  for (const AccessRecord *A : Group) {
    SourceRequests += A->Requests;
    SourceWavefronts += A->TotalWavefronts;
  }
  if (!Loop || FinalBytes != SourceRequests * First.WidthBytes)
    return false;
  uint64_t Requests = Is.size() * Warps;
  std::string Change = Requests == SourceRequests ? "same" : "fused";
  for (AccessRecord *B : Group) {
    setKnown(*B, Change, Ops, 0, 0);
    B->Final.PerIterationLine = Line;
  }
  AccessRecord &A = *Group.front();
  setKnown(A, Change, Ops, Requests, Wavefronts);
  A.Final.Note = llvm::formatv(
      "final code, per iteration of the loop at line {0} (its trip count is "
      "not known): nvcc issues the line's {1}s as {2}: {3} requests, {4} "
      "wavefronts per block where the source has {5} requests, {6} "
      "wavefronts",
      Line, A.Kind, llvm::join(Ops, ", "), Requests, Wavefronts,
      SourceRequests, SourceWavefronts);
  return true;
}

/// One group: the accesses of one kind on one line of one kernel and
/// block shape, and the instructions nvcc emitted there.
void matchGroup(std::vector<AccessRecord *> &Group, const SassFunction &F,
                std::vector<const SassInstruction *> Is) {
  std::vector<std::string> Ops = opcodesOf(Is);
  AccessRecord &First = *Group.front();
  if (Is.empty()) {
    for (AccessRecord *A : Group) {
      setKnown(*A, "eliminated", {}, 0, 0);
      A->Final.Note = llvm::formatv(
          "final code: nvcc emits no shared-memory {0} for line {1} in this "
          "kernel: the access was eliminated or merged into another",
          kindWord(*A), A->HeaderFile.empty() ? A->Line : A->HeaderLine);
    }
    return;
  }
  if (First.Kind == "atomic")
    return matchAtomics(Group, Is, Ops);
  std::set<unsigned> Widths;
  for (const SassInstruction *I : Is)
    Widths.insert(I->WidthBytes);
  unsigned Narrowest = ~0u, Widest = 0;
  for (AccessRecord *A : Group) {
    Narrowest = std::min(Narrowest, A->WidthBytes);
    Widest = std::max(Widest, A->WidthBytes);
  }
  auto AllUnknown = [&](const std::string &Why) {
    for (AccessRecord *A : Group)
      setUnknown(*A, Ops, Why);
  };
  if (Widths.count(0))
    return AllUnknown("ldmatrix/stmatrix instructions are not matched to "
                      "source accesses");
  if (matchPerIteration(Group, F, Is, Ops))
    return;
  if (Widths.size() > 1) {
    std::string Why = "nvcc splits the accesses of this line into " +
                      llvm::join(Ops, ", ");
    if (matchStatic(Group, F, Is, Ops, "fused", Why, /*OverRead=*/true))
      return;
    std::string WhyNot = matchMixed(Group, F, Is, Ops);
    if (WhyNot.empty())
      return;
    return AllUnknown("the line compiles to instructions of several widths (" +
                      llvm::join(Ops, ", ") + "): not matched one to one (" +
                      WhyNot + ")");
  }
  unsigned W = *Widths.begin();
  if (W == Narrowest && W == Widest)
    return matchSame(Group, F, Is, Ops);
  if (W > Widest && W % Narrowest == 0)
    return matchFused(Group, W, Ops);
  AllUnknown(llvm::formatv("nvcc issues {0} for accesses of {1} to {2} bytes "
                           "(split or mixed): not matched one to one",
                           llvm::join(Ops, ", "), Narrowest, Widest));
}

/// The final counts rest on the source's: where those are not exact (a
/// trip count, a lane's activity, a contended compare-and-swap loop), the
/// final view is unknown too; no instruction at all is 0 either way.
void requireExactSource(AccessRecord &A) {
  if (!A.Final.Known || A.Final.Change == "eliminated" ||
      (A.Status == "exact" && (A.CountsExact || A.Final.PerIterationLine)))
    return;
  A.Final.Known = false;
  A.Final.Reason = llvm::formatv(
      "the source view is {0}{1}{2}", A.Status,
      A.CountsExact ? "" : " and its request count is not exact",
      A.DependsOn.empty() ? ""
                          : " (it depends on " + llvm::join(A.DependsOn, ", ") +
                                ")");
  A.Final.Note.clear();
}

/// Where the counts are not exact but the source's requests are (a trip
/// count the analysis does not know): the cost of one request of each final
/// instruction, when every request that could issue it costs the same. Not
/// for a speculated load: the warps the source skips issue requests the
/// source never saw.
void perRequestCosts(std::vector<AccessRecord *> &Group,
                     const std::vector<const SassInstruction *> &Is) {
  for (const AccessRecord *A : Group)
    if (A->Final.Known || A->Status != "exact" || A->Kind == "atomic" ||
        A->Final.Change == "speculated")
      return;
  std::vector<std::pair<std::string, unsigned>> Costs;
  for (const SassInstruction *I : Is) {
    if (I->WidthBytes < Group.front()->WidthBytes)
      return;
    unsigned W = wavefrontsAtWidth(Group, I->WidthBytes);
    if (W == 0)
      return;
    if (llvm::none_of(Costs,
                      [&](const auto &C) { return C.first == I->Opcode; }))
      Costs.emplace_back(I->Opcode, W);
  }
  for (AccessRecord *A : Group)
    A->Final.PerRequest = Costs;
}

} // namespace

namespace {

/// One group and what the SASS has for it.
struct GroupMatch {
  std::vector<AccessRecord *> *Group = nullptr;
  const SassFunction *F = nullptr;
  std::vector<const SassInstruction *> Is;
  /// Instructions found on other lines (the access moved there).
  bool Moved = false;
};

/// The instructions of A's kind at its position in F; a load loses the LDS
/// that a compare-and-swap loop on the same line reads with.
std::vector<const SassInstruction *> groupInstructions(const SassFunction &F,
                                                       const AccessRecord &A,
                                                       PathCanon &Canon) {
  Position P = positionOf(A);
  std::vector<const SassInstruction *> Is =
      instructionsAt(F, P, kindOf(A), Canon);
  size_t Loops = llvm::count_if(
      instructionsAt(F, P, SassMemKind::SharedAtomic, Canon),
      [](const SassInstruction *I) { return I->CompareAndSwap; });
  if (A.Kind == "load")
    Is.erase(Is.begin(), Is.begin() + std::min(Loops, Is.size()));
  if (A.Kind == "atomic") {
    // Those LDS are the atomic's: claimed with it.
    std::vector<const SassInstruction *> Loads =
        instructionsAt(F, P, SassMemKind::SharedLoad, Canon);
    Is.insert(Is.end(), Loads.begin(),
              Loads.begin() + std::min(Loops, Loads.size()));
  }
  return Is;
}

/// An access with no instruction on its line, where its kernel has
/// instructions of its kind and width that no access's line explains: nvcc
/// moved it there (hoisted out of a loop to the line before it), when it is
/// the only such access; else which of them moved is not known.
void attributeMoved(std::vector<GroupMatch> &Matches,
                    const std::set<const SassInstruction *> &Claimed) {
  std::map<std::tuple<const SassFunction *, std::string, std::string>,
           std::vector<GroupMatch *>>
      Eliminated;
  for (GroupMatch &M : Matches)
    if (M.F && M.Is.empty()) {
      const AccessRecord &A = *M.Group->front();
      Eliminated[{M.F, A.Block.str(), A.Kind}].push_back(&M);
    }
  for (auto &[Key, Ms] : Eliminated) {
    const AccessRecord &A = *Ms.front()->Group->front();
    std::vector<const SassInstruction *> Free;
    for (const SassInstruction &I : std::get<0>(Key)->Instructions)
      if (I.Kind == kindOf(A) && !Claimed.count(&I) && !I.Frames.empty())
        Free.push_back(&I);
    if (Free.empty())
      continue;
    bool Width = llvm::all_of(Free, [&](const SassInstruction *I) {
      return I->WidthBytes == A.WidthBytes;
    });
    for (GroupMatch *M : Ms) {
      if (Ms.size() == 1 && M->Group->size() == 1 && Width) {
        M->Is = Free;
        M->Moved = true;
        continue;
      }
      for (AccessRecord *B : *M->Group)
        setUnknown(*B, opcodesOf(Free),
                   llvm::formatv("no {0} on its line, and {1} on line {2} "
                                 "that no access explains: it may have moved "
                                 "there",
                                 B->Kind, opcodesOf(Free).front(),
                                 Free.front()->Frames.front().Line));
      M->F = nullptr;
    }
  }
}

} // namespace

void matchFinalCode(std::vector<AccessRecord> &Accesses,
                    const std::vector<KernelRecord> &Kernels,
                    const std::vector<SassFunction> &Sass) {
  std::map<std::string, const SassFunction *> ByKernel =
      functionsByKernel(Kernels, Sass);
  PathCanon Canon;
  // Kernel, block shape, file, line, kind.
  using Key = std::tuple<std::string, std::string, std::string, unsigned,
                         unsigned, std::string>;
  std::map<Key, std::vector<AccessRecord *>> Groups;
  for (AccessRecord &A : Accesses) {
    A.Final = FinalCodeView();
    A.Final.Compared = true;
    Position P = positionOf(A);
    Groups[{A.Kernel, A.Block.str(), Canon(P.File), P.First, P.Last, A.Kind}]
        .push_back(&A);
  }
  std::vector<GroupMatch> Matches;
  std::set<const SassInstruction *> Claimed;
  for (auto &[K, Group] : Groups) {
    const AccessRecord &A = *Group.front();
    auto It = ByKernel.find(A.Kernel);
    const SassFunction *F = It == ByKernel.end() ? nullptr : It->second;
    std::string Why =
        !F ? "kernel '" + A.Kernel + "' not found in the SASS"
        : llvm::none_of(F->Instructions,
                        [](const SassInstruction &I) {
                          return !I.Frames.empty();
                        }) && !F->Instructions.empty()
            ? "the SASS has no line information"
            : "";
    if (!Why.empty()) {
      for (AccessRecord *B : Group)
        setUnknown(*B, {}, Why);
      continue;
    }
    Matches.push_back({&Group, F, groupInstructions(*F, A, Canon), false});
    Claimed.insert(Matches.back().Is.begin(), Matches.back().Is.end());
  }
  attributeMoved(Matches, Claimed);
  for (GroupMatch &M : Matches) {
    if (!M.F)
      continue;
    std::vector<const SassInstruction *> Is = M.Is;
    if (M.Group->front()->Kind == "atomic")
      llvm::erase_if(Is, [](const SassInstruction *I) {
        return I->Kind != SassMemKind::SharedAtomic;
      });
    matchGroup(*M.Group, *M.F, std::move(Is));
    for (AccessRecord *B : *M.Group) {
      if (M.Moved && B->Final.Known) {
        B->Final.Change = "hoisted";
        B->Final.Note = llvm::formatv(
            "final code: nvcc moves this {0} to line {1} ({2}): {3} "
            "requests, {4} wavefronts per block where the source has {5} "
            "requests, {6} wavefronts",
            B->Kind, M.Is.front()->Frames.front().Line,
            llvm::join(B->Final.Instructions, ", "), B->Final.Requests,
            B->Final.Wavefronts, B->Requests, B->TotalWavefronts);
      }
      requireExactSource(*B);
    }
    if (!M.Is.empty())
      perRequestCosts(*M.Group, M.Is);
  }
}

} // namespace warpcheck
