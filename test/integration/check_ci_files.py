#!/usr/bin/env python3
"""The CI files of the repository parse and have what their readers need
(issue 29): action.yml as a composite GitHub Action, .pre-commit-hooks.yaml
as a pre-commit hook repository, and the workflow of docs/ci.md.

  check_ci_files.py SOURCE_DIR
"""
import os
import re
import sys

try:
    import yaml
except ImportError:
    print("skipped: python3 has no yaml module (apt-get install python3-yaml)")
    sys.exit(77)

ROOT = sys.argv[1]
errors = []


def check(cond, what):
    if not cond:
        errors.append(what)


def load(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return yaml.safe_load(f)


def expressions(node):
    """Every ${{ ... }} expression in the strings of node."""
    if isinstance(node, dict):
        for v in node.values():
            yield from expressions(v)
    elif isinstance(node, list):
        for v in node:
            yield from expressions(v)
    elif isinstance(node, str):
        yield from re.findall(r"\$\{\{(.*?)\}\}", node)


def check_action():
    a = load("action.yml")
    for key in ("name", "description", "inputs", "runs"):
        check(key in a, "action.yml: no '%s'" % key)
    runs = a["runs"]
    check(runs.get("using") == "composite", "action.yml: runs.using is not composite")
    steps = runs.get("steps", [])
    check(steps, "action.yml: no steps")
    ids = {s["id"] for s in steps if "id" in s}
    uses = []
    for i, s in enumerate(steps):
        check(("run" in s) != ("uses" in s), "action.yml: step %d needs run or uses" % i)
        if "run" in s:
            # Composite steps have no default shell.
            check(s.get("shell") in ("bash", "sh", "python", "pwsh"),
                  "action.yml: step %d runs without a shell" % i)
            for script in re.findall(r"\$GITHUB_ACTION_PATH/([\w./-]+)", s["run"]):
                check(os.path.isfile(os.path.join(ROOT, script)),
                      "action.yml: step %d names missing %s" % (i, script))
        if "uses" in s:
            uses.append(s["uses"])
            check("@" in s["uses"], "action.yml: '%s' is not pinned" % s["uses"])
    # upload-sarif@v3 is deprecated (December 2026).
    check("github/codeql-action/upload-sarif@v4" in uses,
          "action.yml: no github/codeql-action/upload-sarif@v4")
    inputs = a["inputs"]
    for name, spec in inputs.items():
        check(spec.get("description"), "action.yml: input %s has no description" % name)
        check("default" in spec or spec.get("required"),
              "action.yml: input %s has neither default nor required" % name)
    for e in expressions(a):
        for name in re.findall(r"\binputs\.([\w-]+)", e):
            check(name in inputs, "action.yml: unknown input '%s'" % name)
        for name in re.findall(r"\bsteps\.([\w-]+)", e):
            check(name in ids, "action.yml: unknown step id '%s'" % name)
    check(inputs.get("fail-level", {}).get("default") in ("error", "warning", "none"),
          "action.yml: fail-level default")
    for want in ("compile-database", "files", "fail-level", "version", "deb-url", "install"):
        check(want in inputs, "action.yml: no input '%s'" % want)


def check_pre_commit():
    hooks = load(".pre-commit-hooks.yaml")
    check(isinstance(hooks, list) and hooks, ".pre-commit-hooks.yaml: not a list of hooks")
    for h in hooks:
        for key in ("id", "name", "entry", "language"):
            check(h.get(key), ".pre-commit-hooks.yaml: hook without '%s'" % key)
        check(h.get("language") in ("script", "python", "system"),
              ".pre-commit-hooks.yaml: language %r" % h.get("language"))
        files = re.compile(h.get("files", ""))
        for name in ("src/k.cu", "include/tile.cuh", "include/a.h"):
            check(files.search(name), ".pre-commit-hooks.yaml: files misses " + name)
        for name in ("src/main.py", "README.md"):
            check(not files.search(name), ".pre-commit-hooks.yaml: files takes " + name)
        if h.get("language") == "script":
            entry = os.path.join(ROOT, h["entry"].split()[0])
            check(os.path.isfile(entry) and os.access(entry, os.X_OK),
                  ".pre-commit-hooks.yaml: entry %s is not an executable file" % h["entry"])


def check_docs_workflow():
    with open(os.path.join(ROOT, "docs", "ci.md")) as f:
        blocks = re.findall(r"```yaml\n(.*?)```", f.read(), re.S)
    check(blocks, "docs/ci.md: no yaml blocks")
    workflows = []
    for b in blocks:
        doc = yaml.safe_load(b)
        if isinstance(doc, dict) and "jobs" in doc:
            workflows.append(doc)
    check(workflows, "docs/ci.md: no workflow")
    for w in workflows:
        for name, job in w["jobs"].items():
            perms = job.get("permissions", w.get("permissions", {}))
            check(perms.get("contents") == "read",
                  "docs/ci.md: job %s lacks contents: read" % name)
            check(perms.get("security-events") == "write",
                  "docs/ci.md: job %s lacks security-events: write" % name)
            text = yaml.safe_dump(job)
            check("upload-sarif@v3" not in text, "docs/ci.md: upload-sarif@v3")


check_action()
check_pre_commit()
check_docs_workflow()
for e in errors:
    print("error: " + e)
if errors:
    sys.exit(1)
print("action.yml, .pre-commit-hooks.yaml and docs/ci.md's workflow: ok")
