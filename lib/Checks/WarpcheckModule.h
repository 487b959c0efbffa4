//===--- WarpcheckModule.h - The checks warpcheck registers ----*- C++ -*-===//
//
// One table of checks: each row is a check's name, its factory and the
// text SARIF shows for it (rule name, short and full description, the page
// in docs/checks/). The clang-tidy module registers every row, and the
// SARIF writer lists them as rules: a new check is its own source plus its
// row (docs/design.md, "Add a check"). addWarpcheckCheck adds a row at run
// time, for a check that lives outside lib/Checks (a test's).
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_CHECKS_WARPCHECKMODULE_H
#define WARPCHECK_CHECKS_WARPCHECKMODULE_H

#include "clang-tidy/ClangTidyModule.h"

#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

/// One check of the warpcheck module.
struct WarpcheckCheckInfo {
  /// "warpcheck-shared-bank-conflict".
  std::string Name;
  /// SARIF's rule name ("SharedBankConflict"), one-line and full
  /// description, and the documentation page.
  std::string SarifName, Short, Full, Doc;
  clang::tidy::ClangTidyCheckFactories::CheckFactory Factory;
};

/// Every check: the built-in rows, then those added with addWarpcheckCheck.
const std::vector<WarpcheckCheckInfo> &warpcheckChecks();

/// Adds a check to the module. Call it before any translation unit is
/// analyzed (the module reads the table when clang-tidy asks it for
/// factories).
void addWarpcheckCheck(WarpcheckCheckInfo Check);

/// The factory of check class T, for a row.
template <typename T>
clang::tidy::ClangTidyCheckFactories::CheckFactory checkFactory() {
  return [](llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
    return std::make_unique<T>(Name, Context);
  };
}

} // namespace warpcheck

#endif
