"""Opens one document in `warpcheck --lsp` and prints the diagnostics of its
first publication (lsp-parse-error.test)."""
import os
import sys

import lsp_wire

warpcheck, source = sys.argv[1], sys.argv[2]
server = lsp_wire.start(warpcheck, "--cuda-prelude")


def send(message):
    lsp_wire.send(server, message)


def receive():
    return lsp_wire.receive(server)


send({"id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None, "capabilities": {}}})
receive()
uri = "file://" + os.path.abspath(source)
send({"method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": uri, "languageId": "cuda", "version": 1,
    "text": open(source).read()}}})
while True:
    m = receive()
    if m.get("method") == "textDocument/publishDiagnostics":
        break
print("diagnostics:", len(m["params"]["diagnostics"]))
for d in m["params"]["diagnostics"]:
    s = d["range"]["start"]
    print("%d:%d severity %d: %s" % (s["line"] + 1, s["character"] + 1,
                                     d["severity"], d["message"]))
send({"id": 2, "method": "shutdown"})
receive()
send({"method": "exit"})
print("exit status:", server.wait())
