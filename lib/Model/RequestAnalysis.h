//===--- RequestAnalysis.h - One warp request with unknowns -----*- C++ -*-===//
//
// Decides the wavefronts of one warp request whose addresses are symbolic
// and whose lanes may be active, inactive, or active depending on an unknown.
//  - An unknown whose coefficient is the same for every active lane shifts
//    all addresses alike; only the shift modulo the access width (4 bytes
//    for narrower accesses) can change the count, so those residues are
//    enumerated.
//  - Lanes whose activity is unknown give a range: wavefronts only grow as
//    lanes are added, so the definitely-active lanes give the minimum and
//    all possibly-active lanes the maximum.
//  - An unknown whose coefficient differs between lanes, or an opaque
//    address, makes the result unknown; the names it depends on are kept.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_MODEL_REQUESTANALYSIS_H
#define WARPCHECK_MODEL_REQUESTANALYSIS_H

#include "BankModel.h"
#include "SymbolicInt.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace warpcheck {

/// Whether a lane executes an instruction.
enum class Activity : unsigned char { Inactive, Active, Maybe };

enum class Verdict { Exact, Range, Unknown };
const char *verdictName(Verdict V);

/// One warp's request: per lane, its activity and byte address.
struct SymbolicRequest {
  unsigned WidthBytes = 4;
  /// Loads, stores and atomics form passes and share words differently
  /// (BankModel.h); Atomic says how an atomic runs (atomicForm()).
  AccessKind Kind = AccessKind::Load;
  AtomicForm Atomic = AtomicForm::Native;
  std::array<Activity, WarpSize> Lanes{};
  std::array<SymbolicInt, WarpSize> Addresses{};
  /// Names that opaque addresses depend on (the interpreter fills these).
  std::vector<std::string> OpaqueDependencies;
  /// Names that decide the lanes marked Maybe.
  std::vector<std::string> ActivityDependencies;
  /// The compiler sees one address for the whole warp (built only from
  /// values uniform by construction): an Aggregatable atomic is combined
  /// into one lane's (atomicForm() already chose Native where the use of
  /// the result prevents it), an AggregatableFullWarp one when all 32 lanes
  /// run it.
  bool UniformAddress = false;
};

struct RequestResult {
  Verdict Status = Verdict::Exact;
  /// Fewest and most wavefronts over every value of the unknowns (equal when
  /// exact; for Unknown, Min is the ideal and Max the worst possible).
  unsigned MinWavefronts = 0, MaxWavefronts = 0;
  unsigned Ideal = 0;
  /// The worst case found, for the explanation.
  WavefrontCount Worst;
  /// Lanes active in the worst case.
  std::vector<unsigned> ActiveLanes;
  std::vector<std::string> DependsOn;
  bool executes() const { return MaxWavefronts > 0; }
};

/// Analyzes one warp request under Rules (the translation unit's
/// architecture: chooseBankRules); Atoms names the unknowns for DependsOn.
RequestResult analyzeRequest(const SymbolicRequest &Request,
                             const AtomTable &Atoms,
                             const BankRules &Rules = defaultBankRules());

/// Remembers the results of requests that differ only by a multiple of 128
/// bytes (the same banks and words): loops issue the same pattern at each
/// tile. Only requests whose threads are all surely active or inactive and
/// share one symbolic part are remembered; others are analyzed each time.
class RequestMemo {
public:
  RequestResult analyze(const SymbolicRequest &Request, const AtomTable &Atoms);
  /// The rules every request is analyzed with; set before the first.
  void setRules(const BankRules &R) {
    Rules = &R;
    Results.clear();
  }
  const BankRules &rules() const { return *Rules; }

private:
  const BankRules *Rules = &defaultBankRules();
  std::unordered_map<std::string, RequestResult> Results;
};

} // namespace warpcheck

#endif
