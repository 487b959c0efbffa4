#!/usr/bin/env python3
"""Runs warpcheck over CUDA repositories as a new user would, and prints per
repository what it decided (docs/trials/*.md record the numbers).

For each checkout DIR given: the compile database DIR/build/compile_commands.json
when the project's own CMake wrote one (configure it first, nothing is
built), else one written here with a plain nvcc command per .cu file
(`nvcc -O3 -std=c++17 -arch=sm_90 -I<dir> -c F.cu`), in DIR/.warpcheck-trial/.
warpcheck runs on every .cu file with --format=json; the summary counts files
(analyzed / error), shared accesses, exact / range / unknown, accesses on an
assumed block shape (and those whose count is the same in every assumed
shape), local arrays, and the most frequent reasons of the undecided.

Usage: try-repos.py --warpcheck build/bin/warpcheck [--json-dir D] DIR...
Nothing from the repositories is run: only warpcheck (which runs no
compiler without --verify-ptx).
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys


def database(repo):
    own = os.path.join(repo, "build", "compile_commands.json")
    if os.path.exists(own):
        return os.path.dirname(own), "the project's CMake"
    out = os.path.join(repo, ".warpcheck-trial")
    os.makedirs(out, exist_ok=True)
    entries = []
    for cu in sorted(glob.glob(os.path.join(repo, "**", "*.cu"), recursive=True)):
        d = os.path.dirname(os.path.abspath(cu))
        entries.append({"directory": d, "file": os.path.abspath(cu),
                        "arguments": ["nvcc", "-O3", "-std=c++17", "-arch=sm_90",
                                      "-I" + d, "-c", os.path.basename(cu)]})
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return out, "generated (one nvcc command per file)"


def summarize(doc):
    t = collections.Counter()
    why = collections.Counter()
    example = {}
    for f in doc["files"]:
        t["files"] += 1
        t["file " + f.get("status", "?")] += 1
    for a in doc["accesses"]:
        t["accesses"] += 1
        t[a["status"]] += 1
        if a.get("block_dim_assumed"):
            t["assumed shape"] += 1
            if a.get("same_in_every_shape"):
                t["same in every assumed shape"] += 1
        if a["status"] != "exact":
            for d in a.get("depends_on") or ["(none given)"]:
                k = re.sub(r"'[^']*'", "'X'", d)[:72]
                why[k] += 1
                example.setdefault(k, "%s:%s" % (os.path.basename(a["file"]), a["line"]))
    t["local arrays"] = len(doc.get("local_arrays", []))
    t["kernels"] = len(doc.get("kernels", []))
    return t, why, example


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--json-dir", help="keep each repository's JSON report here")
    ap.add_argument("repos", nargs="+")
    args = ap.parse_args()
    for repo in args.repos:
        db, how = database(repo)
        files = sorted(os.path.abspath(p) for p in
                       glob.glob(os.path.join(repo, "**", "*.cu"), recursive=True))
        r = subprocess.run([args.warpcheck, "-p", db, "--format=json", "-j", "2"] + files,
                           capture_output=True, text=True, timeout=3600)
        doc = json.loads(r.stdout)
        if args.json_dir:
            os.makedirs(args.json_dir, exist_ok=True)
            with open(os.path.join(args.json_dir, os.path.basename(repo.rstrip("/")) + ".json"), "w") as f:
                f.write(r.stdout)
        t, why, example = summarize(doc)
        n = max(t["accesses"], 1)
        print("== %s (database: %s)" % (repo, how))
        print("  files %d: %d analyzed, %d error; kernels %d; local arrays %d" % (
            t["files"], t["file analyzed"], t["file error"], t["kernels"], t["local arrays"]))
        print("  shared accesses %d: exact %d (%.1f%%), range %d, unknown %d; "
              "assumed shape %d (%.1f%%, of which %d the same in every shape)" % (
                  t["accesses"], t["exact"], 100.0 * t["exact"] / n, t["range"],
                  t["unknown"], t["assumed shape"], 100.0 * t["assumed shape"] / n,
                  t["same in every assumed shape"]))
        for k, v in why.most_common(8):
            print("    %4d  %s  (e.g. %s)" % (v, k, example[k]))
        for line in r.stderr.splitlines():
            if ": error:" in line and not line.startswith(" "):
                print("  error: " + line[:160])


if __name__ == "__main__":
    sys.exit(main())
