"""Drives `warpcheck --lsp` with malformed and hostile messages and prints
each answer, for FileCheck: the server must answer every one with a JSON-RPC
error and keep serving, analyze only the latest of many rapid edits, and
answer shutdown promptly."""
import json
import os
import subprocess
import sys
import time

warpcheck, source, scratch = sys.argv[1], sys.argv[2], sys.argv[3]
server = subprocess.Popen([warpcheck, "--lsp", "--cuda-prelude"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def raw(data):
    server.stdin.write(data)
    server.stdin.flush()


def send(message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def receive():
    length = 0
    while True:
        line = server.stdout.readline()
        if not line:
            print("server closed its output")
            sys.exit(1)
        line = line.decode().strip()
        if not line:
            break
        if line.lower().startswith("content-length:"):
            length = int(line.split(":")[1])
    return json.loads(server.stdout.read(length))


def answer(label):
    m = receive()
    if "error" in m:
        print(f"{label}: error {m['error']['code']} id={m.get('id')}: "
              f"{m['error']['message']}")
    elif m.get("method") == "textDocument/publishDiagnostics":
        print(f"{label}: {len(m['params']['diagnostics'])} diagnostics")
    else:
        print(f"{label}: result id={m.get('id')}")
    return m


uri = "file://" + os.path.abspath(source)
text = open(source).read()
send({"method": "initialize", "params": {}})
answer("initialize without id")
send({"method": "shutdown"})
answer("shutdown without id")
send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
answer("initialize")
send({"method": "textDocument/didOpen"})
answer("didOpen without params")
send({"method": "textDocument/didClose"})
answer("didClose without params")
send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri}}})
answer("didOpen without text")
send({"method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": "file://" + scratch, "text": "x"}}})
answer("didOpen of a directory")
send({"id": 2, "method": "textDocument/codeAction",
      "params": {"textDocument": {"uri": uri}}})
answer("codeAction without range")
raw(b"Content-Length: 1000000000000\r\n\r\n{}")
answer("Content-Length 10^12")
raw(b"Content-Length: 5\r\n\r\n{oops")
answer("body not JSON")
raw(b"Content-Type: x\r\n\r\n")
answer("no Content-Length")
raw(b"Content-Length: 2\r\n\r\n[]")
answer("not an object")
deep = b"[" * 100000 + b"]" * 100000
raw(b"Content-Length: %d\r\n\r\n" % len(deep) + deep)
answer("nested 100000 deep")
send({"id": {"a": 1}, "method": "shutdown"})
answer("object id")
send({"id": 3, "method": "no/such/request"})
answer("unknown request")

# Still serving: open the document, then 1000 edits without waiting. Only
# the latest text (which has no conflict) may be analyzed and published
# last; shutdown must not wait for 1000 analyses.
send({"method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "text": text}}})
answer("didOpen")
fixed = text.replace("[0]", "[0 ^ threadIdx.x]")


def edits(count, last):
    for version in range(count):
        send({"method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version},
                         "contentChanges": [{"text": text if version < count - 1
                                             else last}]}})


edits(1000, fixed)
published = 0
while True:
    m = receive()
    if m.get("method") == "textDocument/publishDiagnostics":
        published += 1
        if not m["params"]["diagnostics"]:
            break
print(f"analyses for 1000 edits: {'few' if published <= 3 else published}")
print("the latest text was analyzed: its 0 diagnostics published")
# Edits still arriving when shutdown comes: it waits for one analysis at
# most, not for a thousand.
start = time.time()
edits(1000, text)
send({"id": 4, "method": "shutdown"})
while receive().get("id") != 4:
    pass
elapsed = time.time() - start
print(f"shutdown answered in under 20 s: {elapsed < 20}")
send({"method": "exit"})
print("exit status:", server.wait(timeout=30))
