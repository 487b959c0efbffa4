#!/usr/bin/env python3
"""The three ways to run warpcheck report the same findings.

On a CMake build of cuda_samples/ (its compile_commands.json holds nvcc
commands): `warpcheck -p BUILD`, clang-tidy-19 with the warpcheck plugin
through run-clang-tidy-19 (on the compile commands warpcheck translates with
--write-compile-commands), and `warpcheck --lsp -p BUILD` driven like an
editor opening each file. Prints the counts; exits 1 if the sets differ.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

WARNING = re.compile(r"^(.*?):(\d+):(\d+): (?:warning|remark): (.*) "
                     r"\[(warpcheck-[\w-]+)\]$")


def from_text(text):
    found = set()
    for line in text.splitlines():
        m = WARNING.match(line)
        if m:
            found.add((os.path.basename(m.group(1)), int(m.group(2)),
                       int(m.group(3)), m.group(5), m.group(4)))
    return found


def lsp(warpcheck, build, files):
    server = subprocess.Popen([warpcheck, "--lsp", "-p", build],
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

    send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
    while receive().get("id") != 1:
        pass
    found = set()
    for path in files:
        uri = "file://" + path
        send({"method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "cuda-cpp",
                                          "version": 1,
                                          "text": open(path).read()}}})
        while True:
            m = receive()
            if m.get("method") == "textDocument/publishDiagnostics" and \
                    m["params"]["uri"] == uri:
                break
        for d in m["params"]["diagnostics"]:
            start = d["range"]["start"]
            found.add((os.path.basename(path), start["line"] + 1,
                       start["character"] + 1, d["code"], d["message"]))
    send({"id": 2, "method": "shutdown"})
    while receive().get("id") != 2:
        pass
    send({"method": "exit"})
    server.wait(timeout=60)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--run-clang-tidy", default="run-clang-tidy-19")
    parser.add_argument("--build", required=True)
    args = parser.parse_args()

    db = json.load(open(os.path.join(args.build, "compile_commands.json")))
    files = sorted({e["file"] for e in db if e["file"].endswith(".cu")})

    tool = from_text(subprocess.run(
        [args.warpcheck, "-p", args.build], capture_output=True,
        text=True).stdout)

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([args.warpcheck, "-p", args.build,
                        "--write-compile-commands",
                        os.path.join(tmp, "compile_commands.json")], check=True)
        tidy = from_text(subprocess.run(
            [args.run_clang_tidy, "-load", args.plugin,
             "-checks=-*,warpcheck-*", "-p", tmp, "-quiet"] + files,
            capture_output=True, text=True).stdout)

    editor = lsp(args.warpcheck, args.build, files)

    print(f"warpcheck -p: {len(tool)} findings; clang-tidy plugin: {len(tidy)}; "
          f"LSP: {len(editor)}; files: {len(files)}")
    ok = True
    for name, other in (("clang-tidy plugin", tidy), ("LSP", editor)):
        for f in sorted(tool - other):
            print(f"missing from {name}: {f}")
            ok = False
        for f in sorted(other - tool):
            print(f"only in {name}: {f}")
            ok = False
    print("same findings" if ok else "FINDINGS DIFFER")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
