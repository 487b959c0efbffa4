//===--- CrashContainment.h - One file's crash loses one file ---*- C++ -*-===//
//
// Each file is parsed and analyzed under crash recovery, on a thread of its
// own with a large stack and an alternate signal stack: a crash in clang or
// warpcheck on one file, a stack overflow included (deep constexpr
// recursion, a template nested thousands deep), loses that file only, with
// its error line; the others are still analyzed (docs/robustness.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_CRASHCONTAINMENT_H
#define WARPCHECK_DRIVER_CRASHCONTAINMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace warpcheck {

namespace limits {
/// The stack of the thread each file is analyzed on. Clang's own deep
/// recursions (noteBottomOfStack) move to fresh threads before it runs
/// out; the depth caps of the compile command (capDepthFlags) bound the
/// rest.
constexpr unsigned AnalysisStackBytes = 256u << 20;
} // namespace limits

/// Runs Fn contained: on a thread with AnalysisStackBytes of stack (a
/// quarter of it, or the calling thread, where the address space is
/// limited), under
/// llvm::CrashRecoveryContext with the crash signals delivered on an
/// alternate stack (so that a stack overflow is recovered too). False when
/// Fn crashed.
bool runContained(llvm::function_ref<void()> Fn);

} // namespace warpcheck

#endif
