#!/usr/bin/env python3
"""How much of llm.c's dev/cuda warpcheck decides, file by file (issue 25).

Runs warpcheck on every dev/cuda/*.cu of an llm.c checkout (never copied
here) and counts, per file and in total: the shared-memory accesses, how
many are exact, how many have their block shape from a launch and how many
an assumed one, and the files that fail to analyze. With two binaries it
prints both side by side (before/after).

JSON has one access record per site and block shape analyzed, so a kernel
launched with 5 block sizes has 5 records per site where an assumed family
has one. Both are counted: records, and sites (file, kernel, line, column,
kind, variable), a site exact when every record of it is, from a launch
when every record's shape is launched.

  test/trials/llmc-static.py LLMC_CHECKOUT WARPCHECK [WARPCHECK_BEFORE]
      [--show KERNEL:LINE ...] [-j N]
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

FLAGS = ["--cuda-gpu-arch=sm_90", "-std=c++17", "-I."]


def analyze(binary, cuda_dir, name):
    """The counts for one file, and its accesses."""
    run = subprocess.run(
        [binary, name, "--format=json", "--"] + FLAGS,
        cwd=cuda_dir, capture_output=True, text=True, timeout=1800)
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        return {"failed": True, "why": "no JSON (rc %d)" % run.returncode}, []
    statuses = [f.get("status") for f in report.get("files", [])]
    shared = [a for a in report.get("accesses", [])
              if a.get("space", "shared") == "shared"]
    sites = {}
    for a in shared:
        key = (a["kernel"], a["line"], a.get("column"), a.get("kind"),
               a.get("variable"))
        sites.setdefault(key, []).append(a)
    counts = {
        "sites": len(sites),
        "sites_exact": sum(all(a["status"] == "exact" for a in v)
                           for v in sites.values()),
        "sites_launch": sum(all(not a.get("block_dim_assumed", True)
                                for a in v) for v in sites.values()),
        "failed": any(s != "analyzed" for s in statuses) or not statuses,
        "why": ",".join(s or "?" for s in statuses),
        "shared": len(shared),
        "exact": sum(a["status"] == "exact" for a in shared),
        "range": sum(a["status"] == "range" for a in shared),
        "unknown": sum(a["status"] == "unknown" for a in shared),
        "launch": sum(not a.get("block_dim_assumed", True) for a in shared),
        "assumed": sum(bool(a.get("block_dim_assumed", True)) for a in shared),
    }
    return counts, shared


def run_all(binary, cuda_dir, files, jobs):
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = pool.map(lambda f: analyze(binary, cuda_dir, f), files)
        return dict(zip(files, results))


def row(c):
    if c.get("failed"):
        return "FAILED(%s)" % c.get("why", "")
    return "%3d %3d %3d/%-3d | %3d %3d %3d" % (
        c["shared"], c["exact"], c["launch"], c["assumed"], c["sites"],
        c["sites_exact"], c["sites_launch"])


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("llmc")
    p.add_argument("warpcheck")
    p.add_argument("before", nargs="?")
    p.add_argument("--show", action="append", default=[],
                   help="KERNEL:LINE accesses to print in full")
    p.add_argument("-j", type=int, default=2)
    a = p.parse_args()
    cuda_dir = os.path.join(a.llmc, "dev", "cuda")
    files = sorted(f for f in os.listdir(cuda_dir) if f.endswith(".cu"))
    runs = [("after", a.warpcheck)]
    if a.before:
        runs.insert(0, ("before", a.before))
    results = {label: run_all(b, cuda_dir, files, a.j) for label, b in runs}
    print("columns per run: records (shared exact launch/assumed) |"
          " sites (all exact launched)")
    print("%-34s " % "file" + " || ".join("%-32s" % l for l, _ in runs))
    keys = ("shared", "exact", "launch", "assumed", "sites", "sites_exact",
            "sites_launch")
    totals = {l: dict({k: 0 for k in keys}, failed=0) for l, _ in runs}
    for f in files:
        cells = []
        for label, _ in runs:
            c, _ = results[label][f]
            cells.append("%-32s" % row(c))
            t = totals[label]
            if c.get("failed"):
                t["failed"] += 1
            for k in keys:
                t[k] += c.get(k, 0)
        print("%-34s " % f + " || ".join(cells))
    for label, _ in runs:
        t = totals[label]
        print("total %-6s: records %d shared, %d exact, %d from a launch, %d"
              " assumed; sites %d, %d exact, %d from a launch; %d files"
              " failed" % (label, t["shared"], t["exact"], t["launch"],
                           t["assumed"], t["sites"], t["sites_exact"],
                           t["sites_launch"], t["failed"]))
    for spec in a.show:
        kernel, line = spec.rsplit(":", 1)
        for label, _ in runs:
            for f in files:
                for acc in results[label][f][1]:
                    if acc["kernel"].startswith(kernel) and \
                            acc["line"] == int(line):
                        print("%s %s:%s %s depends_on=%s origin=%s" % (
                            label, f, line, acc["status"],
                            acc.get("depends_on"),
                            acc.get("block_dim_origin", "")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
