//===--- BankHeadline.h - One warning for the accesses at a site -*- C++ -*-===//
//
// One source location can hold several accesses of one expression: `s[i] +=
// v` and `++s[i]` load and store, an atomic whose result is used. The user
// reads one warning for them (issue 29), so a headline is composed from a
// part per access kind: "32-way bank conflict on load and store of 's': 32
// wavefronts per request each, 1 ideal". Parts whose counts differ are each
// said ("...; store: 16-way, 16 wavefronts per request, 1 ideal").
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_BANKHEADLINE_H
#define WARPCHECK_CHECKS_BANKHEADLINE_H

#include "BankModel.h"

#include <string>
#include <vector>

namespace warpcheck {

/// One access kind's verdict at a site. Its headline is
/// Lead + " " + phrase + " " + target + Sep + Main + Rest; Short is the
/// verdict said after another kind's ("16-way, 16 wavefronts per request").
struct HeadlinePart {
  AccessKind Kind = AccessKind::Load;
  std::string Lead, Sep, Main, Rest, Short;
  /// "each" goes after Main when several kinds share the part.
  bool Each = true;

  bool sameVerdict(const HeadlinePart &O) const {
    return Lead == O.Lead && Sep == O.Sep && Main == O.Main && Rest == O.Rest;
  }
};

/// "load from", "store to", "atomic update of".
const char *accessPhrase(AccessKind K);

/// The warning's text for Parts (at least one) about Target ("'s").
std::string composeHeadline(const std::vector<HeadlinePart> &Parts,
                            const std::string &Target);

} // namespace warpcheck

#endif
