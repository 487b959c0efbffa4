#!/usr/bin/env python3
"""Builds a compile_commands.json for Rodinia's CUDA benchmarks.

Runs `make -n -B` (a dry run: nothing is executed) in every cuda/<bench>/
directory, follows `cd DIR; make` lines into their directories, and turns
every nvcc command that compiles a .cu file into an entry (directory, file,
arguments). A benchmark whose Makefiles give no such command gets a default
entry per top-level .cu file (`nvcc -arch=sm_90 -I. file.cu`), marked as
assumed in the printed summary. Files #included by others (kernel files)
are not entries: the translation units are what the Makefiles compile.

With --replace-old-arch, architectures clang 19 no longer accepts with a
current CUDA (sm_1x to sm_3x, compute_1x to compute_3x: "GPU arch sm_20 is
supported by CUDA versions between 7.0 and 8.0", and the file's kernels
are then not analyzed) become sm_90, and the summary counts the entries
changed.

usage: rodinia-compile-db.py [--replace-old-arch] RODINIA_CUDA_DIR OUT_DIR
"""
import json
import os
import re
import shlex
import subprocess
import sys

DEFAULT = ["nvcc", "-arch=sm_90", "-I."]
OTHERS = (".cu", ".c", ".cpp", ".cc", ".o")


def dry_run(directory, makefile=None):
    cmd = ["make", "-n", "-B"] + (["-f", makefile] if makefile else [])
    try:
        out = subprocess.run(cmd, cwd=directory, capture_output=True,
                             text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return []
    text = out.stdout.replace("\\\n", " ")
    commands = []
    for line in text.splitlines():
        for part in re.split(r"\s*(?:;|&&)\s*", line):
            if part.strip():
                commands.append(part.strip())
    return commands


def entries_of(directory, depth=0):
    """The nvcc compile entries of one directory, following `cd X; make`."""
    found = []
    cwd = directory
    for command in dry_run(directory):
        try:
            words = shlex.split(command)
        except ValueError:
            continue
        if not words:
            continue
        if words[0] == "cd" and len(words) > 1:
            cwd = os.path.normpath(os.path.join(directory, words[1]))
            continue
        if os.path.basename(words[0]) == "make" and depth < 3:
            if os.path.isdir(cwd) and cwd != directory:
                found += entries_of(cwd, depth + 1)
            continue
        if os.path.basename(words[0]) != "nvcc":
            continue
        sources = [w for w in words[1:] if w.endswith(".cu")]
        for source in sources:
            path = os.path.normpath(os.path.join(cwd, source))
            if not os.path.exists(path):
                continue
            # One entry per translation unit: the other sources dropped,
            # and no link step or output name.
            args = [words[0]] + [w for w in words[1:]
                                 if w == source or not w.endswith(OTHERS)]
            found.append({"directory": cwd, "file": path, "arguments": args})
    return found


OLD_ARCH = re.compile(r"^(sm|compute)_([1-3]\d)$")


def replace_old_arch(args):
    """args with every architecture below sm_50 made sm_90; whether any."""
    out, changed = [], False
    for i, w in enumerate(args):
        prefix, _, value = w.partition("=")
        if value and OLD_ARCH.match(value):
            out.append(prefix + "=sm_90")
            changed = True
        elif OLD_ARCH.match(w) and i > 0 and args[i - 1] in (
                "-arch", "--gpu-architecture", "--gpu-code", "-code"):
            out.append("sm_90")
            changed = True
        else:
            out.append(w)
    return out, changed


def main():
    argv = [a for a in sys.argv[1:] if a != "--replace-old-arch"]
    replace = len(argv) != len(sys.argv) - 1
    if len(argv) != 2:
        sys.exit(__doc__)
    root, out_dir = argv
    database, summary = [], []
    for bench in sorted(os.listdir(root)):
        directory = os.path.join(root, bench)
        if not os.path.isdir(directory) or bench == "util":
            continue
        entries = entries_of(directory)
        seen = set()
        unique = []
        for e in entries:
            if e["file"] not in seen:
                seen.add(e["file"])
                unique.append(e)
        how = "Makefile"
        if not unique:
            how = "default (assumed: no usable Makefile command)"
            for name in sorted(os.listdir(directory)):
                if name.endswith(".cu"):
                    unique.append({"directory": directory,
                                   "file": os.path.join(directory, name),
                                   "arguments": DEFAULT + [name]})
        replaced = 0
        if replace:
            for e in unique:
                e["arguments"], changed = replace_old_arch(e["arguments"])
                replaced += changed
        database += unique
        if replaced:
            how += f", {replaced} with an old architecture made sm_90"
        summary.append((bench, len(unique), how))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "compile_commands.json"), "w") as f:
        json.dump(database, f, indent=1)
    for bench, count, how in summary:
        print(f"{bench:16} {count:3} translation units  {how}")
    print(f"total: {len(database)} entries")


if __name__ == "__main__":
    main()
