//===--- LspCodeActions.cpp - Layout fixes as LSP code actions -----------===//

#include "LspCodeActions.h"

#include "Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <memory>

namespace warpcheck::lsp {

namespace {

bool sameFile(llvm::StringRef A, llvm::StringRef B) {
  return A == B || llvm::sys::fs::equivalent(A, B);
}

int64_t lineOf(llvm::StringRef Text, unsigned Offset) {
  return Text.take_front(Offset).count('\n');
}

/// The fix's edits by URI, or nullopt when a file they touch cannot be
/// read (its positions would be made up).
std::optional<llvm::json::Object>
changesOf(const FixClaim &C, const std::string &Uri, const std::string &File,
          llvm::StringRef Text, PositionEncoding Encoding) {
  llvm::json::Object Changes;
  for (const auto &[Path, Replacements] : C.Edits) {
    bool InDocument = sameFile(Path, File);
    std::unique_ptr<llvm::MemoryBuffer> Other;
    llvm::StringRef In = Text;
    if (!InDocument) {
      auto Buffer = llvm::MemoryBuffer::getFile(Path);
      if (!Buffer)
        return std::nullopt;
      Other = std::move(*Buffer);
      In = Other->getBuffer();
    }
    llvm::json::Array Edits;
    for (const clang::tooling::Replacement &R : Replacements)
      Edits.push_back(llvm::json::Object{
          {"range",
           range(In, R.getOffset(), R.getOffset() + R.getLength(), Encoding)},
          {"newText", R.getReplacementText().str()}});
    Changes[InDocument ? Uri : fileUri(Path)] = std::move(Edits);
  }
  return Changes;
}

} // namespace

std::vector<LayoutAction>
layoutActions(const FileAnalysis &R, const std::string &Uri,
              const std::string &File, llvm::StringRef Text,
              PositionEncoding Encoding,
              const std::map<unsigned, llvm::json::Value> &Diagnostics) {
  std::vector<LayoutAction> Actions;
  for (const FixClaim &C : R.Report.FixClaims) {
    if (!C.Proven || C.Edits.empty())
      continue;
    std::optional<llvm::json::Object> Changes =
        changesOf(C, Uri, File, Text, Encoding);
    if (!Changes)
      continue;
    LayoutAction A;
    if (sameFile(C.DeclFile, File))
      A.Lines.push_back(lineOf(Text, C.DeclOffset));
    llvm::json::Array Fixed;
    for (unsigned Offset : C.WarningOffsets) {
      A.Lines.push_back(lineOf(Text, Offset));
      auto It = Diagnostics.find(Offset);
      if (It != Diagnostics.end())
        Fixed.push_back(It->second);
    }
    A.Action = llvm::json::Object{
        {"title", C.Title},
        {"kind", "quickfix"},
        {"isPreferred", C.Preferred},
        {"diagnostics", std::move(Fixed)},
        {"edit", llvm::json::Object{{"changes", std::move(*Changes)}}}};
    Actions.push_back(std::move(A));
  }
  // The fix --fix applies first.
  std::stable_sort(
      Actions.begin(), Actions.end(),
      [](const LayoutAction &A, const LayoutAction &B) {
        return A.Action.getBoolean("isPreferred").value_or(false) &&
               !B.Action.getBoolean("isPreferred").value_or(false);
      });
  return Actions;
}

llvm::json::Array actionsOn(const std::vector<LayoutAction> &Actions,
                            int64_t First, int64_t Last) {
  llvm::json::Array On;
  for (const LayoutAction &A : Actions)
    if (llvm::any_of(A.Lines,
                     [&](int64_t L) { return L >= First && L <= Last; }))
      On.push_back(llvm::json::Object(A.Action));
  return On;
}

} // namespace warpcheck::lsp
