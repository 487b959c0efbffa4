//===--- FinalFixProof.h - Layout fixes checked on nvcc's final code -*- C++ -*-===//
//
// With --verify-sass a layout fix is proven twice: on the source (FixProof.h:
// the edited source re-analyzed gives the wavefronts the note claims) and on
// the code nvcc makes of the edited source. nvcc may fuse, hoist or split
// the edited accesses differently from the original's, so a layout that is
// conflict-free per source request can still cost more once fused. The
// edited text is compiled with the project's own nvcc command, its SASS
// matched to the re-analysis (FinalCode.h), and the claim holds when the
// final instructions of the array take at most the claimed wavefronts.
//
//===----------------------------------------------------------------------===//

#ifndef WARPCHECK_DRIVER_FINALFIXPROOF_H
#define WARPCHECK_DRIVER_FINALFIXPROOF_H

#include "Driver.h"

#include <string>
#include <vector>

namespace warpcheck {

/// What the final code says of one fix's claim.
struct FinalFixVerdict {
  enum Result { Holds, Fails, Unknown } Outcome = Unknown;
  /// Fails and Unknown: why (empty where the file says it once: no nvcc);
  /// Holds: the final instructions and wavefronts.
  std::string Why;
};

/// Claim judged on Accesses, the re-analysis of the edited text whose final
/// views are filled (matchFinalCode): it holds when the final instructions
/// of its array take at most the claimed wavefronts, or, where their counts
/// are not known, when each is the source's own request at no more than
/// the source's cost; it fails when they take more; else unknown.
FinalFixVerdict judgeOnFinalCode(const FixClaim &Claim,
                                 const std::vector<AccessRecord> &Accesses);

/// Compiles EditedMain (the main file of Before with the fixes of one proof
/// applied; HeadersEdited when they also edit headers, which are not
/// compiled here) and judges each claim against the SASS matched to Proof,
/// the re-analysis of the same text. One compile for all the claims.
std::vector<FinalFixVerdict>
proveOnFinalCode(const DriverOptions &Options, const FileAnalysis &Before,
                 const std::string &EditedMain, bool HeadersEdited,
                 const FileAnalysis &Proof,
                 const std::vector<const FixClaim *> &Claims);

} // namespace warpcheck

#endif
