//===--- RequestAnalysis.cpp - One warp request with unknowns -------------===//

#include "RequestAnalysis.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace warpcheck {

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Exact:
    return "exact";
  case Verdict::Range:
    return "range";
  case Verdict::Unknown:
    return "unknown";
  }
  return "unknown";
}

namespace {

void addNames(std::vector<std::string> &To,
              const std::vector<std::string> &From) {
  for (const auto &N : From)
    if (std::find(To.begin(), To.end(), N) == To.end())
      To.push_back(N);
}

} // namespace

namespace {

/// Every lane that may run holds the same followed address.
bool oneAddress(const SymbolicRequest &Request) {
  const SymbolicInt *First = nullptr;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (Request.Lanes[L] == Activity::Inactive)
      continue;
    const SymbolicInt &A = Request.Addresses[L];
    if (A.Opaque || (First && *First != A))
      return false;
    First = &A;
  }
  return First != nullptr;
}

/// An Aggregatable atomic: as issued lane by lane, or combined into one
/// lane's when the warp has one address the compiler proves uniform (for
/// AggregatableFullWarp, and all 32 lanes run it); a range when the warp has
/// one address the compiler may not see, or may run it with fewer lanes.
RequestResult analyzeAggregatable(const SymbolicRequest &Request,
                                  const AtomTable &Atoms,
                                  const BankRules &Rules) {
  SymbolicRequest Issued = Request;
  Issued.Atomic = AtomicForm::Native;
  RequestResult Result = analyzeRequest(Issued, Atoms, Rules);
  if (!Result.executes() || !oneAddress(Request))
    return Result;
  bool FullWarp = std::all_of(Request.Lanes.begin(), Request.Lanes.end(),
                              [](Activity A) { return A == Activity::Active; });
  if (Request.UniformAddress &&
      Request.Atomic == AtomicForm::AggregatableFullWarp && !FullWarp) {
    if (Result.MaxWavefronts > 1) {
      Result.Status = Verdict::Range;
      Result.MinWavefronts = 1;
      addNames(Result.DependsOn,
               {"whether all 32 lanes of the warp run it (a used atomicAdd "
                "of a per-thread operand is combined only for a full warp; "
                "with fewer lanes not measured)"});
    }
    return Result;
  }
  if (Request.UniformAddress) {
    Result.Status = Verdict::Exact;
    Result.MinWavefronts = Result.MaxWavefronts = Result.Ideal = 1;
    Result.Worst = WavefrontCount();
    Result.Worst.Wavefronts = Result.Worst.Ideal = Result.Worst.Ways = 1;
    Result.DependsOn.clear();
    return Result;
  }
  if (Result.MaxWavefronts > 1) {
    Result.Status = Verdict::Range;
    Result.MinWavefronts = 1;
    addNames(Result.DependsOn,
             {"whether the compiler sees one address for the whole warp "
              "(it then combines the warp's atomics into one)"});
  }
  return Result;
}

/// "when d is odd", "when d is an odd multiple of 4", "when d is a multiple
/// of 32", or the residues, for the residues R of d modulo Period.
std::string describeResidues(const std::string &Name,
                             const std::vector<int64_t> &R, int64_t Period) {
  // The 2-adic pattern strides make: all residues with exactly j trailing
  // zeros (an odd multiple of 2^j), or all multiples of 2^j.
  auto Zeros = [&](int64_t V) {
    unsigned Z = 0;
    while (V && !(V & 1)) {
      V >>= 1;
      ++Z;
    }
    return V == 0 ? 64u : Z;
  };
  std::set<int64_t> Have(R.begin(), R.end());
  for (unsigned J = 0; (int64_t(1) << J) <= Period; ++J) {
    std::set<int64_t> Odd, All;
    for (int64_t V = 0; V < Period; ++V) {
      if (Zeros(V) == J || (V == 0 && (int64_t(1) << J) == Period))
        Odd.insert(V);
      if (V % (int64_t(1) << J) == 0)
        All.insert(V);
    }
    int64_t P = int64_t(1) << J;
    if (Have == All && J > 0)
      return "when " + Name + " is a multiple of " + std::to_string(P);
    if (Have == Odd)
      return J == 0 ? "when " + Name + " is odd"
                    : "when " + Name + " is an odd multiple of " +
                          std::to_string(P);
  }
  std::string S = "when " + Name + " mod " + std::to_string(Period) + " is ";
  for (size_t I = 0; I < R.size() && I < 6; ++I)
    S += (I ? ", " : "") + std::to_string(R[I]);
  if (R.size() > 6)
    S += ", ...";
  return S;
}

/// Whether the count can fall when a lane that may run does: the loop forms
/// of atomics serve pending lanes in lane order, so an extra lane takes a
/// bank or an address first and changes which lanes retry (an 8-byte
/// spin-loop atomicAdd on 11 lanes takes 8 wavefronts, on 7 of them 10).
bool laneOrderMatters(const SymbolicRequest &R) {
  return R.Kind == AccessKind::Atomic && (R.Atomic == AtomicForm::SpinLoop ||
                                          R.Atomic == AtomicForm::Cas16Loop);
}

/// For such a request with lanes that may or may not run, the counts of the
/// sure lanes and of every possible lane do not bound those of the lanes in
/// between: the bounds become the sure lanes' first passes (SureIdeal, each
/// costs its wavefronts at least once) and the bound of any request.
void widenForLaneOrder(const SymbolicRequest &R, size_t Sure, size_t Possible,
                       unsigned SureIdeal, unsigned &Min, unsigned &Max) {
  if (!laneOrderMatters(R) || Sure == Possible)
    return;
  Min = std::min(Min, Sure == 0 ? 1u : std::max(1u, SureIdeal));
  Max = std::max(
      Max, maxWavefronts(R.WidthBytes, R.Kind, unsigned(Possible), R.Atomic));
}

/// The coefficient of Atom in V (0 when V has no such term).
int64_t coefficientOf(const SymbolicInt &V, AtomId Atom) {
  for (const auto &T : V.Terms)
    if (T.first == Atom)
      return T.second;
  return 0;
}

/// A request whose addresses are constants plus multiples of one unknown A
/// (and a common shift): the wavefronts at a value of A.
struct ParametricRequest {
  const SymbolicRequest &Request;
  AtomId A;
  const BankRules &Rules;

  int64_t address(unsigned L, int64_t Value, int64_t Shift) const {
    const SymbolicInt &V = Request.Addresses[L];
    return V.Const + Shift + coefficientOf(V, A) * Value;
  }
  /// Only values that keep every lane aligned to the access width.
  bool aligned(const std::vector<unsigned> &Lanes, int64_t Value,
               int64_t Shift) const {
    bool Aligned = true;
    for (unsigned L : Lanes)
      if (address(L, Value, Shift) % Request.WidthBytes != 0)
        Aligned = false;
    return Aligned;
  }
  WavefrontCount at(const std::vector<unsigned> &Lanes, int64_t Value,
                    int64_t Shift) const {
    WarpAddresses Addr;
    for (unsigned L : Lanes)
      Addr[L] = uint64_t(address(L, Value, Shift));
    return countWavefronts(Request.WidthBytes, Request.Kind, Addr,
                           Request.Atomic, Rules);
  }
};

/// The range found so far over the values of A tried.
struct ParametricCounts {
  unsigned Min = ~0u, Max = 0, SureIdeal = ~0u;
  /// The residues of A mod the period, by the count the lanes that may run
  /// take there.
  std::map<unsigned, std::set<int64_t>> ByCount;
  /// The most wavefronts near a coincidence of two lanes' addresses.
  unsigned AtCoincidence = 0;
};

/// The shifts of the terms other than A to enumerate: they must be the same
/// in every lane (a common shift; nullopt otherwise). A shift by whole
/// words moves every bank alike, but its residue modulo the bank width can
/// join or split words (a 2-byte access at `s[n + tx * d]`, n odd): those
/// residues are enumerated, as for a request without A.
std::optional<std::vector<int64_t>>
commonShifts(const SymbolicRequest &Request, AtomId A,
             const std::vector<unsigned> &Possible) {
  const SymbolicInt &First = Request.Addresses[Possible[0]];
  int64_t ShiftStep = 0;
  for (const auto &T : First.Terms)
    if (T.first != A)
      ShiftStep = std::gcd(ShiftStep, std::abs(T.second));
  std::vector<int64_t> Shifts = {0};
  if (ShiftStep != 0)
    for (int64_t S = std::gcd(ShiftStep, int64_t(BankWidthBytes));
         S < BankWidthBytes; S += std::gcd(ShiftStep, int64_t(BankWidthBytes)))
      Shifts.push_back(S);
  for (unsigned L : Possible)
    for (const auto &T : Request.Addresses[L].Terms)
      if (T.first != A && T.second != coefficientOf(First, T.first))
        return std::nullopt;
  return Shifts;
}

/// Every residue of A modulo Period, at a large representative where no
/// two lanes' words coincide by accident.
void countResidues(const ParametricRequest &P,
                   const std::vector<int64_t> &Shifts, int64_t Period,
                   const std::vector<unsigned> &Sure,
                   const std::vector<unsigned> &Possible, ParametricCounts &C,
                   RequestResult &Result) {
  const int64_t Far = int64_t(1) << 24; // far from any coincidence
  for (int64_t Shift : Shifts)
    for (int64_t R = 0; R < Period; ++R) {
      int64_t Value = R + Period * Far;
      if (!P.aligned(Possible, Value, Shift))
        continue;
      WavefrontCount Upper = P.at(Possible, Value, Shift);
      C.ByCount[Upper.Wavefronts].insert(R);
      if (Upper.Wavefronts > C.Max) {
        C.Max = Upper.Wavefronts;
        Result.Worst = Upper;
        Result.Ideal = Upper.Ideal;
      }
      if (!Sure.empty()) {
        WavefrontCount Lower = P.at(Sure, Value, Shift);
        C.Min = std::min(C.Min, Lower.Wavefronts);
        C.SureIdeal = std::min(C.SureIdeal, Lower.Ideal);
      } else {
        C.Min = std::min(C.Min, 1u);
      }
    }
}

/// Atomics serialize the lanes of a bank also when they share an address,
/// and their loops retry when another lane changed it, so a coincidence can
/// raise their count: the values of A near each coincidence of two lanes
/// are counted as they are.
void countCoincidences(const ParametricRequest &P,
                       const std::vector<int64_t> &Shifts,
                       const std::vector<unsigned> &Sure,
                       const std::vector<unsigned> &Possible,
                       ParametricCounts &C, RequestResult &Result) {
  const SymbolicRequest &Request = P.Request;
  std::set<int64_t> Values;
  const int64_t Near = int64_t(Request.WidthBytes) + BankWidthBytes;
  for (size_t I = 0; I < Possible.size(); ++I)
    for (size_t J = I + 1; J < Possible.size(); ++J) {
      const SymbolicInt &X = Request.Addresses[Possible[I]];
      const SymbolicInt &Y = Request.Addresses[Possible[J]];
      int64_t DC = coefficientOf(X, P.A) - coefficientOf(Y, P.A);
      if (DC == 0)
        continue;
      int64_t Center = (Y.Const - X.Const) / DC;
      int64_t Reach = Near / std::abs(DC) + 2;
      for (int64_t V = Center - Reach; V <= Center + Reach; ++V)
        Values.insert(V);
    }
  if (Values.size() > 256) { // bounded cost: the bound of any request
    C.Max = std::max(C.Max, maxWavefronts(Request.WidthBytes, Request.Kind,
                                          Possible.size(), Request.Atomic));
    C.AtCoincidence = C.Max;
    return;
  }
  for (int64_t Shift : Shifts)
    for (int64_t V : Values) {
      if (!P.aligned(Possible, V, Shift))
        continue;
      WavefrontCount Upper = P.at(Possible, V, Shift);
      C.AtCoincidence = std::max(C.AtCoincidence, Upper.Wavefronts);
      if (Upper.Wavefronts > C.Max) {
        C.Max = Upper.Wavefronts;
        Result.Worst = Upper;
      }
      if (!Sure.empty()) {
        WavefrontCount Lower = P.at(Sure, V, Shift);
        C.Min = std::min(C.Min, Lower.Wavefronts);
        C.SureIdeal = std::min(C.SureIdeal, Lower.Ideal);
      }
    }
}

/// What a range over A depends on: the count per residue of A, where lanes
/// share an address, and which lanes run.
std::string describeParametric(const std::string &Name,
                               const ParametricCounts &C, unsigned Residues,
                               int64_t Period) {
  std::string Per = "'" + Name + "' (";
  bool First = true;
  for (auto &[Count, Values] : C.ByCount) {
    Per += (First ? "" : "; ") + std::to_string(Count) +
           (Count == 1 ? " wavefront " : " wavefronts ") +
           describeResidues(Name, {Values.begin(), Values.end()}, Period);
    First = false;
  }
  if (C.AtCoincidence > C.ByCount.rbegin()->first)
    Per += "; up to " + std::to_string(C.AtCoincidence) +
           " wavefronts where lanes share an address";
  if (C.Max > Residues)
    Per += "; up to " + std::to_string(C.Max) +
           " wavefronts depending on which lanes run";
  Per += ")";
  return Per;
}

/// A request whose lanes move differently with one warp-uniform unknown A
/// (a stride parameter: `s[tx * d + x]`): the bank of every lane depends on
/// A only modulo 128 bytes, so the count is computed for every residue, at
/// a large representative where no two lanes' words coincide by accident.
/// Coincidences (finitely many values of A) can only lower the count: the
/// result is the range over residues, down to the ideal where they can
/// happen, with the count per residue in words.
std::optional<RequestResult>
analyzeParametric(const SymbolicRequest &Request, AtomId A,
                  const std::vector<unsigned> &Sure,
                  const std::vector<unsigned> &Possible, const AtomTable &Atoms,
                  const BankRules &Rules) {
  std::vector<std::string> Names = Atoms.baseNames(A);
  if (Names.size() != 1)
    return std::nullopt;
  std::optional<std::vector<int64_t>> Shifts =
      commonShifts(Request, A, Possible);
  if (!Shifts)
    return std::nullopt;
  int64_t G = 128;
  for (unsigned L : Possible)
    G = std::gcd(G, std::abs(coefficientOf(Request.Addresses[L], A)));
  int64_t Period = 128 / std::max<int64_t>(1, G);
  ParametricRequest P{Request, A, Rules};
  RequestResult Result;
  Result.ActiveLanes = Possible;
  ParametricCounts C;
  countResidues(P, *Shifts, Period, Sure, Possible, C, Result);
  if (C.ByCount.empty())
    return std::nullopt;
  if (Request.Kind == AccessKind::Atomic &&
      Request.Atomic != AtomicForm::PopcInc)
    countCoincidences(P, *Shifts, Sure, Possible, C, Result);
  // Two lanes with different multiples of A share a word for some A.
  bool Coincide = false;
  for (unsigned L : Possible)
    Coincide |= coefficientOf(Request.Addresses[L], A) !=
                coefficientOf(Request.Addresses[Possible[0]], A);
  if (Coincide) {
    unsigned Floor = std::max(1u, Result.Ideal);
    // Loads of 8 and 16 bytes merge passes where lanes share an address
    // (BankModel.h), so a coincidence can go below the ideal of the residues:
    // down to the sure lanes all on one address.
    if (Request.Kind == AccessKind::Load && !Sure.empty()) {
      WarpAddresses One;
      for (unsigned L : Sure)
        One[L] = 0;
      Floor = std::min(Floor, countWavefronts(Request.WidthBytes, Request.Kind,
                                              One, Request.Atomic, Rules)
                                  .Wavefronts);
    }
    C.Min = std::min(C.Min, Floor);
  }
  unsigned Residues = C.Max;
  widenForLaneOrder(Request, Sure.size(), Possible.size(), C.SureIdeal, C.Min,
                    C.Max);
  Result.MinWavefronts = C.Min;
  Result.MaxWavefronts = C.Max;
  Result.Status = C.Min == C.Max ? Verdict::Exact : Verdict::Range;
  if (Result.Status == Verdict::Exact)
    return Result;
  Result.DependsOn.push_back(describeParametric(Names[0], C, Residues, Period));
  if (Shifts->size() > 1)
    for (const auto &T : Request.Addresses[Possible[0]].Terms)
      if (T.first != A)
        addNames(Result.DependsOn, Atoms.baseNames(T.first));
  if (Sure.size() != Possible.size())
    addNames(Result.DependsOn, Request.ActivityDependencies);
  return Result;
}

/// The lanes that surely run (Sure) and those that may (Possible).
void laneSets(const SymbolicRequest &Request, std::vector<unsigned> &Sure,
              std::vector<unsigned> &Possible) {
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (Request.Lanes[L] == Activity::Active)
      Sure.push_back(L);
    if (Request.Lanes[L] != Activity::Inactive)
      Possible.push_back(L);
  }
}

/// How the unknowns enter the addresses of the lanes that may run.
struct AddressTerms {
  /// Some address is opaque.
  bool Undecidable = false;
  /// Each unknown's coefficient in the first lane that has it.
  std::map<AtomId, int64_t> UniformCoef;
  /// The unknowns whose coefficient differs between lanes.
  std::set<AtomId> Varying;
};

AddressTerms addressTerms(const SymbolicRequest &Request,
                          const std::vector<unsigned> &Possible) {
  AddressTerms AT;
  for (unsigned L : Possible) {
    const SymbolicInt &A = Request.Addresses[L];
    if (A.Opaque) {
      AT.Undecidable = true;
      continue;
    }
    for (const auto &T : A.Terms)
      AT.UniformCoef.emplace(T.first, T.second);
  }
  for (auto &[Atom, Coef] : AT.UniformCoef) {
    for (unsigned L : Possible) {
      const SymbolicInt &A = Request.Addresses[L];
      if (A.Opaque)
        continue;
      auto It = std::find_if(A.Terms.begin(), A.Terms.end(),
                             [&](const auto &T) { return T.first == Atom; });
      int64_t C = It == A.Terms.end() ? 0 : It->second;
      if (C != Coef)
        AT.Varying.insert(Atom);
    }
  }
  return AT;
}

/// At most one lane: its request takes one lane's wavefronts wherever it
/// points, so an address the analysis cannot follow changes nothing (the
/// count is checked at every aligned offset of a bank row).
std::optional<RequestResult>
oneLaneAnywhere(const SymbolicRequest &Request,
                const std::vector<unsigned> &Possible) {
  std::optional<WavefrontCount> Same;
  for (uint64_t Offset = 0; Offset < 2 * NumBanks * BankWidthBytes;
       Offset += Request.WidthBytes) {
    WarpAddresses One;
    One[Possible[0]] = Offset;
    WavefrontCount C =
        countWavefronts(Request.WidthBytes, Request.Kind, One, Request.Atomic);
    if (Same && (Same->Wavefronts != C.Wavefronts || Same->Ideal != C.Ideal))
      return std::nullopt;
    Same = C;
  }
  if (!Same)
    return std::nullopt;
  RequestResult Result;
  Result.MinWavefronts = Result.MaxWavefronts = Same->Wavefronts;
  Result.Ideal = Same->Ideal;
  Result.Worst = *Same;
  Result.ActiveLanes = Possible;
  return Result;
}

/// Addresses the analysis cannot decide: unknown, between one wavefront
/// and the bound of any request, with what they depend on.
RequestResult undecidedRequest(const SymbolicRequest &Request,
                               const AddressTerms &AT,
                               const std::vector<unsigned> &Possible,
                               const AtomTable &Atoms, const BankRules &Rules) {
  RequestResult Result;
  Result.Status = Verdict::Unknown;
  addNames(Result.DependsOn, Request.OpaqueDependencies);
  for (AtomId A : AT.Varying)
    addNames(Result.DependsOn, Atoms.baseNames(A));
  if (Request.OpaqueDependencies.empty() && AT.Varying.empty())
    Result.DependsOn.push_back("a value the analysis cannot follow");
  WarpAddresses Shape;
  for (unsigned L : Possible)
    Shape[L] = uint64_t(L) * 4; // only the pass structure matters here
  WavefrontCount Passes = countWavefronts(Request.WidthBytes, Request.Kind,
                                          Shape, Request.Atomic, Rules);
  Result.Ideal = Passes.Ideal;
  Result.MinWavefronts = 1;
  Result.MaxWavefronts = maxWavefronts(Request.WidthBytes, Request.Kind,
                                       Possible.size(), Request.Atomic);
  Result.ActiveLanes = Possible;
  return Result;
}

/// The residues of the common shift that can change the count: those that
/// keep every lane aligned to the access width, modulo the bank width (or
/// the access width when wider).
std::vector<int64_t> alignedShifts(const SymbolicRequest &Request,
                                   const AddressTerms &AT,
                                   const std::vector<unsigned> &Possible) {
  int64_t Period = std::max<int64_t>(BankWidthBytes, Request.WidthBytes);
  int64_t Step = 0;
  for (auto &[Atom, Coef] : AT.UniformCoef)
    Step = std::gcd(Step, Coef < 0 ? -Coef : Coef);
  std::vector<int64_t> Shifts;
  if (Step == 0) {
    Shifts.push_back(0);
    return Shifts;
  }
  for (int64_t R = 0; R < Period; R += std::gcd(Step, Period)) {
    bool Aligned = true;
    for (unsigned L : Possible)
      if ((Request.Addresses[L].Const + R) % Request.WidthBytes != 0)
        Aligned = false;
    if (Aligned)
      Shifts.push_back(R);
  }
  if (Shifts.empty())
    Shifts.push_back(0);
  return Shifts;
}

/// A request whose every lane that may run reads `Base_i + Scale * W_i + T`
/// where W_i is the wrap unknown `(Inner_i + U) mod Modulus` (U and Modulus
/// the same in every lane) and T a shift common to every lane.
struct WrappedRequest {
  int64_t Modulus = 0, Scale = 0;
  TermList Shift;  // U
  TermList Common; // T
  std::array<int64_t, WarpSize> Base{}, Inner{};
};

/// Matches Request against WrappedRequest (nullopt when it is not one).
std::optional<WrappedRequest>
matchWrapped(const SymbolicRequest &Request,
             const std::vector<unsigned> &Possible, const AtomTable &Atoms) {
  WrappedRequest W;
  bool First = true;
  for (unsigned L : Possible) {
    const SymbolicInt &A = Request.Addresses[L];
    if (A.Opaque)
      return std::nullopt;
    const WrapDef *Def = nullptr;
    int64_t Coef = 0;
    TermList Common;
    for (const auto &T : A.Terms) {
      if (const WrapDef *D = Atoms.wrapOf(T.first)) {
        if (Def)
          return std::nullopt; // two wraps in one lane
        Def = D;
        Coef = T.second;
      } else {
        Common.push_back(T);
      }
    }
    if (!Def)
      return std::nullopt;
    if (First) {
      W.Modulus = Def->Modulus;
      W.Scale = Coef;
      W.Shift = Def->Inner.Terms;
      W.Common = Common;
      First = false;
    } else if (W.Modulus != Def->Modulus || W.Scale != Coef ||
               W.Shift != Def->Inner.Terms || W.Common != Common) {
      return std::nullopt;
    }
    W.Base[L] = A.Const;
    W.Inner[L] = Def->Inner.Const;
  }
  if (First)
    return std::nullopt;
  return W;
}

/// The values of U mod Modulus to count, each with how many residues of U
/// it stands for. Lane i wraps where u >= Modulus - Inner_i, so between two
/// such points the set of wrapped lanes is fixed, and moving u by Period
/// moves every lane alike by Scale * Period bytes, a whole number of words
/// (of access widths, when wider), which only renumbers the banks (as the
/// residues of a common shift assume: alignedShifts): the count repeats.
/// Values of U step by the gcd of its coefficients and the modulus. Empty
/// when that is more than Budget.
std::vector<std::pair<int64_t, int64_t>>
wrapRepresentatives(const WrappedRequest &W, unsigned Width,
                    const std::vector<unsigned> &Possible, int64_t Budget) {
  int64_t M = W.Modulus, G = M;
  for (const auto &T : W.Shift)
    G = std::gcd(G, std::abs(T.second));
  int64_t Word = std::max<int64_t>(BankWidthBytes, Width);
  int64_t Period = std::lcm(G, Word / std::gcd(std::abs(W.Scale), Word));
  std::set<int64_t> Cuts = {0, M};
  for (unsigned L : Possible)
    if (W.Inner[L] > 0)
      Cuts.insert(M - W.Inner[L]);
  std::vector<std::pair<int64_t, int64_t>> Reps;
  for (auto It = Cuts.begin(); std::next(It) != Cuts.end(); ++It) {
    int64_t Lo = (*It + G - 1) / G * G, Hi = *std::next(It);
    for (int64_t U = Lo; U < Hi && U < Lo + Period; U += G) {
      Reps.push_back({U, (Hi - 1 - U) / Period + 1});
      if (int64_t(Reps.size()) > Budget)
        return {};
    }
  }
  return Reps;
}

/// "'n' modulo 2048 (1 wavefront for 2017 of its 2048 residues; 2 for 31)"
/// (the residues of U, the shift a wrap of the request moves by).
std::string describeWrap(const WrappedRequest &W,
                         const std::map<unsigned, int64_t> &ByCount,
                         const AtomTable &Atoms) {
  std::string Names;
  for (const auto &T : W.Shift)
    for (const std::string &N : Atoms.baseNames(T.first))
      Names += (Names.empty() ? "'" : ", '") + N + "'";
  int64_t Total = 0;
  for (auto &[Count, Times] : ByCount)
    Total += Times;
  std::string S = Names + " modulo " + std::to_string(W.Modulus) + " (";
  bool First = true;
  for (auto &[Count, Times] : ByCount) {
    S += (First ? "" : "; ") + std::to_string(Count) +
         (Count == 1 ? " wavefront for " : " wavefronts for ") +
         std::to_string(Times) +
         (First ? " of its " + std::to_string(Total) + " residues" : "");
    First = false;
  }
  return S + ")";
}

/// `s[(lane + n) & 2047]`, `s[(tid + i) % 1024]`: a uniform unknown shift
/// wrapped modulo a constant, so each lane's address jumps back at a point
/// of its own. The count is taken at every value of the shift that can
/// differ (wrapRepresentatives), each exactly, for each residue of the
/// common shift (alignedShifts); nullopt when the request is not such, or
/// that costs too much.
std::optional<RequestResult>
analyzeWrapped(const SymbolicRequest &Request,
               const std::vector<unsigned> &Sure,
               const std::vector<unsigned> &Possible, const AtomTable &Atoms,
               const BankRules &Rules) {
  std::optional<WrappedRequest> W = matchWrapped(Request, Possible, Atoms);
  if (!W)
    return std::nullopt;
  // The common shift matters modulo a bank word (or the access width);
  // which residues keep the lanes aligned is checked with the wrap.
  int64_t Step = 0,
          Period = std::max<int64_t>(BankWidthBytes, Request.WidthBytes);
  for (const auto &T : W->Common)
    Step = std::gcd(Step, std::abs(T.second));
  std::vector<int64_t> Shifts = {0};
  for (int64_t R = Step ? std::gcd(Step, Period) : Period; R < Period;
       R += std::gcd(Step, Period))
    Shifts.push_back(R);
  const int64_t Budget = 4096;
  auto Reps = wrapRepresentatives(*W, Request.WidthBytes, Possible,
                                  Budget / int64_t(Shifts.size()));
  if (Reps.empty())
    return std::nullopt;
  auto Evaluate = [&](const std::vector<unsigned> &Lanes, int64_t U,
                      int64_t Shift, bool &Aligned) {
    WarpAddresses Addr;
    for (unsigned L : Lanes) {
      int64_t Index = (W->Inner[L] + U) % W->Modulus;
      int64_t A = W->Base[L] + W->Scale * Index + Shift;
      Aligned &= ((A % Request.WidthBytes) + Request.WidthBytes) %
                     Request.WidthBytes ==
                 0;
      Addr[L] = uint64_t(A);
    }
    return countWavefronts(Request.WidthBytes, Request.Kind, Addr,
                           Request.Atomic, Rules);
  };
  RequestResult Result;
  Result.ActiveLanes = Possible;
  unsigned Min = ~0u, Max = 0, SureIdeal = ~0u;
  std::map<unsigned, int64_t> ByCount; // residues of U by count
  for (auto [U, Times] : Reps) {
    unsigned Here = 0;
    for (int64_t Shift : Shifts) {
      bool Aligned = true;
      WavefrontCount Upper = Evaluate(Possible, U, Shift, Aligned);
      if (!Aligned)
        continue;
      Here = std::max(Here, Upper.Wavefronts);
      if (Upper.Wavefronts > Max) {
        Max = Upper.Wavefronts;
        Result.Worst = Upper;
        Result.Ideal = Upper.Ideal;
      }
      if (Sure.empty()) {
        Min = std::min(Min, 1u);
        continue;
      }
      WavefrontCount Lower = Evaluate(Sure, U, Shift, Aligned);
      Min = std::min(Min, Lower.Wavefronts);
      SureIdeal = std::min(SureIdeal, Lower.Ideal);
    }
    if (Here)
      ByCount[Here] += Times;
  }
  if (Max == 0)
    return std::nullopt; // no aligned value: not a request that can run
  widenForLaneOrder(Request, Sure.size(), Possible.size(), SureIdeal, Min, Max);
  Result.MinWavefronts = Min;
  Result.MaxWavefronts = Max;
  if (Min == Max)
    return Result;
  Result.Status = Verdict::Range;
  if (ByCount.size() > 1)
    Result.DependsOn.push_back(describeWrap(*W, ByCount, Atoms));
  if (Shifts.size() > 1)
    for (const auto &T : W->Common)
      addNames(Result.DependsOn, Atoms.baseNames(T.first));
  if (Sure.size() != Possible.size())
    addNames(Result.DependsOn, Request.ActivityDependencies);
  return Result;
}

} // namespace

RequestResult analyzeRequest(const SymbolicRequest &Request,
                             const AtomTable &Atoms, const BankRules &Rules) {
  if (Request.Kind == AccessKind::Atomic && combinable(Request.Atomic))
    return analyzeAggregatable(Request, Atoms, Rules);
  RequestResult Result;
  std::vector<unsigned> Sure, Possible;
  laneSets(Request, Sure, Possible);
  if (Possible.empty())
    return Result;

  // Opaque addresses, and unknowns that move lanes differently, leave the
  // count undecided.
  AddressTerms AT = addressTerms(Request, Possible);
  if (!AT.Undecidable && !AT.Varying.empty())
    if (std::optional<RequestResult> W =
            analyzeWrapped(Request, Sure, Possible, Atoms, Rules))
      return *W;
  if (!AT.Undecidable && AT.Varying.size() == 1)
    if (std::optional<RequestResult> P = analyzeParametric(
            Request, *AT.Varying.begin(), Sure, Possible, Atoms, Rules))
      return *P;
  if ((AT.Undecidable || !AT.Varying.empty()) && Possible.size() == 1)
    if (std::optional<RequestResult> One = oneLaneAnywhere(Request, Possible))
      return *One;
  if (AT.Undecidable || !AT.Varying.empty())
    return undecidedRequest(Request, AT, Possible, Atoms, Rules);

  // Unknowns shift every lane alike: the count at each residue of the shift.
  std::vector<int64_t> Shifts = alignedShifts(Request, AT, Possible);
  auto Evaluate = [&](const std::vector<unsigned> &Lanes, int64_t Shift) {
    WarpAddresses Addr;
    for (unsigned L : Lanes)
      Addr[L] = uint64_t(Request.Addresses[L].Const + Shift);
    return countWavefronts(Request.WidthBytes, Request.Kind, Addr,
                           Request.Atomic, Rules);
  };
  unsigned Min = ~0u, Max = 0, SureIdeal = ~0u;
  for (int64_t Shift : Shifts) {
    WavefrontCount Upper = Evaluate(Possible, Shift);
    if (Upper.Wavefronts > Max) {
      Max = Upper.Wavefronts;
      Result.Worst = Upper;
      Result.Ideal = Upper.Ideal;
    }
    if (Sure.empty()) {
      Min = std::min(Min, 1u);
      continue;
    }
    WavefrontCount Lower = Evaluate(Sure, Shift);
    Min = std::min(Min, Lower.Wavefronts);
    SureIdeal = std::min(SureIdeal, Lower.Ideal);
  }
  widenForLaneOrder(Request, Sure.size(), Possible.size(), SureIdeal, Min, Max);
  Result.MinWavefronts = Min;
  Result.MaxWavefronts = Max;
  Result.ActiveLanes = Possible;
  if (Min != Max) {
    Result.Status = Verdict::Range;
    if (Sure.size() != Possible.size())
      addNames(Result.DependsOn, Request.ActivityDependencies);
    if (Shifts.size() > 1)
      for (auto &[Atom, Coef] : AT.UniformCoef)
        addNames(Result.DependsOn, Atoms.baseNames(Atom));
  }
  return Result;
}

RequestResult RequestMemo::analyze(const SymbolicRequest &Request,
                                   const AtomTable &Atoms) {
  // The key: the access, the shared symbolic part, and every lane's
  // constant part less a common multiple of 128 bytes.
  const SymbolicInt *First = nullptr;
  int64_t Min = 0;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (Request.Lanes[L] == Activity::Inactive)
      continue;
    const SymbolicInt &A = Request.Addresses[L];
    if (Request.Lanes[L] == Activity::Maybe || A.Opaque ||
        (First && First->Terms != A.Terms))
      return analyzeRequest(Request, Atoms, *Rules);
    if (!First || A.Const < Min)
      Min = A.Const;
    First = &A;
  }
  if (!First || Results.size() > 100000)
    return analyzeRequest(Request, Atoms, *Rules);
  int64_t Shift = Min - ((Min % 128) + 128) % 128;
  std::string Key;
  Key.reserve(16 + 16 * First->Terms.size() + 9 * WarpSize);
  auto Put = [&](int64_t V) { Key.append(reinterpret_cast<char *>(&V), 8); };
  Put(Request.WidthBytes);
  Put(int64_t(Request.Kind) * 16 + int64_t(Request.Atomic) +
      (Request.UniformAddress ? 1024 : 0));
  for (const auto &T : First->Terms) {
    Put(T.first);
    Put(T.second);
  }
  for (unsigned L = 0; L < WarpSize; ++L) {
    bool On = Request.Lanes[L] != Activity::Inactive;
    Key.push_back(On ? 1 : 0);
    if (On)
      Put(Request.Addresses[L].Const - Shift);
  }
  auto It = Results.find(Key);
  if (It != Results.end())
    return It->second;
  RequestResult R = analyzeRequest(Request, Atoms, *Rules);
  Results.emplace(std::move(Key), R);
  return R;
}

} // namespace warpcheck
