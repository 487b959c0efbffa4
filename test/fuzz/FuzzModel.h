//===--- FuzzModel.h - Decoding model inputs for the fuzz targets -*- C++
//-*-===//
#ifndef WARPCHECK_TEST_FUZZ_FUZZMODEL_H
#define WARPCHECK_TEST_FUZZ_FUZZMODEL_H

#include "BankModel.h"
#include "FuzzInput.h"

namespace warpcheck::fuzz {

inline const unsigned Widths[] = {1, 2, 4, 8, 16};

/// An access kind and atomic form the model has a measurement for.
inline void decodeKind(fuzz::ByteReader &In, unsigned Width, AccessKind &Kind,
                       AtomicForm &Form) {
  uint8_t B = In.byte();
  Kind = AccessKind(B % 3);
  Form = AtomicForm::Native;
  if (Kind != AccessKind::Atomic)
    return;
  static const char *Functions[] = {
      "atomicAdd", "atomicCAS",       "atomicMin", "atomicExch",
      "atomicOr",  "atomicAdd_block", "atomicSub", "atomicMax"};
  std::optional<int64_t> Constant;
  if (B & 0x40)
    Constant = (B & 0x80) ? 1 : 2;
  AtomicResult Result =
      In.byte() & 1 ? AtomicResult::Used : AtomicResult::Unused;
  auto F = atomicForm(Functions[(B >> 2) & 7], Width, B & 0x20, Result,
                      Constant);
  if (!F) {
    Kind = AccessKind::Load; // no measurement: the checks do not predict it
    return;
  }
  Form = *F;
}

} // namespace warpcheck::fuzz

#endif
