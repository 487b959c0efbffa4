#!/usr/bin/env python3
"""Compares warpcheck with the H100 on the generated differential kernels
(issue 12; test/differential/gen.py).

Regenerates the kernels from the seed, generator version and packing recorded
with the measurements (env.txt), runs warpcheck on them (JSON), and compares,
for every kernel, the probed access (its source line and kind) with the
measurement of that kind in that kernel: Nsight Compute's per-kernel
shared-memory wavefronts over instructions. By construction the probed access
is the only shared-memory instruction of its kind in the kernel (gen.py);
the SASS with line info recorded by measure.sh checks it.

Fails (exit 1) on:
  - an access called exact with fewer wavefronts per request than measured
    (a "false conflict-free" when it said the ideal);
  - an exact answer that differs from the measurement;
  - a range that misses the measurement;
  - a probe missing from warpcheck's report, or a file it could not analyze.
Kernels where the compiler changed the access (SASS width differs from the
source, or other than the predicted number of instructions ran) are listed
as "compiler-changed" and not compared. Prints the exact / range / unknown
shares, the exact share of the kernels whose index depends only on lane ids,
constants and template parameters (class `lane`), and the oracle's (gen.py's
Python bank model) agreement with the GPU.

Without --measurements the oracle stands in for the GPU (no device needed):
  compare.py --warpcheck build/bin/warpcheck --seed 12 --count 3200 --programs 8
"""
import argparse
import collections
import csv
import glob
import gzip
import io
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

OPS = {"load": "ld", "store": "st", "atomic": "atom"}
EPS = 1e-6


def read_env(path):
    env = {}
    with open(path) as f:
        for line in f:
            if ":" in line:
                k, v = line.split(":", 1)
                env[k.strip()] = v.strip()
    return env


def open_maybe_gz(path):
    if os.path.exists(path):
        return open(path)
    if os.path.exists(path + ".gz"):
        return io.TextIOWrapper(gzip.open(path + ".gz"))
    return None


def read_metrics(path):
    """{kernel base name: {op: [wavefronts, instructions]}} summed over
    launches, from raw `ncu --csv --page raw` output (several headers)."""
    f = open_maybe_gz(path)
    if f is None:
        sys.exit(f"no {path}[.gz]")
    result = {}
    header = None
    for row in csv.reader(line for line in f if line.startswith('"')):
        if row and row[0] == "ID":
            header = row
            continue
        if header is None or len(row) != len(header):
            continue
        rec = dict(zip(header, row))
        name = rec.get("Kernel Name", "")
        m = re.match(r"(?:void\s+)?(k\d{4})", name)
        if not m:
            continue
        e = result.setdefault(m.group(1), {op: [0.0, 0.0] for op in OPS.values()})
        for op in OPS.values():
            for i, metric in enumerate(
                    (f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum",
                     f"smsp__sass_inst_executed_op_shared_{op}.sum")):
                v = rec.get(metric)
                if v not in (None, "", "n/a"):
                    e[op][i] += float(v.replace(",", ""))
    return result


SASS_OP = {"LDS": "ld", "LDSM": "ld", "STS": "st", "ATOMS": "atom"}


def read_sass(path):
    """{kernel: {op: [(width bits, source line or None)]}} from the filtered
    `nvdisasm -g` output of measure.sh (sass_lines.txt)."""
    f = open_maybe_gz(path)
    if f is None:
        return None
    result, cur, line_no = {}, None, None
    for text in f:
        if ".text." in text:
            name = re.search(r"\.text\.\S*?(k\d{4})", text)
            cur = name.group(1) if name else None
            if cur:
                result.setdefault(cur, {})
            line_no = None
            continue
        if "//##" in text:
            # The generated file's line (for code inlined from a header:
            # the line it was inlined at, if given).
            m = re.findall(r'File "[^"]*diff_\d+\.cu", line (\d+)', text)
            line_no = int(m[-1]) if m else None
            continue
        m = re.search(r"\b(LDSM|LDS|STS|ATOMS)(\.[A-Z0-9_.]+)?\b", text)
        if m and cur:
            mods = m.group(2) or ""
            width = 32
            for w in (128, 64, 16, 8):
                if re.search(rf"\.(U|S)?{w}\b", mods):
                    width = w
                    break
            result[cur].setdefault(SASS_OP[m.group(1)], []).append((width, line_no))
    return result


def run_warpcheck(warpcheck, files, incdir, jobs):
    cmd = [warpcheck, "--format=json", "--fix-style=none", "-j", str(jobs)] + \
        files + ["--", "-I" + incdir]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def predictions(report):
    """{(kernel base, file, line, kind): aggregate over the report's accesses}."""
    out = {}
    for a in report["accesses"]:
        m = re.match(r"(k\d{4})", a["kernel"])
        if not m:
            continue
        key = (m.group(1), os.path.basename(a["file"]), a["line"], a["kind"])
        e = out.setdefault(key, {"total": 0, "min": 0, "instr": 0, "requests": 0,
                                 "ideal": 0, "status": set(), "counts_exact": True,
                                 "width": set(), "worst": 0, "depends": set()})
        e["total"] += a["total_wavefronts"]
        # The fewest the block's requests can take: the worst request's
        # minimum, every other request at least one.
        e["min"] += a["min_wavefronts"] + a["requests"] - 1 \
            if a.get("instructions", a["requests"]) == a["requests"] else 0
        e["instr"] += a.get("instructions", a["requests"])
        e["requests"] += a["requests"]
        e["ideal"] += a["total_ideal_wavefronts"]
        e["status"].add(a["status"])
        e["counts_exact"] &= a.get("counts_exact", True)
        e["width"].add(a["width_bytes"])
        e["worst"] = max(e["worst"], a["wavefronts"])
        e["depends"].update(a.get("depends_on", []))
    return out


def status_of(p):
    if p is None:
        return "missing"
    if "unknown" in p["status"]:
        return "unknown"
    if "range" in p["status"]:
        return "range"
    return "exact"


def judge(k, p, wf, ins, grid):
    """Verdict of prediction p against a measurement (wf, ins over the grid):
    (verdict, failure or None)."""
    st = status_of(p)
    if st == "missing":
        return "missing", "probe missing from warpcheck's report"
    if ins <= 0:
        return "not run", None if st != "exact" or p["instr"] == 0 else \
            "predicted requests, none measured"
    m = wf / ins
    if st == "unknown":
        return "unknown", None
    lo = p["min"] / max(1, p["instr"]) if st == "range" else None
    pred = p["total"] / max(1, p["instr"])
    if st == "range":
        # Without exact counts the average is bounded by the worst request.
        hi = pred if p["counts_exact"] else max(pred, p["worst"])
        if lo - EPS <= m <= hi + EPS:
            return "in range", None
        return "range misses", f"range {lo:.3g}..{hi:.3g}, measured {m:.3g}"
    if abs(m - pred) <= EPS * max(1, pred):
        return "exact", None
    if pred < m:
        if p["total"] <= p["ideal"]:
            return "false conflict-free", (f"called conflict-free ({pred:.3g}), "
                                           f"measured {m:.3g}")
        return "under", f"exact {pred:.3g} < measured {m:.3g}"
    return "over", f"exact {pred:.3g} > measured {m:.3g}"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--measurements", help="folder with env.txt, metrics.csv[.gz], "
                    "sass_lines.txt[.gz]; without it the oracle is the truth")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--count", type=int)
    ap.add_argument("--programs", type=int)
    ap.add_argument("--work", default=os.path.join(os.getcwd(), "differential-work"),
                    help="where the kernels are regenerated")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--report", help="warpcheck's JSON report, instead of running it")
    ap.add_argument("--save-report", help="write warpcheck's JSON report here")
    ap.add_argument("--list", action="store_true", help="print every kernel's row")
    ap.add_argument("--disagreements-json", help="write the failing kernels here")
    a = ap.parse_args()

    seed, count, programs = a.seed, a.count, a.programs
    if a.measurements:
        env = read_env(os.path.join(a.measurements, "env.txt"))
        if env.get("generator_version") != gen.GENERATOR_VERSION:
            sys.exit(f"measurements were taken with generator "
                     f"{env.get('generator_version')}, this is "
                     f"{gen.GENERATOR_VERSION}: regenerate and re-measure")
        seed = seed if seed is not None else int(env["seed"])
        count = count if count is not None else int(env["count"])
        programs = programs if programs is not None else int(env["programs"])
    seed = 12 if seed is None else seed
    count = 3200 if count is None else count
    programs = 8 if programs is None else programs

    t0 = time.time()
    specs = gen.generate(seed, count)
    manifest = gen.write_all(specs, seed, programs, a.work)
    files = sorted(glob.glob(os.path.join(a.work, "diff_*.cu")))
    if a.report:
        with open(a.report) as f:
            report = json.load(f)
    else:
        report = run_warpcheck(a.warpcheck, files, a.work, a.jobs)
        if a.save_report:
            with open(a.save_report, "w") as f:
                json.dump(report, f)
    t1 = time.time()
    pred = predictions(report)
    failures = []
    for f in report.get("files", []):
        if f.get("status") != "analyzed":
            failures.append(("-", os.path.basename(f["file"]), "not analyzed"))

    measured = sass = None
    if a.measurements:
        measured = read_metrics(os.path.join(a.measurements, "metrics.csv"))
        sass = read_sass(os.path.join(a.measurements, "sass_lines.txt"))

    counts = collections.Counter()
    by_class = collections.defaultdict(collections.Counter)
    verdicts = collections.Counter()
    oracle_vs_gpu = collections.Counter()
    oracle_mismatch = []
    changed = []
    rows = []
    for k in manifest["kernels"]:
        name, op = k["name"], OPS[k["op"]]
        p = pred.get((name, k["file"], k["line"], k["op"]))
        st = status_of(p)
        counts[st] += 1
        by_class[k["class"]][st] += 1
        grid = k["grid"]
        note = ""
        if measured is not None:
            mk = measured.get(name)
            if mk is None:
                verdicts["not measured"] += 1
                rows.append((name, k["op"], k["class"], st, "-", "-", "not measured", ""))
                continue
            wf, ins = mk[op]
            # Did the compiler keep the access as written?
            s = (sass or {}).get(name, {}).get(op) if sass is not None else None
            reasons = []
            if s is not None:
                widths = {w for w, _ in s}
                if widths != {k["width"] * 8}:
                    reasons.append(f"SASS width {sorted(widths)} bits")
                lines = {ln for _, ln in s if ln is not None}
                if lines and lines != {k["line"]}:
                    reasons.append(f"SASS lines {sorted(lines)}")
            if p is not None and p["counts_exact"] and ins != p["instr"] * grid:
                reasons.append(f"{ins:g} instructions ran, {p['instr'] * grid} predicted")
            ow, oi = k["oracle_wavefronts"], k["oracle_instructions"]
            if k["op"] != "atomic" or k["atomic"] != "add" or True:
                if abs(ow - wf) < EPS and abs(oi - ins) < EPS:
                    oracle_vs_gpu["agree"] += 1
                else:
                    oracle_vs_gpu["differ"] += 1
                    oracle_mismatch.append((name, ow, oi, wf, ins, "; ".join(reasons)))
        else:
            wf, ins = float(k["oracle_wavefronts"]), float(k["oracle_instructions"])
            reasons = []
            if p is not None and p["counts_exact"] and ins != p["instr"] * grid:
                reasons.append(f"oracle {ins:g} instructions, {p['instr'] * grid} predicted")
        if reasons:
            verdict, why = "compiler-changed", None
            note = "; ".join(reasons)
            changed.append((name, note))
        else:
            verdict, why = judge(k, p, wf, ins, grid)
        if why and k["class"] == "data" and st == "exact":
            why += " (data-dependent index called exact)"
        verdicts[verdict] += 1
        pw = "-" if p is None else f"{p['total'] / max(1, p['instr']):.3g}"
        mw = f"{wf / ins:.3g}" if ins else "-"
        rows.append((name, k["op"], k["class"], st, pw, mw, verdict, note))
        if why:
            failures.append((name, f"{k['file']}:{k['line']}", why))

    if a.list:
        for r in rows:
            print("  ".join(str(x) for x in r))
    total = len(manifest["kernels"])
    truth = "H100" if a.measurements else "oracle (gen.py's bank model)"
    print(f"gen.py {gen.GENERATOR_VERSION}, seed {seed}: {total} kernels in "
          f"{programs} programs; truth: {truth}; warpcheck "
          f"{'report given' if a.report else f'ran in {t1 - t0:.0f} s'}")
    print("statuses: " + ", ".join(
        f"{s} {counts[s]} ({100.0 * counts[s] / total:.1f}%)"
        for s in ("exact", "range", "unknown", "missing") if counts[s]))
    for c in ("lane", "param", "data"):
        n = sum(by_class[c].values())
        if n:
            print(f"  class {c:5s} ({n} kernels): " + ", ".join(
                f"{s} {by_class[c][s]} ({100.0 * by_class[c][s] / n:.1f}%)"
                for s in ("exact", "range", "unknown", "missing") if by_class[c][s]))
    lane = by_class["lane"]
    nl = sum(lane.values())
    if nl:
        print(f"exact share of lane-only indices (thread ids, constants, template "
              f"parameters): {100.0 * lane['exact'] / nl:.1f}% (target 98%)")
    lp = by_class["lane"] + by_class["param"]
    nlp = sum(lp.values())
    if nlp:
        print(f"exact share with known parameters, blockIdx and warp-uniform data "
              f"too: {100.0 * lp['exact'] / nlp:.1f}%")
    print("verdicts: " + ", ".join(f"{v} {n}" for v, n in verdicts.most_common()))
    if measured is not None:
        print(f"oracle against the H100: {oracle_vs_gpu['agree']} agree, "
              f"{oracle_vs_gpu['differ']} differ")
        for m in oracle_mismatch[:30]:
            print("  oracle %s: %s wf / %s instr, H100 %g / %g %s" % m)
    if changed:
        print(f"compiler-changed ({len(changed)}), not compared:")
        for name, note in changed[:40]:
            print(f"  {name}: {note}")
    fc = sum(1 for f in failures if "conflict-free" in f[2])
    wrong = sum(1 for f in failures if f[2].startswith("exact"))
    print(f"false conflict-free: {fc}; wrong exact: {wrong}; "
          f"range misses: {sum(1 for f in failures if f[2].startswith('range'))}")
    if a.disagreements_json:
        with open(a.disagreements_json, "w") as f:
            json.dump([{"kernel": n, "where": w, "why": y} for n, w, y in failures], f,
                      indent=1)
    if failures:
        print(f"\nDISAGREEMENTS ({len(failures)}):")
        for f in failures:
            print("  " + "  ".join(f))
        return 1
    print("no disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
