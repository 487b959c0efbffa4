#!/usr/bin/env python3
"""Compares warpcheck with the H100 on the tensor-core probes of issue 27.

  --part stmatrix: runs warpcheck on cuda_samples/library_calls/stmatrix_ptx.cu
    and checks each launch of measurements/h100-stmatrix-ptx (x1/x2/x4,
    .trans, strides, swizzles; one STSM per launch, the kernel's only shared
    store): the stmatrix line's warpcheck answer is exact and equal to the
    measured l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st. A run without
    that counter (the first one) requires the stmatrix to be unknown.
  --part cg-src: the held-out cp.async.cg campaign (cp_async_cg_src.cu):
    counts how many launches measured (smsp__sass_l1tex_..._ldgsts_cache_bypass)
    what measurements/cp-async-cg-src-predicted.txt, written before the
    measurement, says, and checks warpcheck's answer on every launch against
    the measurement (exact and equal, a range that holds it, or unknown where
    the rule was found not to hold).
Exits non-zero on any disagreement or when nothing was compared, 77
(skipped) when the campaign is not measured yet.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_ptx_copies import BYPASS, bypass, measured  # noqa: E402

STORE_WAVES = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
STSM_INST = "smsp__sass_inst_executed_op_shared_stsm.sum"
SKIPPED = 77  # ctest's SKIP_RETURN_CODE: a campaign not measured yet


def analyze(args, program):
    """warpcheck's shared accesses of one probe program, by kernel."""
    run = subprocess.run([args.warpcheck, "--format=json", "--checks=-*,warpcheck-shared-*",
                          os.path.join(args.source, program), "--"],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr}")
    by_kernel = collections.defaultdict(list)
    for a in json.loads(run.stdout)["accesses"]:
        by_kernel[re.sub(r"\s+", "", a["kernel"])].append(a)
    return by_kernel


def stmatrix(args, meas):
    by_kernel = analyze(args, "stmatrix_ptx.cu")
    failures, checked = [], 0
    for launch, m in measured(os.path.join(meas, "h100-stmatrix-ptx")):
        if launch["name"] != "stsm":
            continue
        trans = "true" if launch["trans"] == "1" else "false"
        kernel = f"stsm<{launch['X']},{trans},{launch['stride']},{launch['mode']}>"
        got = [a for a in by_kernel[kernel] if a["kind"] == "store"]
        checked += 1
        if m.get(STSM_INST) != 1:
            failures.append(f"{kernel}: measured {m.get(STSM_INST)} STSM")
        if STORE_WAVES not in m:
            if len(got) != 1 or got[0]["status"] != "unknown":
                failures.append(f"{kernel}: not measured, must be unknown, warpcheck "
                                f"{[a['status'] for a in got]}")
            continue
        want = m[STORE_WAVES]
        if len(got) != 1 or got[0]["status"] != "exact" or got[0]["total_wavefronts"] != want:
            failures.append(f"{kernel}: measured {want:g}, warpcheck "
                            f"{[(a['line'], a['status'], a['total_wavefronts']) for a in got]}")
    return failures, checked


def predictions(path):
    """The committed predictions: launch line (as in the manifest) -> wavefronts."""
    out = {}
    for line in open(path):
        if line.startswith("launch"):
            left, right = line.rsplit("->", 1)
            out[left.split(None, 1)[1].strip()] = float(right)
    return out


def cg_src(args, meas):
    src = os.path.join(meas, "h100-cp-async-cg-src")
    if not os.path.isdir(src):
        print("cp_async_cg_src.cu: not measured yet: skipped")
        sys.exit(SKIPPED)
    predicted = predictions(os.path.join(meas, "cp-async-cg-src-predicted.txt"))
    manifest = [l.split(None, 1)[1].strip()
                for l in open(os.path.join(src, "manifest.txt")) if l.startswith("launch")]
    by_kernel = analyze(args, "cp_async_cg_src.cu")
    failures, checked, agree = [], 0, 0
    for text, (launch, m) in zip(manifest, measured(src)):
        kernel = (f"copySrc<{launch['dst']},{launch['src']},{launch['shift']},"
                  f"{launch['act']}>")
        checked += 1
        if predicted.get(text) == m[BYPASS]:
            agree += 1
        else:
            print(f"  not as predicted: {text}: predicted {predicted.get(text)}, "
                  f"measured {m[BYPASS]:g}")
        got = [a for a in by_kernel[kernel] if a["kind"] == "store"]
        if not (len(got) == 1 and got[0]["status"] == "unknown"):
            failures += bypass(got, m[BYPASS], kernel)
    print(f"cp_async_cg_src.cu: {agree} of {checked} launches measured as predicted "
          f"({len(predicted)} predictions)")
    if checked != len(predicted):
        failures.append(f"{checked} launches measured, {len(predicted)} predicted")
    return failures, checked


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--source", required=True, help="cuda_samples/library_calls")
    ap.add_argument("--part", required=True, choices=["stmatrix", "cg-src"])
    args = ap.parse_args()
    meas = os.path.join(args.source, "measurements")
    failures, checked = (stmatrix if args.part == "stmatrix" else cg_src)(args, meas)
    print(f"{checked} launches compared, {len(failures)} disagreements")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures or checked == 0 else 0)


if __name__ == "__main__":
    main()
