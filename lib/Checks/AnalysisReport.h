//===--- AnalysisReport.h - Everything the checks analyzed -----*- C++ -*-===//
//
// Diagnostics tell a user about conflicts; the JSON report lists every
// analyzed access, conflicted or not. The standalone driver attaches a
// report to the ClangTidyContext it runs the checks with (AttachReport);
// the checks find it through their own context (reportFor). Inside
// clang-tidy nothing is attached and the checks only diagnose.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_ANALYSISREPORT_H
#define WARPCHECK_CHECKS_ANALYSISREPORT_H

#include "BlockShape.h"
#include "FusedRequests.h"

#include "clang/Tooling/Core/Replacement.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace clang::tidy {
class ClangTidyContext;
} // namespace clang::tidy

namespace warpcheck {

/// What the final code (nvcc's SASS, --verify-sass) does at one access:
/// its instructions and their requests and wavefronts for one block.
struct FinalCodeView {
  /// Whether the SASS was read for this access at all.
  bool Compared = false;
  /// Unknown: Reason says why (no line information, an instruction not
  /// matched one to one, a rule not measured).
  bool Known = false;
  std::string Reason;
  /// "same", "fused", "eliminated" or "cas_loop".
  std::string Change;
  std::vector<std::string> Instructions;
  uint64_t Requests = 0, Wavefronts = 0;
  /// Unknown counts whose costs are known: the wavefronts one request of
  /// each final instruction takes, by opcode (every request that could
  /// issue it costs the same).
  std::vector<std::pair<std::string, unsigned>> PerRequest;
  /// Known counts that are one iteration's of the loop at this line (its
  /// trip count not known; AccessRecord::PerIterationLine), else 0.
  unsigned PerIterationLine = 0;
  /// The sentence the finding's note carries (empty: no note).
  std::string Note;
};

/// The worst request of an access, lane by lane, for its bank map (issue
/// 29; BankMap.h): the report draws it, the JSON lists its words.
struct WorstRequestView {
  /// Whether the worst request is one known request; Reason says why not
  /// (an unknown access, a range, a rule measured for a library call).
  bool Known = false;
  std::string Reason;
  unsigned Warp = 0;
  /// Byte offsets from the array's start per lane (inactive: nullopt).
  WarpAddresses Offsets{};
  /// What its map counts (countWavefronts of the request).
  unsigned Wavefronts = 0;
  /// How an atomic ran, and whose bank rules counted the request.
  AtomicForm Form = AtomicForm::Native;
  std::string RulesArch;
  /// With a layout fix proposed for the array: its name ("pad 1"), the
  /// offsets the layout moves the same lanes to, and their wavefronts.
  /// Empty FixLayout: no fix proposed, or FixReason says why no map.
  std::string FixLayout, FixReason;
  WarpAddresses FixOffsets{};
  unsigned FixWavefronts = 0;
};

/// One shared-memory access site, analyzed for one kernel and block shape.
struct AccessRecord {
  std::string File;
  unsigned Line = 0, Column = 0;
  /// The last line of the access expression (profilers may name any line).
  unsigned EndLine = 0;
  std::string Function, Kernel, Variable;
  std::string Kind; // load, store, atomic
  unsigned WidthBytes = 0;
  Dim3 Block;
  std::string BlockSource, BlockDescription;
  /// Whether the shape was assumed (family, default, launch_bounds): the
  /// status is then never exact. AssumedBlocks lists every shape analyzed.
  bool BlockAssumed = false;
  std::vector<Dim3> AssumedBlocks;
  std::vector<unsigned> ActiveLanes;
  unsigned Wavefronts = 0, MinWavefronts = 0, IdealWavefronts = 0;
  unsigned Instances = 0, Requests = 0;
  /// Warp-level instructions of those requests (an atomic loop runs several).
  uint64_t Instructions = 0;
  uint64_t TotalWavefronts = 0, TotalIdealWavefronts = 0;
  std::string Status; // exact, range, unknown
  std::vector<std::string> DependsOn;
  bool Truncated = false;
  bool CountsExact = true;
  /// Counts not exact only because the access runs in one loop of unknown
  /// trip count, entered once: the loop's line, and Instances, Requests and
  /// the totals are one iteration's (AccessSummary::PerIterationLine).
  unsigned PerIterationLine = 0;
  /// Over a family of assumed shapes, every request of every shape took
  /// Wavefronts (Status stays "range": the shape is assumed).
  bool SameInEveryShape = false;
  /// An access made inside library code (CUB, Thrust, libcu++): File/Line
  /// are the user's call that leads there, these the library's location
  /// and function (empty otherwise).
  std::string HeaderFile, HeaderFunction;
  unsigned HeaderLine = 0, HeaderColumn = 0;
  /// With AnalysisReport::WantWidened: the requests as 2-, 4-, 8- and 16-byte
  /// instructions would issue them (wider than WidthBytes only); empty
  /// when the requests were not captured.
  std::vector<WidenedView> Widened;
  /// With WantWidened: every captured request reads one constant address
  /// in all its lanes (it may differ between requests): the final code's
  /// straight-line loads of any width then need no lane's address.
  bool UniformRequests = false;
  /// Filled by --verify-sass (FinalCode.h).
  FinalCodeView Final;
  /// The worst request lane by lane (its bank map).
  WorstRequestView WorstRequest;
};

/// One per-thread array of a kernel: registers, local memory, or unknown.
struct LocalArrayRecord {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Function, Kernel, Variable;
  uint64_t Bytes = 0;
  std::string Status; // registers, local, unknown: the PTX verdict
  std::string Reason;
  bool LikelySpilled = false;
  bool PtxasKeepsDepot = false;
  /// The verdict about the final machine code (after ptxas), and why.
  std::string FinalStatus;
  std::string FinalReason;
};

/// A kernel's predicted local memory, to compare with the compiler's.
struct KernelRecord {
  std::string File;
  std::string Name;                 // with template arguments
  std::string MangledName;          // as in PTX
  uint64_t PredictedLocalBytes = 0; // PTX depot
  uint64_t PredictedFrameBytes = 0; // ptxas stack frame, spills aside
  bool PredictedSpill = false;
  bool Unknown = false;      // some array's verdict is unknown
  bool FinalUnknown = false; // some array's final-code verdict is unknown
};

/// What a fix claims: after the edit, the array's accesses in the kernel take
/// this many wavefronts in total (per block, over every block shape). The
/// driver re-analyzes the edited source and withholds a fix that does not.
/// Every layout that helps and can be written has a claim: the chosen one
/// (Preferred, its edit on the warning, what --fix applies) and the other
/// (its edit here, offered by editors). Proven says the re-analysis agreed.
struct FixClaim {
  std::string File;
  unsigned Line = 0, Column = 0; // the warning carrying the fix
  unsigned Offset = 0;           // ... its byte offset in its file
  std::string Kernel, Variable, Layout;
  uint64_t TotalWavefronts = 0;
  /// What an editor's action is titled ("pad 's' to 'float s[32][33]'
  /// (rows of 32 + 1)").
  std::string Title;
  bool Preferred = true;
  /// The edit, by file path: the alternative's from the check; the
  /// preferred one's copied from its warning once proven.
  std::map<std::string, clang::tooling::Replacements> Edits;
  bool Proven = false;
  /// Where an editor offers it: the array's declaration (an offset in
  /// DeclFile) and each warning about the array in the main file (offsets
  /// there).
  std::string DeclFile;
  unsigned DeclOffset = 0;
  std::vector<unsigned> WarningOffsets;
};

/// What one translation unit held, so the driver can tell "no CUDA here".
struct TranslationUnitRecord {
  std::string MainFile;
  /// The target GPU architecture, and whose bank rules counted its
  /// requests (BankModel.h chooseBankRules): its own when measured.
  std::string Arch, BankRulesArch;
  bool BankRulesMeasured = true;
  unsigned Kernels = 0;
  unsigned KernelsSkipped = 0; // bodies with errors
  bool HasDeviceCode = false;
  /// Byte ranges of the main file's kernels and __device__ functions: a
  /// compiler error inside one makes the file unanalyzed; elsewhere (host
  /// code nvcc accepts and clang does not) it is a note.
  std::vector<std::pair<unsigned, unsigned>> DeviceRanges;
  /// Byte ranges of the main file's host function bodies.
  std::vector<std::pair<unsigned, unsigned>> HostRanges;
  /// "file:line:col: note: ..." for each kernel skipped, or analyzed around
  /// a callee, because clang did not parse part of it.
  std::vector<std::string> ParseNotes;
};

class SiblingFiles;

class AnalysisReport {
public:
  /// The files next to the analyzed ones, for launches made there
  /// (CrossFile.h); null when none are read.
  SiblingFiles *Siblings = nullptr;
  /// --verify-sass: each access keeps its requests widened (Widened), for
  /// the final code's fused instructions.
  bool WantWidened = false;

  void addAccess(AccessRecord R) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Accesses.push_back(std::move(R));
  }
  void addLocalArray(LocalArrayRecord R) {
    std::lock_guard<std::mutex> Lock(Mutex);
    LocalArrays.push_back(std::move(R));
  }
  void addKernel(KernelRecord R) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Kernels.push_back(std::move(R));
  }
  void addFixClaim(FixClaim C) {
    std::lock_guard<std::mutex> Lock(Mutex);
    FixClaims.push_back(std::move(C));
  }
  void addTranslationUnit(TranslationUnitRecord R) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Units.push_back(std::move(R));
  }
  std::vector<AccessRecord> Accesses;
  std::vector<LocalArrayRecord> LocalArrays;
  std::vector<KernelRecord> Kernels;
  std::vector<FixClaim> FixClaims;
  std::vector<TranslationUnitRecord> Units;

private:
  std::mutex Mutex;
};

/// The report attached to Context, or nullptr (the clang-tidy plugin).
AnalysisReport *reportFor(const clang::tidy::ClangTidyContext &Context);

/// Attaches Report to Context while it lives: the checks that run with
/// Context write to it. One report per context at a time.
class AttachReport {
public:
  AttachReport(const clang::tidy::ClangTidyContext &Context,
               AnalysisReport &Report);
  ~AttachReport();
  AttachReport(const AttachReport &) = delete;
  AttachReport &operator=(const AttachReport &) = delete;

private:
  const clang::tidy::ClangTidyContext &Context;
};

} // namespace warpcheck

#endif
