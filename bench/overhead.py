#!/usr/bin/env python3
"""warpcheck's cost against the parse it cannot avoid.

For every file, in the same run: clang parsing it for the device with the
arguments warpcheck uses (`clang++ -fsyntax-only`, the baseline), and
warpcheck analyzing it (parse, interpretation of every kernel for every
block shape, layout search, proofs). Prints the best of N runs of each and
their ratio, per file and in total, with CUDA toolkit headers and with the
built-in prelude.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def best(cmd, runs):
    """Best CPU time (user + system) of `runs` runs, and the peak resident
    memory (MiB). CPU time, not wall time: on a shared machine it is what
    the process itself cost."""
    times, peak = [], 0.0
    for _ in range(runs):
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        times.append(usage.ru_utime + usage.ru_stime)
        peak = max(peak, usage.ru_maxrss / 1024.0)
    return min(times), peak


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--clang", default="clang++-19")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    for mode in ([], ["--cuda-prelude"]):
        with tempfile.TemporaryDirectory() as tmp:
# The arguments warpcheck parses with, as a database clang can read.
            db = os.path.join(tmp, "compile_commands.json")
            subprocess.run([args.warpcheck, "--write-compile-commands=" + db] +
                           mode + args.files + ["--"], check=True,
                           stdout=subprocess.DEVNULL)
            commands = {os.path.abspath(os.path.join(e["directory"], e["file"])):
                        e["arguments"] for e in json.load(open(db))}
            print(f"headers: {'built-in prelude' if mode else 'CUDA toolkit'}")
            print(f"{'file':26} {'parse s':>8} {'analysis s':>10} {'ratio':>6}"
                  f" {'with fixes s':>12} {'ratio':>6} {'parse MiB':>10}"
                  f" {'warpcheck MiB':>14} {'ratio':>6}")
            total_p = total_a = total_w = 0.0
            worst_mem = worst_analysis = 0.0
            for path in args.files:
                clang_args = [args.clang] + commands[os.path.abspath(path)][1:] + \
                    ["-fsyntax-only"]
                p, pm = best(clang_args, args.runs)
                # Analysis alone (no layout search, no fix proof), then the
                # whole run with fixes.
                # The result cache would answer every run after the first.
                a, am = best([args.warpcheck, "--no-cache", "--fix-style=none"]
                             + mode + [path, "--"], args.runs)
                w, wm = best([args.warpcheck, "--no-cache"] + mode +
                             [path, "--"], args.runs)
                total_p += p
                total_a += a
                total_w += w
                worst_mem = max(worst_mem, max(am, wm) / pm)
                worst_analysis = max(worst_analysis, a / p)
                print(f"{os.path.basename(path):26} {p:8.3f} {a:10.3f} "
                      f"{a / p:6.2f} {w:12.3f} {w / p:6.2f} {pm:10.1f} "
                      f"{max(am, wm):14.1f} {max(am, wm) / pm:6.2f}")
            print(f"{'total':26} {total_p:8.3f} {total_a:10.3f} "
                  f"{total_a / total_p:6.2f} {total_w:12.3f} "
                  f"{total_w / total_p:6.2f} {'worst memory ratio':>25} "
                  f"{worst_mem:6.2f}")
            print(f"targets: analysis <= 1.5x parse on every file: "
                  f"{'met' if worst_analysis <= 1.5 else 'NOT met'} "
                  f"(worst {worst_analysis:.2f}); whole run with fixes <= 2x "
                  f"in total: {'met' if total_w <= 2 * total_p else 'NOT met'} "
                  f"({total_w / total_p:.2f})\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
