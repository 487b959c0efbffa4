#!/usr/bin/env python3
"""Shrinks a generated kernel on which warpcheck disagrees with the truth to
the smallest kernel that still disagrees, and writes it as a lit-ready
reproduction (test/differential/repros/).

Two truths:
  --truth oracle    gen.py's Python bank model (no GPU): any simplification
                    is tried; it is kept when warpcheck still disagrees with
                    the oracle of the simplified kernel. For engine errors.
  --truth measured  the recorded H100 measurement of the original kernel
                    (compare.py's --measurements folder): a simplification is
                    kept only when the probe's warp requests stay the same
                    (every warp's lane addresses and activity, in every
                    iteration and block, as the oracle evaluates them), so
                    the measured number still holds, and warpcheck still
                    disagrees with it. For model errors, where the oracle
                    says what warpcheck says and the GPU says otherwise.

Simplifications: drop the branch, the loop (one iteration's counter value),
the probe's device function, extern/cast shared arrays, the second block;
plainer element type of the same width; in the index tree, a node replaced
by one of its operands or by a constant, flows and shuffles removed.

The repro includes gen.py's helpers as "common.cuh" (written beside it
when missing: gen.py's COMMON, the header its programs include as
diff_common.cuh). --inline prints a repro with the helpers in place of the
include and its CHECK line numbers moved to match, self-contained (for
test/lit).

Usage:
  minimize.py --warpcheck build/bin/warpcheck --kernel 1814 \\
      --measurements cuda_samples/measurements/h100-differential [--out FILE]
  minimize.py --inline test/differential/repros/k1814.cu > FILE
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import compare  # noqa: E402


COMMON_INCLUDE = '#include "common.cuh"\n'
CHECK_LINE = re.compile(r'^(// CHECK(?:-NEXT)?: "line": )(\d+)(,)$')


def standalone(spec, header_comment="", include=False):
    """A .cu with the kernel and one launch, self-contained or including
    common.cuh (gen.COMMON); (text, probe line)."""
    globs, src, launch = gen.render_kernel(spec)
    common = COMMON_INCLUDE if include else gen.COMMON.replace("#pragma once\n", "")
    launch = launch.replace("(in, done, sink,", "(nullptr, nullptr, nullptr,")
    text = (header_comment + common + "\n" + (globs + "\n\n" if globs else "") + src +
            "\nint main() { " + launch + " }\n")
    line = next(n for n, l in enumerate(text.split("\n"), 1) if "// PROBE k" in l)
    return text, line


def warpcheck_probe(warpcheck, spec, cache):
    """warpcheck's aggregate for the probe of spec (compare.predictions form)."""
    text, line = standalone(spec)
    if text in cache:
        return cache[text]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"k{spec.kid:04d}.cu")
        with open(path, "w") as f:
            f.write(text)
        run = subprocess.run([warpcheck, "--format=json", "--fix-style=none", path, "--"],
                             capture_output=True, text=True)
        try:
            report = json.loads(run.stdout)
        except ValueError:
            cache[text] = "error"
            return "error"
    if any(f.get("status") != "analyzed" for f in report.get("files", [])):
        cache[text] = "error"
        return "error"
    pred = compare.predictions(report)
    p = pred.get((f"k{spec.kid:04d}", os.path.basename(path), line, spec.op))
    cache[text] = p
    return p


def signature(spec):
    """The probe's warp requests as the oracle evaluates them."""
    reqs = []
    base = spec.offset if spec.smem == "extern" else 0
    iters = [None]
    if spec.loop:
        lp = spec.loop
        iters, k = [], lp["start"]
        while (k < lp["end"]) if lp["kind"] != "halve" else (k > lp["end"]):
            iters.append(k)
            k = k + 1 if lp["kind"] in ("count", "runtime") else \
                k * 2 if lp["kind"] == "double" else k >> 1
    for block in range(spec.grid):
        for k in iters:
            env = gen.Env(spec.shape, block, spec.params, {}, k)
            vals = spec.index.ev(env)
            active = gen.branch_active(spec.branch, env) if spec.branch else [True] * env.n
            for w0 in range(0, env.n, 32):
                addrs = tuple(base + (vals[t] & (spec.nelem - 1)) * spec.width
                              if t < env.n and active[t] else None
                              for t in range(w0, w0 + 32))
                if any(a is not None for a in addrs):
                    reqs.append(addrs)
    return (spec.op, spec.width, spec.atomic, tuple(sorted(reqs, key=repr)))


def size(spec):
    n = sum(1 for _ in spec.index.walk())
    n += 3 * bool(spec.loop) + 3 * bool(spec.branch) + 2 * spec.in_devfn
    n += (spec.smem != "static") + (spec.grid - 1) + (spec.ctype != gen.TYPES[spec.width][0])
    n += sum(spec.shape) / 1000.0
    return n


def replace_in_tree(node, target, repl):
    if node is target:
        return repl
    if isinstance(node, gen.Bin):
        node.a = replace_in_tree(node.a, target, repl)
        node.b = replace_in_tree(node.b, target, repl)
        node.kids = (node.a, node.b)
    elif hasattr(node, "a") and isinstance(getattr(node, "a"), gen.Node):
        node.a = replace_in_tree(node.a, target, repl)
        node.kids = (node.a,)
    return node


def candidates(spec):
    """Simpler variants of spec."""
    out = []

    def variant(fn):
        c = spec.copy()
        if fn(c) is not False:
            out.append(c)

    variant(lambda c: setattr(c, "branch", None) if c.branch else False)
    if spec.loop:
        lp = spec.loop
        ks, k = [], lp["start"]
        while (k < lp["end"]) if lp["kind"] != "halve" else (k > lp["end"]):
            ks.append(k)
            k = k + 1 if lp["kind"] in ("count", "runtime") else \
                k * 2 if lp["kind"] == "double" else k >> 1
        for kv in ks:
            def drop(c, kv=kv):
                c.loop = None
                for n in list(c.index.walk()):
                    if isinstance(n, gen.Leaf) and n.name == "k":
                        c.index = replace_in_tree(c.index, n, gen.Const(kv))
            variant(drop)
        if lp.get("unroll"):
            variant(lambda c: c.loop.__setitem__("unroll", ""))
    variant(lambda c: setattr(c, "in_devfn", False) if c.in_devfn else False)
    if spec.smem != "static":
        def static(c):
            c.smem, c.offset, c.cast_from = "static", 0, None
        variant(static)
    if spec.grid > 1:
        def one(c):
            c.grid = 1
            for n in list(c.index.walk()):
                if isinstance(n, gen.Leaf) and n.name == "bx":
                    c.index = replace_in_tree(c.index, n, gen.Const(0))
        variant(one)
    if spec.ctype != gen.TYPES[spec.width][0] and spec.op != "atomic":
        variant(lambda c: setattr(c, "ctype", gen.TYPES[c.width][0]))
    for shape in ((32, 1, 1), (64, 1, 1)):
        if spec.shape != shape and sum(spec.shape) > sum(shape) - 0:
            variant(lambda c, s=shape: setattr(c, "shape", s))
    # The index tree: every node replaced by an operand or a constant.
    nodes = list(spec.index.walk())
    for i, n in enumerate(nodes):
        repls = []
        if isinstance(n, (gen.Bin, gen.Flow, gen.Shfl, gen.Cast)):
            repls += [k for k in n.kids]
        if not isinstance(n, gen.Const):
            repls += [gen.Const(0), gen.Const(1)]
        if isinstance(n, (gen.TParam, gen.Param, gen.ConstExpr)):
            repls.append(gen.Const(n.v))
        if isinstance(n, gen.Leaf) and n.name != "lane":
            repls.append(gen.Leaf("lane"))
        if isinstance(n, gen.Const) and n.v > 1:
            repls += [gen.Const(v) for v in (1, 32) if v < n.v or v == 32]
        for r in repls:
            c = spec.copy()
            target = list(c.index.walk())[i]
            rr = list(c.index.walk())[[id(x) for x in nodes].index(id(r))] \
                if any(r is x for x in nodes) else r
            c.index = replace_in_tree(c.index, target, rr)
            out.append(c)
    return out


def disagrees(p, wf, ins):
    if p is None or p == "error":
        return False
    verdict, why = compare.judge(None, p, wf, ins, 1)
    return why is not None


def minimize(warpcheck, spec, truth, measured=None, log=print):
    cache = {}
    sig0 = signature(spec) if truth == "measured" else None

    def still(c):
        if truth == "measured":
            if signature(c) != sig0:
                return False
            wf, ins = measured
            grid = c.grid
        else:
            wf, ins = gen.oracle(c)
            grid = 1
        p = warpcheck_probe(warpcheck, c, cache)
        if p is None or p == "error":
            return False
        return disagrees(p, wf / grid, ins / grid)

    if not still(spec):
        log("the original kernel does not disagree with that truth")
        return None
    best = spec
    progress = True
    while progress:
        progress = False
        for c in sorted(candidates(best), key=size):
            if size(c) >= size(best):
                continue
            if still(c):
                best = c
                progress = True
                log(f"  size {size(best):.0f}")
                break
    return best


def write_repro(warpcheck, spec, path, truth, wf, ins, why):
    p = warpcheck_probe(warpcheck, spec, {})
    name = f"k{spec.kid:04d}"
    said = "-" if p in (None, "error") else (
        f"{compare.status_of(p)} {p['total']} wavefronts over {p['instr']} instructions")
    per = f"{wf / max(1, ins):g}"
    head = (f"// Differential-testing disagreement (issue 12), minimized from {name} of\n"
            f"// gen.py {gen.GENERATOR_VERSION} seed {SEED} by minimize.py --truth {truth}.\n"
            f"// {why}\n"
            f"// Truth ({'H100, cuda_samples/measurements/h100-differential' if truth == 'measured' else 'the documented bank model'}): "
            f"{wf:g} wavefronts over {ins:g} instructions per block ({per} per request).\n"
            f"// warpcheck (at the time of writing): {said}.\n"
            f"// The CHECK lines state the truth: the test passes once warpcheck\n"
            f"// answers exact with it (move it to test/lit/checkers/warpcheck-shared-bank-conflict then).\n"
            f"// RUN: %warpcheck --format=json %s -- | FileCheck %s\n")
    common = os.path.join(os.path.dirname(path), "common.cuh")
    if not os.path.exists(common):
        with open(common, "w") as f:
            f.write(gen.COMMON)
    elif open(common).read() != gen.COMMON:
        sys.exit(f"{common} is not gen.py {gen.GENERATOR_VERSION}'s COMMON "
                 "(the repros beside it need it as it is): write this repro "
                 "into another folder (--out)")
    text, line = standalone(spec, head, include=True)
    kind = spec.op
    # The probe is the only access of its kind in the kernel (gen.py).
    text += (f"\n// CHECK: \"kind\": \"{kind}\",\n"
             f"// CHECK-NEXT: \"line\": {line},\n"
             f"// CHECK: \"status\": \"exact\",\n"
             f"// CHECK-NEXT: \"total_ideal_wavefronts\": {{{{[0-9]+}}}},\n"
             f"// CHECK-NEXT: \"total_wavefronts\": {int(wf) if wf == int(wf) else wf},\n")
    with open(path, "w") as f:
        f.write(text)


def inline(path):
    """The repro at path with common.cuh's text in place of its include
    and its CHECK lines' line numbers moved to match."""
    text = open(path).read()
    if text.count(COMMON_INCLUDE) != 1:
        sys.exit(f"{path}: no {COMMON_INCLUDE.strip()} line")
    at = text[:text.index(COMMON_INCLUDE)].count("\n") + 1
    with open(os.path.join(os.path.dirname(path), "common.cuh")) as f:
        common = f.read().replace("#pragma once\n", "")
    shift = common.count("\n") - 1
    out = []
    for line in text.replace(COMMON_INCLUDE, common).split("\n"):
        m = CHECK_LINE.match(line)
        if m and int(m.group(2)) > at:
            line = f"{m.group(1)}{int(m.group(2)) + shift}{m.group(3)}"
        out.append(line)
    return "\n".join(out)


SEED = 12


def main():
    global SEED
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--inline", metavar="REPRO",
                    help="print REPRO self-contained (no other option)")
    ap.add_argument("--warpcheck")
    ap.add_argument("--kernel", type=int, help="kernel id")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--truth", choices=("oracle", "measured"), default="measured")
    ap.add_argument("--measurements", help="folder with env.txt and metrics.csv.gz")
    ap.add_argument("--out", help="repro file (default test/differential/repros/kNNNN.cu)")
    ap.add_argument("--why", default="", help="the disagreement, for the header")
    a = ap.parse_args()
    if a.inline:
        sys.stdout.write(inline(a.inline))
        return 0
    if a.warpcheck is None or a.kernel is None:
        ap.error("--warpcheck and --kernel are required")
    seed = a.seed
    measured = None
    if a.truth == "measured":
        if not a.measurements:
            sys.exit("--truth measured needs --measurements")
        env = compare.read_env(os.path.join(a.measurements, "env.txt"))
        seed = seed if seed is not None else int(env["seed"])
        m = compare.read_metrics(os.path.join(a.measurements, "metrics.csv"))
        name = f"k{a.kernel:04d}"
        if name not in m:
            sys.exit(f"{name} was not measured")
    SEED = 12 if seed is None else seed
    spec = gen.make_spec(SEED, a.kernel)
    if a.truth == "measured":
        op = compare.OPS[spec.op]
        measured = tuple(m[name][op])
    best = minimize(a.warpcheck, spec, a.truth, measured,
                    log=lambda s: print(s, file=sys.stderr))
    if best is None:
        return 1
    if a.truth == "measured":
        wf, ins = measured[0] / spec.grid * best.grid, measured[1] / spec.grid * best.grid
    else:
        wf, ins = gen.oracle(best)
    out = a.out or os.path.join(HERE, "repros", f"k{a.kernel:04d}.cu")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    write_repro(a.warpcheck, best, out, a.truth, wf, ins, a.why)
    print(f"{out}: size {size(spec):.0f} -> {size(best):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
