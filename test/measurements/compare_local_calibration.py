#!/usr/bin/env python3
"""Compares warpcheck's local-memory verdicts with what nvcc did to the
calibration corpus (cuda_samples/local_calibration/): per configuration
(sm_90, sm_80, sm_90 with -G), the committed PTX depots, ptxas stack frames
and spills, and SASS LDL/STL counts of calibrate.sh.

Per array, two comparisons:
  - PTX: warpcheck's `ptx_status` (local or registers) against the kernel's
    PTX __local_depot (present or not);
  - final: warpcheck's `final_status` against the machine code: local when
    ptxas keeps a stack frame or the SASS has LDL/STL instructions.
A kernel with several arrays is compared as a whole (any array local against
the kernel's frame, and the predicted frame bytes against ptxas's), and each
of its arrays counts as agreeing or not with it. `unknown` counts as a
disagreement in the agreement figure and never as a wrong claim.

With --h100 DIR (cuda_samples/measurements/h100-local, from measure.sh):
per sm_90 kernel, the local load/store sectors Nsight Compute measured when
the kernel ran on the H100 against the final verdict (local traffic exactly
when some array is predicted local), and the SASS of the binaries that ran
against the SASS calibrate.sh counted (the same compiler, so equal).

Exits 1 when the final agreement is below --min-agreement (percent), when a
disagreement is not listed in the explained file (EXPLAINED.tsv: config,
kernel, reason), when an explained entry no longer disagrees (stale), or
and whenever an array "will live in local memory" in the final code while
ptxas keeps it in registers (no frame, no LDL/STL): that is never explained
away.
"""
import argparse
import collections
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CONFIGS = {
    "sm_90": {"arch": "sm_90", "debug": False},
    "sm_80": {"arch": "sm_80", "debug": False},
    "sm_90_G": {"arch": "sm_90", "debug": True},
}


def read_sass(path):
    out = {}
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            out[row["kernel"]] = (int(row["ldl"]), int(row["stl"]))
    return out


def read_frames(path):
    frames = {}
    cur = None
    props = re.compile(r"Function properties for (\S+)")
    frame = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                       r"(\d+) bytes spill loads")
    for line in open(path):
        m = props.search(line)
        if m:
            cur = m.group(1)
            continue
        m = frame.search(line)
        if m and cur:
            frames[cur] = tuple(int(x) for x in m.groups())
            cur = None
    return frames


def read_depots(path):
    depots = {}
    cur = None
    for line in open(path):
        m = re.search(r"\.entry\s+([A-Za-z0-9_$]+)", line)
        if m:
            cur = m.group(1)
            depots[cur] = 0
            continue
        m = re.search(r"__local_depot\d+\[(\d+)\]", line)
        if m and cur:
            depots[cur] += int(m.group(1))
    return depots


def run_warpcheck(warpcheck, source, arch, debug, results, base):
    with tempfile.TemporaryDirectory() as tmp:
        src = source
        if debug:
            # The option a -G build's project sets in .warpcheck.yaml.
            src = os.path.join(tmp, os.path.basename(source))
            shutil.copy(source, src)
            with open(os.path.join(tmp, ".warpcheck.yaml"), "w") as f:
                f.write("CheckOptions:\n"
                        "  warpcheck-local-memory-array.DeviceDebug: true\n")
        cmd = [warpcheck, src, "--format=json", "--arch=" + arch,
               "--checks=-*,warpcheck-local-*",
               "--ptx-file=" + os.path.join(results, base + ".depots.txt"),
               "--ptxas-log=" + os.path.join(results, base + ".ptxas.txt"),
               "--"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode not in (0, 1) or not p.stdout:
            sys.exit("warpcheck failed on %s: %s" % (source, p.stderr))
        return json.loads(p.stdout)


def read_h100(directory):
    """{kernel function name: (local sectors, local instructions)}."""
    traffic = collections.defaultdict(lambda: [0, 0])
    with open(os.path.join(directory, "metrics.csv")) as f:
        rows = [line for line in f if line.startswith('"')]
    for row in csv.DictReader(rows):
        if row.get("ID") == "ID":
            continue
        name = row["Kernel Name"].split("(")[0]
        value = float(row["Metric Value"].replace(",", "") or 0)
        metric = row["Metric Name"]
        if metric.startswith("l1tex__t_sectors_pipe_lsu_mem_local"):
            traffic[name][0] += value
        elif metric.startswith("smsp__sass_inst_executed_op_local"):
            traffic[name][1] += value
    return traffic


def final_of(a):
    if "final_status" in a:
        return a["final_status"]
    if a["status"] == "unknown":
        return "unknown"
    local = (a["status"] == "local" and a["ptxas_keeps_depot"]) or \
        a["likely_spilled"]
    return "local" if local else "registers"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--calibration", required=True,
                    help="cuda_samples/local_calibration")
    ap.add_argument("--corpus",
                    help="the corpus the results are of (cuda_samples/"
                    "generate.py local_calibration DIR); without it, it is "
                    "generated and checked into a temporary folder")
    ap.add_argument("--min-agreement", type=float, default=97.0)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--table", help="write the per-kernel table here (TSV)")
    ap.add_argument("--h100", help="measure.sh's output (sm_90 kernels)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not args.corpus:
            args.corpus = os.path.join(tmp, "corpus")
            generate = os.path.join(os.path.dirname(os.path.abspath(
                args.calibration)), "generate.py")
            if subprocess.run([sys.executable, generate, "local_calibration",
                               args.corpus]).returncode:
                return 1
        return compare(args)


def compare(args):
    explained = {}
    epath = os.path.join(args.calibration, "EXPLAINED.tsv")
    if os.path.exists(epath):
        for line in open(epath):
            if line.startswith("#") or not line.strip():
                continue
            config, kernel, why = line.rstrip("\n").split("\t", 2)
            explained[(config, kernel)] = why

    h100 = read_h100(args.h100) if args.h100 else None
    h100_sass = {}
    if args.h100:
        h100_sass = read_sass(os.path.join(args.h100, "sass.tsv"))
    rows = []
    failures = []
    totals = collections.Counter()
    seen_explained = set()
    for config in args.configs.split(","):
        spec = CONFIGS[config]
        results = os.path.join(args.calibration, "results", config)
        if not os.path.isdir(results):
            sys.exit("no results for %s in %s" % (config, results))
        for name in sorted(os.listdir(results)):
            if not name.endswith(".ptxas.txt"):
                continue
            base = name[:-len(".ptxas.txt")]
            source = os.path.join(args.corpus, base + ".cu")
            frames = read_frames(os.path.join(results, name))
            depots = read_depots(os.path.join(results, base + ".depots.txt"))
            sass = read_sass(os.path.join(results, base + ".sass.tsv"))
            report = run_warpcheck(args.warpcheck, source, spec["arch"],
                                   spec["debug"], results, base)
            arrays = collections.defaultdict(list)
            for a in report["local_arrays"]:
                arrays[a["kernel"]].append(a)
            for k in report["kernels"]:
                mangled = k["mangled_name"]
                if mangled not in frames or mangled not in sass:
                    failures.append("%s %s: missing from the compiler output"
                                    % (config, k["function"]))
                    continue
                frame, spst, spld = frames[mangled]
                ldl, stl = sass[mangled]
                depot = depots.get(mangled, 0)
                arrs = arrays.get(k["function"], [])
                if not arrs:
                    continue
                finals = [final_of(a) for a in arrs]
                ptxs = [a.get("ptx_status", a["status"]) for a in arrs]
                truth_final = frame > 0 or ldl + stl > 0
                truth_ptx = depot > 0
                if "unknown" in finals:
                    final_ok = None
                else:
                    final_ok = ("local" in finals) == truth_final
                    if final_ok and len(arrs) > 1 and truth_final and \
                            k.get("predicted_stack_frame_bytes") is not None \
                            and not k.get("predicted_spill"):
                        final_ok = k["predicted_stack_frame_bytes"] == frame
                # Never explained away: "will live in local memory" for an
                # array ptxas keeps in registers (issue 13).
                for a in arrs:
                    if final_of(a) == "local" and not a.get("likely_spilled") \
                            and not truth_final:
                        failures.append(
                            "%s %s: '%s' will live in local memory, says "
                            "warpcheck, but ptxas keeps no frame and the SASS "
                            "has no LDL/STL" % (config, k["function"],
                                                a["variable"]))
                ptx_ok = None if "unknown" in ptxs else \
                    ("local" in ptxs) == truth_ptx
                n = len(arrs)
                totals["arrays"] += n
                totals["final_agree"] += n if final_ok else 0
                totals["final_unknown"] += n if final_ok is None else 0
                totals["ptx_agree"] += n if ptx_ok else 0
                totals["ptx_unknown"] += n if ptx_ok is None else 0
                row = [config, k["function"], ",".join(ptxs), ",".join(finals),
                       str(depot), str(frame), "%d/%d" % (spst, spld),
                       "%d/%d" % (ldl, stl),
                       {True: "agree", False: "DIFFER", None: "unknown"}
                       [final_ok]]
                rows.append(row)
                key = (config, k["function"])
                if h100 is not None and config == "sm_90":
                    measured = h100.get(k["function"])
                    if measured is None:
                        # Kernels added to the corpus after the measurement.
                        totals["h100_unmeasured"] += 1
                    else:
                        totals["h100_kernels"] += 1
                        moved = measured[0] > 0
                        if h100_sass.get(mangled) != (ldl, stl):
                            failures.append(
                                "%s: SASS LDL/STL on the H100 build %s, in "
                                "the calibration %s" % (k["function"],
                                h100_sass.get(mangled), (ldl, stl)))
                        if moved != truth_final:
                            failures.append(
                                "%s: %d local sectors measured on the H100, "
                                "but ptxas frame %d B and LDL/STL %d/%d"
                                % (k["function"], measured[0], frame, ldl,
                                   stl))
                        if "unknown" not in finals and \
                                ("local" in finals) == moved:
                            totals["h100_agree"] += 1
                        elif key not in explained:
                            failures.append(
                                "%s: predicted %s, %d local sectors measured "
                                "on the H100, not explained"
                                % (k["function"], ",".join(finals),
                                   measured[0]))
                    row.append("%d" % measured[0] if measured else "-")
                if final_ok is False or final_ok is None:
                    if key in explained:
                        seen_explained.add(key)
                        totals["explained"] += n
                    else:
                        failures.append(
                            "%s %s: predicted %s, ptxas frame %d B, SASS "
                            "LDL/STL %d/%d, not explained in EXPLAINED.tsv"
                            % (config, k["function"], ",".join(finals), frame,
                               ldl, stl))
    for key in explained:
        if key not in seen_explained and key[0] in args.configs.split(","):
            failures.append("%s %s: explained in EXPLAINED.tsv but agrees now"
                            " (remove the entry)" % key)

    header = ["config", "kernel", "ptx_prediction", "final_prediction",
              "ptx_depot", "ptxas_frame", "spills_st/ld", "sass_ldl/stl",
              "final"] + (["h100_local_sectors"] if h100 is not None else [])
    if args.table:
        with open(args.table, "w") as f:
            f.write("\t".join(header) + "\n")
            for r in rows:
                f.write("\t".join(r) + "\n")
    n = totals["arrays"]
    if not n:
        sys.exit("no arrays compared")
    final_pct = 100.0 * totals["final_agree"] / n
    ptx_pct = 100.0 * totals["ptx_agree"] / n
    print("arrays compared: %d in %d kernels" % (n, len(rows)))
    print("final verdict agrees with ptxas frame and SASS LDL/STL: %d of %d "
          "(%.1f%%), unknown %d, explained disagreements %d"
          % (totals["final_agree"], n, final_pct, totals["final_unknown"],
             totals["explained"]))
    print("PTX verdict agrees with the PTX depot: %d of %d (%.1f%%), "
          "unknown %d" % (totals["ptx_agree"], n, ptx_pct,
                          totals["ptx_unknown"]))
    if h100 is not None:
        print("H100: final verdict agrees with the measured local traffic "
              "for %d of %d kernels (%d sm_90 kernels not measured)"
              % (totals["h100_agree"], totals["h100_kernels"],
                 totals["h100_unmeasured"]))
    if final_pct < args.min_agreement:
        failures.append("final agreement %.1f%% is below %.1f%%"
                        % (final_pct, args.min_agreement))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
