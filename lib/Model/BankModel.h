//===--- BankModel.h - Shared-memory wavefronts of one warp request -*- C++
//-*-===//
//
// 32 banks of 4 bytes. A warp-wide shared-memory instruction is served in
// passes of consecutive lanes; what a pass costs, and how lanes form passes,
// depend on the access kind and width. The pass rules are data, one row of
// BankRules per architecture whose rules were measured (bankRulesTable());
// every rule below was measured on an H100 (sm_90) by
// cuda_samples/calibration/bank_kinds.cu, one launch per pattern, 4116
// patterns (cuda_samples/measurements/h100-bank-kinds/, docs/bank-model.md):
//  - Loads: 1, 2, 4 bytes: one pass; 8 bytes: one pass per active half-warp,
//    merged into one when, for every active lane i, lane i^1 (or, for every
//    active lane, lane i^2) is inactive or asks for the same address (seed
//    000's condition); 16 bytes: quarter-warps, merged per half-warp under the
//    same condition. A pass costs the most distinct words one bank delivers.
//  - Stores: the same passes, never merged (a warp-uniform 8-byte store takes
//    2 wavefronts, a 16-byte one 4); lanes writing one word share it.
//  - Atomics: the passes of stores, and no sharing: every lane costs one
//    wavefront on each bank it touches, also lanes on the same address.
//    ATOMS.CAS costs twice that; atomicAdd(p, 1) whose result is unused
//    (ATOMS.POPC.INC) shares words like a load; with its result used it is
//    ATOMS.ADD (cuda_samples/atomics/, measurements/h100-atomics). At an
//    address the compiler proves warp-uniform some are combined into one
//    lane's (AtomicForm::Aggregatable). Float add, 64-bit add and double add are
//    loops of ATOMS.CAST.SPIN, 16-bit atomicCAS a loop of 32-bit ATOMS.CAS:
//    their cost is the sum over the loop's iterations (AtomicForm).
// A translation unit's rules are chosen from its target architecture
// (chooseBankRules); an architecture with no measured row is counted with
// sm_90's rules and says so (BankRulesChoice::Measured), never silently.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_BANKMODEL_H
#define WARPCHECK_MODEL_BANKMODEL_H

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpcheck {

/// The geometry every architecture from sm_50 to sm_90 shares (CUDA C++
/// Programming Guide, "Shared Memory" of compute capabilities 5.x to 9.0:
/// 32 banks, successive 32-bit words in successive banks; warps of 32
/// threads), measured again on the H100 (docs/bank-model.md). The symbolic
/// layer (RequestAnalysis's 128-byte periods, LayoutSearch's swizzles) is
/// written for it: an architecture with another geometry needs more than a
/// row of bankRulesTable().
constexpr unsigned WarpSize = 32;
constexpr unsigned NumBanks = 32;
constexpr unsigned BankWidthBytes = 4;

/// What a shared-memory instruction does with its addresses.
enum class AccessKind { Load, Store, Atomic };
/// "load", "store", "atomic".
const char *accessKindName(AccessKind K);

/// Whether the program uses the old value an atomic returns: the compiler
/// picks another instruction for some atomics when it does not
/// (ATOMS.POPC.INC, combined REDUX forms).
enum class AtomicResult { Unused, Used };

/// How an atomic runs on sm_90 (nvcc 13, cuobjdump -sass of bank_kinds.cu
/// and cuda_samples/atomics/atomics.cu).
enum class AtomicForm {
  /// One ATOMS.ADD/MIN/MAX/EXCH: each lane costs one wavefront on each bank
  /// it touches.
  Native,
  /// One ATOMS.CAS (atomicCAS on 4, 8 or 16 bytes): twice Native.
  Cas,
  /// One ATOMS.POPC.INC.32 (atomicAdd of the constant 1 on 4 bytes, result
  /// unused): lanes on one word share it, as for loads and stores.
  PopcInc,
  /// A loop of LDS and ATOMS.CAST.SPIN (atomicAdd on float, unsigned long
  /// long and double): each iteration costs 2 wavefronts per pass with a
  /// pending lane and serves, per pass, the lowest pending lane of each bank;
  /// a served lane succeeds when no lane changed its address since the
  /// iteration's load. Iterations repeat until every lane succeeded.
  SpinLoop,
  /// atomicCAS on 2 bytes: a loop of ATOMS.CAS on the containing 4-byte word
  /// (each iteration costs as a Cas on the words of the pending lanes). Lanes
  /// are served in lane order; a lane whose own half still holds its compare
  /// value retries when another lane changed the other half first. Assumes
  /// every lane's compare value is what its half held before the request.
  Cas16Loop,
  /// ATOMS as Native, unless the compiler proves the address the same in
  /// every thread of the warp; then it combines the operands of the warp's
  /// active lanes (REDUX, or POPC of the active mask for a constant) and one
  /// lane issues the ATOMS: 1 wavefront per request. 4-byte integer
  /// atomicAdd of a constant (result used or not; of 1 only with the result
  /// used) and atomicSub(p, 1); atomicAdd of a per-thread operand and
  /// atomicMin/Max/And/Or/Xor with the result unused (atomics.cu *_param,
  /// *_const0, *_const0_w4, *_const0_w32: 1; differential kernels k0100,
  /// k0575, k1253, ...: cuda_samples/measurements/h100-differential). The
  /// request says whether the address is proven uniform
  /// (SymbolicRequest::UniformAddress).
  Aggregatable,
  /// atomicAdd of a per-thread operand on a 4-byte integer, result used: at
  /// a proven-uniform address a warp whose 32 lanes all run it is combined
  /// (a shuffle scan, one lane's ATOMS.ADD: addvar_*_used_const0: 1); a
  /// warp with inactive lanes takes another path that issues ATOMS.ADD lane
  /// by lane (SASS of addvar_s32_used_const0; not measured: a range). Not
  /// proven uniform: Native.
  AggregatableFullWarp,
};
const char *atomicFormName(AtomicForm F);
/// Whether the compiler may combine a warp's atomics of form F into one
/// lane's at a proven-uniform address (the Aggregatable forms).
bool combinable(AtomicForm F);

/// The form of CUDA's atomic Function (atomicAdd, atomicCAS, ... with an
/// optional _block or _system suffix) on an element of WidthBytes, IsFloat
/// for float and double, whose old value the program uses or not (Result);
/// ConstantOperand is the value operand when it is a compile-time constant
/// (atomicAdd(p, 1) with its result unused becomes ATOMS.POPC.INC). nullopt
/// where no H100 measurement covers the combination (atomicDec, 64-bit
/// and/or/xor/exch of floats, 64-bit min/max, whose loop skips lanes
/// depending on the values, __half and __nv_bfloat16 adds, a constant -1,
/// 16-byte atomicCAS and atomicExch with the result used, ...): the caller
/// should not predict those.
std::optional<AtomicForm>
atomicForm(std::string_view Function, unsigned WidthBytes, bool IsFloat,
           AtomicResult Result,
           std::optional<int64_t> ConstantOperand = std::nullopt);

/// How one access kind and width forms passes and what a pass costs.
struct PassRule {
  /// Consecutive lanes per pass: 32 the whole warp, 16 half-warps, 8
  /// quarter-warps.
  unsigned PassLanes;
  /// Lanes per pass when seed 000's condition holds (for every active lane
  /// i, lane i^1, or for every active lane lane i^2, is inactive or asks for
  /// the same address); 0: passes are never merged.
  unsigned MergedLanes;
  /// Whether lanes asking for the same word share one delivery; when not,
  /// every lane costs one wavefront on each bank it touches.
  bool ShareWords;
};

/// The bank rules of one architecture: how each kind and width forms
/// passes, and the measurement the numbers come from.
struct BankRules {
  /// The architecture measured ("sm_90"); its variants ("sm_90a") share it.
  const char *Arch;
  /// The GPU measured ("H100").
  const char *Gpu;
  /// Rows for widths 1, 2, 4, 8 and 16 bytes.
  PassRule Load[5];
  PassRule Store[5];
  /// CUDA has no 1-byte atomics; the 2-byte row serves AtomicForm::Cas16Loop,
  /// which works on 4-byte words.
  PassRule Atomic[5];
  /// AtomicForm::PopcInc (ATOMS.POPC.INC.32).
  PassRule PopcInc;
  /// Where the rows come from: the GPU, the calibration kernel, the data.
  const char *Measurement;
};

/// Every architecture whose rules were measured; the first is the default.
llvm::ArrayRef<BankRules> bankRulesTable();
/// sm_90's rules (the H100's): the default, and what an architecture with
/// no row of its own is counted with.
const BankRules &defaultBankRules();

/// The rules used for one translation unit and why.
struct BankRulesChoice {
  /// The target architecture ("sm_80"); the default ("sm_90") when the
  /// translation unit named none.
  std::string Arch;
  /// The rules applied: Arch's own row, or defaultBankRules().
  const BankRules *Rules = &defaultBankRules();
  /// Whether Rules were measured on Arch (or its variant); false: assumed
  /// from another architecture's measurement.
  bool Measured = true;
  /// Whether the translation unit named its architecture.
  bool ArchGiven = false;
  /// What the counts assume, for a note: "bank rules of sm_80 are not
  /// measured: counted with sm_90's, ...", or that no architecture was
  /// given; empty when Rules were measured on the architecture given.
  std::string assumption() const;
};

/// The rules for Arch ("sm_90", "sm_90a", "sm_80"; empty: none given).
BankRulesChoice chooseBankRules(std::string_view Arch);

/// The byte address each lane of a warp accesses; nullopt for inactive lanes.
using WarpAddresses = std::array<std::optional<uint64_t>, WarpSize>;

/// The cost of one warp request and, for the explanation, its worst bank.
struct WavefrontCount {
  /// Wavefronts the request takes.
  unsigned Wavefronts = 0;
  /// Wavefronts it would take with the same active lanes and no bank
  /// conflict: the number of passes.
  unsigned Ideal = 0;
  /// The worst pass's degree: the most distinct words one bank serves.
  unsigned Ways = 0;
  /// The bank and the lanes that ask it for different words, in the worst
  /// pass (empty when the request is conflict-free).
  unsigned WorstBank = 0;
  std::vector<unsigned> WorstLanes;
  /// Number of distinct words the worst bank serves (atomics: the lane
  /// accesses it serves).
  unsigned WorstWords = 0;
  /// Warp-level instructions the request executes: 1, or the iterations of
  /// an atomic loop (what Nsight Compute counts as requests); 0 when no lane
  /// is active.
  unsigned Instructions = 0;
};

/// Counts the wavefronts of one warp request of WidthBytes (1, 2, 4, 8 or
/// 16) and kind Kind at the given addresses (Form says how an atomic runs;
/// loads and stores ignore it), under Rules. For atomic loops, the
/// wavefronts and Instructions of all iterations. Returns Wavefronts == 0
/// when no lane is active.
WavefrontCount countWavefronts(unsigned WidthBytes, AccessKind Kind,
                               const WarpAddresses &Lanes,
                               AtomicForm Form = AtomicForm::Native,
                               const BankRules &Rules = defaultBankRules());

/// The lanes of each pass one instruction of the request is served in, in
/// order (the pass rule of Kind, WidthBytes and Form under Rules; passes
/// with no active lane left out), and whether lanes asking for one word
/// share its delivery (ShareWords). What countWavefronts counts per pass.
std::vector<std::vector<unsigned>>
requestPasses(unsigned WidthBytes, AccessKind Kind, const WarpAddresses &Lanes,
              AtomicForm Form, const BankRules &Rules, bool &ShareWords);

/// An upper bound of countWavefronts over every address assignment of
/// ActiveLanes lanes.
unsigned maxWavefronts(unsigned WidthBytes, AccessKind Kind,
                       unsigned ActiveLanes,
                       AtomicForm Form = AtomicForm::Native);

/// "0..31", "0, 2, 4..7": a compact list of lane numbers.
std::string formatLaneList(const std::vector<unsigned> &Lanes);

} // namespace warpcheck

#endif
