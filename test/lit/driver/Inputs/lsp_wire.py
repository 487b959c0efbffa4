"""The LSP wire for the scripted clients of the lit tests: start
`warpcheck --lsp`, send a message, receive the next one (None at the end of
the server's output). Imported by lsp_client.py, lsp_positions.py and
lsp_one_document.py, which lit runs from this folder."""
import json
import subprocess


def start(warpcheck, *args):
    return subprocess.Popen([warpcheck, "--lsp", *args],
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


def wait_for(server, predicate):
    while True:
        message = receive(server)
        if message is None or predicate(message):
            return message
