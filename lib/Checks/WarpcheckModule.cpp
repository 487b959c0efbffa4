//===--- WarpcheckModule.cpp - The warpcheck clang-tidy module ------------===//
//
// Registers every warpcheck check. The clang-tidy plugin and the standalone
// warpcheck tool both use this module: one implementation.
//
//===----------------------------------------------------------------------===//

#include "LocalMemoryArrayCheck.h"
#include "SharedBankConflictCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace warpcheck {

class WarpcheckModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<LocalMemoryArrayCheck>(
        "warpcheck-local-memory-array");
    Factories.registerCheck<SharedBankConflictCheck>(
        "warpcheck-shared-bank-conflict");
  }
};

static clang::tidy::ClangTidyModuleRegistry::Add<WarpcheckModule>
    Registration("warpcheck-module",
                 "CUDA shared-memory and local-memory checks.");

/// Referenced by the standalone driver so the linker keeps this module.
volatile int WarpcheckModuleAnchorSource = 0;

} // namespace warpcheck
