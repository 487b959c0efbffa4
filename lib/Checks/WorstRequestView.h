//===--- WorstRequestView.h - The worst request, lane by lane -*- C++ -*-===//
//
// What the report's bank map of one access shows (issue 29): the worst
// request's offsets when it is one known request, else why not; and the
// same lanes under the layout fix proposed for the array.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_WORSTREQUESTVIEW_H
#define WARPCHECK_CHECKS_WORSTREQUESTVIEW_H

#include "AnalysisReport.h"
#include "BankMap.h"
#include "KernelAnalysisTypes.h"

namespace warpcheck {

/// Site's worst request (Status and Depends as the finding says them),
/// counted under Rules (named RulesArch).
WorstRequestView worstRequestView(const SharedAccessSite &Site, Verdict Status,
                                  const std::vector<std::string> &Depends,
                                  const BankRules &Rules,
                                  const std::string &RulesArch);

/// R's worst request moved by the fix Name (layout L of an array of
/// geometry G), as the layout search scores it.
void addFixMap(AccessRecord &R, const std::string &Name, const Layout &L,
               const ArrayGeometry &G);

/// The map of a view's offsets (Fixed: the offsets after the fix).
BankMap drawView(const AccessRecord &R, bool Fixed);

} // namespace warpcheck

#endif
