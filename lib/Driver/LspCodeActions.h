//===--- LspCodeActions.h - Layout fixes as LSP code actions ----*- C++ -*-===//
//
// Every proven layout fix of an array (its padding and its swizzle:
// AnalysisReport.h FixClaim) becomes one code action, offered on the
// array's declaration line and on the line of each warning about it,
// titled with the fix, its WorkspaceEdit carrying every replacement of the
// fix. The fix --fix applies is the preferred action. The edits are the
// ones the driver proved (FixProof.h): an editor is offered nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_LSPCODEACTIONS_H
#define WARPCHECK_DRIVER_LSPCODEACTIONS_H

#include "Driver.h"
#include "LspProtocol.h"

#include <map>

namespace warpcheck::lsp {

struct LayoutAction {
  std::vector<int64_t> Lines; // where it is offered, 0-based
  llvm::json::Object Action;  // the CodeAction
};

/// The actions of R's layout fixes for the document Uri (the file File,
/// with Text). Diagnostics: each warning of the document by its byte
/// offset, for the "diagnostics" an action fixes.
std::vector<LayoutAction>
layoutActions(const FileAnalysis &R, const std::string &Uri,
              const std::string &File, llvm::StringRef Text,
              PositionEncoding Encoding,
              const std::map<unsigned, llvm::json::Value> &Diagnostics);

/// The actions offered on any line from First to Last.
llvm::json::Array actionsOn(const std::vector<LayoutAction> &Actions,
                            int64_t First, int64_t Last);

} // namespace warpcheck::lsp

#endif
