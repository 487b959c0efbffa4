#!/usr/bin/env python3
"""Scores warpcheck against llm.c's dev/cuda measured per line on the GPU
(issue 25, "done when" point 1).

Reads the measurements scripts/trials/llmc-measure.sh wrote (metrics.csv and
source_sass.csv, one section per run after a line "## program PROGRAM ARG
KERNEL": the first launch of KERNEL under `PROGRAM ARG`), runs warpcheck on
every dev/cuda/*.cu of an llm.c checkout (as test/trials/llmc-static.py
does) and, per run, compares warpcheck's records of that kernel for the
launch's block shape with the measured lines, with
test/measurements/compare_measurements.py's line-level comparison
(compare_lines: its verdicts, the same attribution of each SASS instruction
to a predicted line).

Requests are the warp-level shared-memory instructions the GPU executed
(SourceCounters' "Instructions Executed" of every shared load, store and
atomic), attributed to lines as compare_lines attributes them. A line is

  exact and right   warpcheck's records for the launch's shape are all
                    exact (on a shape found, not assumed), and the verdict
                    is "exact": wavefronts per block equal to the GPU's or,
                    where how often the access runs is not known statically
                    (counts_exact false: "exact and right, conflict
                    factor"), wavefronts per ideal wavefront equal;
  wrong             the same records, and the verdict is anything else but
                    a compiler rewrite compare_lines recognizes ("merged",
                    "split", "moved (kernel total agrees)") or "not
                    executed": over, under, close, and "moved
                    (conflict-free on both sides)" (the line's count differs
                    and the kernel's total does not agree);
  exact, hardware counter close
                    the same records, the verdict "close" because
                    compare_lines used the kernel's hardware counter (the
                    kernel has one line for the operation), and the line's
                    SourceCounters wavefronts equal the prediction: neither
                    right nor wrong;
  exact, rewritten  exact records, the compiler fused or moved the access;
  undecided         a range, unknown, or a shape warpcheck assumed;
  not predicted     no record at that line.

Prints every line, the share of requests on exact-and-right lines, every
wrong line, and the largest undecided lines with warpcheck's reasons
(depends_on). Exits 1 when a line is wrong.

  scripts/trials/llmc-score.py LLMC_CHECKOUT WARPCHECK MEASUREMENTS_DIR
      [-j N] [--json-cache DIR] [--top N]
"""
import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

Root = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(Root, "test", "measurements"))
import compare_measurements as cm  # noqa: E402

FLAGS = ["--cuda-gpu-arch=sm_90", "-std=c++17", "-I."]


def analyze(binary, cuda_dir, name, cache):
    """warpcheck's JSON report of one dev/cuda file."""
    path = os.path.join(cache, name + ".json") if cache else None
    if path and os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    run = subprocess.run([binary, name, "--format=json", "--"] + FLAGS,
                         cwd=cuda_dir, capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        report = {"files": [{"file": name, "status":
                             "no JSON (rc %d)" % run.returncode}],
                  "accesses": []}
    if path:
        os.makedirs(cache, exist_ok=True)
        with open(path, "w") as f:
            json.dump(report, f)
    return report


def sections(path):
    """{(program, arg, kernel): [lines]} of a measurement file."""
    result, current = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith("## program "):
                words = line.split()
                current = tuple(words[2:5])
                result.setdefault(current, [])
                continue
            if current:
                result[current].append(line)
    return result


def canonical(name):
    """A kernel's name as compare_measurements keys it, with bool template
    arguments spelled alike: warpcheck's `true`, ncu's `1` or `(bool)1`."""
    key = cm.kernel_key(name)
    if "<" in key:
        base, args = key.split("<", 1)
        args = re.sub(r"\btrue\b", "1", args)
        key = base + "<" + re.sub(r"\bfalse\b", "0", args)
    return key


def launch_shapes(lines):
    """{kernel key: (x, y, z)} of the measured launches."""
    shapes = {}
    for line in lines:
        if not line.startswith('"') or line.startswith('"ID"'):
            continue
        row = next(csv.reader([line]))
        dims = tuple(int(x) for x in re.findall(r"\d+", row[7]))
        shapes[canonical(row[4])] = dims
    return shapes


def write(lines, directory, name):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.writelines(lines)
    return path


def score_run(report, metrics_lines, sass_lines, tolerance):
    """The rows of one run: (site, kernel, op, predicted, measured, verdict,
    status, class, requests, reasons)."""
    shapes = launch_shapes(metrics_lines)
    if not shapes or all(not any(s) for s in shapes.values()):
        # ncu has the launch but no data: it failed (block (0, 0, 0)).
        return [], [f"{', '.join(shapes) or 'the kernel'}: no data, the "
                    "launch failed (see run.log)"]
    with tempfile.TemporaryDirectory() as tmp:
        hardware, blocks = cm.read_measurements(
            write(metrics_lines, tmp, "metrics.csv"))
        sass = cm.read_source_counters(
            write(sass_lines, tmp, "source_sass.csv"))
    # ncu's names, canonical, for the measured kernels.
    hardware = {canonical(k): v for k, v in hardware.items()}
    blocks = {canonical(k): v for k, v in blocks.items()}
    sass = {(canonical(k), a): e for (k, a), e in sass.items()}
    # warpcheck's records of each measured kernel for the launch's shape;
    # where it has none for that shape, the ones on shapes it assumed.
    accesses, notes = [], []
    for kernel, shape in shapes.items():
        mine = [a for a in report["accesses"]
                if a.get("space", "shared") == "shared" and
                canonical(a["kernel"]) == kernel]
        same = [a for a in mine if tuple(a["block_dim"]) == shape]
        if not same and mine:
            same = [a for a in mine if cm.shape_assumed(a)]
            notes.append(f"{kernel}: no record for the launched shape "
                         f"{shape}; the assumed shapes' records "
                         f"({sorted({tuple(a['block_dim']) for a in same})})")
        if not mine:
            notes.append(f"{kernel}: warpcheck reports no shared access")
        accesses += [dict(a, kernel=kernel) for a in same]
    filtered = {"accesses": accesses}
    rows, _, _ = cm.compare_lines(filtered, sass, hardware, blocks,
                                  tolerance)
    predicted = cm.predictions(filtered, by_line=True)

    # Requests per (file, kernel, line, op), attributed as compare_lines
    # attributes them (its owner()).
    sources = {k[0] for k in predicted}

    def owner(kernel, op, candidates):
        for file, line in candidates:
            for key, p in predicted.items():
                if key[0] == file and key[1] == kernel and key[3] == op and \
                        key[2] <= line <= p["end"]:
                    return key
        own = [c for c in candidates if c[0] in sources] or candidates
        return (own[0][0], kernel, own[0][1], op)

    requests, wavefronts = {}, {}
    for (kernel, _), e in sass.items():
        key = owner(kernel, e["op"], e["lines"])
        requests[key] = requests.get(key, 0.0) + e["exec"]
        wavefronts[key] = wavefronts.get(key, 0.0) + e["wf"]

    def source_counters_equal(key, p):
        """Whether the line's SourceCounters wavefronts per block equal
        the prediction (where the verdict used the hardware counter)."""
        if key not in wavefronts:
            return False
        me = wavefronts[key] / blocks.get(key[1], 1)
        return abs(me - p["total"]) <= 1e-6 * max(1.0, p["total"])
    reasons = {}
    for a in accesses:
        key = (os.path.basename(a["file"]), a["kernel"], a["line"],
               cm.KIND_TO_OP[a["kind"]])
        for r in a.get("depends_on", []):
            reasons.setdefault(key, [])
            if r not in reasons[key]:
                reasons[key].append(r)
        text = f"block shape assumed ({a.get('block_dim_source')})"
        if cm.shape_assumed(a) and text not in reasons.get(key, []):
            reasons.setdefault(key, []).append(text)
    atomics = cm.atomic_lines(predicted)
    out = []
    for site, kernel, opname, pr, me, verdict, status in rows:
        file, line = site.rsplit(":", 1)
        op = cm.KIND_TO_OP[opname]
        key = (file, kernel, int(line), op)
        p = predicted.get(key)
        base = verdict.split(" (")[0]
        if p is None:
            cls = "not predicted"
            if op != "atom" and key[:3] in atomics:
                reasons[key] = ["the compiler's loop for the atomic on this "
                                "line (a compare-and-swap loop)"]
        elif p["status"] == {"exact"} and not p["assumed"]:
            if base == "exact":
                cls = "exact and right"
                if not p["counts_exact"]:
                    cls += ", conflict factor"
            elif base.startswith(("merged", "split")) or \
                    verdict.startswith("moved (kernel total agrees)"):
                cls = "exact, rewritten"
            elif base == "not executed":
                cls = "exact, not executed"
            elif base == "close" and "hardware counter" in verdict and \
                    source_counters_equal(key, p):
                # The line's instrumented count (SourceCounters) equals
                # the prediction; the kernel's hardware counter, which
                # compare_lines puts in its place where the kernel has one
                # line for the operation, is a few percent above.
                cls = "exact, hardware counter close"
            else:
                cls = "wrong"
        else:
            cls = "undecided"
        out.append((site, kernel, opname, pr, me, verdict, status, cls,
                    requests.get(key, 0.0), "; ".join(reasons.get(key, []))))
    return out, notes


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("llmc")
    p.add_argument("warpcheck")
    p.add_argument("measurements")
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--json-cache", help="keep warpcheck's reports here")
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--tolerance", type=float, default=0.06)
    a = p.parse_args()
    cuda_dir = os.path.join(a.llmc, "dev", "cuda")
    files = sorted(f for f in os.listdir(cuda_dir) if f.endswith(".cu"))
    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        reports = dict(zip(files, pool.map(
            lambda f: analyze(a.warpcheck, cuda_dir, f, a.json_cache),
            files)))
    analyzed = [f for f in files
                if [x.get("status") for x in reports[f].get("files", [])]
                == ["analyzed"]]
    print(f"files analyzed: {len(analyzed)} of {len(files)}"
          + "".join(f"\n  not analyzed: {f} {reports[f].get('files')}"
                    for f in files if f not in analyzed))

    metrics = sections(os.path.join(a.measurements, "metrics.csv"))
    sass = sections(os.path.join(a.measurements, "source_sass.csv"))
    all_rows, totals = [], {}
    for run in metrics:
        program, arg, kernel = run
        rows, notes = score_run(reports[program + ".cu"], metrics[run],
                                sass.get(run, []), a.tolerance)
        print(f"\n## {program} {arg} ({kernel})")
        for n in notes:
            print("  note: " + n)
        cm.print_table(("site", "kernel", "op", "predicted wf/block",
                        "measured wf/block", "verdict", "status", "class",
                        "requests"),
                       [r[:8] + (f"{r[8]:.0f}",) for r in rows])
        for r in rows:
            all_rows.append((program, arg) + r)
            totals[r[7]] = totals.get(r[7], 0.0) + r[8]
    missing = [f"{k}" for k in sass if k not in metrics]
    for m in missing:
        print(f"\nrun with SourceCounters but no metrics: {m}")

    print("\nper run: requests, share exact and right, lines per class")
    for run in metrics:
        mine = [r for r in all_rows if r[:2] == run[:2] and
                canonical(r[3]).startswith(run[2])]
        req = sum(r[10] for r in mine)
        ok = sum(r[10] for r in mine if r[9].startswith("exact and right"))
        classes = {}
        for r in mine:
            classes[r[9]] = classes.get(r[9], 0) + 1
        print(f"  {' '.join(run):58s} {req:>14,.0f} "
              f"{100.0 * ok / req if req else 0:5.1f}%  " +
              ", ".join(f"{v} {k}" for k, v in sorted(classes.items())))
    total = sum(totals.values())
    right = sum(v for c, v in totals.items()
                if c.startswith("exact and right"))
    print("\nexecuted shared requests (warp-level instructions) on measured "
          "lines, by class:")
    for cls in sorted(totals, key=lambda c: -totals[c]):
        print(f"  {cls:34s} {totals[cls]:>16,.0f}  "
              f"{100.0 * totals[cls] / max(total, 1):5.1f}%")
    print(f"  {'all':34s} {total:>16,.0f}")
    print(f"\ndecided exactly and equal to the GPU: {right:,.0f} of "
          f"{total:,.0f} requests ({100.0 * right / max(total, 1):.1f}%) "
          f"in {len(metrics)} runs")
    # The largest run alone, and the rest without it.
    per_run = {}
    for r in all_rows:
        e = per_run.setdefault(r[:2], [0.0, 0.0])
        e[0] += r[10]
        e[1] += r[10] if r[9].startswith("exact and right") else 0.0
    if per_run:
        big = max(per_run, key=lambda k: per_run[k][0])
        rest = [total - per_run[big][0], right - per_run[big][1]]
        print(f"  without the largest run ({' '.join(big)}: "
              f"{100.0 * per_run[big][0] / max(total, 1):.1f}% of the "
              f"requests): {rest[1]:,.0f} of {rest[0]:,.0f} "
              f"({100.0 * rest[1] / max(rest[0], 1):.1f}%)")
    lines = {}
    for r in all_rows:
        lines[r[9]] = lines.get(r[9], 0) + 1
    print("  lines (file, kernel, line, operation; per run): " +
          ", ".join(f"{v} {k}" for k, v in sorted(lines.items())))
    close = [r for r in all_rows if r[9] == "exact, hardware counter close"]
    if close:
        print(f"\nexact, SourceCounters equal, hardware counter within the "
              f"tolerance: {len(close)}")
        for r in close:
            print(f"  {r[0]} {r[1]} {r[2]} {r[3]} {r[4]}: predicted {r[5]}, "
                  f"{r[7]}, {r[10]:,.0f} requests")
    wrong = [r for r in all_rows if r[9] == "wrong"]
    print(f"\nwrong lines (exact, different from the GPU): {len(wrong)}")
    for r in wrong:
        print(f"  {r[0]} {r[1]} {r[2]} {r[3]} {r[4]}: predicted {r[5]}, "
              f"measured {r[6]} ({r[7]}), {r[10]:,.0f} requests")
    rewritten = [r for r in all_rows if r[9] == "exact, rewritten"]
    if rewritten:
        print(f"\nexact, access rewritten by the compiler: {len(rewritten)}")
        for r in rewritten:
            print(f"  {r[0]} {r[1]} {r[2]} {r[3]} {r[4]}: predicted {r[5]},"
                  f" measured {r[6]} ({r[7]}), {r[10]:,.0f} requests")
    undecided = sorted((r for r in all_rows
                        if r[9] in ("undecided", "not predicted")),
                       key=lambda r: -r[10])
    print(f"\nlargest undecided or unpredicted lines (of {len(undecided)}):")
    for r in undecided[:a.top]:
        print(f"  {r[0]} {r[1]} {r[2]} {r[4]}: {r[9]}, {r[8] or '-'}, "
              f"verdict {r[7]}, {r[10]:,.0f} requests "
              f"({100.0 * r[10] / max(total, 1):.1f}%); "
              f"{r[11] or 'no reason given'}")
    by_reason = {}
    for r in undecided:
        reason = r[11] or ("no record at the line" if r[9] == "not predicted"
                           else "no reason given")
        e = by_reason.setdefault(reason, [0.0, 0])
        e[0] += r[10]
        e[1] += 1
    print("\nundecided or unpredicted requests by warpcheck's reason:")
    for reason in sorted(by_reason, key=lambda k: -by_reason[k][0]):
        e = by_reason[reason]
        print(f"  {e[0]:>14,.0f} ({100.0 * e[0] / max(total, 1):4.1f}%) "
              f"{e[1]:3d} lines: {reason}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
