#!/usr/bin/env python3
"""Compares warpcheck's predictions with committed GPU measurements.

For every kernel of cuda_samples/ and every shared-memory operation (load,
store, atomic), the prediction is the kernel's total predicted wavefronts
divided by its predicted warp requests, from `warpcheck --format=json`; the
measurement is Nsight Compute's wavefronts divided by requests
(cuda_samples/measurements/<gpu>/metrics.csv, written by
cuda_samples/measure.sh). Prints one row per kernel and operation and the
totals; exits 1 when any prediction disagrees beyond the tolerance, or when a
kernel predicted conflict-free measured conflicted.
"""
import argparse
import csv
import glob
import json
import os
import subprocess
import sys

OPS = {"ld": "load", "st": "store", "atom": "atomic"}


def kernel_key(name):
    """'void f<int, 32>(int *, int)' and 'f<int, 32>' -> 'f<int, 32>'."""
    name = name.strip()
    if name.startswith("void "):
        name = name[5:]
    depth = 0
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            return name[:i]
    return name


def read_measurements(path):
    """{kernel: {op: (wavefronts, requests)}} from raw `ncu --csv` output."""
    result = {}
    with open(path) as f:
        for line in f:
            if not line.startswith('"') or line.startswith('"ID"'):
                continue
            row = next(csv.reader([line]))
            kernel, metric, value = kernel_key(row[4]), row[12], row[14]
            value = float(value.replace(",", "") or 0)
            for op in OPS:
                entry = result.setdefault(kernel, {}).setdefault(op, [0.0, 0.0])
                if metric == f"smsp__sass_inst_executed_op_shared_{op}.sum":
                    entry[1] = value
                elif metric == f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum":
                    entry[0] = value
    return result


def read_predictions(warpcheck, sources, extra_args):
    cmd = [warpcheck, "--format=json"] + sources + ["--"] + extra_args
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr}")
    report = json.loads(run.stdout)
    result = {}
    for access in report["accesses"]:
        kernel = kernel_key(access["kernel"])
        op = {v: k for k, v in OPS.items()}[access["kind"]]
        entry = result.setdefault(kernel, {}).setdefault(op, [0, 0, set()])
        entry[0] += access["total_wavefronts"]
        entry[1] += access["requests"]
        entry[2].add(access["status"])
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--metrics", required=True)
    parser.add_argument("--tolerance", type=float, default=0.06,
                        help="relative difference still counted as agreement")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(args.samples, "*.cu")))
    measured = read_measurements(args.metrics)
    predicted = read_predictions(args.warpcheck, sources,
                                 ["-I" + args.samples])

    rows, failures = [], []
    counts = {"exact": 0, "close": 0, "over": 0, "under": 0,
              "not predicted": 0, "not executed": 0}
    for kernel in sorted(set(measured) | set(predicted)):
        for op in OPS:
            wf, req = measured.get(kernel, {}).get(op, [0.0, 0.0])
            p_wf, p_req, statuses = predicted.get(kernel, {}).get(
                op, [0, 0, set()])
            if req == 0 and p_req == 0:
                continue
            m = wf / req if req else None
            p = p_wf / p_req if p_req else None
            status = ",".join(sorted(statuses)) or "-"
            if m is None:
                verdict = "not executed"
            elif p is None:
                verdict = "not predicted"
            elif abs(m - p) < 1e-9:
                verdict = "exact"
            elif abs(m - p) <= args.tolerance * p:
                verdict = "close"
            else:
                verdict = "over" if p > m else "under"
            counts[verdict] += 1
            if verdict in ("over", "under", "not predicted", "not executed"):
                failures.append((kernel, op, verdict))
            # Never call conflict-free what measured conflicted.
            if p is not None and m is not None and p <= 1.0 and m > 1.0 + args.tolerance and "exact" in statuses:
                failures.append((kernel, op, "called conflict-free"))
            rows.append((kernel, OPS[op], "-" if p is None else f"{p:.2f}",
                         "-" if m is None else f"{m:.2f}", verdict, status))

    width = max(len(r[0]) for r in rows)
    print(f"{'kernel':{width}}  {'op':6}  {'predicted':>9}  {'measured':>8}  verdict  status")
    for r in rows:
        print(f"{r[0]:{width}}  {r[1]:6}  {r[2]:>9}  {r[3]:>8}  {r[4]:7}  {r[5]}")
    total = len(rows)
    print(f"\n{total} kernel operations: " +
          ", ".join(f"{v} {k}" for k, v in counts.items() if v))
    agree = counts["exact"] + counts["close"]
    print(f"agreement: {agree}/{total} ({100.0 * agree / max(total, 1):.1f}%)")
    if failures:
        print("\nDISAGREEMENTS:")
        for f in failures:
            print("  %s %s: %s" % f)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
