// The bank model on concrete addresses: seed 000's eleven cases and the
// probes of cuda_samples/bank_rules.cu, with the wavefronts the H100 measured
// (cuda_samples/measurements/h100/metrics.csv), and a few probes per access
// kind from cuda_samples/calibration/bank_kinds.cu
// (cuda_samples/measurements/h100-bank-kinds/; BankKindsMeasuredTest.cpp
// checks all of them).
#include "BankModel.h"

#include <functional>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {
/// Addresses of a warp request: lane t reads element Index(t) of an array of
/// ElementBytes, when Active(t).
WarpAddresses lanes(
    unsigned ElementBytes, std::function<uint64_t(unsigned)> Index,
    std::function<bool(unsigned)> Active = [](unsigned) { return true; }) {
  WarpAddresses A;
  for (unsigned T = 0; T < WarpSize; ++T)
    if (Active(T))
      A[T] = Index(T) * ElementBytes;
  return A;
}
unsigned waves(unsigned Width, const WarpAddresses &A,
               AccessKind Kind = AccessKind::Load,
               AtomicForm Form = AtomicForm::Native) {
  return countWavefronts(Width, Kind, A, Form).Wavefronts;
}
unsigned stores(unsigned Width, const WarpAddresses &A) {
  return waves(Width, A, AccessKind::Store);
}
unsigned atomics(unsigned Width, const WarpAddresses &A,
                 AtomicForm Form = AtomicForm::Native) {
  return waves(Width, A, AccessKind::Atomic, Form);
}
} // namespace

TEST(BankModel, FourByteStrides) {
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 2 * T; })), 2u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 4 * T; })), 4u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 32 * T; })), 32u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return 33 * T; })), 1u);
}

TEST(BankModel, BroadcastOfOneWordIsFree) {
  EXPECT_EQ(waves(4, lanes(4, [](unsigned) { return 5; })), 1u);
  // Two words on bank 0: two wavefronts however many lanes ask.
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return (T & 1) * 32; })), 2u);
  EXPECT_EQ(waves(4, lanes(4, [](unsigned T) { return (T % 4) * 32 + T / 4; })),
            4u);
}

TEST(BankModel, NarrowElementsShareWords) {
  EXPECT_EQ(waves(1, lanes(1, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(waves(1, lanes(1, [](unsigned T) { return 128 * T; })), 32u);
  EXPECT_EQ(waves(1, lanes(1, [](unsigned T) { return 129 * T; })), 4u);
  EXPECT_EQ(waves(2, lanes(2, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(waves(2, lanes(2, [](unsigned T) { return 32 * T; })), 16u);
  EXPECT_EQ(waves(2, lanes(2, [](unsigned T) { return 64 * T; })), 32u);
}

TEST(BankModel, Seed000SixtyFourBitCases) {
  EXPECT_EQ(waves(8, lanes(
                         8, [](unsigned T) { return T; },
                         [](unsigned T) { return T < 16; })),
            1u);
  EXPECT_EQ(waves(8, lanes(
                         8, [](unsigned T) { return T == 16 ? 15 : T; },
                         [](unsigned T) { return T < 15 || T == 16; })),
            2u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T / 2; })), 1u);
  EXPECT_EQ(waves(8, lanes(8,
                           [](unsigned T) {
                             return T < 16 ? T / 2 : (T / 4) * 4 + (T % 4) % 2;
                           })),
            2u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T % 16; })), 2u);
}

TEST(BankModel, Seed000OneHundredTwentyEightBitCases) {
  EXPECT_EQ(waves(16, lanes(
                          16, [](unsigned) { return 4; },
                          [](unsigned T) { return T == 15 || T == 16; })),
            2u);
  EXPECT_EQ(waves(16, lanes(
                          16, [](unsigned) { return 4; },
                          [](unsigned T) { return T == 0 || T == 15; })),
            1u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              return (T / 8) * 2 + ((T % 8) / 2) % 2;
                            })),
            2u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              return T < 16 ? (T / 8) * 2 + ((T % 8) / 2) % 2
                                            : (T / 8) * 2 + ((T % 8) % 2);
                            })),
            4u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              return (T / 16) * 4 + (T % 16) / 8 +
                                     (T % 8) / 4 * 8;
                            })),
            4u);
  EXPECT_EQ(waves(16, lanes(16,
                            [](unsigned T) {
                              unsigned A = (T / 16) * 4 + (T % 16 / 8) * 8;
                              return A + (T < 16 ? (T % 4 / 2) * 2
                                                 : (T % 4 % 2) * 2);
                            })),
            4u);
}

TEST(BankModel, VectorProbesMeasuredOnH100) {
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T; })), 2u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return 2 * T; })), 4u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return 16 * T; })), 32u);
  EXPECT_EQ(waves(8, lanes(8, [](unsigned) { return 3; })), 1u);
  EXPECT_EQ(waves(16, lanes(16, [](unsigned T) { return T; })), 4u);
  EXPECT_EQ(waves(16, lanes(16, [](unsigned T) { return 2 * T; })), 8u);
  EXPECT_EQ(waves(16, lanes(16, [](unsigned) { return 3; })), 2u);
}

TEST(BankModel, IdealCountsPasses) {
  WavefrontCount C = countWavefronts(
      16, AccessKind::Load, lanes(16, [](unsigned T) { return 2 * T; }));
  EXPECT_EQ(C.Ideal, 4u);
  EXPECT_EQ(C.Ways, 2u);
  WavefrontCount Col = countWavefronts(
      4, AccessKind::Load, lanes(4, [](unsigned T) { return 32 * T; }));
  EXPECT_EQ(Col.Ideal, 1u);
  EXPECT_EQ(Col.WorstBank, 0u);
  EXPECT_EQ(Col.WorstLanes.size(), 32u);
  EXPECT_EQ(countWavefronts(4, AccessKind::Load, WarpAddresses{}).Wavefronts,
            0u);
}

// bank_rules.cu's store probes measured what the store rule predicts; the
// old expectation that stores merge like loads was wrong for uniform 8- and
// 16-byte stores (bank_kinds.cu probes uniform0 of probe_st_u64/u128: 2, 4).
TEST(BankModel, StoresNeverMergePasses) {
  EXPECT_EQ(stores(4, lanes(4, [](unsigned T) { return 32 * (31 - T); })), 32u);
  EXPECT_EQ(stores(4, lanes(4, [](unsigned) { return 0; })), 1u);
  EXPECT_EQ(stores(8, lanes(8, [](unsigned T) { return T; })), 2u);
  EXPECT_EQ(stores(8, lanes(8, [](unsigned T) { return 2 * T; })), 4u);
  EXPECT_EQ(stores(16, lanes(16, [](unsigned T) { return T; })), 4u);
  // Warp-uniform: one wavefront per half-warp (8 bytes) or quarter-warp (16).
  EXPECT_EQ(stores(8, lanes(8, [](unsigned) { return 0; })), 2u);
  EXPECT_EQ(stores(16, lanes(16, [](unsigned) { return 0; })), 4u);
  // Lane i and i^1 agree: loads merge, stores do not.
  EXPECT_EQ(waves(8, lanes(8, [](unsigned T) { return T / 2; })), 1u);
  EXPECT_EQ(stores(8, lanes(8, [](unsigned T) { return T / 2; })), 2u);
  // Lanes writing one word share it.
  EXPECT_EQ(stores(1, lanes(1, [](unsigned T) { return T / 4; })), 1u);
}

TEST(BankModel, AtomicsCountEveryLane) {
  // probe_atom_add_s32 (per-lane operands: ATOMS.ADD).
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return T; })), 1u);
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return 32 * T; })), 32u);
  // Same address: no sharing (uniform0 of probe_atom_add_s32: 32).
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned) { return 0; })), 32u);
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return T / 2; })), 2u);
  // 8 bytes: half-warp passes; 16 bytes: quarter-warp passes.
  EXPECT_EQ(atomics(8, lanes(8, [](unsigned) { return 0; })), 32u);
  EXPECT_EQ(atomics(16, lanes(16, [](unsigned) { return 0; })), 32u);
  EXPECT_EQ(atomics(16, lanes(16, [](unsigned T) { return T; })), 4u);
  // ATOMS.CAS costs twice as much.
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return T; }), AtomicForm::Cas),
            2u);
  EXPECT_EQ(atomics(16, lanes(16, [](unsigned) { return 0; }), AtomicForm::Cas),
            64u);
}

// atomicAdd(p, 1) is ATOMS.POPC.INC: bank_rules.cu's atom32_four_words
// (lanes on 4 words, 8 each) measured 1, atom32_stride32 32.
TEST(BankModel, PopcIncSharesWords) {
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return T % 4; }),
                    AtomicForm::PopcInc),
            1u);
  EXPECT_EQ(
      atomics(4, lanes(4, [](unsigned) { return 0; }), AtomicForm::PopcInc),
      1u);
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return 32 * T; }),
                    AtomicForm::PopcInc),
            32u);
  EXPECT_EQ(atomics(4, lanes(4, [](unsigned T) { return T % 4; })), 8u);
}

TEST(BankModel, AtomicLoops) {
  // Float add: ATOMS.CAST.SPIN, one lane per bank and iteration.
  WavefrontCount Stride2 = countWavefronts(
      4, AccessKind::Atomic, lanes(4, [](unsigned T) { return 2 * T; }),
      AtomicForm::SpinLoop);
  EXPECT_EQ(Stride2.Instructions, 2u);
  EXPECT_EQ(Stride2.Wavefronts, 4u);
  EXPECT_EQ(Stride2.Ideal, 2u);
  // Double add, all lanes on one address: 32 iterations, the first 16 with
  // both half-warps pending (probe_atom_add_f64 uniform0: 32, 96).
  WavefrontCount Uniform = countWavefronts(8, AccessKind::Atomic,
                                           lanes(8, [](unsigned) { return 0; }),
                                           AtomicForm::SpinLoop);
  EXPECT_EQ(Uniform.Instructions, 32u);
  EXPECT_EQ(Uniform.Wavefronts, 96u);
  // 16-bit CAS: lanes 0, 2 on half 0 and 1, 3 on half 1 of each word retry
  // once (probe_atom_cas_b16 pair_xor2: 2 instructions, 12 wavefronts).
  WavefrontCount Halves = countWavefronts(
      2, AccessKind::Atomic, lanes(2, [](unsigned T) { return T & ~2u; }),
      AtomicForm::Cas16Loop);
  EXPECT_EQ(Halves.Instructions, 2u);
  EXPECT_EQ(Halves.Wavefronts, 12u);
}

TEST(BankModel, AtomicForms) {
  constexpr AtomicResult Unused = AtomicResult::Unused;
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Unused),
            AtomicForm::Aggregatable);
  EXPECT_EQ(atomicForm("atomicAdd_block", 4, true, Unused),
            AtomicForm::SpinLoop);
  EXPECT_EQ(atomicForm("atomicAdd", 8, false, Unused), AtomicForm::SpinLoop);
  EXPECT_EQ(atomicForm("atomicAdd", 8, true, Unused), AtomicForm::SpinLoop);
  EXPECT_EQ(atomicForm("atomicCAS", 2, false, Unused), AtomicForm::Cas16Loop);
  EXPECT_EQ(atomicForm("atomicCAS", 16, false, Unused), AtomicForm::Cas);
  EXPECT_EQ(atomicForm("atomicExch", 16, false, Unused), AtomicForm::Native);
  EXPECT_EQ(atomicForm("atomicMax", 4, false, Unused),
            AtomicForm::Aggregatable);
  EXPECT_EQ(atomicForm("atomicAnd", 4, false, Unused),
            AtomicForm::Aggregatable);
  EXPECT_EQ(atomicForm("atomicInc", 4, false, Unused), AtomicForm::Native);
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Unused, 1), AtomicForm::PopcInc);
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Unused, 2),
            AtomicForm::Aggregatable);
  EXPECT_EQ(atomicForm("atomicDec", 4, false, Unused), std::nullopt);
  EXPECT_EQ(atomicForm("atomicMin", 8, false, Unused), std::nullopt);
  EXPECT_EQ(atomicForm("atomicAdd", 2, true, Unused), std::nullopt);
}

// The use of the result (cuda_samples/atomics/atomics.cu, measured in
// cuda_samples/measurements/h100-atomics/summary.txt).
TEST(BankModel, AtomicFormsDependOnTheUseOfTheResult) {
  constexpr AtomicResult Unused = AtomicResult::Unused;
  constexpr AtomicResult Used = AtomicResult::Used;
  // atomicAdd(p, 1): ATOMS.POPC.INC unused, ATOMS.ADD used (issue 22),
  // combined at a proven-uniform address either way.
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Unused, 1), AtomicForm::PopcInc);
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Used, 1),
            AtomicForm::Aggregatable);
  // Other constants and atomicSub(p, 1): combined, used or not.
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Used, 2),
            AtomicForm::Aggregatable);
  EXPECT_EQ(atomicForm("atomicSub", 4, false, Unused, 1),
            AtomicForm::Aggregatable);
  EXPECT_EQ(atomicForm("atomicSub", 4, false, Used, 1),
            AtomicForm::Aggregatable);
  // A per-thread operand, used: combined only for a full warp.
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Used),
            AtomicForm::AggregatableFullWarp);
  // Min/max/and/or/xor: combined only with the result unused.
  for (const char *F :
       {"atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor"}) {
    EXPECT_EQ(atomicForm(F, 4, false, Unused), AtomicForm::Aggregatable) << F;
    EXPECT_EQ(atomicForm(F, 4, false, Used), AtomicForm::Native) << F;
  }
  // Never combined: the same form used or not (atomics.cu, atomics_wide.cu).
  for (AtomicResult R : {Unused, Used}) {
    EXPECT_EQ(atomicForm("atomicInc", 4, false, R), AtomicForm::Native);
    EXPECT_EQ(atomicForm("atomicExch", 4, false, R), AtomicForm::Native);
    EXPECT_EQ(atomicForm("atomicExch", 8, false, R), AtomicForm::Native);
    EXPECT_EQ(atomicForm("atomicCAS", 4, false, R), AtomicForm::Cas);
    EXPECT_EQ(atomicForm("atomicCAS", 8, false, R), AtomicForm::Cas);
    EXPECT_EQ(atomicForm("atomicCAS", 2, false, R), AtomicForm::Cas16Loop);
    EXPECT_EQ(atomicForm("atomicAdd", 4, true, R), AtomicForm::SpinLoop);
    EXPECT_EQ(atomicForm("atomicAdd", 8, true, R), AtomicForm::SpinLoop);
    EXPECT_EQ(atomicForm("atomicAdd", 8, false, R), AtomicForm::SpinLoop);
  }
  // Measured with the result unused only: not predicted when used.
  EXPECT_EQ(atomicForm("atomicCAS", 16, false, Used), std::nullopt);
  EXPECT_EQ(atomicForm("atomicExch", 16, false, Used), std::nullopt);
  EXPECT_EQ(atomicForm("atomicAdd", 4, false, Used, -1), std::nullopt);
}

TEST(BankModel, FormatsLaneLists) {
  EXPECT_EQ(formatLaneList({0, 1, 2, 3}), "0..3");
  EXPECT_EQ(formatLaneList({0, 2, 4, 5, 6, 9}), "0, 2, 4..6, 9");
  EXPECT_EQ(formatLaneList({3, 4}), "3, 4");
}

// The rules are chosen by architecture: sm_90 and its variants get the
// rules measured on the H100; an architecture with no measured row is
// counted with sm_90's and says so; no architecture at all says that too.
TEST(BankRules, ChosenByArchitecture) {
  BankRulesChoice Sm90 = chooseBankRules("sm_90");
  EXPECT_TRUE(Sm90.Measured);
  EXPECT_TRUE(Sm90.ArchGiven);
  EXPECT_EQ(Sm90.Rules, &defaultBankRules());
  EXPECT_EQ(Sm90.assumption(), "");
  BankRulesChoice Sm90a = chooseBankRules("sm_90a");
  EXPECT_TRUE(Sm90a.Measured);
  EXPECT_EQ(Sm90a.Arch, "sm_90a");
  EXPECT_STREQ(Sm90a.Rules->Arch, "sm_90");
  BankRulesChoice Sm80 = chooseBankRules("sm_80");
  EXPECT_FALSE(Sm80.Measured);
  EXPECT_EQ(Sm80.Rules, &defaultBankRules());
  EXPECT_EQ(Sm80.assumption(),
            "bank rules of sm_80 are not measured: counted with sm_90's, "
            "measured on an H100 (docs/bank-model.md)");
  // sm_9 is not sm_90, sm_100 not sm_90 either.
  EXPECT_FALSE(chooseBankRules("sm_9").Measured);
  EXPECT_FALSE(chooseBankRules("sm_100").Measured);
  BankRulesChoice None = chooseBankRules("");
  EXPECT_FALSE(None.ArchGiven);
  EXPECT_EQ(None.Arch, "sm_90");
  EXPECT_NE(None.assumption(), "");
  // Every row is measured on its own architecture, and names its source.
  for (const BankRules &R : bankRulesTable()) {
    EXPECT_TRUE(chooseBankRules(R.Arch).Measured) << R.Arch;
    EXPECT_NE(std::string(R.Measurement).find("cuda_samples/"),
              std::string::npos);
  }
}

// "Add an architecture's bank rules" followed once, with a made-up row: the
// counts follow the row passed, nothing else. A hypothetical architecture
// that never merges 8-byte half-warp passes (seed 000's condition) serves
// lane pairs on one address in 2 wavefronts where sm_90 takes 1.
TEST(BankRules, RowsAreData) {
  BankRules Unmerged = defaultBankRules();
  Unmerged.Arch = "sm_test";
  Unmerged.Load[3] = {16, 0, true};
  WarpAddresses Pairs = lanes(8, [](unsigned T) { return T / 2; });
  EXPECT_EQ(countWavefronts(8, AccessKind::Load, Pairs).Wavefronts, 1u);
  EXPECT_EQ(countWavefronts(8, AccessKind::Load, Pairs, AtomicForm::Native,
                            Unmerged)
                .Wavefronts,
            2u);
  // 4-byte rows are the same: the same count.
  WarpAddresses Column = lanes(4, [](unsigned T) { return T * 32; });
  EXPECT_EQ(countWavefronts(4, AccessKind::Load, Column, AtomicForm::Native,
                            Unmerged)
                .Wavefronts,
            countWavefronts(4, AccessKind::Load, Column).Wavefronts);
}
