//===--- FuzzBankModel.cpp - Bank model and request analysis --------------===//
//
// Random warp requests, decoded from the bytes, through the model, with its
// invariants checked:
//  - countWavefronts: 0 for no active lane, else Ideal <= Wavefronts <=
//    maxWavefronts(width, kind, active lanes), at most 2 * 32 * 32.
//  - analyzeRequest on symbolic addresses: Min <= Max, Exact means Min ==
//    Max, and an exact or range verdict contains the count of a concrete
//    instance (values of the unknowns and of the Maybe lanes from the bytes);
//    RequestMemo gives the same answer, also for a request 128 bytes on.
// The layout search has its own target (FuzzLayoutSearch.cpp): it costs
// about a hundred times more per input.
//
//===----------------------------------------------------------------------===//

#include "BankModel.h"
#include "FuzzInput.h"
#include "FuzzModel.h"
#include "RequestAnalysis.h"

#include <cstdio>
#include <cstdlib>

using namespace warpcheck;
using warpcheck::fuzz::decodeKind;
using warpcheck::fuzz::Widths;

namespace {
void checkCount(const WavefrontCount &C, unsigned Width, AccessKind Kind,
                const WarpAddresses &Lanes, AtomicForm Form) {
  unsigned Active = 0;
  for (const auto &L : Lanes)
    Active += L.has_value();
  if (Active == 0) {
    if (C.Wavefronts != 0)
      fuzz::fail("wavefronts without an active lane");
    return;
  }
  if (C.Ideal == 0 || C.Wavefronts < C.Ideal)
    fuzz::fail("wavefronts " + std::to_string(C.Wavefronts) + " below ideal " +
               std::to_string(C.Ideal));
  unsigned Max = maxWavefronts(Width, Kind, Active, Form);
  if (C.Wavefronts > Max || Max > 2 * WarpSize * WarpSize)
    fuzz::fail("wavefronts " + std::to_string(C.Wavefronts) +
               " over the bound " + std::to_string(Max) + " (width " +
               std::to_string(Width) + ", kind " + accessKindName(Kind) +
               ", form " + atomicFormName(Form) + ")");
  if (C.Instructions == 0)
    fuzz::fail("an executed request with 0 instructions");
}

/// One concrete request: lanes, addresses aligned to the width.
void concreteRequest(fuzz::ByteReader &In) {
  unsigned Width = Widths[In.byte() % 5];
  AccessKind Kind;
  AtomicForm Form;
  decodeKind(In, Width, Kind, Form);
  uint8_t Spread = In.byte() % 12; // addresses up to 2^(6+Spread)
  WarpAddresses Lanes;
  for (unsigned L = 0; L < WarpSize; ++L) {
    uint16_t V = In.u16();
    if (V & 1)
      continue; // inactive
    uint64_t A = (uint64_t(V >> 1) & ((uint64_t(64) << Spread) - 1));
    Lanes[L] = A / Width * Width;
  }
  checkCount(countWavefronts(Width, Kind, Lanes, Form), Width, Kind, Lanes,
             Form);
}

/// A symbolic request over unknowns n and m; a concrete instance of it must
/// fall in the analysis's range.
void symbolicRequest(fuzz::ByteReader &In) {
  unsigned Width = Widths[In.byte() % 5];
  SymbolicRequest R;
  R.WidthBytes = Width;
  decodeKind(In, Width, R.Kind, R.Atomic);
  uint8_t Flags = In.byte();
  R.UniformAddress = Flags & 1;
  bool UniformN = Flags & 2, UniformM = Flags & 4;
  AtomTable Atoms;
  AtomId N = Atoms.named("n"), M = Atoms.named("m");
  int64_t CoefN = int64_t(In.byte() % 16) * Width;
  // A second unknown only now and then: each one multiplies the residues
  // the analysis enumerates.
  int64_t CoefM = (Flags & 16) ? int64_t(In.byte() % 64) * Width : 0;
  struct LaneChoice {
    int64_t Const, CN, CM;
    bool Opaque;
  };
  std::array<LaneChoice, WarpSize> Choice{};
  for (unsigned L = 0; L < WarpSize; ++L) {
    uint8_t A = In.byte();
    uint16_t V = In.u16();
    R.Lanes[L] = Activity(A % 3);
    LaneChoice &C = Choice[L];
    C.Const = int64_t(V & 0x3fff) / Width * Width;
    C.CN = UniformN ? CoefN : int64_t((A >> 2) & 3) * CoefN;
    C.CM = UniformM ? CoefM : int64_t((A >> 4) & 3) * CoefM;
    C.Opaque = (A & 0xc0) == 0xc0 && (Flags & 8);
    SymbolicInt S = sym::add(sym::scale(SymbolicInt::atom(N, 1), C.CN),
                             sym::add(sym::scale(SymbolicInt::atom(M, 1), C.CM),
                                      SymbolicInt::constant(C.Const)));
    R.Addresses[L] = C.Opaque ? SymbolicInt::opaque() : S;
  }
  if (Flags & 8)
    R.OpaqueDependencies = {"data"};
  if (std::getenv("WARPCHECK_FUZZ_DEBUG")) { // the decoded request
    std::fprintf(stderr, "width %u %s %s uniform %d\n", Width,
                 accessKindName(R.Kind), atomicFormName(R.Atomic),
                 int(R.UniformAddress));
    for (unsigned L = 0; L < WarpSize; ++L)
      if (R.Lanes[L] != Activity::Inactive)
        std::fprintf(stderr, "lane %u %s %lld + %lld*n + %lld*m%s\n", L,
                     R.Lanes[L] == Activity::Active ? "active" : "maybe",
                     (long long)Choice[L].Const, (long long)Choice[L].CN,
                     (long long)Choice[L].CM,
                     Choice[L].Opaque ? " (opaque)" : "");
  }
  RequestResult Res = analyzeRequest(R, Atoms);
  if (std::getenv("WARPCHECK_FUZZ_DEBUG"))
    std::fprintf(stderr, "%s %u..%u ideal %u\n", verdictName(Res.Status),
                 Res.MinWavefronts, Res.MaxWavefronts, Res.Ideal);
  if (Res.MinWavefronts > Res.MaxWavefronts)
    fuzz::fail("request range min > max");
  if (Res.Status == Verdict::Exact && Res.MinWavefronts != Res.MaxWavefronts)
    fuzz::fail("an exact request with min != max");
  RequestMemo Memo;
  RequestResult Again = Memo.analyze(R, Atoms);
  if (Again.Status != Res.Status || Again.MinWavefronts != Res.MinWavefronts ||
      Again.MaxWavefronts != Res.MaxWavefronts)
    fuzz::fail("RequestMemo differs from analyzeRequest");
  SymbolicRequest Shifted = R;
  for (auto &A : Shifted.Addresses)
    A = sym::add(A, SymbolicInt::constant(128));
  RequestResult Moved = Memo.analyze(Shifted, Atoms);
  if (Moved.Status != Res.Status || Moved.MinWavefronts != Res.MinWavefronts ||
      Moved.MaxWavefronts != Res.MaxWavefronts)
    fuzz::fail("a request 128 bytes on has another result");
  if (Res.Status == Verdict::Unknown)
    return;
  // A concrete instance.
  int64_t NV = int64_t(In.u16() % 1024), MV = int64_t(In.u16() % 1024);
  uint32_t MaybeBits = In.u32();
  // A request only one thread can make is decided wherever it points (the
  // one-lane rule, docs/soundness.md): that thread gets an arbitrary
  // aligned address, and the count must still be the decided one.
  uint64_t AnyAddress = uint64_t(In.u32() % 49152) & ~uint64_t(Width - 1);
  unsigned Possible = 0;
  for (unsigned L = 0; L < WarpSize; ++L)
    Possible += R.Lanes[L] != Activity::Inactive;
  WarpAddresses Lanes;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (R.Lanes[L] == Activity::Inactive ||
        (R.Lanes[L] == Activity::Maybe && !(MaybeBits >> L & 1)))
      continue;
    const LaneChoice &C = Choice[L];
    if (C.Opaque) {
      if (Possible != 1)
        fuzz::fail("a decided request with an opaque active lane among "
                   "several");
      Lanes[L] = AnyAddress;
      continue;
    }
    Lanes[L] = uint64_t(C.Const + C.CN * NV + C.CM * MV);
  }
  WavefrontCount C = countWavefronts(Width, R.Kind, Lanes, R.Atomic);
  checkCount(C, Width, R.Kind, Lanes, R.Atomic);
  // With no lane active the instruction is not issued: the range is over
  // the executions of the request.
  if (std::getenv("WARPCHECK_FUZZ_DEBUG")) // the instance
    std::fprintf(stderr, "n=%lld m=%lld: instance %u\n", (long long)NV,
                 (long long)MV, C.Wavefronts);
  // An atomic the compiler proved at one address for the whole warp is
  // combined (REDUX) and issued by one lane: 1 wavefront (AtomicForm::
  // Aggregatable, measured), which countWavefronts on the lanes does not know.
  // Only when every thread that may run has the same address (what the
  // compiler proves; the request's flag alone may be arbitrary here).
  unsigned Instance = C.Wavefronts;
  if (R.Kind == AccessKind::Atomic && R.Atomic == AtomicForm::Aggregatable &&
      R.UniformAddress && Instance > 0) {
    const LaneChoice *First = nullptr;
    bool Same = true;
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (R.Lanes[L] == Activity::Inactive)
        continue;
      const LaneChoice &C = Choice[L];
      Same &= !C.Opaque && (!First || (First->Const == C.Const &&
                                       First->CN == C.CN && First->CM == C.CM));
      First = &C;
    }
    if (Same)
      Instance = 1;
  }
  if (Instance > 0 &&
      (Instance < Res.MinWavefronts || Instance > Res.MaxWavefronts))
    fuzz::fail("an instance takes " + std::to_string(Instance) +
               " wavefronts outside the " + verdictName(Res.Status) + " " +
               std::to_string(Res.MinWavefronts) + ".." +
               std::to_string(Res.MaxWavefronts));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::ByteReader In(Data, Size);
  if (In.byte() & 1)
    symbolicRequest(In);
  else
    concreteRequest(In);
  return 0;
}
