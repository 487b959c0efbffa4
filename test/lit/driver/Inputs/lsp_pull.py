"""Pull diagnostics (lsp-pull-diagnostics.test): a client that offers
textDocument.diagnostic asks for a document's diagnostics right after
opening it; the answer waits for the analysis of that text. Prints the
capability, every message before the answer, and the report."""
import os
import sys

import lsp_wire

warpcheck, source, offer = sys.argv[1], sys.argv[2], sys.argv[3] == "pull"
server = lsp_wire.start(warpcheck, "--cuda-prelude")


def send(message):
    lsp_wire.send(server, message)


caps = {"textDocument": {"diagnostic": {"dynamicRegistration": False}}} \
    if offer else {}
send({"id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None, "capabilities": caps}})
init = lsp_wire.wait_for(server, lambda m: m.get("id") == 1)
print("diagnosticProvider:",
      init["result"]["capabilities"].get("diagnosticProvider"))
uri = "file://" + os.path.abspath(source)
text = open(source, encoding="utf-8").read()
send({"method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": uri, "languageId": "cuda", "version": 1, "text": text}}})
if offer:
    send({"id": 2, "method": "textDocument/diagnostic",
          "params": {"textDocument": {"uri": uri}}})
while True:
    m = lsp_wire.receive(server)
    if m.get("id") == 2 or m.get("method") == \
            "textDocument/publishDiagnostics":
        break
    print("before:", m.get("method"))
if "method" in m:
    print("pushed:", len(m["params"]["diagnostics"]), "diagnostics")
else:
    report = m["result"]
    print("report:", report["kind"], len(report["items"]), "items")
    for d in report["items"]:
        s = d["range"]["start"]
        print("  %d:%d %s" % (s["line"] + 1, s["character"] + 1, d["message"]))
# After an edit that fixes the access, a new pull gets the new text's
# diagnostics: none.
send({"method": "textDocument/didChange", "params": {
    "textDocument": {"uri": uri, "version": 2},
    "contentChanges": [{"text": text.replace("[threadIdx.x][0]",
                                             "[0][threadIdx.x]")}]}})
if offer:
    send({"id": 3, "method": "textDocument/diagnostic",
          "params": {"textDocument": {"uri": uri}}})
m = lsp_wire.wait_for(server, lambda m: m.get("id") == 3 or m.get(
    "method") == "textDocument/publishDiagnostics")
items = m["result"]["items"] if "result" in m else m["params"]["diagnostics"]
print("after the edit:", len(items), "diagnostics")
send({"id": 4, "method": "shutdown"})
lsp_wire.wait_for(server, lambda m: m.get("id") == 4)
send({"method": "exit"})
print("exit status:", server.wait(timeout=30))
