//===--- LspProtocol.cpp - The LSP messages warpcheck reads and writes ---===//

#include "LspProtocol.h"

#include <algorithm>

namespace warpcheck::lsp {

std::string pathOf(llvm::StringRef Uri) {
  Uri.consume_front("file://");
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size()) {
      unsigned V;
      if (!Uri.substr(I + 1, 2).getAsInteger(16, V)) {
        Path += char(V);
        I += 2;
        continue;
      }
    }
    Path += Uri[I];
  }
  return Path;
}

/// LSP position (0-based line and column) of a byte offset of Text.
llvm::json::Object position(llvm::StringRef Text, unsigned Offset,
                            PositionEncoding Encoding) {
  Offset = std::min<unsigned>(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  size_t Newline = Before.rfind('\n');
  unsigned Line = Before.count('\n');
  llvm::StringRef InLine = Newline == llvm::StringRef::npos
                               ? Before
                               : Before.drop_front(Newline + 1);
  unsigned Col = InLine.size();
  if (Encoding == PositionEncoding::Utf16) {
    Col = 0;
    for (unsigned char C : InLine) {
      if ((C & 0xC0) == 0x80)
        continue;               // a continuation byte
      Col += C >= 0xF0 ? 2 : 1; // outside the BMP: a surrogate pair
    }
  }
  return llvm::json::Object{{"line", Line}, {"character", Col}};
}

llvm::json::Object range(llvm::StringRef Text, unsigned Begin, unsigned End,
                         PositionEncoding Encoding) {
  return llvm::json::Object{{"start", position(Text, Begin, Encoding)},
                            {"end", position(Text, End, Encoding)}};
}

bool fromJSON(const llvm::json::Value &V, TextDocumentIdentifier &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("uri", R.Uri);
}
bool fromJSON(const llvm::json::Value &V, TextDocumentItem &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("uri", R.Uri) && O.map("text", R.Text);
}
bool fromJSON(const llvm::json::Value &V, DidOpenParams &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.TextDocument);
}
bool fromJSON(const llvm::json::Value &V, ContentChange &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("text", R.Text);
}
bool fromJSON(const llvm::json::Value &V, DidChangeParams &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.TextDocument) &&
         O.map("contentChanges", R.ContentChanges);
}
bool fromJSON(const llvm::json::Value &V, DocumentParams &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.TextDocument) &&
         O.mapOptional("text", R.Text);
}
bool fromJSON(const llvm::json::Value &V, Position &R, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("line", R.Line) && O.map("character", R.Character);
}
bool fromJSON(const llvm::json::Value &V, Range &R, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("start", R.Start) && O.map("end", R.End);
}
bool fromJSON(const llvm::json::Value &V, CodeActionParams &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.TextDocument) && O.map("range", R.Where);
}
bool fromJSON(const llvm::json::Value &V, DocumentDiagnosticParams &R,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.TextDocument);
}

} // namespace warpcheck::lsp
