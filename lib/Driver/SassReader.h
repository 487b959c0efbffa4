//===--- SassReader.h - Shared-memory instructions of the final code -*- C++
//-*-===//
//
// Reads `nvdisasm -gi` output of a cubin compiled with `-lineinfo`: per
// function, every instruction that touches shared or local memory with the
// source line it comes from and the chain of calls it was inlined through.
// nvdisasm writes the position before the instructions it covers, as
//   //## File "k.cu", line 1 inlined at "k.cu", line 8
//   //## File "k.cu", line 8
// (the innermost frame first, then each caller). `nvdisasm -g` writes only
// the first line without "inlined at", and `cuobjdump -sass` no position at
// all: both are read too, with fewer frames (or none).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_SASSREADER_H
#define WARPCHECK_DRIVER_SASSREADER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

/// A source position of the line table.
struct SassFrame {
  std::string File;
  unsigned Line = 0;
  bool operator==(const SassFrame &O) const {
    return Line == O.Line && File == O.File;
  }
};

/// What an instruction does to memory, as the bank model counts it.
enum class SassMemKind {
  None,
  SharedLoad,   // LDS, LDSM
  SharedStore,  // STS, STSM, LDGSTS (its write to shared memory)
  SharedAtomic, // ATOMS
  LocalLoad,    // LDL
  LocalStore,   // STL
};

/// One instruction of interest.
struct SassInstruction {
  uint64_t Offset = 0;
  /// The opcode with its modifiers: "LDS.128", "ATOMS.CAST.SPIN".
  std::string Opcode;
  /// "@P0", "@!P1", or empty.
  std::string Predicate;
  SassMemKind Kind = SassMemKind::None;
  /// Bytes per lane: 1, 2, 4, 8 or 16; 0 when the opcode does not say
  /// (LDSM, LDGSTS without a width).
  unsigned WidthBytes = 0;
  /// A compare-and-swap (ATOMS.CAS, ATOMS.CAST.SPIN): an atomic the
  /// compiler turned into a loop, or atomicCAS itself.
  bool CompareAndSwap = false;
  /// Innermost first; empty without line information.
  std::vector<SassFrame> Frames;
};

/// A branch: from the BRA's offset to its target's.
struct SassJump {
  uint64_t From = 0, To = 0;
};

struct SassFunction {
  std::string Name; // mangled
  std::vector<SassInstruction> Instructions;
  /// Every BRA with a resolved target, and every EXIT: where the warps
  /// that reach an instruction may have gone another way.
  std::vector<SassJump> Jumps;
  std::vector<uint64_t> Exits;
  /// Whether the listing had control flow at all (a filtered listing may
  /// keep only the memory instructions).
  bool HasControlFlow = false;
};

/// Whether every warp that starts F runs I exactly once: I is unpredicated,
/// no branch jumps over it or back across it, and no EXIT comes before it.
bool runsOncePerWarp(const SassFunction &F, const SassInstruction &I);

/// The loop whose every iteration runs I exactly once: the one branch back
/// across I; I unpredicated, no branch into the loop past I or over I
/// (except one over the whole loop: its entry test), no EXIT in the loop
/// before I. nullopt where I is in no loop, in several, or may be skipped.
std::optional<SassJump> onceEachIteration(const SassFunction &F,
                                          const SassInstruction &I);

/// Whether a warp may run I more than once: some branch jumps back from
/// after I to I or before it. False (at most once per warp) needs F's
/// control flow.
bool mayRepeat(const SassFunction &F, const SassInstruction &I);

/// Parses nvdisasm (`-g`, `-gi` or plain) or `cuobjdump -sass` text.
std::vector<SassFunction> parseSassListing(llvm::StringRef Text);

/// Classifies an opcode ("LDS.U16" -> SharedLoad, width 2); None for
/// instructions that touch neither shared nor local memory.
SassInstruction classifySassOpcode(llvm::StringRef Opcode);

} // namespace warpcheck

#endif
