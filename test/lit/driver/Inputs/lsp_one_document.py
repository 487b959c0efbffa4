"""Opens one document in `warpcheck --lsp` and prints the diagnostics of its
first publication (lsp-parse-error.test)."""
import json
import os
import subprocess
import sys

warpcheck, source = sys.argv[1], sys.argv[2]
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
