//===--- FinalCode.h - Source accesses matched to nvcc's SASS ---*- C++ -*-===//
//
// --verify-sass: each analyzed shared access is matched to the shared
// instructions nvcc emitted for its source line (SassReader.h), in its
// kernel, and given the final code's view (AccessRecord::Final): the
// instructions, and their requests and wavefronts for one block. Matched
// per kernel, block shape, line and kind:
//  - same widths: the source's counts stand ("same");
//  - one wider width (LDS.64, LDS.128, STS.64, STS.128) for narrower
//    accesses: the accesses were fused; the fused instruction's requests
//    are each access's W-aligned requests counted at width W
//    (FusedRequests.h), provided the bytes per lane add up ("fused");
//  - no instruction of the kind on the line: "eliminated" (or moved to a
//    line of its own: the count is 0 on this line either way);
//  - compare-and-swap atomics (ATOMS.CAST.SPIN): "cas_loop", the source's
//    loop iterations (known where no other warp contends the loop);
//  - fewer instructions than the source's requests: "hoisted" out of a loop
//    (also under the loop's entry test) or "merged" repeats of an element;
//  - several widths for accesses of one width (a misaligned group): "fused",
//    when each width costs the same whichever access starts it (also where
//    the widest load reads an aligned window past the group's elements);
//  - anything else (split accesses, ldmatrix) is unknown, with the
//    instructions and the reason; where only the counts are unknown, the
//    per-request cost of each instruction (FinalCodeView::PerRequest).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_FINALCODE_H
#define WARPCHECK_DRIVER_FINALCODE_H

#include "AnalysisReport.h"
#include "SassReader.h"

#include <vector>

namespace warpcheck {

/// Fills Final of every access from the SASS of its translation unit.
/// Kernels gives the mangled name of each kernel (the SASS's names).
void matchFinalCode(std::vector<AccessRecord> &Accesses,
                    const std::vector<KernelRecord> &Kernels,
                    const std::vector<SassFunction> &Sass);

/// Marks every access's final view unknown for Reason (no SASS).
void markFinalUnknown(std::vector<AccessRecord> &Accesses,
                      const std::string &Reason);

/// The kernel name a demangled SASS function name shows in the source's
/// style: "void k<3>(int*, int)" -> "k<3>".
std::string kernelNameOfDemangled(llvm::StringRef Demangled);

} // namespace warpcheck

#endif
