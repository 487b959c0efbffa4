"""A scripted LSP client: drives `warpcheck --lsp` through an editor's
session and prints what it got back, for FileCheck."""
import os
import sys

import lsp_wire

warpcheck, source = sys.argv[1], sys.argv[2]
server = lsp_wire.start(warpcheck)


def send(message):
    lsp_wire.send(server, message)


def receive():
    return lsp_wire.receive(server)


def wait_for(predicate):
    return lsp_wire.wait_for(server, predicate)


uri = "file://" + os.path.abspath(source)
text = open(source).read()
send({"id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None, "capabilities": {}}})
caps = wait_for(lambda m: m.get("id") == 1)["result"]["capabilities"]
print("codeActionProvider:", caps["codeActionProvider"])
send({"method": "initialized", "params": {}})
send({"method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "cuda-cpp",
                                  "version": 1, "text": text}}})
diags = wait_for(lambda m: m.get("method") ==
                 "textDocument/publishDiagnostics")["params"]["diagnostics"]
print("diagnostics:", len(diags))
SEVERITY = {1: "error", 2: "warning", 3: "information", 4: "hint"}
for d in diags:
    start = d["range"]["start"]
    print(f"  {start['line'] + 1}:{start['character'] + 1} "
          f"{SEVERITY[d['severity']]} {d['code']}: "
          f"{d['message']} ({len(d['relatedInformation'])} notes)")
    for n in d["relatedInformation"]:
        where = n["location"]["range"]["start"]
        print(f"    note {where['line'] + 1}:{where['character'] + 1}: "
              f"{n['message']}")
send({"id": 2, "method": "textDocument/codeAction",
      "params": {"textDocument": {"uri": uri}, "range": diags[0]["range"],
                 "context": {"diagnostics": [diags[0]]}}})
actions = wait_for(lambda m: m.get("id") == 2)["result"]
for a in actions:
    edits = a["edit"]["changes"][uri]
    print(f"action: {a['title']} ({a['kind']}"
          f"{', preferred' if a.get('isPreferred') else ''}), "
          f"{len(edits)} edits, fixes {len(a['diagnostics'])} diagnostics")
    for e in edits:
        r = e["range"]
        print(f"  edit {r['start']['line'] + 1}:{r['start']['character'] + 1}"
              f"-{r['end']['line'] + 1}:{r['end']['character'] + 1} "
              f"{e['newText']}")
# The same actions on the array's declaration line.
decl = {"start": {"line": 1, "character": 0},
        "end": {"line": 1, "character": 0}}
send({"id": 4, "method": "textDocument/codeAction",
      "params": {"textDocument": {"uri": uri}, "range": decl,
                 "context": {"diagnostics": []}}})
for a in wait_for(lambda m: m.get("id") == 4)["result"]:
    print(f"on the declaration: {a['title']}")
# Apply the preferred action's edits (if any), last first, and send the result as
# a change.
preferred = [a for a in actions if a.get("isPreferred")]
edits = preferred[0]["edit"]["changes"][uri] if preferred else []
lines = text.split("\n")
offsets = [0]
for line in lines:
    offsets.append(offsets[-1] + len(line) + 1)


def offset(pos):
    return offsets[pos["line"]] + pos["character"]


for e in sorted(edits, key=lambda e: offset(e["range"]["start"]),
                reverse=True):
    text = (text[:offset(e["range"]["start"])] + e["newText"] +
            text[offset(e["range"]["end"]):])
send({"method": "textDocument/didChange",
      "params": {"textDocument": {"uri": uri, "version": 2},
                 "contentChanges": [{"text": text}]}})
diags = wait_for(lambda m: m.get("method") ==
                 "textDocument/publishDiagnostics")["params"]["diagnostics"]
print("diagnostics after the fix:", len(diags))
send({"id": 3, "method": "shutdown"})
wait_for(lambda m: m.get("id") == 3)
send({"method": "exit"})
print("exit status:", server.wait(timeout=30))
