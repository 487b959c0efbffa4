"""LSP positions (lsp-positions.test): opens a document whose access line has
non-ASCII text before the access, with or without offering "utf-8" as a
position encoding, and prints the negotiated encoding and the diagnostic's
start character and the fix edit's range."""
import os
import sys

import lsp_wire

warpcheck, source, offer = sys.argv[1], sys.argv[2], sys.argv[3]
server = lsp_wire.start(warpcheck, "--cuda-prelude")


def send(message):
    lsp_wire.send(server, message)


def receive():
    return lsp_wire.receive(server)


caps = {"general": {"positionEncodings": [offer]}} if offer != "none" else {}
send({"id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None, "capabilities": caps}})
init = receive()
print("encoding:", init["result"]["capabilities"]["positionEncoding"])
uri = "file://" + os.path.abspath(source)
send({"method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": uri, "languageId": "cuda", "version": 1,
    "text": open(source, encoding="utf-8").read()}}})
while True:
    m = receive()
    if m.get("method") == "textDocument/publishDiagnostics" and \
            m["params"]["diagnostics"]:
        break
d = m["params"]["diagnostics"][0]
start = d["range"]["start"]
print("diagnostic: line %d character %d" % (start["line"], start["character"]))
send({"id": 2, "method": "textDocument/codeAction", "params": {
    "textDocument": {"uri": uri}, "range": d["range"],
    "context": {"diagnostics": [d]}}})
while True:
    m = receive()
    if m.get("id") == 2:
        break
for edit in m["result"][0]["edit"]["changes"][uri]:
    r = edit["range"]
    print("edit: %d:%d-%d:%d %s" % (r["start"]["line"], r["start"]["character"],
                                    r["end"]["line"], r["end"]["character"],
                                    edit["newText"]))
send({"id": 3, "method": "shutdown"})
receive()
send({"method": "exit"})
print("exit status:", server.wait())
