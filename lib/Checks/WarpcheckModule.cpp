//===--- WarpcheckModule.cpp - The warpcheck clang-tidy module ------------===//
//
// Registers every warpcheck check. The clang-tidy plugin and the standalone
// warpcheck tool both use this module: one implementation. A check is one
// row of builtinChecks() (WarpcheckModule.h).
//
//===----------------------------------------------------------------------===//

#include "WarpcheckModule.h"

#include "LocalMemoryArrayCheck.h"
#include "SharedBankConflictCheck.h"

#include "clang-tidy/ClangTidyModuleRegistry.h"

#include <mutex>

namespace warpcheck {

namespace {
std::vector<WarpcheckCheckInfo> builtinChecks() {
  return {
      {"warpcheck-shared-bank-conflict", "SharedBankConflict",
       "Shared-memory access with bank conflicts",
       "A warp's shared-memory request needs more wavefronts than its ideal "
       "because several lanes ask one bank for different words. warpcheck "
       "interprets the kernel for its block shape and judges every warp with "
       "a bank model measured on an H100; a layout fix (padding or XOR "
       "swizzle) is offered when one serves every access of the array.",
       "docs/checks/warpcheck-shared-bank-conflict.md",
       checkFactory<SharedBankConflictCheck>()},
      {"warpcheck-local-memory-array", "LocalMemoryArray",
       "Per-thread array demoted to local memory",
       "A per-thread array is indexed with a value the compiler does not "
       "know at compile time after unrolling, or its address escapes, so it "
       "lives in local (device) memory instead of registers.",
       "docs/checks/warpcheck-local-memory-array.md",
       checkFactory<LocalMemoryArrayCheck>()},
  };
}

struct CheckTable {
  std::mutex Mutex;
  std::vector<WarpcheckCheckInfo> Checks = builtinChecks();
};

CheckTable &table() {
  static CheckTable T;
  return T;
}
} // namespace

const std::vector<WarpcheckCheckInfo> &warpcheckChecks() {
  return table().Checks;
}

void addWarpcheckCheck(WarpcheckCheckInfo Check) {
  CheckTable &T = table();
  std::lock_guard<std::mutex> Lock(T.Mutex);
  T.Checks.push_back(std::move(Check));
}

class WarpcheckModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    CheckTable &T = table();
    std::lock_guard<std::mutex> Lock(T.Mutex);
    for (const WarpcheckCheckInfo &C : T.Checks)
      Factories.registerCheckFactory(C.Name, C.Factory);
  }
};

static clang::tidy::ClangTidyModuleRegistry::Add<WarpcheckModule>
    Registration("warpcheck-module",
                 "CUDA shared-memory and local-memory checks.");

/// Referenced by the standalone driver so the linker keeps this module.
volatile int WarpcheckModuleAnchorSource = 0;

} // namespace warpcheck
