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
/// lane's when the warp has one address the compiler proves uniform; a
/// range when the warp has one address the compiler may not see.
RequestResult analyzeAggregatable(const SymbolicRequest &Request,
                                  const AtomTable &Atoms) {
  SymbolicRequest Issued = Request;
  Issued.Atomic = AtomicForm::Native;
  RequestResult Result = analyzeRequest(Issued, Atoms);
  if (!Result.executes() || !oneAddress(Request))
    return Result;
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

} // namespace

RequestResult analyzeRequest(const SymbolicRequest &Request,
                             const AtomTable &Atoms) {
  if (Request.Kind == AccessKind::Atomic &&
      Request.Atomic == AtomicForm::Aggregatable)
    return analyzeAggregatable(Request, Atoms);
  RequestResult Result;
  std::vector<unsigned> Sure, Possible;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (Request.Lanes[L] == Activity::Active)
      Sure.push_back(L);
    if (Request.Lanes[L] != Activity::Inactive)
      Possible.push_back(L);
  }
  if (Possible.empty())
    return Result;

  // Opaque addresses, and unknowns that move lanes differently, leave the
  // count undecided.
  bool Undecidable = false;
  std::map<AtomId, int64_t> UniformCoef;
  std::set<AtomId> Varying;
  for (unsigned L : Possible) {
    const SymbolicInt &A = Request.Addresses[L];
    if (A.Opaque) {
      Undecidable = true;
      continue;
    }
    for (const auto &T : A.Terms)
      UniformCoef.emplace(T.first, T.second);
  }
  for (auto &[Atom, Coef] : UniformCoef) {
    for (unsigned L : Possible) {
      const SymbolicInt &A = Request.Addresses[L];
      if (A.Opaque)
        continue;
      auto It = std::find_if(A.Terms.begin(), A.Terms.end(),
                             [&](const auto &T) { return T.first == Atom; });
      int64_t C = It == A.Terms.end() ? 0 : It->second;
      if (C != Coef)
        Varying.insert(Atom);
    }
  }
  if (Undecidable || !Varying.empty()) {
    Result.Status = Verdict::Unknown;
    addNames(Result.DependsOn, Request.OpaqueDependencies);
    for (AtomId A : Varying)
      addNames(Result.DependsOn, Atoms.baseNames(A));
    if (Request.OpaqueDependencies.empty() && Varying.empty())
      Result.DependsOn.push_back("a value the analysis cannot follow");
    WarpAddresses Shape;
    for (unsigned L : Possible)
      Shape[L] = uint64_t(L) * 4; // only the pass structure matters here
    WavefrontCount Passes = countWavefronts(Request.WidthBytes, Request.Kind,
                                            Shape, Request.Atomic);
    Result.Ideal = Passes.Ideal;
    Result.MinWavefronts = 1;
    Result.MaxWavefronts = maxWavefronts(Request.WidthBytes, Request.Kind,
                                         Possible.size(), Request.Atomic);
    Result.ActiveLanes = Possible;
    return Result;
  }

  // The residues of the common shift that can change the count.
  int64_t Period = std::max<int64_t>(BankWidthBytes, Request.WidthBytes);
  int64_t Step = 0;
  for (auto &[Atom, Coef] : UniformCoef)
    Step = std::gcd(Step, Coef < 0 ? -Coef : Coef);
  std::vector<int64_t> Shifts;
  if (Step == 0) {
    Shifts.push_back(0);
  } else {
    for (int64_t R = 0; R < Period; R += std::gcd(Step, Period)) {
      // Keep only shifts that leave every lane aligned to the access width.
      bool Aligned = true;
      for (unsigned L : Possible)
        if ((Request.Addresses[L].Const + R) % Request.WidthBytes != 0)
          Aligned = false;
      if (Aligned)
        Shifts.push_back(R);
    }
    if (Shifts.empty())
      Shifts.push_back(0);
  }

  auto Evaluate = [&](const std::vector<unsigned> &Lanes, int64_t Shift) {
    WarpAddresses Addr;
    for (unsigned L : Lanes)
      Addr[L] = uint64_t(Request.Addresses[L].Const + Shift);
    return countWavefronts(Request.WidthBytes, Request.Kind, Addr,
                           Request.Atomic);
  };

  unsigned Min = ~0u, Max = 0;
  for (int64_t Shift : Shifts) {
    WavefrontCount Upper = Evaluate(Possible, Shift);
    if (Upper.Wavefronts > Max) {
      Max = Upper.Wavefronts;
      Result.Worst = Upper;
      Result.Ideal = Upper.Ideal;
    }
    unsigned Lower = Sure.empty() ? 1 : Evaluate(Sure, Shift).Wavefronts;
    Min = std::min(Min, Lower);
  }
  Result.MinWavefronts = Min;
  Result.MaxWavefronts = Max;
  Result.ActiveLanes = Possible;
  if (Min != Max) {
    Result.Status = Verdict::Range;
    if (Sure.size() != Possible.size())
      addNames(Result.DependsOn, Request.ActivityDependencies);
    if (Shifts.size() > 1)
      for (auto &[Atom, Coef] : UniformCoef)
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
      return analyzeRequest(Request, Atoms);
    if (!First || A.Const < Min)
      Min = A.Const;
    First = &A;
  }
  if (!First || Results.size() > 100000)
    return analyzeRequest(Request, Atoms);
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
  RequestResult R = analyzeRequest(Request, Atoms);
  Results.emplace(std::move(Key), R);
  return R;
}

} // namespace warpcheck
