#!/usr/bin/env python3
"""The result cache: a cold -p run against warm runs over unchanged files.

Writes a compile database for the given files (nvcc commands, run in each
file's directory), then runs `warpcheck -p DB --format=json` with a fresh
cache directory (cold: every file analyzed and stored) and again RUNS times
(warm: every file from the cache), and once with --no-cache. Prints the wall
and CPU time of each, the ratio warm / cold (the target: at most 0.10), how
many files came from the cache, and whether the reports are the same but for
files[].cached.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def timed(cmd):
    """Wall seconds, CPU seconds (user + system) and stdout of one run."""
    start = time.monotonic()
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"warpcheck failed: {' '.join(cmd)}")
    return wall, usage.ru_utime + usage.ru_stime, out.decode()


def without_cached(report):
    return re.sub(r'\n *"cached": (true|false),', "", report)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-j", type=int, default=1)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "db")
        os.mkdir(db)
        entries = [{"directory": os.path.dirname(os.path.abspath(f)),
                    "file": os.path.abspath(f),
                    "command": f"nvcc -arch=sm_90 -c {os.path.abspath(f)}"}
                   for f in args.files]
        with open(os.path.join(db, "compile_commands.json"), "w") as out:
            json.dump(entries, out, indent=1)
        cache = os.path.join(tmp, "cache")
        base = [args.warpcheck, "-p", db, "--format=json", f"-j{args.j}"]
        cached = base + ["--cache-dir=" + cache]
        none_wall, none_cpu, none = timed(base + ["--no-cache"])
        cold_wall, cold_cpu, cold = timed(cached)
        warm = [timed(cached) for _ in range(args.runs)]
        warm_wall = min(w for w, _, _ in warm)
        warm_cpu = min(c for _, c, _ in warm)
        hits = warm[-1][2].count('"cached": true')
        same = all(without_cached(r) == without_cached(none)
                   for r in [cold] + [w[2] for w in warm])
        print(f"files: {len(args.files)}, -j {args.j}")
        print(f"no cache: {none_wall:7.2f} s wall {none_cpu:7.2f} s CPU")
        print(f"cold:     {cold_wall:7.2f} s wall {cold_cpu:7.2f} s CPU")
        print(f"warm:     {warm_wall:7.2f} s wall {warm_cpu:7.2f} s CPU "
              f"(best of {args.runs}; {hits} of {len(args.files)} files "
              f"cached)")
        ratio = warm_wall / cold_wall
        print(f"warm / cold: {ratio:.3f} wall, {warm_cpu / cold_cpu:.3f} CPU "
              f"(target <= 0.10: {'met' if ratio <= 0.10 else 'MISSED'})")
        print(f"same report as without the cache (but files[].cached): "
              f"{'yes' if same else 'NO'}")
        return 0 if same and hits == len(args.files) else 1


if __name__ == "__main__":
    sys.exit(main())
