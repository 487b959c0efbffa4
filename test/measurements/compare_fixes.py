#!/usr/bin/env python3
"""Before and after warpcheck's fixes, on the GPU.

Reads cuda_samples/measurements/h100-fixes/fixes_metrics.csv (written by
cuda_samples/verify_fixes.sh: the samples as written and with the fixes of
cuda_samples/fixed/{auto,pad} applied), and warpcheck's predictions for the
fixed copies (--fixed: the folder `cuda_samples/make_fixed.sh --apply` made). For every kernel a fix changed, prints the measured wavefronts
per request before and after, the predicted value after, and the kernel
time. Exits 1 when a fixed kernel's measurement differs from the prediction
(beyond the tolerance and the compiler's merged accesses).
"""
import argparse
import csv
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from compare_measurements import OPS, kernel_key  # noqa: E402


def read(path):
    """{(variant, kernel): {metric: value}}."""
    data, variant = {}, None
    for line in open(path):
        if line.startswith("## "):
            variant = line.split()[1]
            continue
        if not line.startswith('"') or line.startswith('"ID"'):
            continue
        row = next(csv.reader([line]))
        key = (variant, kernel_key(row[4]))
        data.setdefault(key, {})[row[12]] = float(row[14].replace(",", "") or 0)
    return data


def ratio(metrics, op):
    req = metrics.get(f"smsp__sass_inst_executed_op_shared_{op}.sum", 0)
    wf = metrics.get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum", 0)
    return wf / req if req else None


def predictions(warpcheck, folder):
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                   if f.endswith(".cu"))
    run = subprocess.run([warpcheck, "--format=json", "--fix-style=none"] +
                         files + ["--", "-I" + folder],
                         capture_output=True, text=True)
    result = {}
    for a in json.loads(run.stdout)["accesses"]:
        op = {v: k for k, v in OPS.items()}[a["kind"]]
        e = result.setdefault((kernel_key(a["kernel"]), op), [0, 0, set()])
        e[0] += a["total_wavefronts"]
        e[1] += a["requests"]
        e[2].add(a["status"])
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--fixed", required=True,
                        help="the fixed samples, FIXED/{auto,pad} "
                        "(cuda_samples/make_fixed.sh --apply FIXED)")
    parser.add_argument("--metrics", required=True)
    parser.add_argument("--tolerance", type=float, default=0.06)
    args = parser.parse_args()
    data = read(args.metrics)
    failures = []
    for variant in ("auto", "pad"):
        before = predictions(args.warpcheck, args.samples)
        after = predictions(args.warpcheck,
                            os.path.join(args.fixed, variant))
        rows = []
        for (kernel, op), p in sorted(after.items()):
            b = before.get((kernel, op))
            if not b or (b[0], b[1]) == (p[0], p[1]):
                continue  # no fix changed this kernel's accesses
            mb = data.get(("original", kernel), {})
            ma = data.get((variant, kernel), {})
            rb, ra = ratio(mb, op), ratio(ma, op)
            pa = p[0] / p[1] if p[1] else None
            tb = mb.get("gpu__time_duration.sum")
            ta = ma.get("gpu__time_duration.sum")
            if ra is None or pa is None:
                verdict = "not measured"
            elif "unknown" in p[2]:
                verdict = "unknown"
            elif abs(ra - pa) <= args.tolerance * pa:
                verdict = "as predicted"
            elif ra < pa:
                verdict = "better than predicted"
            else:
                verdict = "WORSE than predicted"
                failures.append((variant, kernel, OPS[op]))
            rows.append((kernel, OPS[op], f"{rb:.2f}" if rb else "-",
                         f"{ra:.2f}" if ra else "-",
                         f"{pa:.2f}" if pa else "-", verdict,
                         f"{tb / 1000:.1f}" if tb else "-",
                         f"{ta / 1000:.1f}" if ta else "-"))
        print(f"fix style: {variant}")
        header = ("kernel", "op", "before", "after", "predicted", "verdict",
                  "us before", "us after")
        widths = [max(len(str(r[i])) for r in rows + [header])
                  for i in range(len(header))]
        for r in [header] + rows:
            print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
        print()
    if failures:
        print("WORSE THAN PREDICTED:", failures)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
