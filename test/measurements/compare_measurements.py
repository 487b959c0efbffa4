#!/usr/bin/env python3
"""Compares warpcheck's predictions with committed GPU measurements.

Two levels:
  --level=kernel (default): per kernel and operation, from per-kernel
      Nsight Compute counters (metrics.csv).
  --level=line: per source line and operation, from the SourceCounters
      section (source_sass.csv): each SASS instruction's executions,
      wavefronts and access size, under the CUDA line it comes from. Where the
      compiler changed the access width (two 4-byte loads fused into one
      LDS.64, a 16-byte access split), the site says so instead of counting a
      model error.

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
import re
import csv
import glob
import json
import os
import subprocess
import sys

OPS = {"ld": "load", "st": "store", "atom": "atomic"}


def kernel_key(name):
    """'void f<int, (int)32>(int *, int)' and 'f<int, 32>' -> 'f<int, 32>'."""
    name = re.sub(r"\((?:unsigned )?(?:int|long|char|short|bool)\)(?=-?\d)", "",
                  name.strip())
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


def read_source_counters(path):
    """{(file, kernel, line, op): [wavefronts, requests, ideal, {sizes}]}."""
    result = {}
    file = kernel = None
    header = None
    line = None
    with open(path) as f:
        for raw in f:
            if raw.startswith("##") or not raw.startswith('"'):
                continue
            row = next(csv.reader([raw]))
            if row[0] == "File Path":
                file = os.path.basename(row[1])
                continue
            if row[0] == "Function Name":
                kernel = kernel_key(row[1])
                continue
            if row[0] == "Line No":
                header = {name: i for i, name in enumerate(row)
                          if name not in header_seen(row, i)}
                continue
            if header is None:
                continue
            if row[0]:
                line = int(row[0])
                continue
            space = row[header["Address Space"]]
            if not space.startswith("Shared"):
                continue
            op_text = row[header["Access Operation"]]
            op = ("ld" if op_text.startswith("Load") else
                  "st" if op_text.startswith("Store") else "atom")
            def num(name):
                v = row[header[name]].replace(",", "")
                return float(v) if v not in ("", "-") else 0.0
            entry = result.setdefault((file, kernel, line, op),
                                      [0.0, 0.0, 0.0, set()])
            entry[0] += num("L1 Wavefronts Shared")
            entry[1] += num("Instructions Executed")
            entry[2] += num("L1 Wavefronts Shared Ideal")
            size = row[header["Access Size"]].split("(")[0]
            if size.isdigit():
                entry[3].add(int(size))
    return result


def header_seen(row, i):
    """Names repeated in the header ("Source" twice): keep the first."""
    return set(row[:i])


def read_predictions(warpcheck, sources, extra_args):
    cmd = [warpcheck, "--format=json"] + sources + ["--"] + extra_args
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr}")
    return json.loads(run.stdout)


def predictions_by_kernel(report):
    result = {}
    for access in report["accesses"]:
        kernel = kernel_key(access["kernel"])
        op = {v: k for k, v in OPS.items()}[access["kind"]]
        entry = result.setdefault(kernel, {}).setdefault(op, [0, 0, set()])
        entry[0] += access["total_wavefronts"]
        entry[1] += access["requests"]
        entry[2].add(access["status"])
    return result


def predictions_by_line(report):
    """{(file, kernel, line, op): [total, requests, statuses, widths, min]}."""
    result = {}
    for a in report["accesses"]:
        op = {v: k for k, v in OPS.items()}[a["kind"]]
        key = (os.path.basename(a["file"]), kernel_key(a["kernel"]),
               a["line"], op)
        e = result.setdefault(key, [0, 0, set(), set(), 0, a.get("end_line", a["line"])])
        e[0] += a["total_wavefronts"]
        e[1] += a["requests"]
        e[2].add(a["status"])
        e[3].add(a["width_bytes"] * 8)
        e[4] += a["min_wavefronts"] * a["requests"]
    return result


def reconcile(predicted, counters):
    """Moves measured lines onto the predicted site they belong to: a line
    inside a multi-line access expression, or, for a kernel and operation
    with one site left on each side, the line a profiler attributes to an
    inlined header (atomicAdd's wrapper). Returns {key: note}."""
    notes = {}
    # An instruction inlined from a header is listed under the header line
    # and again under the call site: drop the header copy when the kernel
    # has the operation on a line of its own source.
    sources = {k[0] for k in predicted}
    for key in [k for k in counters if k[0] not in sources]:
        if any(k[0] in sources and (k[1], k[3]) == (key[1], key[3])
               for k in counters):
            del counters[key]
    def move(src, dst, note):
        m = counters.pop(src)
        if dst in counters:
            d = counters[dst]
            counters[dst] = [d[0] + m[0], d[1] + m[1], d[2] + m[2], d[3] | m[3]]
        else:
            counters[dst] = m
        notes[dst] = note
    for key in [k for k in counters if k not in predicted]:
        file, kernel, line, op = key
        for p, v in predicted.items():
            if (p[0], p[1], p[3]) == (file, kernel, op) and p[2] < line <= v[5]:
                move(key, p, f"measured on line {line} of the expression")
                break
    unmatched_m = [k for k in counters if k not in predicted]
    unmatched_p = [k for k in predicted if k not in counters]
    for key in unmatched_m:
        same = [p for p in unmatched_p if (p[1], p[3]) == (key[1], key[3])]
        others = [m for m in unmatched_m if (m[1], m[3]) == (key[1], key[3])]
        if len(same) == 1 and len(others) == 1:
            move(key, same[0], f"profiler line {key[0]}:{key[2]}")
    return notes


def compare_lines(report, counters, hardware, tolerance):
    predicted = predictions_by_line(report)
    attribution = reconcile(predicted, counters)
    # SourceCounters come from instrumentation; where a kernel has a single
    # line for an operation, the hardware counter of the kernel is that
    # line's truth, and a difference between the two is reported.
    lines_per = {}
    for key in counters:
        lines_per.setdefault((key[1], key[3]), []).append(key)
    substituted = {}
    for (kernel, op), keys in lines_per.items():
        wf, req = hardware.get(kernel, {}).get(op, [0.0, 0.0])
        if len(keys) == 1 and req:
            m = counters[keys[0]]
            instrumented = m[0] / m[1] if m[1] else 0
            if abs(instrumented - wf / req) > 1e-9:
                substituted[keys[0]] = instrumented
                counters[keys[0]] = [wf, req, m[2] * req / m[1], m[3]]
    rows, failures = [], []
    counts = {}
    for key in sorted(set(predicted) | set(counters),
                      key=lambda k: (k[0], k[1], k[2], k[3])):
        file, kernel, line, op = key
        p = predicted.get(key)
        m = counters.get(key)
        pr = p[0] / p[1] if p and p[1] else None
        me = m[0] / m[1] if m and m[1] else None
        status = ",".join(sorted(p[2])) if p else "-"
        if me is None:
            verdict = "not executed"
        elif pr is None:
            verdict = "not predicted"
        elif "unknown" in p[2]:
            verdict = "unknown"
        elif m[3] and m[3] != p[3]:
            verdict = ("merged" if max(m[3]) > max(p[3]) else "split") + \
                f" ({'/'.join(str(x) for x in sorted(m[3]))}-bit SASS)"
        elif "range" in p[2]:
            lo = p[4] / p[1]
            verdict = "in range" if lo - 1e-9 <= me <= pr * (1 + tolerance) \
                else "out of range"
        elif abs(me - pr) < 1e-9:
            verdict = "exact"
        elif abs(me - pr) <= tolerance * pr:
            verdict = "close"
        else:
            verdict = "over" if pr > me else "under"
        counts[verdict.split(" (")[0]] = counts.get(verdict.split(" (")[0], 0) + 1
        if verdict in ("over", "under", "out of range"):
            failures.append((f"{file}:{line}", kernel, OPS[op], verdict))
        # Never conflict-free on a guess: a site called conflict-free that
        # measured conflicted fails whatever its status.
        if (pr is not None and me is not None and p and m and
                abs(pr - m[2] / m[1]) < 1e-9 and me > m[2] / m[1] * (1 + tolerance)
                and not verdict.startswith(("merged", "split", "unknown"))):
            failures.append((f"{file}:{line}", kernel, OPS[op],
                             "called conflict-free, measured conflicted"))
        if key in substituted:
            verdict += f" (hardware counter; SourceCounters {substituted[key]:.2f})"
        if key in attribution:
            verdict += f" ({attribution[key]})"
        rows.append((f"{file}:{line}", kernel, OPS[op],
                     "-" if pr is None else f"{pr:.2f}",
                     "-" if me is None else f"{me:.2f}", verdict, status))
    return rows, counts, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--metrics", required=True)
    parser.add_argument("--tolerance", type=float, default=0.06,
                        help="relative difference still counted as agreement")
    parser.add_argument("--level", choices=["kernel", "line"],
                        default="kernel")
    parser.add_argument("--source-counters",
                        help="source_sass.csv, for --level=line")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(args.samples, "*.cu")))
    report = read_predictions(args.warpcheck, sources, ["-I" + args.samples])
    if args.level == "line":
        rows, counts, failures = compare_lines(
            report, read_source_counters(args.source_counters),
            read_measurements(args.metrics), args.tolerance)
        width = max(len(r[0]) for r in rows)
        kwidth = max(len(r[1]) for r in rows)
        print(f"{'site':{width}}  {'kernel':{kwidth}}  {'op':6}  "
              f"{'predicted':>9}  {'measured':>8}  verdict  status")
        for r in rows:
            print(f"{r[0]:{width}}  {r[1]:{kwidth}}  {r[2]:6}  {r[3]:>9}  "
                  f"{r[4]:>8}  {r[5]}  {r[6]}")
        decidable = counts.get("exact", 0) + counts.get("close", 0) + \
            counts.get("over", 0) + counts.get("under", 0)
        agree = counts.get("exact", 0) + counts.get("close", 0)
        print(f"\n{len(rows)} sites: " +
              ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
        print(f"decidable sites in exact agreement: {agree}/{decidable} "
              f"({100.0 * agree / max(decidable, 1):.1f}%)")
        if failures:
            print("\nDISAGREEMENTS:")
            for f in failures:
                print("  %s %s %s: %s" % f)
            return 1
        return 0

    measured = read_measurements(args.metrics)
    predicted = predictions_by_kernel(report)

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
