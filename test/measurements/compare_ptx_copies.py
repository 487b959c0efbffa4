#!/usr/bin/env python3
"""Compares warpcheck with the H100 on inline-PTX ldmatrix and cp.async.

Runs warpcheck on the measured programs themselves
(cuda_samples/library_calls/ldmatrix_ptx.cu, cp_async_ptx.cu) and checks,
launch by launch, against the committed ncu output:
  - ldsm<X, Trans, Stride>: the ldmatrix's predicted wavefronts equal the
    kernel's measured shared-load wavefronts (the only shared loads);
  - ptxCopy<S, K, false> (cp.async.ca): the predicted wavefronts minus the
    ideal equal l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts;
  - ptxCopy<16, K, true> (cp.async.cg): reported unknown, never decided.
Exits non-zero on any disagreement or on a launch missing from the report.
"""
import argparse
import collections
import csv
import json
import os
import re
import subprocess
import sys


def measured(directory):
    lines = [l for l in open(os.path.join(directory, "raw.csv")) if l.startswith('"')]
    rows = list(csv.reader(lines))
    idx = {n: i for i, n in enumerate(rows[0])}
    launches = [l.split()[1:] for l in open(os.path.join(directory, "manifest.txt"))
                if l.startswith("launch")]
    data = collections.defaultdict(dict)
    for r in rows[1:]:
        try:
            data[int(r[idx["ID"]])][r[idx["Metric Name"]]] = float(r[idx["Metric Value"]])
        except ValueError:  # "n/a"
            pass
    return [(dict(kv.split("=") for kv in l[1:]) | {"name": l[0]}, data[i])
            for i, l in enumerate(launches)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--source", required=True, help="cuda_samples/library_calls")
    args = ap.parse_args()
    meas = os.path.join(args.source, "measurements")
    run = subprocess.run([args.warpcheck, "--format=json",
                          os.path.join(args.source, "ldmatrix_ptx.cu"),
                          os.path.join(args.source, "cp_async_ptx.cu"), "--"],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr}")
    report = json.loads(run.stdout)
    by_kernel = collections.defaultdict(list)
    for a in report["accesses"]:
        by_kernel[re.sub(r"\s+", "", a["kernel"])].append(a)
    failures, checked = [], 0

    for launch, m in measured(os.path.join(meas, "h100-ldmatrix-ptx")):
        if launch["name"] != "ldsm":
            continue
        trans = "true" if launch["trans"] == "1" else "false"
        kernel = f"ldsm<{launch['X']},{trans},{launch['stride']}>"
        got = [a for a in by_kernel[kernel] if a["kind"] == "load"]
        want = m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]
        checked += 1
        if len(got) != 1 or got[0]["status"] != "exact" or got[0]["total_wavefronts"] != want:
            failures.append(f"{kernel}: measured {want:g}, warpcheck "
                            f"{[(a['status'], a['total_wavefronts']) for a in got]}")

    for launch, m in measured(os.path.join(meas, "h100-cp-async-ptx")):
        if launch["name"] != "ptxCopy":
            continue
        cg = launch["form"] == "cg"
        kernel = f"ptxCopy<{launch['S']},{launch['K']},{'true' if cg else 'false'}>"
        got = [a for a in by_kernel[kernel] if a["kind"] == "store"]
        checked += 1
        if cg:
            if len(got) != 1 or got[0]["status"] != "unknown":
                failures.append(f"{kernel}: cp.async.cg must be unknown, warpcheck "
                                f"{[a['status'] for a in got]}")
            continue
        want = m["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"]
        if (len(got) != 1 or got[0]["status"] != "exact" or
                got[0]["total_wavefronts"] - got[0]["total_ideal_wavefronts"] != want):
            failures.append(f"{kernel}: measured {want:g} conflict wavefronts, warpcheck "
                            f"{[(a['status'], a['total_wavefronts'], a['total_ideal_wavefronts']) for a in got]}")

    print(f"{checked} launches compared, {len(failures)} disagreements")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures or checked == 0 else 0)


if __name__ == "__main__":
    main()
