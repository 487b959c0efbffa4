#!/usr/bin/env python3
"""pre-commit hook (.pre-commit-hooks.yaml): warpcheck on the changed CUDA
files, and for each changed header on the sources of the compilation
database that include it, directly or through other headers.

  pre-commit-warpcheck.py [-p BUILD] [--warpcheck PATH] [--OPTION=V ...]
                          FILE...

Options it does not know (`--warnings-as-errors=warpcheck-*`) go to
warpcheck; pre-commit appends the changed files.

warpcheck analyzes sources, not headers: a commit that touches only
`tile.cuh` is checked through the `.cu` files that include it. Includes are
found by their written name (`#include "tile.cuh"` or `<dir/tile.cuh>`) in
the database's sources and in the headers that lead to them. The exit
status is warpcheck's (0 when nothing includes a changed header).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

SOURCE = (".cu",)
HEADER = (".cuh", ".h", ".hpp", ".hh", ".inl", ".cuh.inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def database_sources(build):
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path) as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("warpcheck pre-commit: cannot read %s: %s" % (path, e))
    files = set()
    for e in entries:
        name = os.path.join(e.get("directory", ""), e.get("file", ""))
        if name.endswith(SOURCE):
            files.add(os.path.realpath(name))
    return files


def includes_of(path):
    try:
        with open(path, errors="replace") as f:
            return INCLUDE.findall(f.read(1 << 22))
    except OSError:
        return []


def including_sources(headers, sources, tree):
    """The sources that include one of headers, through headers found in
    tree (the repository's files) when needed."""
    wanted = {os.path.realpath(h) for h in headers}
    found = set()
    # Headers of the tree, to follow includes through them.
    tree_headers = [p for p in tree if p.endswith(HEADER)]
    changed = True
    while changed:
        changed = False
        for h in tree_headers:
            if h in wanted:
                continue
            if any(matches(inc, wanted) for inc in includes_of(h)):
                wanted.add(h)
                changed = True
    for s in sources:
        if any(matches(inc, wanted) for inc in includes_of(s)):
            found.add(s)
    return found


def matches(written, headers):
    """Whether an #include's written name names one of headers (by its
    trailing path components)."""
    written = written.replace("\\\\", "/")
    return any(h == written or h.endswith("/" + written) for h in headers)


def repository_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "build"]
        out += [os.path.realpath(os.path.join(d, f)) for f in files]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-p", default="build")
    ap.add_argument("--warpcheck", default=shutil.which("warpcheck") or "warpcheck")
    ap.add_argument("files", nargs="*")
    args, extra = ap.parse_known_args()

    changed = [os.path.realpath(f) for f in args.files]
    sources = {f for f in changed if f.endswith(SOURCE)}
    headers = [f for f in changed if f.endswith(HEADER)]
    if headers:
        in_db = database_sources(args.p)
        sources |= including_sources(headers, in_db, repository_files(os.getcwd()))
    if not sources:
        return 0
    cmd = [args.warpcheck, "-p", args.p] + extra + sorted(sources)
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())
