#!/usr/bin/env python3
"""The structure limits of docs/design.md ("How the code is kept"), checked:

  - no source file in lib/ over 900 lines;
  - no function in lib/ or tool/ over 120 lines (clang-tidy's
    readability-function-size, LineThreshold 120, on the build's
    compile_commands.json).

Exit 1 with one line per violation; 0 when every limit holds.
  scripts/check-structure.py --build build [--clang-tidy clang-tidy-19] [-j 2]
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

MAX_FILE_LINES = 900
MAX_FUNCTION_LINES = 120


def long_files(root):
    out = []
    for path in sorted(glob.glob(os.path.join(root, "lib", "**", "*.*"),
                                 recursive=True)):
        if not path.endswith((".cpp", ".h")):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            n = sum(1 for _ in f)
        if n > MAX_FILE_LINES:
            out.append(f"{os.path.relpath(path, root)}: {n} lines "
                       f"(at most {MAX_FILE_LINES})")
    return out


def long_functions(root, build, tidy, jobs):
    sources = sorted(glob.glob(os.path.join(root, "lib", "**", "*.cpp"),
                               recursive=True) +
                     glob.glob(os.path.join(root, "tool", "*.cpp")))
    config = ("{Checks: '-*,readability-function-size', CheckOptions: "
              "{readability-function-size.LineThreshold: %d}}"
              % MAX_FUNCTION_LINES)

    def one(src):
        p = subprocess.run([tidy, "-p", build, "--config=" + config,
                            "--quiet", src], capture_output=True, text=True)
        return [l for l in p.stdout.splitlines()
                if "readability-function-size" in l]

    out = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for lines in pool.map(one, sources):
            out += [re.sub("^" + re.escape(root) + "/", "", l) for l in lines]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--clang-tidy", default="clang-tidy-19")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.path.exists(os.path.join(args.build, "compile_commands.json")):
        sys.exit(f"{args.build}/compile_commands.json not found")
    problems = long_files(root) + long_functions(
        root, os.path.abspath(args.build), args.clang_tidy, args.j)
    for p in problems:
        print(p)
    print(f"{len(problems)} structure limit(s) broken" if problems else
          "every file and function within the limits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
