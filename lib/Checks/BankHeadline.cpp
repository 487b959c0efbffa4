//===--- BankHeadline.cpp - One warning for the accesses at a site --------===//

#include "BankHeadline.h"

#include "llvm/Support/FormatVariadic.h"

namespace warpcheck {

const char *accessPhrase(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load from";
  case AccessKind::Store:
    return "store to";
  case AccessKind::Atomic:
    return "atomic update of";
  }
  return "access to";
}

static const char *accessNoun(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic update";
  }
  return "access";
}

/// "load from" for one kind; "load and store of", "load, store and atomic
/// update of" for several.
static std::string phraseOf(const std::vector<AccessKind> &Kinds) {
  if (Kinds.size() == 1)
    return accessPhrase(Kinds.front());
  std::string S;
  for (size_t I = 0; I < Kinds.size(); ++I) {
    if (I)
      S += I + 1 == Kinds.size() ? " and " : ", ";
    S += accessNoun(Kinds[I]);
  }
  return S + " of";
}

std::string composeHeadline(const std::vector<HeadlinePart> &Parts,
                            const std::string &Target) {
  // The kinds that share the first part's verdict are said together; each
  // other kind follows with its own.
  const HeadlinePart &First = Parts.front();
  std::vector<AccessKind> Together;
  std::string Others;
  for (const HeadlinePart &P : Parts) {
    if (P.sameVerdict(First))
      Together.push_back(P.Kind);
    else
      Others += llvm::formatv("; {0}: {1}", accessNoun(P.Kind), P.Short);
  }
  std::string Each = Together.size() > 1 && First.Each ? " each" : "";
  return llvm::formatv("{0} {1} {2}{3}{4}{5}{6}{7}", First.Lead,
                       phraseOf(Together), Target, First.Sep, First.Main, Each,
                       First.Rest, Others)
      .str();
}

} // namespace warpcheck
