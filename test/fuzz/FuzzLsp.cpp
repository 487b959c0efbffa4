//===--- FuzzLsp.cpp - LSP framing and typed message mapping --------------===//
//
// handleLspMessages on arbitrary bytes: the frame reader (headers, lengths,
// resynchronization) and the typed mapping of every message the server
// handles, without analyzing documents. Each malformed message is answered
// with a JSON-RPC error (issue 11: requests without an id, notifications
// without params, a Content-Length of 10^12); every reply must be a
// well-formed frame.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "LspServer.h"

#include "llvm/Support/JSON.h"

using namespace warpcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  static const DriverOptions Options = [] {
    DriverOptions O;
    O.Version = "fuzz";
    return O;
  }();
  std::string Replies;
  llvm::raw_string_ostream Out(Replies);
  int Status = handleLspMessages(Text, Options, Out);
  Out.flush();
  if (Status != 0 && Status != 1)
    fuzz::fail("exit status " + std::to_string(Status));
  // The replies are frames: a Content-Length header and a JSON body.
  llvm::StringRef R(Replies);
  while (!R.empty()) {
    if (!R.consume_front("Content-Length: "))
      fuzz::fail("a reply without a Content-Length header");
    size_t Length;
    if (R.consumeInteger(10, Length) || !R.consume_front("\r\n\r\n") ||
        Length > R.size())
      fuzz::fail("a reply with a broken header");
    auto Body = llvm::json::parse(R.take_front(Length));
    if (!Body)
      fuzz::fail("a reply that is not JSON: " +
                 llvm::toString(Body.takeError()));
    const llvm::json::Object *O = Body->getAsObject();
    if (!O || O->getString("jsonrpc") != llvm::StringRef("2.0"))
      fuzz::fail("a reply that is not a JSON-RPC 2.0 object");
    R = R.drop_front(Length);
  }
  return 0;
}
