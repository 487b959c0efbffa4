//===--- LocalArrayAnalysis.h - Per-thread arrays: registers or local -*- C++
//-*-===//
//
// Judges every per-thread array of a kernel from the accesses the
// interpreter recorded. NVVM keeps an array in registers only when every
// access has an index it knows at compile time, after the loop unrolling it
// does, and the array's address does not escape; otherwise the array lives
// in a PTX local depot. ptxas then moves many depots back to registers (of
// 4-byte elements, small, not escaping, within its register budget; a
// kernel's frame whole or not at all), and spills arrays too large for the
// register file: the final verdict. docs/local-memory.md has the
// measurements (cuda_samples/local_calibration/).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_LOCALARRAYANALYSIS_H
#define WARPCHECK_ANALYSIS_LOCALARRAYANALYSIS_H

#include "KernelAnalysis.h"

#include <set>
#include <string>
#include <vector>

namespace warpcheck {

enum class LocalArrayStatus { Registers, Local, Unknown };
const char *localArrayStatusName(LocalArrayStatus S);

struct LocalArrayVerdict {
  const clang::VarDecl *Array = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  uint64_t Bytes = 0;
  LocalArrayStatus Status = LocalArrayStatus::Registers;
  /// Why, for the warning: "index '(j + n) % W' is not known at compile time".
  std::string Reason;
  /// The access that decides (nullptr for a registers verdict).
  const clang::Expr *Site = nullptr;
  /// Explanations, each at a location (the loop, the declaration).
  std::vector<std::pair<clang::SourceLocation, std::string>> Notes;
  /// The fix that fits the reason.
  std::string Fix;
  /// Indexed with constants only, but larger than the register file.
  bool LikelySpilled = false;
  /// The PTX has a depot and ptxas keeps it (Status and Final both Local).
  bool PtxasKeepsDepot = false;

  /// The verdict about the final machine code, after ptxas: `Local` when
  /// ptxas keeps the depot or spills the array, `Registers` when it has no
  /// depot or ptxas promotes it, `Unknown` when promotion cannot be
  /// predicted. `Status` is the PTX verdict.
  LocalArrayStatus Final = LocalArrayStatus::Registers;
  /// Why ptxas keeps or promotes the depot: "its elements are 1 byte wide,
  /// and ptxas promotes only 4- and 8-byte elements" (empty without a
  /// depot).
  std::string FinalReason;

  /// Facts the ptxas rule reads.
  uint64_t ElementBytes = 0;
  /// Bytes of the indexed array itself (less than Bytes for an array member
  /// of a struct).
  uint64_t ArrayBytes = 0;
  bool Escapes = false;
  /// A dynamic access inside a loop the compiler keeps whose index changes
  /// with that loop's counter; or whose index does not.
  bool DynamicVaryingInKeptLoop = false;
  bool DynamicInvariantInKeptLoop = false;
  /// Loads and stores whose index changes with a kept loop's counter.
  bool DynamicLoadInKeptLoop = false;
  bool DynamicStoreInKeptLoop = false;
  /// The index texts of those loads and stores: one both loads and stores
  /// with is a read-modify-write (`a[j % 8] += x`); a store and loads at
  /// other indices (a ring buffer, `x[(i - 1) % N] = ...; x[(i + j) % N]`)
  /// are not.
  std::set<std::string> KeptLoopLoadIndices, KeptLoopStoreIndices;
  /// 4-byte words of scalar locals live across a dynamic access (declared
  /// before it and used after it), the most over the array's accesses.
  uint64_t LiveWordsAcross = 0;
  /// Accesses in the source whose index is not known at compile time.
  unsigned DynamicSites = 0;
  /// Distinct constant offsets read, and whether some read was not counted
  /// (more iterations than recorded, or no constant offset).
  std::set<int64_t> ReadOffsets;
  bool ReadsUncounted = false;
  /// Its reads may be forwarded from its stores by loop fusion, which
  /// warpcheck does not model: the verdict is unknown, never "spilled".
  bool MayForward = false;
};

/// The ptxas register file per thread, in bytes (255 registers).
constexpr uint64_t RegisterFileBytes = 255 * 4;
/// ptxas's promotion of PTX depots to registers, as calibrated on nvcc 13
/// for sm_80 and sm_90 (cuda_samples/local_calibration/, docs/local-memory.md):
/// arrays of 4-byte elements only; dynamic accesses outside kept loops up
/// to 256 bytes of array; a dynamic index that changes with a kept loop's
/// counter up to 32 bytes (16 when the loop also writes the array with
/// it with the same index; 44 when it stores at one index and loads at
/// others), one that does not up to 64 bytes; and the
/// kernel's frame demand (the frame's words times its dynamic accesses,
/// plus register arrays) at most 72 words, and the frame plus the scalar
/// words live across the accesses at most 88. ptxas
/// promotes or keeps the kernel's frame whole.
constexpr uint64_t PtxasPromotionLimitBytes = 256;
constexpr uint64_t PtxasLoopVaryingLimitBytes = 32;
constexpr uint64_t PtxasLoopReadWriteLimitBytes = 16;
constexpr uint64_t PtxasLoopStoreLoadLimitBytes = 44;
constexpr uint64_t PtxasLoopInvariantLimitBytes = 64;
constexpr uint64_t PtxasFrameDemandWords = 72;
constexpr uint64_t PtxasPressureWords = 88;

struct LocalArrayOptions {
  /// A device-debug build (nvcc -G): nothing is optimized, every per-thread
  /// array lives in the depot and ptxas keeps it.
  bool DeviceDebug = false;
};

std::vector<LocalArrayVerdict> judgeLocalArrays(const KernelAnalysis &Interp,
                                                clang::ASTContext &Ctx,
                                                LocalArrayOptions Options = {});

/// Sets Final and FinalReason of a kernel's arrays from their PTX verdicts
/// and facts, by the ptxas rule calibrated in
/// cuda_samples/local_calibration/ (ptxas promotes a kernel's local frame
/// to registers whole, or not at all).
void predictFinalCode(std::vector<LocalArrayVerdict> &Kernel,
                      const LocalArrayOptions &Options);

/// Bytes of PTX local depot the verdicts predict for the kernel, and of
/// ptxas stack frame (without spills of large constant-indexed arrays).
uint64_t predictedDepotBytes(const std::vector<LocalArrayVerdict> &Verdicts);
uint64_t predictedFrameBytes(const std::vector<LocalArrayVerdict> &Verdicts);

} // namespace warpcheck

#endif
