"""LSP positions (lsp-positions.test): opens a document whose access line has
non-ASCII text before the access, with or without offering "utf-8" as a
position encoding, and prints the negotiated encoding and the diagnostic's
start character and the fix edit's range."""
import json
import os
import subprocess
import sys

warpcheck, source, offer = sys.argv[1], sys.argv[2], sys.argv[3]
server = subprocess.Popen([warpcheck, "--lsp", "--cuda-prelude"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def send(message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = 0
    while True:
        line = server.stdout.readline().decode().strip()
        if not line:
            break
        if line.lower().startswith("content-length:"):
            length = int(line.split(":")[1])
    return json.loads(server.stdout.read(length))


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
