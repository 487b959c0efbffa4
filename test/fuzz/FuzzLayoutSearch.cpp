//===--- FuzzLayoutSearch.cpp - Padding, swizzle and row-XOR search -------===//
//
// Requests to one array (its shape, element size, and each request's width,
// kind, lanes and element indices decoded from the bytes) through
// bestPadding, bestSwizzle and bestRowXor. Invariants: a proposed layout's
// score is what counting its mapped addresses gives (so a layout the fix
// proposes as better really takes fewer wavefronts by the model), its ideal
// is the original's, mergeRepeats leaves scores alone, and the layout maps
// the array's elements one to one into the padded size.
//
//===----------------------------------------------------------------------===//

#include "BankModel.h"
#include "FuzzInput.h"
#include "FuzzModel.h"
#include "LayoutSearch.h"

#include <set>

using namespace warpcheck;
using warpcheck::fuzz::decodeKind;
using warpcheck::fuzz::Widths;

namespace {

/// Requests to one array and the layouts the search proposes.
void layoutSearch(fuzz::ByteReader &In) {
  ArrayGeometry G;
  G.ElementBytes = Widths[In.byte() % 5];
  uint8_t Shape = In.byte();
  uint64_t Cols = 1 + In.byte() % 72;
  if (Shape & 1) {
    G.Dims = {uint64_t(1 + In.byte() % 40), Cols};
    if ((Shape & 0x1e) == 0x1e)
      G.Dims[1] = 0; // `float s[32][0]`
  } else {
    G.Dims = {Cols * (1 + In.byte() % 16)};
  }
  uint64_t Elements = G.elements();
  AtomTable Atoms;
  std::vector<CapturedRequest> Rs;
  unsigned Count = 1 + (Shape >> 5) % 3;
  for (unsigned I = 0; I < Count && Elements; ++I) {
    CapturedRequest C;
    C.Site = I;
    C.Weight = 1 + In.byte() % 3;
    unsigned Vector = 1u << (In.byte() % 3);
    unsigned Width = unsigned(std::min<uint64_t>(16, G.ElementBytes * Vector));
    C.Request.WidthBytes = Width;
    decodeKind(In, Width, C.Request.Kind, C.Request.Atomic);
    uint64_t Bytes = Elements * G.ElementBytes;
    uint8_t Pattern = In.byte();
    uint64_t Stride = 1 + In.byte() % 65, Base = In.u16();
    for (unsigned L = 0; L < WarpSize; ++L) {
      bool Active = (Pattern & 3) != 0 || L < 16;
      C.Request.Lanes[L] = Active ? Activity::Active : Activity::Inactive;
      uint64_t E = (Pattern & 4) ? In.u16() : Base + L * Stride;
      uint64_t Offset = E * Width % Bytes / Width * Width;
      C.Request.Addresses[L] = SymbolicInt::constant(int64_t(Offset));
    }
    Rs.push_back(C);
  }
  if (Rs.empty())
    return;
  std::vector<RequestGroup> Groups = {RequestGroup{&Atoms, Rs}};
  LayoutScore Original = scoreLayout(Layout(), G, Groups);
  LayoutScore Merged = scoreLayout(Layout(), G, mergeRepeats(Groups));
  if (Merged.TotalWavefronts != Original.TotalWavefronts ||
      Merged.TotalIdeal != Original.TotalIdeal)
    fuzz::fail("mergeRepeats changes the score");
  std::vector<std::optional<LayoutScore>> Found;
  Found.push_back(bestPadding(G, Groups));
  if (Shape & 2)
    Found.push_back(bestSwizzle(G, Groups));
  if (Shape & 4)
    Found.push_back(bestRowXor(G, Groups));
  for (const auto &S : Found) {
    if (!S)
      continue;
    const Layout &L = S->L;
    if (S->TotalIdeal != Original.TotalIdeal)
      fuzz::fail(L.name() + " changes the ideal wavefronts");
    if (S->TotalWavefronts < S->TotalIdeal)
      fuzz::fail(L.name() + " scores below the ideal");
    // Recount the proposed layout from its mapped addresses.
    uint64_t Total = 0;
    for (const CapturedRequest &C : Rs) {
      WarpAddresses Lanes;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (C.Request.Lanes[Lane] != Activity::Active)
          continue;
        auto Mapped = L.map(C.Request.Addresses[Lane], G);
        if (!Mapped || !Mapped->isConstant())
          fuzz::fail(L.name() + " cannot map a constant offset");
        Lanes[Lane] = uint64_t(Mapped->Const);
      }
      Total += C.Weight * countWavefronts(C.Request.WidthBytes, C.Request.Kind,
                                          Lanes, C.Request.Atomic)
                              .Wavefronts;
    }
    if (S->Decided && Total != S->TotalWavefronts)
      fuzz::fail(L.name() + " scores " + std::to_string(S->TotalWavefronts) +
                 " but its mapped requests take " + std::to_string(Total));
    // One to one, inside the padded array.
    if (Elements > 1024)
      continue;
    uint64_t Limit = Elements * G.ElementBytes + L.extraBytes(G);
    std::set<int64_t> Seen;
    for (uint64_t E = 0; E < Elements; ++E) {
      auto Mapped =
          L.map(SymbolicInt::constant(int64_t(E * G.ElementBytes)), G);
      if (!Mapped || !Mapped->isConstant())
        fuzz::fail(L.name() + " cannot map an element");
      int64_t At = Mapped->Const;
      if (At < 0 || uint64_t(At) + G.ElementBytes > Limit)
        fuzz::fail(L.name() + " maps element " + std::to_string(E) +
                   " outside the array");
      if (!Seen.insert(At).second)
        fuzz::fail(L.name() + " maps two elements to one place");
    }
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::ByteReader In(Data, Size);
  layoutSearch(In);
  return 0;
}
