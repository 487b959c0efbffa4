#!/usr/bin/env python3
"""Compares warpcheck's final-code view (--verify-sass, issue 26) with the
H100 on the generated differential kernels whose probed access nvcc
reshaped: gen.py's corpus, or gen_reshape.py's (env.txt's `generator`; its
kept kernel ids are env.txt's `ids`).

compare.py compares the source view and sets aside the kernels where the
compiler changed the probed access ("compiler-changed": the SASS width
differs from the source's, the SASS line differs, or another number of
instructions ran than predicted; here also the compiler's compare-and-swap
loop, ATOMS.CAST.SPIN). Those are this script's subject: for each,
the final view of the probe's kind in its kernel (every access of that kind
summed: fused partners issue no request of their own), times the grid, must
equal Nsight Compute's per-kernel instructions and wavefronts.

The SASS warpcheck reads is either nvcc run by warpcheck itself
(--verify-sass with nvcc and nvdisasm installed) or a committed `nvdisasm
-gi` listing of the same programs (--sass-file; sass_lines_gi.txt.gz beside
the measurements, made from the same sources with the same nvcc 13.0.88
and flags as the measured build; --check-listing compares its shared
instructions with the measured build's, kernel by kernel).

Fails (exit 1) when, over the reshaped kernels, the final view equals the
GPU for fewer than --min-share (default 90%) or is ever lower than measured,
or when any known final view of any measured kernel (reshaped or not)
differs from the GPU's requests and wavefronts.

  compare_final.py --warpcheck build/bin/warpcheck \\
      --measurements cuda_samples/measurements/h100-differential \\
      --sass-file cuda_samples/measurements/h100-differential/sass_lines_gi.txt.gz
"""
import argparse
import collections
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402
import gen  # noqa: E402
import gen_reshape  # noqa: E402

EPS = 1e-6


def run_warpcheck(warpcheck, files, incdir, jobs, sass_file, nvcc):
    cmd = [warpcheck, "--format=json", "--fix-style=none", "--verify-sass",
           "-j", str(jobs)]
    tmp = None
    if sass_file:
        if sass_file.endswith(".gz"):
            tmp = tempfile.NamedTemporaryFile("wb", suffix=".sass", delete=False)
            with gzip.open(sass_file) as f:
                tmp.write(f.read())
            tmp.close()
            sass_file = tmp.name
        cmd.append("--sass-file=" + sass_file)
    if nvcc:
        cmd.append("--nvcc=" + nvcc)
    cmd += files + ["--", "-I" + incdir, "-O3", "-std=c++17"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if tmp:
        os.unlink(tmp.name)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def final_views(report):
    """{(kernel base, kind): [final views of the kernel's accesses]}"""
    out = collections.defaultdict(list)
    for a in report["accesses"]:
        m = re.match(r"(k\d{4})", a["kernel"])
        if m and "final" in a:
            out[(m.group(1), a["kind"])].append(a["final"])
    return out


def judge(views, wf, ins, grid):
    """(verdict, detail): equal / lower / higher / unknown."""
    if not views:
        return "unknown", "no final view"
    if any(v.get("status") != "known" for v in views):
        reasons = sorted({v.get("reason", "") for v in views
                          if v.get("status") != "known"})
        return "unknown", "; ".join(reasons)
    r = sum(v["requests"] for v in views) * grid
    w = sum(v["wavefronts"] for v in views) * grid
    changes = sorted({v["change"] for v in views})
    detail = (f"final {r:g} requests / {w:g} wavefronts ({','.join(changes)}), "
              f"measured {ins:g} / {wf:g}")
    if abs(r - ins) <= EPS and abs(w - wf) <= EPS:
        return "equal", detail
    if w < wf - EPS or r < ins - EPS:
        return "lower", detail
    return "higher", detail


def cas_kernels(path):
    """Kernels whose measured build has the compiler's compare-and-swap loop
    (ATOMS.CAST.SPIN: an atomicAdd without a native instruction; a source
    atomicCAS is ATOMS.CAS, not a reshape)."""
    f = compare.open_maybe_gz(path)
    out, cur = set(), None
    for text in f or []:
        m = re.search(r"\.text\.\S*?(k\d{4})", text)
        if m:
            cur = m.group(1)
        elif cur and re.search(r"\bATOMS\.CAST\.SPIN", text):
            out.add(cur)
    return out


def check_listing(listing, measured_sass):
    """Kernels whose shared instructions (kind, width, line) differ between
    the committed -gi listing and the measured build's -g listing."""
    mine = compare.read_sass(listing)
    differ = []
    for k, ops in measured_sass.items():
        a = {op: sorted(w for w, _ in v) for op, v in ops.items()}
        b = {op: sorted(w for w, _ in v) for op, v in mine.get(k, {}).items()}
        if a != b:
            differ.append(k)
    return differ


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--measurements", required=True)
    ap.add_argument("--sass-file", help="nvdisasm -gi listing of the programs "
                    "(default: warpcheck runs nvcc and nvdisasm)")
    ap.add_argument("--nvcc")
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(),
                                                   "warpcheck-differential-final"))
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--report", help="warpcheck's JSON report, instead of running it")
    ap.add_argument("--save-report")
    ap.add_argument("--min-share", type=float, default=90.0)
    ap.add_argument("--check-listing", action="store_true",
                    help="also check the listing against the measured build's")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()

    env = compare.read_env(os.path.join(a.measurements, "env.txt"))
    # The corpus's generator: gen.py, or gen_reshape.py with its kept ids.
    G = gen_reshape if env.get("generator") == "gen_reshape.py" else gen
    if env.get("generator_version") != G.GENERATOR_VERSION:
        sys.exit("measurements were taken with another generator version")
    seed, count, programs = int(env["seed"]), int(env["count"]), int(env["programs"])
    if G is gen_reshape:
        specs = G.generate(seed, count, [int(x) for x in env["ids"].split()])
    else:
        specs = G.generate(seed, count)
    manifest = G.write_all(specs, seed, programs, a.work)
    files = [os.path.join(a.work, f"diff_{p:02d}.cu") for p in range(programs)]
    if a.report:
        with open(a.report) as f:
            report = json.load(f)
    else:
        report = run_warpcheck(a.warpcheck, files, a.work, a.jobs, a.sass_file,
                               a.nvcc)
        if a.save_report:
            with open(a.save_report, "w") as f:
                json.dump(report, f)
    measured = compare.read_metrics(os.path.join(a.measurements, "metrics.csv"))
    sass = compare.read_sass(os.path.join(a.measurements, "sass_lines.txt"))
    cas = cas_kernels(os.path.join(a.measurements, "sass_lines.txt"))
    pred = compare.predictions(report)
    finals = final_views(report)

    if a.check_listing and a.sass_file:
        differ = check_listing(a.sass_file[:-3] if a.sass_file.endswith(".gz")
                               else a.sass_file, sass)
        print(f"listing against the measured build: {len(differ)} kernels differ"
              + (f" ({', '.join(differ[:10])})" if differ else ""))
        if differ:
            return 1

    verdicts = collections.Counter()
    everywhere = collections.Counter()
    by_change = collections.defaultdict(collections.Counter)
    rows, bad, wrong = [], [], []
    for k in manifest["kernels"]:
        name, op = k["name"], compare.OPS[k["op"]]
        mk = measured.get(name)
        if mk is None:
            continue
        wf, ins = mk[op]
        # Every kernel, reshaped or not: a known final view is the GPU's.
        v_all, d_all = judge(finals.get((name, k["op"]), []), wf, ins, k["grid"])
        everywhere[v_all] += 1
        if v_all in ("lower", "higher"):
            wrong.append((name, k["op"], "-", v_all, d_all))
        p = pred.get((name, k["file"], k["line"], k["op"]))
        s = (sass or {}).get(name, {}).get(op)
        reasons = []
        if s is not None:
            if {w for w, _ in s} != {k["width"] * 8}:
                reasons.append("width")
            lines = {ln for _, ln in s if ln is not None}
            if lines and lines != {k["line"]}:
                reasons.append("line")
        if p is not None and p["counts_exact"] and ins != p["instr"] * k["grid"]:
            reasons.append("instructions")
        if k["op"] == "atomic" and name in cas:
            reasons.append("cas")
        if not reasons:
            continue
        views = finals.get((name, k["op"]), [])
        verdict, detail = judge(views, wf, ins, k["grid"])
        verdicts[verdict] += 1
        for v in views:
            by_change[v.get("change", "unknown")][verdict] += 1
        rows.append((name, k["op"], ",".join(reasons), verdict, detail))
        if verdict in ("lower", "higher", "unknown"):
            bad.append(rows[-1])

    total = sum(verdicts.values())
    print(f"every measured kernel ({sum(everywhere.values())}): final view " +
          ", ".join(f"{v} {n}" for v, n in everywhere.most_common()))
    for r in wrong[:40]:
        print("  WRONG " + "  ".join(r))
    if a.list:
        for r in rows:
            print("  ".join(r))
    print(f"kernels nvcc reshaped: {total}; final view against the H100: " +
          ", ".join(f"{v} {n}" for v, n in verdicts.most_common()))
    share = 100.0 * verdicts["equal"] / max(1, total)
    print(f"equal: {share:.1f}% (need {a.min_share:g}%); lower than measured: "
          f"{verdicts['lower']} (need 0)")
    for r in bad[:40]:
        print("  " + "  ".join(r))
    if total == 0:
        print("no reshaped kernel found")
        return 1
    if share + EPS < a.min_share or verdicts["lower"] or wrong:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
