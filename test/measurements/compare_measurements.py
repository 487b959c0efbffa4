#!/usr/bin/env python3
"""Compares warpcheck's predictions with committed GPU measurements.

Two levels:
  --level=kernel (default): per kernel and operation (load, store, atomic),
      predicted wavefronts per request against Nsight Compute's per-kernel
      hardware counters (metrics.csv).
  --level=line: per source line and operation, predicted wavefronts per
      block against the SourceCounters section (source_sass.csv): every SASS
      instruction's wavefronts, under the CUDA line it comes from, divided by
      the kernel's number of blocks. Totals, not ratios: a warp whose lanes
      are all predicated off issues the instruction without a request.

Where the compiler changed the access width (two 4-byte loads fused into one
LDS.64, four broadcast loads into one LDS.128) a site is "merged" rather
than a model error; where it moved an access to another line (a load common
to both branches hoisted) and the kernel's total still agrees, "moved".
SourceCounters are instrumented; where a kernel has one line for an
operation and its hardware counter differs, the hardware counter is used and
the row says so.

Exits 1 on a disagreement: a decidable site over or under, a range that the
measurement falls outside, or a site called conflict-free that measured
conflicted.

For a corpus measured as a whole (cuda_samples/realistic/, ctest
h100-realistic): --level both compares kernels and lines in one run;
--classes prints the exact/range/unknown shares per construct class, read
from a tag line `// CLASS <class>: ...` above each kernel; --strict-missing
fails where the hardware executed a shared-memory access on a line that
warpcheck does not report at all (an access dropped, not one it called
unknown), except the loads and stores the compiler adds to an atomic it
implements as a loop (those lines carry the atomic); --known-failures FILE
lists disagreements (one per line, as printed under DISAGREEMENTS) that are
reported but do not fail, until they stop occurring: then the test fails
and asks for the line to be removed.
"""
import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys

OPS = {"ld": "load", "st": "store", "atom": "atomic"}
KIND_TO_OP = {v: k for k, v in OPS.items()}


def kernel_key(name):
    """'void f<int, (int)32>(int *, int)' and 'f<int, 32>' -> 'f<int, 32>'."""
    name = re.sub(r"\((?:unsigned )?(?:int|long|char|short|bool)\)(?=-?\d)",
                  "", name.strip())
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
    """({kernel: {op: [wavefronts, requests]}}, {kernel: blocks})."""
    result, blocks = {}, {}
    with open(path) as f:
        for line in f:
            if not line.startswith('"') or line.startswith('"ID"'):
                continue
            row = next(csv.reader([line]))
            kernel, metric, value = kernel_key(row[4]), row[12], row[14]
            dims = [int(x) for x in re.findall(r"\d+", row[8])]
            blocks[kernel] = dims[0] * dims[1] * dims[2] if dims else 1
            value = float(value.replace(",", "") or 0)
            for op in OPS:
                entry = result.setdefault(kernel, {}).setdefault(op, [0.0, 0.0])
                if metric == f"smsp__sass_inst_executed_op_shared_{op}.sum":
                    entry[1] = value
                elif metric == f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum":
                    entry[0] = value
    return result, blocks


def read_source_counters(path):
    """{(kernel, address): {"lines": [(file, line)], "op", "size", "wf",
    "exec"}}: every shared-memory SASS instruction once, with every source
    line it is listed under (an inlined instruction is listed under the
    callee's line and the call's)."""
    result = {}
    file = kernel = header = None
    line = None
    with open(path) as f:
        for raw in f:
            if not raw.startswith('"'):
                continue
            row = next(csv.reader([raw]))
            if row[0] == "File Path":
                file = os.path.basename(row[1])
                continue
            if row[0] == "Function Name":
                kernel = kernel_key(row[1])
                continue
            if row[0] == "Line No":
                header = {}
                for i, name in enumerate(row):
                    header.setdefault(name, i)
                continue
            if header is None:
                continue
            if row[0]:
                line = int(row[0])
                continue
            if not row[header["Address Space"]].startswith("Shared"):
                continue
            op_text = row[header["Access Operation"]]
            op = ("ld" if op_text.startswith("Load") else
                  "st" if op_text.startswith("Store") else "atom")

            def num(name):
                v = row[header[name]].replace(",", "")
                return float(v) if v not in ("", "-") else 0.0
            address = row[2]
            entry = result.setdefault((kernel, address), {
                "lines": [], "op": op, "wf": num("L1 Wavefronts Shared"),
                "ideal": num("L1 Wavefronts Shared Ideal"),
                "exec": num("Instructions Executed"),
                "size": row[header["Access Size"]].split("(")[0]})
            if (file, line) not in entry["lines"]:
                entry["lines"].append((file, line))
    return result


def run_warpcheck(warpcheck, sources, extra_args, build_dir=None):
    if build_dir:  # the way a user runs it: the project's compile commands
        cmd = [warpcheck, "--format=json", "-p", build_dir]
    else:
        cmd = [warpcheck, "--format=json"] + sources + ["--"] + extra_args
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr}")
    return json.loads(run.stdout)


ASSUMED_SOURCES = ("family", "default", "launch_bounds")


def shape_assumed(a):
    """Whether the access was analyzed on block shapes warpcheck assumed
    (never exact; its counts are one assumed shape's)."""
    return a.get("block_dim_assumed",
                 a.get("block_dim_source") in ASSUMED_SOURCES)


def predictions(report, by_line):
    """{key: {"total", "min", "requests", "status", "widths", "end",
    "assumed", "lo_req", "hi_req", "full_ideal"}}, keyed by (file, kernel,
    line, op) or (kernel, op). On an assumed shape the counts are one
    shape's, not the launched one's: lo_req and hi_req (the fewest and most
    wavefronts per instruction of any request, over every shape analyzed)
    are what holds, and full_ideal the most ideal wavefronts a request of
    that width takes."""
    result = {}
    for a in report["accesses"]:
        op = KIND_TO_OP[a["kind"]]
        kernel = kernel_key(a["kernel"])
        key = ((os.path.basename(a["file"]), kernel, a["line"], op)
               if by_line else (kernel, op))
        e = result.setdefault(key, {"total": 0, "min": 0, "requests": 0,
                                    "ideal": 0, "counts_exact": True,
                                    "status": set(), "widths": set(),
                                    "end": a.get("end_line", a["line"]),
                                    "assumed": False, "lo_req": float("inf"),
                                    "hi_req": 0.0, "full_ideal": 1})
        per = a.get("instructions", a["requests"]) / max(1, a["requests"])
        e["assumed"] |= shape_assumed(a)
        e["lo_req"] = min(e["lo_req"], a["min_wavefronts"] / max(1.0, per))
        e["hi_req"] = max(e["hi_req"], a["wavefronts"] / max(1.0, per))
        e["full_ideal"] = max(e["full_ideal"], a["width_bytes"] * 32 // 128)
        e["ideal"] += a["total_ideal_wavefronts"]
        e["counts_exact"] &= a.get("counts_exact", True)
        e["total"] += a["total_wavefronts"]
        e["min"] += a["min_wavefronts"] * a["requests"]
        # Nsight Compute counts instructions: an atomic that runs as a loop
        # issues several per warp request.
        e["requests"] += a.get("instructions", a["requests"])
        e["status"].add(a["status"])
        e["widths"].add(a["width_bytes"] * 8)
    return result


def verdict_for(p, measured, tolerance, widths):
    """The verdict of predicted p against a measured number (same unit)."""
    if "unknown" in p["status"]:
        return "unknown"
    if widths and widths != p["widths"]:
        kind = "merged" if max(widths) > max(p["widths"]) else "split"
        return f"{kind} ({'/'.join(str(w) for w in sorted(widths))}-bit SASS)"
    if "range" in p["status"]:
        lo, hi = p["min"], p["total"]
        if p.get("unit") == "ratio":
            lo, hi = lo / p["requests"], hi / p["requests"]
            if p.get("assumed") or not p.get("counts_exact", True):
                # The counts are an assumed shape's, or of executions that
                # may not all happen: only the bounds per request hold.
                lo, hi = p["lo_req"], p["hi_req"]
        return ("in range" if lo - 1e-9 <= measured <= hi * (1 + tolerance)
                else "out of range")
    pred = p["total"] if p.get("unit") != "ratio" else p["total"] / p["requests"]
    if abs(measured - pred) <= 1e-6 * max(1.0, pred):
        return "exact"
    if abs(measured - pred) <= tolerance * pred:
        return "close"
    return "over" if pred > measured else "under"


def atomic_lines(predicted):
    """{(file, kernel, line)} of every predicted atomic: the compiler may
    implement it as a loop with its own shared loads and stores there."""
    return {k[:3] for k in predicted if k[3] == "atom"}


def compare_lines(report, sass, hardware, blocks, tolerance,
                  strict_missing=False):
    predicted = predictions(report, by_line=True)
    sources = {k[0] for k in predicted}

    def owner(kernel, op, candidates):
        """The predicted site an instruction belongs to."""
        for file, line in candidates:
            for key, p in predicted.items():
                if key[0] == file and key[1] == kernel and key[3] == op and \
                        key[2] <= line <= p["end"]:
                    return key, line != key[2]
        own = [c for c in candidates if c[0] in sources] or candidates
        return (own[0][0], kernel, own[0][1], op), False

    measured, notes, widths = {}, {}, {}
    for (kernel, _), e in sass.items():
        key, shifted = owner(kernel, e["op"], e["lines"])
        m = measured.setdefault(key, [0.0, 0.0, 0.0])
        m[0] += e["wf"]
        m[1] += e["exec"]
        m[2] += e["ideal"]
        if e["size"].isdigit():
            widths.setdefault(key, set()).add(int(e["size"]))
        if shifted:
            notes[key] = "measured on another line of the expression"
    # Instrumented counts against the hardware counter of the kernel.
    per_op = {}
    for key in measured:
        per_op.setdefault((key[1], key[3]), []).append(key)
    for (kernel, op), keys in per_op.items():
        hw = hardware.get(kernel, {}).get(op)
        if hw and hw[1] and len(keys) == 1 and \
                abs(measured[keys[0]][0] - hw[0]) > 1e-6 * max(hw[0], 1):
            notes[keys[0]] = (f"hardware counter; SourceCounters "
                              f"{measured[keys[0]][0] / blocks.get(kernel, 1):.2f}")
            # The ideal scales with the instrumented count it belongs to.
            if measured[keys[0]][0]:
                measured[keys[0]][2] *= hw[0] / measured[keys[0]][0]
            measured[keys[0]][0] = hw[0]

    rows, failures, counts = [], [], {}
    verdicts = {}
    for key in sorted(set(predicted) | set(measured)):
        file, kernel, line, op = key
        p = predicted.get(key)
        m = measured.get(key)
        me = m[0] / blocks.get(kernel, 1) if m else None
        if me is None:
            v = "not executed"
        elif p is None:
            v = "not predicted" if me > 0 else "no request"
        elif p["counts_exact"]:
            v = verdict_for(p, me, tolerance, widths.get(key, set()))
        elif p["assumed"] and "unknown" not in p["status"]:
            # Analyzed on assumed shapes: the block's counts are one shape's.
            # The conflict factor of the launched one lies between the
            # fewest wavefronts per request over the most ideal ones and
            # the most wavefronts per request.
            factor = dict(p, status={"range"}, unit="ratio", assumed=False,
                          requests=1, total=p["hi_req"],
                          min=p["lo_req"] / p["full_ideal"])
            mf = m[0] / m[2] if m[2] else 0.0
            v = verdict_for(factor, mf, tolerance, widths.get(key, set()))
            if v == "in range":
                v += " (conflict factor, assumed shape)"
        else:
            # How often it runs is not known statically (an unknown trip
            # count, threads whose activity is unknown): compare the
            # conflict factor, wavefronts over ideal wavefronts.
            factor = dict(p, total=p["total"] / max(p["ideal"], 1),
                          min=p["min"] / max(p["ideal"], 1))
            mf = m[0] / m[2] if m[2] else 0.0
            v = verdict_for(factor, mf, tolerance, widths.get(key, set()))
            if v in ("exact", "close", "in range"):
                v += " (conflict factor)"
        verdicts[key] = v
    # A kernel whose accesses the compiler fused: its other lines move too.
    fused = {(k[1], k[3]) for k, v in verdicts.items()
             if v.startswith(("merged", "split"))}
    for k, v in verdicts.items():
        if (k[1], k[3]) in fused and v in ("over", "under", "not executed",
                                            "not predicted"):
            verdicts[k] = "merged (elsewhere in the kernel)"
    # Accesses the compiler moved to other lines: the kernel's total agrees.
    for (kernel, op) in {(k[1], k[3]) for k in verdicts}:
        keys = [k for k in verdicts if (k[1], k[3]) == (kernel, op)]
        odd = [k for k in keys if verdicts[k].split(" (")[0] in
               ("not predicted", "not executed", "over", "under")]
        if not odd:
            continue
        pred = sum(predicted[k]["total"] for k in keys if k in predicted)
        meas = sum(measured[k][0] for k in keys if k in measured) / \
            blocks.get(kernel, 1)
        conflict_free = all(
            predicted[k]["total"] <= predicted[k]["ideal"]
            for k in keys if k in predicted) and all(
            measured[k][0] <= measured[k][2] * (1 + tolerance)
            for k in keys if k in measured)
        if abs(pred - meas) <= tolerance * max(pred, 1):
            for k in odd:
                verdicts[k] = "moved (kernel total agrees)"
        elif conflict_free:
            for k in odd:
                verdicts[k] = "moved (conflict-free on both sides)"
    atomics = atomic_lines(predicted)
    for key, v in verdicts.items():
        if v == "not predicted" and key[3] != "atom" and key[:3] in atomics:
            verdicts[key] = "not compared (the atomic's own loop)"
    for key in sorted(verdicts):
        file, kernel, line, op = key
        p, m, v = predicted.get(key), measured.get(key), verdicts[key]
        if strict_missing and v == "not predicted":
            failures.append((f"{file}:{line}", kernel, OPS[op],
                             "executed, missing from warpcheck's report"))
        pr = p["total"] if p else None
        me = m[0] / blocks.get(kernel, 1) if m else None
        if v.split(" (")[0] in ("over", "under", "out of range"):
            failures.append((f"{file}:{line}", kernel, OPS[op], v))
        # Never conflict-free on a guess: called conflict-free, measured
        # conflicted (whatever the status) is a failure.
        # (ncu's ideal matches the hardware's passes only up to 4 bytes.)
        if p and m and p["total"] <= p["ideal"] and \
                not v.startswith(("merged", "split", "unknown", "moved")) and (
                    (p["counts_exact"] and
                     m[0] / blocks.get(kernel, 1) > p["total"] * (1 + tolerance))
                    or (max(p["widths"]) <= 32 and m[2] and
                        m[0] > m[2] * (1 + tolerance))):
            failures.append((f"{file}:{line}", kernel, OPS[op],
                             "called conflict-free, measured conflicted"))
        base = v.split(" (")[0]
        counts[base] = counts.get(base, 0) + 1
        if key in notes:
            v += f" ({notes[key]})"
        rows.append((f"{file}:{line}", kernel, OPS[op],
                     "-" if pr is None else f"{pr:g}",
                     "-" if me is None else f"{me:g}", v,
                     ",".join(sorted(p["status"])) if p else "-"))
    return rows, counts, failures


def compare_kernels(report, hardware, sass, tolerance):
    predicted = predictions(report, by_line=False)
    # Loads and stores of an atomic implemented as a loop (a float or 8-byte
    # atomicAdd: LDS + ATOMS.CAS) count in the kernel's counters but have
    # no source access: the kernel's ratio is then not comparable.
    atomics = atomic_lines(predictions(report, by_line=True))
    by_line = predictions(report, by_line=True)
    looped = set()
    for (kernel, _), e in sass.items():
        if e["op"] == "atom":
            continue
        for file, line in e["lines"]:
            if (file, kernel, line) in atomics and \
                    (file, kernel, line, e["op"]) not in by_line:
                looped.add((kernel, e["op"]))
    # Where how often each site runs is not known statically, the kernel's
    # ratio is a weighted mean of its sites' and can only be bounded by the
    # least and most wavefronts per request of any site (lo_req, hi_req).
    widths = {}
    for (kernel, _), e in sass.items():
        if e["size"].isdigit():
            widths.setdefault((kernel, e["op"]), set()).add(int(e["size"]))
    rows, failures, counts = [], [], {}
    for key in sorted(set(predicted) | {(k, op) for k in hardware
                                        for op in hardware[k]
                                        if hardware[k][op][1]}):
        kernel, op = key
        wf, req = hardware.get(kernel, {}).get(op, [0.0, 0.0])
        p = predicted.get(key)
        me = wf / req if req else None
        if me is None:
            v = "not executed"
        elif p is None:
            v = "not predicted"
        else:
            p = dict(p, unit="ratio")
            v = verdict_for(p, me, tolerance, widths.get(key, set()))
            if key in looped and v in ("over", "under"):
                v = "not compared (an atomic's loop adds instructions)"
            elif v in ("over", "under") and not p["counts_exact"] and \
                    len(sites_of(report, key)) > 1:
                lo, hi = p["lo_req"], p["hi_req"]
                v = ("in range (site counts not static)"
                     if lo - 1e-9 <= me <= hi * (1 + tolerance)
                     else "out of range (site counts not static)")
        if v.split(" (")[0] in ("over", "under", "out of range",
                                "not predicted"):
            failures.append((kernel, OPS[op], v))
        base = v.split(" (")[0]
        counts[base] = counts.get(base, 0) + 1
        rows.append((kernel, OPS[op],
                     "-" if not p else f"{p['total'] / p['requests']:.2f}",
                     "-" if me is None else f"{me:.2f}", v,
                     ",".join(sorted(p["status"])) if p else "-"))
    return rows, counts, failures


def sites_of(report, key):
    """The source sites of a (kernel, op)."""
    return {(a["file"], a["line"], a["column"]) for a in report["accesses"]
            if (kernel_key(a["kernel"]), KIND_TO_OP[a["kind"]]) == key}


def print_table(headers, rows):
    widths = [max(len(str(r[i])) for r in rows + [headers])
              for i in range(len(headers))]
    for r in [headers] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())


CLASS_TAG = re.compile(r"^\s*//\s*CLASS\s+([\w-]+)\s*:")
KERNEL_DEF = re.compile(r"__global__\s+void\s+([A-Za-z_]\w*)\s*\(")


def read_classes(sources):
    """{kernel base name: class} from `// CLASS <class>: ...` tag lines; a
    tag belongs to the next __global__ function."""
    classes, pending = {}, None
    for path in sources:
        with open(path) as f:
            for text in f:
                m = CLASS_TAG.match(text)
                if m:
                    pending = m.group(1)
                    continue
                k = KERNEL_DEF.search(text)
                if k and pending:
                    classes[k.group(1)] = pending
                    pending = None
    return classes


def print_class_shares(report, sass, classes):
    """Per construct class: warpcheck's shared-memory sites (file, kernel,
    line, operation) that are exact, a range or unknown, and the same
    weighted by the warp-level requests the H100 executed there."""
    predicted = predictions(report, by_line=True)
    executed = {}
    for (kernel, _), e in sass.items():
        for file, line in e["lines"]:
            key = (file, kernel, line, e["op"])
            executed[key] = executed.get(key, 0.0) + e["exec"]
    # Sites analyzed on block shapes warpcheck assumed, not ones it found
    # (a range, never exact).
    assumed = {(os.path.basename(a["file"]), kernel_key(a["kernel"]),
                a["line"], KIND_TO_OP[a["kind"]])
               for a in report["accesses"] if shape_assumed(a)}
    table = {}
    for key, p in predicted.items():
        cls = classes.get(key[1].split("<")[0], "untagged")
        status = ("unknown" if "unknown" in p["status"] else
                  "assumed" if key in assumed else
                  "range" if "range" in p["status"] else "exact")
        for c in (cls, "all"):
            sites = table.setdefault(c, {}).setdefault(status, [0, 0.0])
            sites[0] += 1
            sites[1] += executed.get(key, 0.0)
    rows = []
    for c in sorted(table, key=lambda c: (c == "all", c)):
        n = sum(v[0] for v in table[c].values())
        r = sum(v[1] for v in table[c].values()) or 1.0
        cells = [c, str(n)]
        for status in ("exact", "range", "assumed", "unknown"):
            v = table[c].get(status, [0, 0.0])
            cells.append(f"{v[0]} ({100.0 * v[0] / n:.0f}%)")
            cells.append(f"{100.0 * v[1] / r:.1f}%")
        rows.append(tuple(cells))
    print("\nshares per construct class (sites; and of the requests executed); "
          "'range, assumed shape': a range over block shapes warpcheck "
          "assumed")
    print_table(("class", "sites", "exact", "of requests", "range",
                 "of requests", "range, assumed shape", "of requests",
                 "unknown", "of requests"), rows)


def read_known(path):
    """Known disagreements, one per line as printed; # starts a comment."""
    if not path:
        return []
    with open(path) as f:
        return [line.split("#")[0].strip() for line in f
                if line.split("#")[0].strip()]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--measurements", required=True,
                        help="folder with metrics.csv and source_sass.csv")
    parser.add_argument("--build-dir",
                        help="run `warpcheck -p BUILD_DIR` on the samples' "
                             "CMake build instead of naming the files")
    parser.add_argument("--level", choices=["kernel", "line", "both"],
                        default="kernel")
    parser.add_argument("--tolerance", type=float, default=0.06,
                        help="relative difference still counted as agreement")
    parser.add_argument("--classes", action="store_true",
                        help="print the shares per `// CLASS` tag")
    parser.add_argument("--strict-missing", action="store_true",
                        help="fail where an executed access is not reported")
    parser.add_argument("--known-failures",
                        help="file of disagreements that do not fail yet")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(args.samples, "*.cu")))
    report = run_warpcheck(args.warpcheck, sources, ["-I" + args.samples],
                           args.build_dir)
    hardware, blocks = read_measurements(
        os.path.join(args.measurements, "metrics.csv"))
    sass = read_source_counters(
        os.path.join(args.measurements, "source_sass.csv"))
    failures = []
    levels = ["kernel", "line"] if args.level == "both" else [args.level]
    for level in levels:
        if level == "line":
            rows, counts, found = compare_lines(
                report, sass, hardware, blocks, args.tolerance,
                args.strict_missing)
            print_table(("site", "kernel", "op", "predicted wf/block",
                         "measured wf/block", "verdict", "status"), rows)
        else:
            rows, counts, found = compare_kernels(report, hardware, sass,
                                                  args.tolerance)
            print_table(("kernel", "op", "predicted wf/request",
                         "measured wf/request", "verdict", "status"), rows)
        failures += found
        decidable = sum(counts.get(k, 0)
                        for k in ("exact", "close", "over", "under"))
        agree = counts.get("exact", 0) + counts.get("close", 0)
        print(f"\n{level} level, {len(rows)} rows: " +
              ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
        print(f"decidable and measured as predicted: {agree}/{decidable} "
              f"({100.0 * agree / max(decidable, 1):.1f}%)\n")
    if args.classes:
        print_class_shares(report, sass, read_classes(sources))
    known = read_known(args.known_failures)
    texts = [" ".join(f) for f in failures]
    new = [t for t in texts if t not in known]
    gone = [k for k in known if k not in texts]
    if args.known_failures:
        print(f"\nKNOWN ({len(known) - len(gone)}, listed in "
              f"{os.path.basename(args.known_failures)}):")
        for t in texts:
            if t in known:
                print("  " + t)
    if gone:
        print(f"\nFIXED ({len(gone)}): no longer disagree; remove them from "
              f"{args.known_failures}:")
        for k in gone:
            print("  " + k)
    if new:
        print(f"\nDISAGREEMENTS ({len(new)}):")
        for t in new:
            print("  " + t)
    if new or gone:
        return 1
    print("\nno disagreement beyond the known ones" if known else
          "\nno disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
