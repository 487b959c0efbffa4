#!/usr/bin/env python3
"""Compares warpcheck's predictions inside CUB primitives with the H100.

The corpus: cuda_samples/cub/*.cu, kernels that call CUB block and warp
primitives (BlockExchange, WarpExchange, BlockLoad/Store, BlockRadixSort,
BlockScan, BlockReduce, BlockHistogram, BlockShuffle, BlockDiscontinuity,
BlockAdjacentDifference). The measurements: cuda_samples/measurements/
h100-cub/lines.csv, written by cuda_samples/cub/summarize.py from the raw
output of cuda_samples/cub/measure.sh: one row per kernel, operation, SASS
kind and inlined-at chain (innermost CUB header line first, the kernel's own
line last), with the SourceCounters of every shared-memory instruction.

warpcheck (--format=json) reports each access at the user's line (the call
in the kernel that leads into CUB); an access made inside a system header
also carries header_file/header_line (the library location). An access
matches a measured row of the same kernel and operation when
  - it has a header location: that location (basename and line) and its
    user location both lie on the row's chain;
  - it has none: its file/line is the row's innermost location.
Accesses and rows that match one another form groups (a CUB line reached by
two accesses, or an access compiled into several instructions); each group
is compared as a whole:
  - counts exact (every access `counts_exact`): wavefronts per block,
    predicted total_wavefronts against the SourceCounters total divided by
    the grid's blocks (a line only thread 0 runs is issued by every warp,
    which Nsight counts as executed without a request: per block totals
    hold where per-instruction ratios do not);
  - otherwise: the conflict factor, wavefronts over ideal wavefronts.
Verdicts: exact/close (within --tolerance), in range, unknown, merged (the
compiler changed the access width, e.g. two 8-byte reads fused into one
LDS.128: not a model error), over/under/out of range (a model error).

Fails (exit 1; exit 2 when warpcheck or the files cannot be read) when
  - a measured executed shared-memory row has no warpcheck access (missing);
  - an exact group disagrees with the measurement (over/under);
  - a range misses it (out of range);
  - a group that warpcheck called conflict-free (every access's wavefronts
    at most its ideal) measured conflicted, whatever its status.
--known-failures FILE lists failures (one per line, as printed under
FAILURES) that are reported but do not fail, until they stop occurring.

Prints per kernel the share of executed shared requests that warpcheck
decided exactly, and a summary: accesses seen, exact, range, unknown,
requests decided exactly, kernels with a measured conflict that got a
warning.
"""
import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys

CONFLICT_CHECK = "warpcheck-shared-bank-conflict"


def die(message):
    """Infrastructure errors exit 2, disagreements 1."""
    print(f"compare_cub: {message}", file=sys.stderr)
    sys.exit(2)


def kernel_key(name):
    """'void f<int, (int)4>(const T1 *, T1 *)' and 'f<int, 4>' -> 'f<int, 4>'."""
    name = re.sub(r"\((?:unsigned )?(?:int|long|char|short|bool)\)(?=-?\d)",
                  "", (name or "").strip())
    if name.startswith("void "):
        name = name[5:]
    depth = 0
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            return name[:i].strip()
    return name.strip()


def parse_loc(text):
    file, _, line = text.rpartition(":")
    return (file, int(line)) if file and line.isdigit() else None


def read_lines(path):
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            chain = [parse_loc(x) for x in r["chain"].split(" <- ") if x]
            rows.append({
                "kernel": kernel_key(r["kernel"]), "op": r["op"],
                "sass": r["sass"], "width_bits": int(r["width_bits"] or 0),
                "blocks": int(r["blocks"] or 1),
                "executed": float(r["executed"]),
                "wavefronts": float(r["wavefronts"]),
                "ideal": float(r["ideal"]),
                "chain": [c for c in chain if c],
                "location": r["location"], "user": r["user_location"],
                "library": r["library_location"],
                "max_per_request": float(r["max_per_request"] or 0),
            })
    return rows


def run_warpcheck(warpcheck, sources, extra):
    cmd = [warpcheck, "--format=json"] + sources + ["--"] + extra
    try:
        run = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        die(f"cannot run {warpcheck}: {e}")
    if run.returncode not in (0, 1) or not run.stdout.strip():
        die(f"warpcheck failed ({run.returncode}): "
                 f"{run.stderr.strip()[:2000]}")
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError as e:
        die(f"warpcheck's JSON does not parse: {e}")
    for f in report.get("files", []):
        if f.get("status") != "analyzed":
            die(f"warpcheck could not analyze "
                     f"{f.get('file')}: {f.get('error', run.stderr.strip())}")
    return report


def access_locs(a):
    """(header (basename, line) or None, user (basename, line))."""
    user = (os.path.basename(a.get("file", "")), int(a.get("line", 0)))
    header = None
    if a.get("header_file") and a.get("header_line"):
        header = (os.path.basename(a["header_file"]), int(a["header_line"]))
    return header, user


def matches(a, row):
    header, user = access_locs(a)
    if a.get("kind") != row["op"]:
        return False
    if header:
        return header in row["chain"] and user in row["chain"]
    return bool(row["chain"]) and row["chain"][0] == user


def warned_kernels(report, accesses):
    """(kernels named by a bank-conflict warning's note 'in 'K' with block
    ...', kernels whose predicted-conflicted access sits at the line of a
    warning that names another instantiation: identical warnings of one
    template's instantiations at one line are printed once)."""
    kernels, lines = set(), set()
    for d in report.get("diagnostics", []):
        if d.get("check") != CONFLICT_CHECK or d.get("level") == "remark":
            continue
        lines.add((os.path.basename(d.get("file", "")), d.get("line")))
        for n in d.get("notes", []):
            m = re.search(r"in '([^']+)' with block", n.get("message", ""))
            if m:
                kernels.add(kernel_key(m.group(1)))
        m = re.search(r"in '([^']+)' with block", d.get("message", ""))
        if m:
            kernels.add(kernel_key(m.group(1)))
    folded = set()
    for a in accesses:
        if a.get("wavefronts", 0) > a.get("ideal_wavefronts", 1) and \
                (os.path.basename(a.get("file", "")), a.get("line")) in lines:
            folded.add(a["_kernel"])
    return kernels, folded - kernels


class Groups:
    """Connected components of accesses and measured rows."""

    def __init__(self):
        self.parent = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)


def close(predicted, measured, tolerance):
    if abs(predicted - measured) < 1e-6:
        return "exact"
    if abs(predicted - measured) <= tolerance * max(abs(measured), 1e-9):
        return "close"
    return None


def judge(accesses, rows, tolerance):
    """(verdict, predicted text, measured text, failed)."""
    blocks = rows[0]["blocks"] or 1
    m_wf = sum(r["wavefronts"] for r in rows)
    m_ideal = sum(r["ideal"] for r in rows)
    m_exec = sum(r["executed"] for r in rows)
    m_conflicted = any(r["wavefronts"] > r["ideal"] for r in rows)
    statuses = {a.get("status") for a in accesses}
    called_free = all(a.get("wavefronts", 0) <= a.get("ideal_wavefronts", 1)
                      for a in accesses)
    widths = {a.get("width_bytes", 0) * 8 for a in accesses}
    merged = any(r["width_bits"] and r["width_bits"] not in widths
                 for r in rows)
    counts_exact = all(a.get("counts_exact", True) for a in accesses)
    p_total = sum(a.get("total_wavefronts", 0) for a in accesses)
    p_ideal = sum(a.get("total_ideal_wavefronts", 0) for a in accesses)
    p_instr = sum(a.get("instructions", a.get("requests", 0))
                  for a in accesses)
    per_req = f"{p_total / p_instr:.2f}/req" if p_instr else "-"
    m_per_req = f"{m_wf / m_exec:.2f}/req" if m_exec else "-"
    if counts_exact:
        predicted = f"{p_total:g} wf/block ({per_req})"
        measured = f"{m_wf / blocks:g} wf/block ({m_per_req})"
    else:
        predicted = f"x{p_total / p_ideal:.2f} of ideal" if p_ideal else "-"
        measured = f"x{m_wf / m_ideal:.2f} of ideal" if m_ideal else "-"
    if called_free and m_conflicted:
        return ("conflict-free but measured conflicted" +
                (" (merged widths)" if merged else ""),
                predicted, measured, True)
    if "unknown" in statuses:
        return "unknown", predicted, measured, False
    if merged:
        return "merged", predicted, measured, False
    if statuses == {"exact"}:
        if counts_exact:
            v = close(p_total, m_wf / blocks, tolerance)
        else:
            v = close(p_total / p_ideal if p_ideal else 0,
                      m_wf / m_ideal if m_ideal else 0, tolerance)
        if v:
            return v, predicted, measured, False
        over = (p_total > m_wf / blocks) if counts_exact else \
            (p_total / max(p_ideal, 1e-9) > m_wf / max(m_ideal, 1e-9))
        return ("over" if over else "under"), predicted, measured, True
    # range: the worst measured instruction's wavefronts per request lie
    # between the smallest and the largest the accesses allow
    lo = min(a.get("min_wavefronts", a.get("wavefronts", 0))
             for a in accesses)
    hi = max(a.get("wavefronts", 0) for a in accesses)
    worst = max(r["max_per_request"] for r in rows)
    predicted = f"{lo:g}..{hi:g}/req"
    measured = f"{worst:.2f}/req (worst instruction)"
    if lo * (1 - tolerance) - 1e-6 <= worst <= hi * (1 + tolerance) + 1e-6:
        return "in range", predicted, measured, False
    return "out of range", predicted, measured, True


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--source", required=True,
                    help="cuda_samples/cub (every .cu in it is analyzed)")
    ap.add_argument("--measurements", required=True,
                    help="cuda_samples/measurements/h100-cub (lines.csv)")
    ap.add_argument("--tolerance", type=float, default=0.06)
    ap.add_argument("--known-failures",
                    help="failures (as printed) that are expected for now")
    ap.add_argument("--verbose", action="store_true",
                    help="print every group, not only failures")
    ap.add_argument("extra", nargs="*",
                    help="compiler arguments for warpcheck (after --)")
    args = ap.parse_args()

    lines_csv = os.path.join(args.measurements, "lines.csv")
    if not os.path.exists(lines_csv):
        die(f"no {lines_csv} (run cuda_samples/cub/"
                 f"summarize.py {args.measurements})")
    # a line whose every issue had all lanes predicated off made no request
    rows = [r for r in read_lines(lines_csv)
            if r["executed"] > 0 and r["wavefronts"] > 0]
    sources = sorted(glob.glob(os.path.join(args.source, "*.cu")))
    if not sources:
        die(f"no .cu files in {args.source}")
    report = run_warpcheck(args.warpcheck, sources, args.extra)

    measured_kernels = sorted({r["kernel"] for r in rows})
    accesses = [a for a in report.get("accesses", [])
                if a.get("space", "shared") == "shared"]
    for a in accesses:
        a["_kernel"] = kernel_key(a.get("kernel", ""))
    known_kernels = set(measured_kernels)
    unmeasured = sorted({a["_kernel"] for a in accesses} - known_kernels)

    groups = Groups()
    by_kernel_rows = {}
    for i, r in enumerate(rows):
        by_kernel_rows.setdefault(r["kernel"], []).append(i)
        groups.find(("r", i))
    for j, a in enumerate(accesses):
        groups.find(("a", j))
        for i in by_kernel_rows.get(a["_kernel"], []):
            if matches(a, rows[i]):
                groups.union(("a", j), ("r", i))
    comps = {}
    for node in list(groups.parent):
        comps.setdefault(groups.find(node), []).append(node)

    failures, table = [], []
    decided = {}   # kernel -> [exactly decided executed, executed]
    matched_accesses = set()
    for members in comps.values():
        ri = sorted(i for t, i in members if t == "r")
        aj = sorted(j for t, j in members if t == "a")
        if not ri:
            continue
        kernel = rows[ri[0]]["kernel"]
        executed = sum(rows[i]["executed"] for i in ri)
        d = decided.setdefault(kernel, [0.0, 0.0])
        d[1] += executed
        op = rows[ri[0]]["op"]
        where = "; ".join(sorted({
            (rows[i]["library"] + " <- " + rows[i]["user"])
            if rows[i]["library"] else rows[i]["location"] for i in ri}))
        if not aj:
            wf = sum(rows[i]["wavefronts"] for i in ri)
            line = (f"{kernel} {op} at {where}: missing (measured "
                    f"{wf / rows[ri[0]]['blocks']:g} wf/block, "
                    f"{wf / executed:.2f}/req; no warpcheck access)")
            failures.append(line)
            table.append((kernel, op, where, "-", f"{wf / executed:.2f}/req",
                          "missing", "-"))
            continue
        acc = [accesses[j] for j in aj]
        matched_accesses.update(aj)
        verdict, predicted, measured, failed = judge(
            acc, [rows[i] for i in ri], args.tolerance)
        status = "/".join(sorted({a.get("status", "?") for a in acc}))
        if status == "exact" and not failed:
            d[0] += executed
        table.append((kernel, op, where, predicted, measured, verdict,
                      status))
        if failed:
            failures.append(f"{kernel} {op} at {where}: {verdict} "
                            f"(predicted {predicted}, measured {measured})")

    known = set()
    if args.known_failures and os.path.exists(args.known_failures):
        with open(args.known_failures) as f:
            known = {l.strip() for l in f
                     if l.strip() and not l.startswith("#")}

    if args.verbose or failures:
        print(f"{'kernel':44} {'op':6} {'verdict':30} {'status':8} "
              f"{'predicted':28} {'measured':28} where")
        for t in sorted(table):
            if args.verbose or t[5] not in ("exact", "close", "in range",
                                            "unknown", "merged"):
                print(f"{t[0]:44} {t[1]:6} {t[5]:30} {t[6]:8} {t[3]:28} "
                      f"{t[4]:28} {t[2]}")
        print()

    print("per kernel: executed shared requests decided exactly")
    for k in measured_kernels:
        done, total = decided.get(k, [0.0, 0.0])
        share = 100.0 * done / total if total else 0.0
        print(f"  {k:48} {share:6.1f}%  ({done:g}/{total:g})")
    print()

    seen = [a for a in accesses if a["_kernel"] in known_kernels]
    statuses = [a.get("status") for a in seen]
    in_headers = sum(1 for a in seen if a.get("header_file"))
    all_done = sum(v[0] for v in decided.values())
    all_exec = sum(v[1] for v in decided.values())
    conflicted = sorted({r["kernel"] for r in rows
                         if r["wavefronts"] > r["ideal"]})
    named, folded = warned_kernels(report, accesses)
    warned = named | folded
    got = [k for k in conflicted if k in warned]
    via = [k for k in got if k in folded]
    print(f"accesses seen: {len(seen)} ({in_headers} inside headers; "
          f"{len(set(range(len(accesses))) - matched_accesses)} matched no "
          f"measured line), exact {statuses.count('exact')}, "
          f"range {statuses.count('range')}, "
          f"unknown {statuses.count('unknown')}")
    print(f"executed shared requests decided exactly: "
          f"{100.0 * all_done / all_exec if all_exec else 0:.1f}% "
          f"({all_done:g}/{all_exec:g}, {len(measured_kernels)} kernels)")
    print(f"kernels with a measured conflict that got a warning: "
          f"{len(got)}/{len(conflicted)}"
          + (f" ({len(via)} only through an identical warning at the same "
             f"line naming another instantiation: {', '.join(via)})"
             if via else "")
          + (f" (no warning: {', '.join(k for k in conflicted if k not in warned)})"
             if len(got) < len(conflicted) else ""))
    if unmeasured:
        print(f"kernels warpcheck analyzed that were not measured: "
              f"{', '.join(unmeasured)}")

    unexpected = [f for f in failures if f not in known]
    gone = sorted(known - set(failures))
    if failures:
        print(f"\nFAILURES ({len(failures)}, {len(unexpected)} not in "
              f"--known-failures):")
        for f in failures:
            print(("  (known) " if f in known else "  ") + f)
    if gone:
        print("\nknown failures that no longer occur (remove them):")
        for f in gone:
            print("  " + f)
    return 1 if unexpected or gone else 0


if __name__ == "__main__":
    sys.exit(main())
