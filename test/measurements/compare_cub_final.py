#!/usr/bin/env python3
"""Compares warpcheck's final-code view (--verify-sass, issue 26) with the
H100's per-line measurements of a CUB corpus program (lines.csv of
cuda_samples/measurements/h100-cub/).

For every measured shared-memory line of the program (kernel, kind and the
library line the SASS names), the accesses warpcheck reports there are
summed: their final requests and wavefronts, times the blocks launched,
must equal the measured executed instructions and wavefronts. The SASS is a
committed `nvdisasm -gi` listing of the program built with the measured
build's flags (--sass-file; its shared instructions equal the measured
build's `cuobjdump -sass`, function by function), or nvcc run by warpcheck.

Fails (exit 1) on a known final view that differs from the measurement, a
measured line without an access, or fewer equal lines than --min-equal.

  compare_cub_final.py --warpcheck build/bin/warpcheck --program exchange \\
      --source cuda_samples/cub --measurements cuda_samples/measurements/h100-cub \\
      --sass-file cuda_samples/measurements/h100-cub/exchange_sass_gi.txt.gz
"""
import argparse
import collections
import csv
import gzip
import json
import os
import subprocess
import sys
import tempfile


def run_warpcheck(a):
    cmd = [a.warpcheck, "--format=json", "--verify-sass"]
    tmp = None
    if a.sass_file:
        tmp = tempfile.NamedTemporaryFile("wb", suffix=".sass", delete=False)
        opener = gzip.open if a.sass_file.endswith(".gz") else open
        with opener(a.sass_file, "rb") as f:
            tmp.write(f.read())
        tmp.close()
        cmd.append("--sass-file=" + tmp.name)
    cmd += [os.path.join(a.source, a.program + ".cu"), "--", "-std=c++17",
            "-lineinfo"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if tmp:
        os.unlink(tmp.name)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def location(a):
    if a.get("header_file"):
        return f"{os.path.basename(a['header_file'])}:{a['header_line']}"
    return f"{os.path.basename(a['file'])}:{a['line']}"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--program", default="exchange")
    ap.add_argument("--source", required=True)
    ap.add_argument("--measurements", required=True)
    ap.add_argument("--sass-file")
    ap.add_argument("--min-equal", type=int, default=0)
    a = ap.parse_args()

    rows = [r for r in csv.DictReader(open(os.path.join(a.measurements, "lines.csv")))
            if r["program"] == a.program]
    measured = collections.defaultdict(lambda: [0, 0, set()])
    blocks = {}
    for r in rows:
        e = measured[(r["kernel"], r["op"], r["location"])]
        e[0] += int(r["executed"])
        e[1] += int(r["wavefronts"])
        e[2].add(r["sass"])
        blocks[r["kernel"]] = int(r["blocks"])
    report = run_warpcheck(a)
    finals = collections.defaultdict(list)
    for acc in report["accesses"]:
        finals[(acc["kernel"], acc["kind"], location(acc))].append(acc)

    verdicts = collections.Counter()
    failures = []
    for key, (executed, wavefronts, sass) in sorted(measured.items()):
        accs = finals.get(key)
        if not accs:
            failures.append(f"missing: {key}")
            continue
        views = [acc.get("final", {}) for acc in accs]
        b = blocks[key[0]]
        source = (sum(x["requests"] for x in accs) * b,
                  sum(x["total_wavefronts"] for x in accs) * b)
        if any(v.get("status") != "known" for v in views):
            verdicts["unknown"] += 1
            continue
        final = (sum(v["requests"] for v in views) * b,
                 sum(v["wavefronts"] for v in views) * b)
        if final == (executed, wavefronts):
            verdicts["equal"] += 1
            if source != final:
                verdicts["equal where the source view differs"] += 1
            continue
        verdicts["differs"] += 1
        failures.append(f"{key} {sorted(sass)}: final {final}, source {source}, "
                        f"measured {(executed, wavefronts)}")
    print(f"{a.program}: {len(measured)} measured shared lines; final view " +
          ", ".join(f"{v} {n}" for v, n in verdicts.most_common()))
    for f in failures:
        print("  " + f)
    if failures or verdicts["equal"] < a.min_equal:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
