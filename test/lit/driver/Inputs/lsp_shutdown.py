"""Drives `warpcheck --lsp` around shutdown and prints each answer, for
FileCheck. Modes:
  after-shutdown: requests after shutdown are invalid requests (-32600),
    notifications are ignored, exit then ends with status 0; exit without
    shutdown ends with status 1.
  fifo DIR: a document that includes a FIFO is opened; shutdown and exit
    are answered all the same (the analysis cannot block requests)."""
import json
import os
import subprocess
import sys
import threading
import time

warpcheck, mode = sys.argv[1], sys.argv[2]


def start():
    return subprocess.Popen([warpcheck, "--lsp", "--cuda-prelude"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def send(server, message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive(server):
    length = 0
    while True:
        line = server.stdout.readline()
        if not line:
            return None
        line = line.decode().strip()
        if not line:
            break
        if line.lower().startswith("content-length:"):
            length = int(line.split(":")[1])
    return json.loads(server.stdout.read(length))


def answer(server, label, id):
    """Prints the reply to request id, skipping published diagnostics."""
    while True:
        m = receive(server)
        if m is None:
            print(f"{label}: the server closed its output")
            return
        if m.get("id") != id:
            continue
        if "error" in m:
            print(f"{label}: error {m['error']['code']} id={m['id']}: "
                  f"{m['error']['message']}")
        else:
            print(f"{label}: result id={m['id']}: {json.dumps(m['result'])}")
        return


def finish(server, label):
    """Sends exit; prints what came after shutdown's answer and the status."""
    send(server, {"method": "exit"})
    server.stdin.close()
    rest = server.stdout.read()
    print(f"{label}: {len(rest)} bytes after the last answer, exit status",
          server.wait(timeout=20))


if mode == "after-shutdown":
    server = start()
    send(server, {"id": 1, "method": "initialize", "params": {}})
    answer(server, "initialize", 1)
    send(server, {"id": 2, "method": "shutdown"})
    answer(server, "shutdown", 2)
    uri = "file:///nonexistent/k.cu"
    # A notification is ignored: no diagnostics, no error. The request
    # after it is the next thing answered.
    send(server, {"method": "textDocument/didOpen",
                  "params": {"textDocument": {"uri": uri, "text": "x"}}})
    send(server, {"method": "textDocument/didOpen"})
    send(server, {"id": 3, "method": "textDocument/codeAction",
                  "params": {"textDocument": {"uri": uri},
                             "range": {"start": {"line": 0, "character": 0},
                                       "end": {"line": 0, "character": 0}}}})
    m = receive(server)
    print("first answer after the notifications: id", m.get("id"),
          "error", m.get("error", {}).get("code"))
    send(server, {"id": 4, "method": "shutdown"})
    answer(server, "shutdown again", 4)
    send(server, {"id": "five", "method": "initialize", "params": {}})
    answer(server, "initialize after shutdown", "five")
    finish(server, "exit after shutdown")

    server = start()
    send(server, {"id": 1, "method": "initialize", "params": {}})
    answer(server, "initialize", 1)
    finish(server, "exit without shutdown")
elif mode == "fifo":
    scratch = sys.argv[3]
    fifo = os.path.join(scratch, "blocks.h")
    os.mkfifo(fifo)
    source = os.path.join(scratch, "k.cu")
    text = '#include "blocks.h"\n__global__ void k() {}\n'
    open(source, "w").write(text)
    server = start()
    send(server, {"id": 1, "method": "initialize", "params": {}})
    answer(server, "initialize", 1)
    send(server, {"method": "textDocument/didOpen",
                  "params": {"textDocument": {"uri": "file://" + source,
                                              "text": text}}})
    # Time for the analysis to start, and block on the FIFO if it opens it.
    time.sleep(2)
    send(server, {"id": 2, "method": "no/such/request"})
    answer(server, "a request while the FIFO document is analyzed", 2)
    send(server, {"id": 3, "method": "shutdown"})
    answer(server, "shutdown", 3)
    send(server, {"method": "exit"})
    server.stdin.close()
    print("exit status:", server.wait(timeout=20))
    # Whatever the analysis left blocked on the FIFO is let go.
    threading.Thread(target=lambda: open(fifo, "w").close(),
                     daemon=True).start()
