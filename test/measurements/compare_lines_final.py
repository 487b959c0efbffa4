#!/usr/bin/env python3
"""Compares warpcheck's final-code view (--verify-sass, issue 26) of one
kernel with its per-line H100 measurements (Nsight Compute SourceCounters),
from a committed `nvdisasm -gi` listing of the measured build, so that no
GPU and no nvcc is needed: llm.c's attention_backward kernel 6 and
cuda-samples' matrixMul (cuda_samples/measurements/h100-reshape/).

Per measured line and kind of the kernel (the SASS instructions Nsight
Compute lists under the line, summed), with warpcheck's records of the
kernel for the measured block shape on that line:
  equal               a known final view times the grid's blocks equals the
                      measured requests and wavefronts;
  equal per iteration the final counts are one iteration's of a loop whose
                      trip count is a run-time value (`per_iteration`): times
                      the measured run's trip count (--trips LINE=N, from
                      its arguments) and the grid's blocks they equal the
                      measured requests and wavefronts (counted as equal);
  per-request equal   the final counts are unknown (the source's request
                      counts are not exact: a trip count from a run-time
                      value), and the final view's per-request cost of each
                      instruction (`per_request`) equals every measured
                      instruction's wavefronts per request;
  unknown             neither;
  differs             a known view, or a per-request cost, that is not the
                      GPU's (fails).
--check-listing also compares the listing's shared instructions on each
line (opcodes) with the measured ones: every measured instruction must be in
the listing (instructions that never ran have no counters), so that the
listing is the measured build's code. Fails (exit 1) on a difference, or when fewer than --min-equal
lines are equal or per-request equal.

  compare_lines_final.py --warpcheck build/bin/warpcheck \\
      --source $CUDA_SAMPLES/Samples/0_Introduction/matrixMul/matrixMul.cu \\
      --kernel 'MatrixMulCUDA<32>' --block 32,32,1 \\
      --source-counters .../matrixmul/source_sass.csv.gz \\
      --metrics .../matrixmul/metrics.csv.gz \\
      --sass-file .../matrixmul/matrixMul_sass_gi.txt.gz -- -I$CUDA_SAMPLES/Common
"""
import argparse
import collections
import csv
import gzip
import io
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from compare_measurements import kernel_key  # noqa: E402

EPS = 1e-6
OPS = {"Load": "load", "Store": "store"}


def open_text(path):
    return io.TextIOWrapper(gzip.open(path)) if path.endswith(".gz") else open(path)


def read_lines(path, kernel, section):
    """{(line, kind): [(opcode, executed, wavefronts)]} of the kernel's
    shared loads and stores, under the CUDA line Nsight Compute lists them
    at (the source file's; an inlined header line goes to the line of the
    call, which nvcc's -lineinfo gives as the last listed line)."""
    out = collections.defaultdict(list)
    header = cur_kernel = None
    seen = set()
    line = None
    in_section = section is None
    for raw in open_text(path):
        if raw.startswith("## "):
            in_section = section is None or raw.strip() == section
            continue
        if not in_section or not raw.startswith('"'):
            continue
        row = next(csv.reader([raw]))
        if row[0] == "Function Name":
            cur_kernel = kernel_key(row[1])
            seen = set()
            continue
        if row[0] == "File Path":
            continue
        if row[0] == "Line No":
            header = {n: i for i, n in reversed(list(enumerate(row)))}
            continue
        if header is None or cur_kernel != kernel:
            continue
        if row[0]:
            line = int(row[0])
            continue
        if not row[header["Address Space"]].startswith("Shared"):
            continue
        kind = OPS.get(row[header["Access Operation"]])
        if kind is None:
            continue

        def num(name):
            v = row[header[name]].replace(",", "")
            return float(v) if v not in ("", "-") else 0.0
        # ncu may list an instruction twice under its line (a report of
        # several kernels, tile_loops): count each address once.
        if row[2] in seen:
            continue
        seen.add(row[2])
        opcode = row[3].strip().split()[0]
        if opcode.startswith("@"):
            opcode = row[3].strip().split()[1]
        out[(line, kind)].append((opcode, num("Instructions Executed"),
                                  num("L1 Wavefronts Shared")))
    return out


def read_blocks(path, kernel):
    """Blocks of the kernel's first measured launch (raw ncu CSV)."""
    for row in csv.reader(line for line in open_text(path) if line.startswith('"')):
        if len(row) > 8 and row[0] != "ID" and kernel_key(row[4]) == kernel:
            dims = [int(x) for x in re.findall(r"\d+", row[8])]
            n = 1
            for d in dims:
                n *= d
            return n
    sys.exit(f"no launch of {kernel} in {path}")


def listing_lines(listing, kernel_mangled_part, source_name):
    """{line: [opcode]} of the shared loads and stores of functions whose
    name contains kernel_mangled_part, at the source file's line."""
    out = collections.defaultdict(list)
    inside = False
    line = None
    for text in listing.split("\n"):
        m = re.match(r"\.text\.(\S+):", text)
        if m:
            inside = kernel_mangled_part in m.group(1)
            line = None
            continue
        if not inside:
            continue
        if "//##" in text:
            # The outermost position in the source file (after an inlining
            # chain, "inlined at" names the caller).
            found = re.findall(r'File "([^"]+)", line (\d+)', text)
            mine = [int(n) for f, n in found if os.path.basename(f) == source_name]
            if mine:
                line = mine[-1]
            continue
        m = re.search(r"\b((?:LDS|STS)(?:\.[A-Z0-9]+)*)\b", text)
        if m and line is not None:
            out[line].append(m.group(1))
    return out


def run_warpcheck(a, flags):
    tmp = tempfile.NamedTemporaryFile("wb", suffix=".sass", delete=False)
    with (gzip.open if a.sass_file.endswith(".gz") else open)(a.sass_file, "rb") as f:
        text = f.read()
    # The listing names the source where it was measured; that path may
    # exist here with other contents (another checkout): name this one.
    name = re.escape(os.path.basename(a.source)).encode()
    text = re.sub(rb'File "[^"]*/' + name + rb'"',
                  b'File "' + os.path.abspath(a.source).encode() + b'"', text)
    tmp.write(text)
    tmp.close()
    cmd = [os.path.abspath(a.warpcheck), "--format=json", "--fix-style=none", "--verify-sass",
           "--sass-file=" + tmp.name, os.path.basename(a.source), "--",
           "--cuda-gpu-arch=sm_90", "-std=c++17"] + flags
    run = subprocess.run(cmd, capture_output=True, text=True,
                         cwd=os.path.dirname(os.path.abspath(a.source)))
    os.unlink(tmp.name)
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit(f"warpcheck failed ({run.returncode}): {run.stderr[-2000:]}")
    return json.loads(run.stdout), tmp.name


def judge(records, sass, blocks, trips):
    views = [r.get("final", {}) for r in records]
    executed = sum(e for _, e, _ in sass)
    wavefronts = sum(w for _, _, w in sass)
    loops = {v.get("loop_line") for v in views}
    if views and all(v.get("status") == "per_iteration" for v in views) and \
            len(loops) == 1:
        loop = loops.pop()
        if loop not in trips:
            return "unknown", f"final counts per iteration of the loop at line {loop}, " \
                              "whose measured trip count was not given (--trips)"
        n = blocks * trips[loop]
        r = sum(v["requests"] for v in views) * n
        w = sum(v["wavefronts"] for v in views) * n
        detail = (f"final per iteration of line {loop} x {trips[loop]} iterations: "
                  f"{r:g} / {w:g}, measured {executed:g} / {wavefronts:g}")
        if abs(r - executed) <= EPS and abs(w - wavefronts) <= EPS:
            return "equal", detail
        return "differs", detail
    if views and all(v.get("status") == "known" for v in views):
        r = sum(v["requests"] for v in views) * blocks
        w = sum(v["wavefronts"] for v in views) * blocks
        detail = f"final {r:g} / {w:g}, measured {executed:g} / {wavefronts:g}"
        if abs(r - executed) <= EPS and abs(w - wavefronts) <= EPS:
            return "equal", detail
        return "differs", detail
    costs = {}
    for v in views:
        for c in v.get("per_request", []):
            costs[c["instruction"]] = c["wavefronts"]
    if views and costs and all(v.get("per_request") for v in views):
        bad = [(op, w / e, costs.get(op)) for op, e, w in sass
               if e > 0 and costs.get(op) != w / e]
        detail = ("per request " + ", ".join(f"{op} {w}" for op, w in costs.items())
                  + f"; measured {executed:g} requests / {wavefronts:g} wavefronts")
        if bad:
            return "differs", detail + f"; not the GPU's: {bad[:4]}"
        return "per-request equal", detail
    reasons = sorted({v.get("reason", "no final view") for v in views}) or \
        ["no record on this line"]
    return "unknown", "; ".join(reasons)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--kernel", required=True, help="kernel as Nsight Compute names "
                    "it, without parameters ('MatrixMulCUDA<32>')")
    ap.add_argument("--mangled", help="part of the kernel's mangled name in the "
                    "listing (default: the name before '<')")
    ap.add_argument("--block", required=True, help="X,Y,Z of the measured launch")
    ap.add_argument("--source-counters", required=True)
    ap.add_argument("--section", help="the '## ...' header of the measured run")
    ap.add_argument("--metrics", required=True)
    ap.add_argument("--sass-file", required=True)
    ap.add_argument("--check-listing", action="store_true")
    ap.add_argument("--min-equal", type=int, default=0)
    ap.add_argument("--min-counted", type=int, default=0,
                    help="lines whose final counts (not only per-request costs) "
                    "must equal the GPU's")
    ap.add_argument("--trips", action="append", default=[], metavar="LINE=N",
                    help="the measured run's trip count of the loop at LINE, "
                    "for final counts per iteration (matrixMul's tile loop: "
                    "wA / 32 = 10 for its default 320x320 A)")
    a, flags = ap.parse_known_args()
    flags = [f for f in flags if f != "--"]

    trips = {int(k): int(v) for k, v in (t.split("=") for t in a.trips)}
    block = [int(x) for x in a.block.split(",")]
    measured = read_lines(a.source_counters, a.kernel, a.section)
    if not measured:
        sys.exit(f"no shared-memory line of {a.kernel} measured")
    blocks = read_blocks(a.metrics, a.kernel)
    failures = 0
    if a.check_listing:
        text = open_text(a.sass_file).read()
        mine = listing_lines(text, a.mangled or a.kernel.split("<")[0],
                             os.path.basename(a.source))
        for (line, _), sass in sorted(measured.items()):
            want = sorted(op for op, _, _ in sass)
            have = sorted(op for op in mine.get(line, [])
                          if op.startswith(("LDS", "STS")) and
                          (op.startswith("LDS") == want[0].startswith("LDS")))
            # An instruction that never ran has no counters (a remainder
            # loop's copy): every measured one must be in the listing.
            missing = collections.Counter(want) - collections.Counter(have)
            if missing:
                print(f"listing differs from the measured build at line {line}: "
                      f"{have} vs {want}")
                failures += 1
        print(f"listing against the measured build: {failures} lines differ")
    report, _ = run_warpcheck(a, flags)
    records = collections.defaultdict(list)
    for r in report["accesses"]:
        if kernel_key(r["kernel"]) == a.kernel and r["block_dim"] == block:
            records[(r["line"], r["kind"])].append(r)
    verdicts = collections.Counter()
    for (line, kind), sass in sorted(measured.items()):
        verdict, detail = judge(records.get((line, kind), []), sass, blocks, trips)
        verdicts[verdict] += 1
        ops = collections.Counter(op for op, _, _ in sass)
        print(f"  line {line} {kind} ({', '.join(f'{n} {op}' for op, n in ops.items())}): "
              f"{verdict}: {detail}")
        failures += verdict == "differs"
    decided = verdicts["equal"] + verdicts["per-request equal"]
    print(f"{a.kernel} (block {a.block}, {blocks} blocks): {len(measured)} measured "
          "shared lines; final view " +
          ", ".join(f"{v} {n}" for v, n in verdicts.most_common()))
    if failures or decided < a.min_equal or verdicts["equal"] < a.min_counted:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
