//===--- InlinePtx.h - Shared-memory instructions in inline PTX -*- C++ -*-===//
//
// Decodes the text of an `asm` statement into the shared-memory accesses
// its instructions make: ld/st/atom/red with a .shared state space (or
// generic, through an operand the engine may know points into shared
// memory), ldmatrix, stmatrix and cp.async with a shared destination. The
// engine (CudaIntrinsics.cpp) follows the address operands.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_ANALYSIS_SIMT_INLINEPTX_H
#define WARPCHECK_ANALYSIS_SIMT_INLINEPTX_H

#include "BankModel.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {
namespace simt {

/// One memory instruction of inline PTX that may touch shared memory.
struct PtxAccess {
  /// The opcode as written ("ld.shared.v4.f32").
  std::string Opcode;
  /// Byte offset of the instruction in the asm string.
  size_t Position = 0;
  AccessKind Kind = AccessKind::Load;
  /// Bytes one thread moves: element width times vector length (0: not
  /// decoded).
  unsigned WidthBytes = 0;
  /// The state space says shared; otherwise a generic address that is a
  /// shared access only when its operand points into shared memory.
  bool ExplicitShared = true;
  /// Under a predicate (`@p ld.shared ...`): runs in some threads only.
  bool Predicated = false;
  /// The address `[%N+Imm]`: operand N (outputs first, then inputs).
  std::optional<unsigned> AddressOperand;
  int64_t AddressOffset = 0;
  /// Why the bank model cannot judge it even with a followed address
  /// (ldmatrix and stmatrix other than m8n8.b16, cp.async.cg with a size
  /// operand: not measured); empty when it can.
  std::string Unmeasured;
  /// Lanes of each warp whose address the instruction uses: ldmatrix and
  /// stmatrix .x1, .x2, .x4 take the row addresses of lanes 0-7, 0-15, 0-31.
  unsigned AddressLanes = 32;
  /// stmatrix: its wavefronts are measured over rows at distinct addresses
  /// only; rows that may share an address leave it unknown.
  bool DistinctRows = false;
  /// cp.async.cg (LDGSTS.E.BYPASS.128): judged by the rule of
  /// Model/BypassCopy.h, from the global source operand's addresses too.
  bool Bypass = false;
  std::optional<unsigned> SourceOperand;
  /// cp.async whose size is an operand (`%2` bound to an "n" constraint):
  /// WidthBytes is that operand's value, which the engine knows.
  std::optional<unsigned> SizeOperand;
  /// atom/red: the CUDA function of the same operation ("atomicAdd"),
  /// whether the element is floating point, an immediate operand, and
  /// whether the old value is discarded (red).
  std::string AtomicFunction;
  bool AtomicFloat = false;
  std::optional<int64_t> AtomicImmediate;
  bool ResultUnused = false;
};

/// A bulk copy (cp.async.bulk, cp.async.bulk.tensor): the tensor memory
/// accelerator writes shared memory without a warp's load or store request.
struct PtxBulkCopy {
  std::string Opcode;
  size_t Position = 0;
  /// cp.async.bulk.tensor (a tensor map's box, UTMALDG), not a linear copy.
  bool Tensor = false;
};

struct PtxDecoding {
  std::vector<PtxAccess> Accesses;
  std::vector<PtxBulkCopy> BulkCopies;
  /// The text mentions shared memory somewhere the decoder did not turn
  /// into an access (an instruction it does not know): the first such
  /// instruction.
  std::string Undecoded;
  size_t UndecodedPosition = 0;
  /// Labels or branches: the instructions may run any number of times.
  bool HasControlFlow = false;
};

/// Why a 16-byte copy that bypasses L1 (cp.async.cg, LDGSTS.E.BYPASS.128)
/// is not decided.
extern const char *const BypassCopyWhy;
/// Why one whose lanes of a shared line read two global lines is unknown.
extern const char *const BypassCopyLinesWhy;

/// Decodes the asm string of a GCC-style asm statement (operands as %N,
/// a literal percent as %%).
PtxDecoding decodeInlinePtx(llvm::StringRef Text);

} // namespace simt
} // namespace warpcheck

#endif
