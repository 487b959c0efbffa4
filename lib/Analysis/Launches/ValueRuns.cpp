//===--- ValueRuns.cpp - One run per value the launches pass ---------------===//

#include "Launches/ValueRuns.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace clang;

namespace warpcheck {
namespace {

std::string listValues(const std::vector<int64_t> &Values) {
  std::string Out;
  for (size_t I = 0; I < Values.size(); ++I)
    Out += (I ? ", " : "") + std::to_string(Values[I]);
  return Out;
}

} // namespace

ValueRuns valueRuns(const FunctionDecl *Kernel,
                    const std::vector<LaunchedArgument> &Args,
                    size_t MaxRuns) {
  ValueRuns Out;
  // Parameters the kernel reads that take several values, fewest first.
  std::vector<unsigned> Split;
  for (unsigned I = 0; I < Args.size() && I < Kernel->getNumParams(); ++I)
    if (Args[I].Values.size() > 1 && Kernel->getParamDecl(I)->isReferenced())
      Split.push_back(I);
  llvm::stable_sort(Split, [&Args](unsigned A, unsigned B) {
    return Args[A].Values.size() < Args[B].Values.size();
  });
  size_t Runs = 1;
  std::vector<unsigned> Chosen;
  for (unsigned I : Split)
    if (Runs * Args[I].Values.size() <= MaxRuns) {
      Runs *= Args[I].Values.size();
      Chosen.push_back(I);
    }
  if (Chosen.empty())
    return Out;
  llvm::sort(Chosen);
  for (unsigned I : Chosen) {
    const LaunchedArgument &A = Args[I];
    std::string Name = Kernel->getParamDecl(I)->getNameAsString();
    Out.Names.push_back(Name);
    Out.Bindings.push_back(llvm::formatv(
        "'{0}' is each of {1} (the values the launches pass, the first at "
        "{2}), analyzed one by one",
        Name, listValues(A.Values), A.FirstLaunch));
  }
  Out.Depends = Out.Names.size() > 1 ? "the launched values of "
                                     : "the launched value of ";
  for (size_t J = 0; J < Out.Names.size(); ++J)
    Out.Depends += std::string(J == 0                          ? ""
                               : J + 1 == Out.Names.size() ? " and "
                                                           : ", ") +
                   "'" + Out.Names[J] + "'";
  // Every combination, the first parameter's values outermost.
  for (size_t R = 0; R < Runs; ++R) {
    std::vector<LaunchedArgument> Run = Args;
    std::vector<int64_t> Key;
    size_t Rest = R;
    for (auto It = Chosen.rbegin(); It != Chosen.rend(); ++It) {
      const std::vector<int64_t> &Values = Args[*It].Values;
      Run[*It].Value = Values[Rest % Values.size()];
      Rest /= Values.size();
    }
    for (unsigned I : Chosen)
      Key.push_back(*Run[I].Value);
    Out.Runs.push_back(std::move(Run));
    Out.Keys.push_back(std::move(Key));
  }
  return Out;
}

} // namespace warpcheck
