//===--- LayoutSearch.h - Padding and XOR swizzles for one array -*- C++
//-*-===//
//
// Searches the layouts that fix an array's bank conflicts: a padded row
// (elements added to the innermost dimension) or a CuTe XOR swizzle
// Swizzle<B, M, S> on the flat element index e:
//   e ^ ((e & (((1 << B) - 1) << (M + S))) >> S)
// Every candidate is judged on every request the array receives in the
// kernel (every access, warp, loop instance and width), because one layout
// must serve the write pattern and the read pattern at once.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_LAYOUTSEARCH_H
#define WARPCHECK_MODEL_LAYOUTSEARCH_H

#include "RequestAnalysis.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace warpcheck {

/// The shape of a shared array: its dimensions (outermost first) and
/// element size. A 1-D array has one dimension.
struct ArrayGeometry {
  std::vector<uint64_t> Dims;
  uint64_t ElementBytes = 4;
  uint64_t elements() const {
    uint64_t N = 1;
    for (uint64_t D : Dims)
      N *= D;
    return N;
  }
};

/// One warp request to the array, as the kernel issues it; Site numbers the
/// access in the source.
struct CapturedRequest {
  unsigned Site = 0;
  SymbolicRequest Request; // addresses are byte offsets into the array
  /// How many identical requests this one stands for (loops over tiles repeat
  /// the same shared-memory requests).
  uint64_t Weight = 1;
};

struct Layout {
  /// RowXor: column c of row r moves to c ^ (((r >> S) & (2^B - 1)) << M),
  /// seed 001's swizzle for rows whose length is not a power of two (any
  /// multiple of 2^(M+B)); S is the row shift there.
  enum class Kind { Original, Pad, Swizzle, RowXor } K = Kind::Original;
  unsigned Pad = 0; // elements added to each innermost row
  /// Pad on a 1-D array: the row length in elements that the index treats
  /// as rows (i becomes i + i / RowElems * Pad); 0 for the last dimension.
  uint64_t RowElems = 0;
  unsigned B = 0, M = 0, S = 0;
  /// "pad 1", "Swizzle<5,0,5>".
  std::string name() const;
  /// Bytes the layout adds to the array.
  uint64_t extraBytes(const ArrayGeometry &G) const;
  /// The byte offset a (row-major) byte offset moves to, or nullopt when it
  /// cannot be decided symbolically.
  std::optional<SymbolicInt> map(const SymbolicInt &Offset,
                                 const ArrayGeometry &G) const;
};

/// How well a layout serves every request.
struct LayoutScore {
  Layout L;
  uint64_t TotalWavefronts = 0;
  uint64_t TotalIdeal = 0;
  unsigned WorstWays = 0;
  bool Decided = true; // false when some request is not exact
  bool conflictFree() const { return Decided && TotalWavefronts == TotalIdeal; }
};

/// Requests captured by one analysis, with the unknowns they are written in
/// (a kernel analyzed for several block shapes gives several groups) and
/// the bank rules they are judged by (null: defaultBankRules()).
struct RequestGroup {
  const AtomTable *Atoms = nullptr;
  std::vector<CapturedRequest> Requests;
  const BankRules *Rules = nullptr;
  const BankRules &rules() const { return Rules ? *Rules : defaultBankRules(); }
};

/// Scores one layout on the captured requests.
LayoutScore scoreLayout(const Layout &L, const ArrayGeometry &G,
                        const std::vector<CapturedRequest> &Requests,
                        const AtomTable &Atoms,
                        const BankRules &Rules = defaultBankRules());
LayoutScore scoreLayout(const Layout &L, const ArrayGeometry &G,
                        const std::vector<RequestGroup> &Groups);

/// Captured requests with identical ones merged into one of larger weight as
/// they arrive, so that a loop repeating the same requests (a tile loop run
/// 100,000 times) costs one entry, not one per iteration.
class RequestCollector {
public:
  /// BySite: requests at different sites are kept apart (what a report
  /// needs); otherwise only what a score depends on is compared.
  explicit RequestCollector(bool BySite = true) : BySite(BySite) {}
  /// Adds C, or its weight to an identical request (same site, width, kind,
  /// lanes and addresses). False, with nothing added, when C is new and
  /// Limit distinct requests are held already.
  bool add(const CapturedRequest &C, size_t Limit = SIZE_MAX);
  const std::vector<CapturedRequest> &requests() const { return Requests; }
  std::vector<CapturedRequest> take() { return std::move(Requests); }
  size_t size() const { return Requests.size(); }

private:
  bool BySite;
  std::vector<CapturedRequest> Requests;
  std::unordered_map<size_t, std::vector<size_t>> ByHash;
};

/// The groups with identical requests merged into one of larger weight
/// (scores are unchanged): every candidate layout is scored on every request
/// and tile loops repeat them, so a search merges once before it starts.
std::vector<RequestGroup> mergeRepeats(const std::vector<RequestGroup> &Groups);

/// The best padding (smallest pad with the fewest wavefronts, searched up
/// to MaxPad elements) and the best swizzle (fewest wavefronts, then the
/// simplest). A 1-D array is padded by a row stride: every power-of-two row
/// length of at least 8 elements that divides it is tried. Swizzles need the
/// element count to be a multiple of 2^(M+B) and keep vector groups whole:
/// MinM is log2 of the widest access in elements.
std::optional<LayoutScore> bestPadding(const ArrayGeometry &G,
                                       const std::vector<RequestGroup> &Groups,
                                       unsigned MaxPad = 32);
std::optional<LayoutScore> bestSwizzle(const ArrayGeometry &G,
                                       const std::vector<RequestGroup> &Groups);
/// The best row XOR for a 2-D array (rows of any length that is a multiple
/// of 2^(M+B)).
std::optional<LayoutScore> bestRowXor(const ArrayGeometry &G,
                                      const std::vector<RequestGroup> &Groups);
/// Convenience forms for one group.
std::optional<LayoutScore> bestPadding(const ArrayGeometry &G,
                                       const std::vector<CapturedRequest> &Rs,
                                       const AtomTable &Atoms,
                                       unsigned MaxPad = 32);
std::optional<LayoutScore> bestSwizzle(const ArrayGeometry &G,
                                       const std::vector<CapturedRequest> &Rs,
                                       const AtomTable &Atoms);

} // namespace warpcheck

#endif
