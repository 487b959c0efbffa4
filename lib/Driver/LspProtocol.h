//===--- LspProtocol.h - The LSP messages warpcheck reads and writes -*- C++
//-*-===//
//
// What the language server (LspServer.cpp) and its code actions
// (LspCodeActions.cpp) share: URIs as paths, byte offsets as LSP positions
// in the negotiated encoding, and the typed parameters of the messages it
// reads.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_LSPPROTOCOL_H
#define WARPCHECK_DRIVER_LSPPROTOCOL_H

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace warpcheck::lsp {

/// The path of a file:// URI, %-escapes decoded.
std::string pathOf(llvm::StringRef Uri);

/// How LSP columns count: UTF-16 code units (the protocol's default, what
/// VS Code and Neovim use) or bytes, when the client offers "utf-8" in
/// general.positionEncodings at initialize.
enum class PositionEncoding { Utf16, Utf8 };

/// LSP position (0-based line and column) of a byte offset of Text.
llvm::json::Object position(llvm::StringRef Text, unsigned Offset,
                            PositionEncoding Encoding);
llvm::json::Object range(llvm::StringRef Text, unsigned Begin, unsigned End,
                         PositionEncoding Encoding);

/// Typed LSP messages: every field warpcheck reads is mapped and checked,
/// so that a message without params, a URI or a range is an error reply,
/// never a null dereference.
struct TextDocumentIdentifier {
  std::string Uri;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentIdentifier &R,
              llvm::json::Path P);
struct TextDocumentItem {
  std::string Uri, Text;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentItem &R,
              llvm::json::Path P);
struct DidOpenParams {
  TextDocumentItem TextDocument;
};
bool fromJSON(const llvm::json::Value &V, DidOpenParams &R, llvm::json::Path P);
struct ContentChange {
  std::string Text;
};
bool fromJSON(const llvm::json::Value &V, ContentChange &R, llvm::json::Path P);
struct DidChangeParams {
  TextDocumentIdentifier TextDocument;
  std::vector<ContentChange> ContentChanges;
};
bool fromJSON(const llvm::json::Value &V, DidChangeParams &R,
              llvm::json::Path P);
struct DocumentParams { // didSave, didClose
  TextDocumentIdentifier TextDocument;
  std::optional<std::string> Text;
};
bool fromJSON(const llvm::json::Value &V, DocumentParams &R,
              llvm::json::Path P);
struct Position {
  int64_t Line = 0, Character = 0;
};
bool fromJSON(const llvm::json::Value &V, Position &R, llvm::json::Path P);
struct Range {
  Position Start, End;
};
bool fromJSON(const llvm::json::Value &V, Range &R, llvm::json::Path P);
struct CodeActionParams {
  TextDocumentIdentifier TextDocument;
  Range Where;
};
bool fromJSON(const llvm::json::Value &V, CodeActionParams &R,
              llvm::json::Path P);

struct DocumentDiagnosticParams { // textDocument/diagnostic
  TextDocumentIdentifier TextDocument;
};
bool fromJSON(const llvm::json::Value &V, DocumentDiagnosticParams &R,
              llvm::json::Path P);

} // namespace warpcheck::lsp

#endif
