//===--- FixProof.h - Layout fixes kept only when re-analysis agrees -*- C++
//-*-===//
//
// A layout fix (padding or swizzle) is a claim: "with this edit, the
// accesses to this array take N wavefronts". The driver keeps the edit only
// if the edited source, parsed and analyzed again, compiles as before and
// gives N. All fixes of a file are proven together in one re-analysis; a
// claim that fails there is tried again alone, so one edit never costs
// another its proof.
//
//===----------------------------------------------------------------------===//

#ifndef WARPCHECK_DRIVER_FIXPROOF_H
#define WARPCHECK_DRIVER_FIXPROOF_H

#include "Driver.h"

namespace warpcheck {

/// Fixes that fail together are proven again alone, one re-analysis of the
/// file each, this many at most; the rest are withheld with a note naming
/// the budget.
constexpr unsigned MaxSoloProofs = 16;

/// Proves every layout fix among R's findings; a fix that fails is removed
/// from its finding and a note says why ("layout fix withheld: ...").
/// Each re-analysis parses with R's compile command (FileAnalysis::Command).
/// Returns the number of re-analyses it ran.
/// Contents: the main file's text when it is not the disk's (an editor's
/// unsaved document).
unsigned proveLayoutFixes(const DriverOptions &Options, FileAnalysis &R,
                          const std::string *Contents = nullptr);

} // namespace warpcheck

#endif
