#!/usr/bin/env python3
"""Compares warpcheck with the H100 on the soundness suite
(cuda_samples/soundness/): kernels whose index comes from value flows an
interpreter may not follow, run with adversarial data.

Each kernel has one probed shared-memory access, named by a tag line in the
source above the kernel:
    // PROBE [name] <op>[+<op>] exact <N>: ...   decidable from lane ids
    // PROBE [name] <op>[+<op>] unknown: ...     depends on data
and its operation has exactly one SASS instruction in the kernel (sass.txt),
so the per-kernel counters of metrics.csv are the access's; `sass K` after
the count (`exact 1 sass 2:`) says the compiler made K instructions of it on
alternative paths (a used atomicAdd combined for a full warp, issued lane by
lane otherwise), of which one warp runs one.

Per kernel and operation (the probed ones and the fills and read-backs
beside them), predicted wavefronts per request against the measurement.
Exits 1 on:
  - an access called exact whose wavefronts per request differ from the
    measurement (beyond --tolerance), in particular fewer;
  - a range that misses the measurement;
  - an access called conflict-free that measured conflicted;
  - a probe tagged `unknown` (its answer depends on data) called exact:
    an exact answer there is a guess;
  - a bound above the bank model's maximum (32 wavefronts per request);
  - a probed kernel or operation missing from warpcheck's report, from the
    measurements, or from the SASS, or a probed operation with other than
    one SASS instruction (the suite is then broken, not the engine);
  - a tag `exact N` that the hardware contradicts (the suite is wrong).
Unknown is acceptable. With --require-decidable, a probe tagged `exact`
that warpcheck calls unknown or a range fails too.
"""
import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_measurements import (KIND_TO_OP, OPS, kernel_key,  # noqa: E402
                                  predictions, print_table,
                                  read_measurements, run_warpcheck)

OP_NAMES = {"load": "ld", "store": "st", "atomic": "atom"}
# The bank model's most wavefronts per instruction: one per lane, and two per
# lane for ATOMS.CAS (BankModel.cpp maxWavefronts).
MAX_WAVEFRONTS = {"ld": 32, "st": 32, "atom": 64}
TAG = re.compile(r"^\s*//\s*PROBE\s+(?:(\S+<[^>]*>|[A-Za-z_]\w*)\s+)?"
                 r"((?:load|store|atomic)(?:\+(?:load|store|atomic))*)\s+"
                 r"(exact\s+([0-9.]+)|unknown)(?:\s+sass\s+(\d+))?\s*:")
KERNEL = re.compile(r"__global__\s+void\s+([A-Za-z_]\w*)\s*\(")


def per_shape_ranges(report, predicted):
    """A kernel analyzed over several launched shapes whose counts per
    request differ (soundness_driver's dv_b8, handed back with two sizes):
    Nsight Compute's row is one launch's, so the sum over shapes says
    nothing; what holds is the range of the counts per request."""
    shapes = {}
    for a in report["accesses"]:
        key = (kernel_key(a["kernel"]), KIND_TO_OP[a["kind"]])
        shapes.setdefault(key, set()).add(tuple(a.get("block_dim", ())))
    for key, e in predicted.items():
        if len(shapes.get(key, ())) > 1 and e["status"] == {"exact"} and \
                e["hi_req"] - e["lo_req"] > 1e-9:
            e["status"] = {"range"}
            e["counts_exact"] = False


def read_probes(sources):
    """{name: {"file", "line", "ops": [op], "exact": N or None}}; a tag
    without a name belongs to the next __global__ function."""
    probes, pending = {}, []
    for path in sources:
        with open(path) as f:
            for number, text in enumerate(f, 1):
                m = TAG.match(text)
                if m:
                    name, ops, _, exact, paths = m.groups()
                    pending.append((name, {
                        "file": os.path.basename(path), "line": number,
                        "ops": [OP_NAMES[o] for o in ops.split("+")],
                        "exact": float(exact) if exact else None,
                        "sass": int(paths) if paths else 1}))
                    continue
                k = KERNEL.search(text)
                if k and pending:
                    for name, probe in pending:
                        probes[name or k.group(1)] = probe
                    pending = []
    return probes


def demangled_base(mangled):
    """'_Z19acc_template_strideILi32EEvPi' -> ('acc_template_stride', '32')."""
    m = re.match(r"_Z(\d+)", mangled)
    if not m:
        return mangled, ""
    n = int(m.group(1))
    start = m.end()
    name = mangled[start:start + n]
    rest = mangled[start + n:]
    args = ",".join(re.findall(r"Li(-?\d+)E", rest.split("Ev")[0])) \
        if rest.startswith("I") else ""
    return name, args


def read_sass(path):
    """{(kernel base name, template int args): {op: [widths]}} from
    `cuobjdump -sass`: the shared-memory instructions of every kernel."""
    result, current = {}, None
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        import gzip
        opener = lambda: gzip.open(path + ".gz", "rt")  # noqa: E731
    else:
        opener = lambda: open(path)  # noqa: E731
    with opener() as f:
        for line in f:
            m = re.search(r"Function : (\S+)", line)
            if m:
                current = demangled_base(m.group(1))
                result.setdefault(current, {})
                continue
            if current is None:
                continue
            m = re.search(r"\b(LDS|STS|ATOMS|LDSM)(\.[A-Z0-9.]+)?\b", line)
            if not m or "/*" not in line:
                continue
            op = {"LDS": "ld", "LDSM": "ld", "STS": "st", "ATOMS": "atom"}[m.group(1)]
            mods = m.group(2) or ""
            width = 32
            for w in (128, 64, 16, 8):
                if f".{w}" in mods or f".U{w}" in mods or f".S{w}" in mods:
                    width = w
                    break
            if op == "atom" and ".64" in mods:
                width = 64
            result[current].setdefault(op, []).append(width)
    return result


def sass_for(sass, kernel):
    """The SASS entry of a kernel key such as 'f' or 'f<32>'."""
    base = kernel.split("<")[0]
    args = ",".join(re.findall(r"-?\d+", kernel[len(base):]))
    for (name, targs), ops in sass.items():
        if name == base and (targs == args or not targs):
            return ops
    return None


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--warpcheck", required=True)
    parser.add_argument("--suite", required=True,
                        help="cuda_samples/soundness")
    parser.add_argument("--measurements", required=True,
                        help="folder with metrics.csv and sass.txt")
    parser.add_argument("--tolerance", type=float, default=0.06,
                        help="relative difference still counted as agreement")
    parser.add_argument("--require-decidable", action="store_true",
                        help="fail where a probe tagged exact is not exact")
    parser.add_argument("--report", help="read warpcheck's JSON report from "
                        "this file instead of running it")
    parser.add_argument("--program", action="append", default=[],
                        help="compare only this program of the suite (its "
                        "file name without .cu; repeatable): the ones the "
                        "measurements are of")
    parser.add_argument("--include-dir", action="append", default=[],
                        help="another -I for warpcheck (a suite generated "
                        "outside the source tree: the folder its includes "
                        "are relative to)")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(args.suite, "*.cu")))
    if args.program:
        sources = [s for s in sources
                   if os.path.basename(s)[:-3] in args.program]
    if not sources:
        sys.exit(f"no sources in {args.suite}")
    probes = read_probes(sources)
    if not probes:
        sys.exit(f"no PROBE tags in {args.suite}")
    if args.report:
        import json
        with open(args.report) as f:
            report = json.load(f)
    else:
        report = run_warpcheck(args.warpcheck, sources,
                               ["-I" + os.path.dirname(
                                   os.path.abspath(args.suite))] +
                               ["-I" + os.path.abspath(d)
                                for d in args.include_dir])
    hardware, _ = read_measurements(
        os.path.join(args.measurements, "metrics.csv"))
    sass = read_sass(os.path.join(args.measurements, "sass.txt"))
    predicted = predictions(report, by_line=False)
    per_shape_ranges(report, predicted)
    # The report's widest bound of every (kernel, op), over its accesses.
    bound, sites_of = {}, {}
    for a in report["accesses"]:
        key = (kernel_key(a["kernel"]), OP_NAMES[a["kind"]])
        # Per instruction: an atomic loop's request spans several.
        per = a.get("instructions", a["requests"]) / max(1, a["requests"])
        bound[key] = max(bound.get(key, 0), a["wavefronts"] / max(1.0, per))
        sites_of.setdefault(key, set()).add((a["file"], a["line"],
                                             a["column"]))
    # A file clang rejected in part (soundness_objects.cu: __shared__
    # objects nvcc accepts) counts when every kernel was still analyzed; its
    # probes must then be in the report like any other.
    failed_files = [f["file"] for f in report.get("files", [])
                    if f.get("status") != "analyzed" and
                    "every kernel was analyzed" not in f.get("error", "")]

    def probe_of(kernel):
        return probes.get(kernel) or probes.get(kernel.split("<")[0])

    keys = set(predicted) | {(k, op) for k in hardware for op in hardware[k]
                             if hardware[k][op][1]}
    for name, probe in probes.items():
        for op in probe["ops"]:
            # A template's tag without arguments covers its instantiations.
            if "<" not in name and not any(
                    k.split("<")[0] == name and o == op for k, o in keys):
                keys.add((name, op))
            elif "<" in name:
                keys.add((name, op))
    rows, failures, counts, imprecise = [], [], {}, []
    for kernel, op in sorted(keys):
        probe = probe_of(kernel)
        if probe is None and kernel.split("<")[0] not in {
                p.split("<")[0] for p in probes}:
            continue  # not a kernel of the suite
        probed = probe is not None and op in probe["ops"]
        wf, req = hardware.get(kernel, {}).get(op, [0.0, 0.0])
        measured = wf / req if req else None
        p = predicted.get((kernel, op))
        status = ",".join(sorted(p["status"])) if p else "-"
        if p is None:
            verdict = "not predicted"
        elif measured is None:
            verdict = "not measured"
        elif "unknown" in p["status"]:
            verdict = "unknown"
        elif "range" in p["status"]:
            lo = p["min"] / p["requests"]
            hi = p["total"] / p["requests"]
            if p["assumed"] or not p["counts_exact"]:
                # The counts are an assumed shape's, or of executions that
                # may not all happen (iterations of a loop of unknown trip
                # count, the worlds of an undecided condition): only the
                # bounds per request hold for what ran.
                lo, hi = p["lo_req"], p["hi_req"]
            verdict = ("in range"
                       if lo - 1e-9 <= measured <= hi * (1 + args.tolerance)
                       else "out of range")
            if verdict == "out of range" and p["assumed"]:
                # Said of the shapes assumed, not of the one launched (the
                # host code's shape was not found): no claim about it.
                verdict = "assumed shape, not the launch's"
        else:
            pred = p["total"] / p["requests"]
            if abs(measured - pred) <= 1e-6 * max(1.0, pred):
                verdict = "exact"
            elif abs(measured - pred) <= args.tolerance * pred:
                verdict = "close"
            else:
                verdict = "over" if pred > measured else "under"
        # The fills and read-backs beside a probe are compared where the
        # SASS has one instruction per source access, of the same width
        # (not where a fill loop was unrolled or an 8-byte atomicAdd became
        # a loop around LDS.64 and ATOMS.CAST.SPIN.64).
        informational = False
        if not probed and p:
            widths = (sass_for(sass, kernel) or {}).get(op, [])
            sites = len(sites_of.get((kernel, op), ()))
            if len(widths) != sites or set(widths) != p["widths"]:
                informational = True
        why = []
        if verdict in ("over", "under", "out of range"):
            why.append(verdict)
        if informational:
            why = []
        if verdict == "not predicted" and (probed or measured):
            why.append("missing from warpcheck's report")
        if verdict == "not measured" and probed:
            why.append("missing from the measurements")
        if p and measured is not None and "unknown" not in p["status"] and \
                not informational and p["total"] <= p["ideal"] and \
                measured > (p["total"] / p["requests"]) * (1 + args.tolerance):
            why.append("called conflict-free, measured conflicted")
        limit = MAX_WAVEFRONTS[op]
        if op == "atom" and p and 16 in p["widths"]:
            # A 16-bit atomicCAS is a loop of 32-bit ATOMS.CAS: up to 32
            # iterations of 2 per lane (BankModel.cpp maxWavefronts).
            limit = 2 * 32 * 32
        if p and bound.get((kernel, op), 0) > limit:
            why.append(f"bound {bound[(kernel, op)]:g} above the model's "
                       f"maximum {limit}")
        note = ("not compared (SASS differs from the source)"
                if informational else "")
        if probed:
            if probe["exact"] is None and p and p["status"] == {"exact"}:
                why.append("exact on a data-dependent probe (a guess)")
            ops = sass_for(sass, kernel)
            count = len(ops.get(op, [])) if ops is not None else 0
            if ops is None:
                why.append("suite: kernel missing from sass.txt")
            elif count != probe["sass"]:
                why.append(f"suite: {count} SASS instructions of the probed op")
            else:
                note = f"{ops[op][0]}-bit"
                # A 16-bit atomicCAS runs as 32-bit ATOMS.CAS on its word.
                cas16 = op == "atom" and p and max(p["widths"]) == 16 and \
                    ops[op][0] == 32
                if p and ops[op][0] != max(p["widths"]) and not cas16:
                    note += f" (source {max(p['widths'])}-bit)"
                    why.append("suite: the compiler changed the probed "
                               "access's width")
            if probe["exact"] is not None and measured is not None and \
                    abs(measured - probe["exact"]) > 1e-6 * probe["exact"]:
                why.append(f"suite: tag says exact {probe['exact']:g}, "
                           f"measured {measured:.2f}")
            if probe["exact"] is not None and verdict in ("unknown",
                                                          "in range"):
                imprecise.append((kernel, OPS[op], verdict))
                if args.require_decidable:
                    why.append("decidable, not exact")
        counts[verdict] = counts.get(verdict, 0) + 1
        if why:
            failures.append((kernel, OPS[op], "; ".join(why)))
        tag = ("-" if not probed else
               "unknown" if probe["exact"] is None else f"{probe['exact']:g}")
        rows.append((kernel, OPS[op], "probe" if probed else "",
                     tag,
                     "-" if not p else f"{p['total'] / p['requests']:.2f}",
                     "-" if measured is None else f"{measured:.2f}",
                     verdict, status, note, "FAIL" if why else ""))
    print_table(("kernel", "op", "", "truth", "predicted wf/request",
                 "measured wf/request", "verdict", "status", "SASS", ""),
                rows)
    probed_rows = [r for r in rows if r[2] == "probe"]
    total = max(len(probed_rows), 1)
    share = {}
    for r in probed_rows:
        s = ("exact" if r[7] == "exact" else "range" if "range" in r[7]
             else "unknown" if "unknown" in r[7] else "missing")
        share[s] = share.get(s, 0) + 1
    print(f"\n{len(rows)} rows: " +
          ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    print(f"{len(probed_rows)} probed accesses in {len(probes)} kernels: " +
          ", ".join(f"{k} {v} ({100.0 * v / total:.0f}%)"
                    for k, v in sorted(share.items())))
    if imprecise:
        print(f"decidable probes not called exact: {len(imprecise)}: " +
              ", ".join(f"{k} {o}" for k, o, _ in imprecise))
    for f in failed_files:
        failures.append((f, "-", "not analyzed"))
    if failures:
        print(f"\nDISAGREEMENTS ({len(failures)}):")
        for f in failures:
            print("  " + " ".join(f))
        return 1
    print("no disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
