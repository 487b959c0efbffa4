#!/usr/bin/env python3
"""Reshape-corpus generator (issue 26): random kernels whose probed access
nvcc is likely to reshape, for comparing warpcheck's final view
(--verify-sass) with the H100.

A sibling of gen.py with its structure: each kernel is a `ReshapeSpec`
(plain data), rendered to CUDA by `render_kernel` and evaluated in Python by
`oracle` (the source view: every access of the probe line, counted with
gen.wavefronts, the bank model of docs/bank-model.md). The probe is ONE
source line (`// PROBE kNNNN`) holding all accesses of the probed kind in
the kernel: load probes fill the array with stores before, store probes read
it back with loads after, so Nsight Compute's per-kernel counters of that
kind are the probe line's. The programs, host code and adversarial input
are gen.py's.

Probe patterns (`pattern`), each with a random index `b` (strides, XOR,
padding, broadcasts, 2-D blocks) scaled by the group size so the group is
aligned, or offset so it is not, or lane-dependent so nvcc cannot know:
  line    G adjacent elements s[b], s[b+1], ... on one line (fusion into
          LDS.64/LDS.128/STS.64/STS.128; 1- and 2-byte pairs into 16/32 bits)
  unroll  `#pragma unroll` loop over G adjacent elements on one line
  hoist   a loop-invariant load in a run-time loop (hoisted)
  cse     the same element read twice, or stored twice (CSE, dead store)
  branch  a load under a warp-uniform branch (speculation)
  atomic  float/double atomicAdd on shared memory (compare-and-swap loops)

Kernel N of seed S is the same whatever the count. `--preselect` compiles
the candidates here (nvcc -cubin, nvdisasm -g; no GPU) and keeps the kernels
whose probe line's SASS differs from the source (width, count, kind), plus
the hoist and branch kernels (their change shows only in the counts); the
kept ids go to a file, and `--ids FILE` renders exactly those.

Usage:
  gen_reshape.py --seed 26 --count 1600 --programs 8 --out DIR [--ids FILE]
  gen_reshape.py --seed 26 --count 1600 --programs 8 --out DIR \\
      --preselect IDS_OUT [--nvdisasm PATH]
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

GENERATOR_VERSION = "reshape-1.0"
NVCC_FLAGS = ["-arch=sm_90", "-lineinfo", "-O3", "-std=c++17"]

TYPES = {
    1: ["unsigned char", "signed char"],
    2: ["unsigned short", "short"],
    4: ["int", "unsigned", "float"],
    8: ["long long", "double", "int2", "float2"],
}


class ReshapeSpec:
    """One generated kernel. Plain data."""

    def __init__(self, **kw):
        self.kid = 0
        self.op = "load"              # load | store | atomic
        self.pattern = "line"         # line | unroll | hoist | cse | branch | atomic
        self.ctype = "int"
        self.width = 4
        self.shape = (32, 1, 1)
        self.grid = 1
        self.group = 1                # adjacent elements per thread
        self.index = "lane"           # C and Python: lin, lane, warp, tx, ty
        self.mask = 31                # index & mask (power of two minus one)
        self.scale = 1                # then times scale
        self.offset = 0               # then plus offset
        self.nelem = 64               # declared elements (covers every index)
        self.trips = 0                # hoist: the run-time loop's trip count (p1)
        self.cond = None              # branch: warp-uniform condition (C/Python)
        self.__dict__.update(kw)


def rand_index(r, shape):
    """A random index expression over the thread's coordinates, valid C and
    Python (non-negative ints, + * ^ & >> %)."""
    two_d = shape[1] > 1
    s = r.choice([1, 1, 2, 3, 4, 5, 8, 16, 17, 32, 33])
    forms = [
        f"lane * {s}",
        f"lin * {s}",
        f"(lane ^ {r.choice([1, 2, 3, 5, 16, 31])}) * {s}",
        f"lane * {s} + (lane >> {r.choice([2, 3, 4])}) * {r.choice([1, 2, 4])}",
        f"warp * {r.choice([1, 4, 32, 33])} + lane * {s}",
        f"(lin * {s}) ^ (lin >> {r.choice([3, 4, 5])})",
        f"lane >> {r.choice([1, 2, 3, 4, 5])}",
        f"(lane % {r.choice([4, 8, 16])}) * {s}",
        f"{r.choice([0, 3, 7])}",
        f"warp * {r.choice([2, 8, 16])}",
    ]
    if two_d:
        forms += [f"tx * {s} + ty * {r.choice([1, 8, 16, 17, 32, 33])}",
                  f"ty * {r.choice([4, 16, 32, 33])} + tx * {s}",
                  f"ty * {r.choice([1, 2, 4])}"]
    return r.choice(forms)


def make_spec(seed, kid):
    r = random.Random(seed * 1000003 + kid)
    shape = r.choice([(32, 1, 1), (64, 1, 1), (128, 1, 1), (256, 1, 1),
                      (96, 1, 1), (16, 8, 1), (32, 4, 1), (8, 8, 1)])
    pattern = r.choice(["line"] * 4 + ["unroll"] * 3 + ["hoist", "cse",
                                                         "branch", "atomic"])
    sp = ReshapeSpec(kid=kid, shape=shape, pattern=pattern,
                     grid=r.choice([1, 1, 2]))
    if pattern == "atomic":
        sp.op = "atomic"
        sp.ctype = r.choice(["float", "float", "double"])
        sp.width = 4 if sp.ctype == "float" else 8
    else:
        sp.op = "load" if pattern in ("hoist", "branch") else \
            r.choice(["load", "load", "store"])
        sp.width = r.choice([1, 2, 4, 4, 4, 8]) if pattern in ("line", "unroll") \
            else r.choice([4, 4, 8])
        sp.ctype = r.choice(TYPES[sp.width])
    if pattern in ("line", "unroll"):
        sp.group = r.choice([2, 2, 4]) if sp.width < 8 else 2
        if pattern == "unroll" and sp.width == 4:
            sp.group = r.choice([2, 4, 4, 8])
    sp.index = rand_index(r, shape)
    sp.mask = r.choice([15, 31, 63, 127, 255])
    # Alignment: scaled by the group (aligned), offset (misaligned), or the
    # raw index (lane-dependent: nvcc cannot prove alignment).
    align = r.choice(["aligned"] * 5 + ["offset", "raw", "half"])
    g = max(1, sp.group)
    if align == "aligned":
        sp.scale, sp.offset = g * r.choice([1, 1, 2]), 0
    elif align == "offset":
        sp.scale, sp.offset = g, r.choice([1, g - 1]) if g > 1 else 1
    elif align == "half":
        sp.scale, sp.offset = max(1, g // 2), 0
    else:
        sp.scale, sp.offset = 1, 0
    sp.nelem = (sp.mask + 1) * sp.scale + sp.offset + g
    sp.nelem = (sp.nelem + 3) // 4 * 4
    if pattern == "hoist":
        sp.trips = r.choice([2, 3, 4, 8])
    if pattern == "branch":
        sp.cond = r.choice([f"warp < {r.choice([1, 2, 3])}",
                            "(warp & 1) == 0", f"warp != {r.choice([0, 1])}",
                            f"ty < {r.choice([1, 2, 4])}" if shape[1] > 1
                            else "warp < 1"])
    return sp


def probe_line(sp):
    """The probe line's text (without its marker)."""
    T, b, g = sp.ctype, "b", sp.group
    if sp.pattern == "line":
        if sp.op == "load":
            return "acc ^= " + " + ".join(
                f"fold(s[{b} + {j}]) * {j + 1}" for j in range(g)) + ";"
        return " ".join(f"s[{b} + {j}] = mk<{T}>(lin + {j});" for j in range(g))
    if sp.pattern == "unroll":
        body = (f"acc ^= fold(s[{b} + j]) * (j + 1);" if sp.op == "load"
                else f"s[{b} + j] = mk<{T}>(lin + j);")
        return f"for (int j = 0; j < {g}; ++j) {body}"
    if sp.pattern == "hoist":
        return f"for (int k = 0; k < p1; ++k) acc += fold(s[{b}]) * (k + 1);"
    if sp.pattern == "cse":
        if sp.op == "load":
            return f"acc ^= fold(s[{b}]) + 3 * fold(s[{b}]);"
        return f"s[{b}] = mk<{T}>(lin); s[{b}] = mk<{T}>(lin + 1);"
    if sp.pattern == "branch":
        return f"if ({sp.cond}) acc ^= fold(s[{b}]);"
    return f"atomicAdd(&s[{b}], {T}(1));"


def render_kernel(sp):
    """(globals, kernel source, launch statement), like gen.render_kernel."""
    name = f"k{sp.kid:04d}"
    T = sp.ctype
    idx = f"(({sp.index}) & {sp.mask})"
    if sp.scale != 1:
        idx += f" * {sp.scale}"
    if sp.offset:
        idx += f" + {sp.offset}"
    L = [f"  __shared__ __align__(16) {T} s[{sp.nelem}];",
         "  const int lin = int(threadIdx.x + blockDim.x * (threadIdx.y + "
         "blockDim.y * threadIdx.z));",
         "  const int nthreads = int(blockDim.x * blockDim.y * blockDim.z);",
         "  const int lane = lin & 31, warp = lin >> 5;",
         "  (void)lane, (void)warp;",
         "  const int tx = int(threadIdx.x), ty = int(threadIdx.y);",
         "  int acc = 0;"]
    if sp.op in ("load", "atomic"):
        L.append(f"  for (int i = lin; i < {sp.nelem}; i += nthreads) s[i] = mk<{T}>(i);")
        L.append("  __syncthreads();")
    L.append(f"  const int b = {idx};")
    L.append(f"  {probe_line(sp)} // PROBE {name}")
    L.append("  __syncthreads();")
    if sp.op in ("store", "atomic"):
        L.append(f"  for (int i = lin; i < {sp.nelem}; i += nthreads) acc ^= fold(s[i]);")
    L.append(f"  sink[{sp.kid} * 256 + lin % 256] = acc + p0 + p2 + tx + ty;")
    L.append("  __syncthreads();")
    L.append(f"  if (lin == 0 && blockIdx.x == 0) done[{sp.kid}] = MAGIC({sp.kid});")
    src = (f"// kernel {name}: {sp.op} {T} ({sp.width} B) x{sp.group}, "
           f"{sp.pattern}, block {'x'.join(map(str, sp.shape))}\n"
           f"__global__ void {name}(const int *__restrict__ in, int *__restrict__ done, "
           f"int *__restrict__ sink, int p0, int p1, int p2) {{\n"
           + "\n".join(L) + "\n}\n")
    bx, by, bz = sp.shape
    launch = (f"{name}<<<{sp.grid}, dim3({bx}, {by}, {bz}), 0>>>"
              f"(in, done, sink, 0, {sp.trips}, 0);")
    return "", src, launch


def render_program(specs, seed, prog):
    # gen.py's program (host code, input, result check) around our kernels.
    saved = gen.render_kernel
    gen.render_kernel = render_kernel
    try:
        text = gen.render_program(specs, seed, prog)
    finally:
        gen.render_kernel = saved
    return text.replace("// Generated by test/differential/gen.py",
                        "// Generated by test/differential/gen_reshape.py", 1)


# ---------------------------------------------------------------------------
# The oracle: the source view of the probe line (every access, per warp and
# execution), with gen.py's bank model.

def accesses(sp):
    """[(element offset from b, executions per thread, active(warp, env))]."""
    if sp.pattern in ("line", "unroll"):
        return [(j, 1) for j in range(sp.group)]
    if sp.pattern == "hoist":
        return [(0, sp.trips)]
    if sp.pattern == "cse":
        return [(0, 1), (0, 1)]
    return [(0, 1)]


def oracle(sp):
    """(wavefronts, requests) of the source view over the grid, or None for
    atomics (compare-and-swap loops: contention decides)."""
    if sp.op == "atomic":
        return None
    bx, by, bz = sp.shape
    n = bx * by * bz
    total = instr = 0
    for lin in range(0, n, 32):
        addrs = []
        for t in range(lin, lin + 32):
            if t >= n:
                addrs.append(None)
                continue
            env = {"lin": t, "lane": t & 31, "warp": t >> 5,
                   "tx": t % bx, "ty": (t // bx) % by}
            if sp.cond and not eval(sp.cond.replace("!=", "!="), {}, env):
                addrs.append(None)
                continue
            addrs.append(((eval(sp.index, {}, env) & sp.mask) * sp.scale
                          + sp.offset))
        for off, times in accesses(sp):
            a = [None if x is None else (x + off) * sp.width for x in addrs]
            wf, ins = gen.wavefronts(sp.width, sp.op, a)
            total += wf * times
            instr += ins * times
    return total * sp.grid, instr * sp.grid


def generate(seed, count, ids=None):
    keep = range(count) if ids is None else sorted(ids)
    return [make_spec(seed, kid) for kid in keep]


def write_all(specs, seed, programs, out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "diff_common.cuh"), "w") as f:
        f.write(gen.COMMON)
    manifest = {"generator_version": GENERATOR_VERSION, "seed": seed,
                "count": len(specs), "programs": programs, "kernels": []}
    for p in range(programs):
        group = specs[p::programs]
        fname = f"diff_{p:02d}.cu"
        text = render_program(group, seed, p)
        with open(os.path.join(out, fname), "w") as f:
            f.write(text)
        lines = {}
        for n, line in enumerate(text.split("\n"), 1):
            if "// PROBE k" in line:
                lines[line.split("// PROBE ")[1].strip()] = n
        for sp in group:
            name = f"k{sp.kid:04d}"
            o = oracle(sp)
            manifest["kernels"].append({
                "id": sp.kid, "name": name, "program": p, "file": fname,
                "line": lines[name], "op": sp.op, "type": sp.ctype,
                "width": sp.width, "block": list(sp.shape), "grid": sp.grid,
                "pattern": sp.pattern, "group": sp.group,
                "accesses": len(accesses(sp)),
                "oracle_wavefronts": o and o[0], "oracle_instructions": o and o[1]})
    manifest["kernels"].sort(key=lambda k: k["id"])
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=0)
    return manifest


# ---------------------------------------------------------------------------
# Preselection (no GPU): compile, read the SASS of each probe line.

SASS_KIND = {"load": ("LDS",), "store": ("STS",), "atomic": ("ATOMS",)}


def probe_sass(listing, manifest):
    """{kernel: [(opcode, line)]} of the probe kind, from `nvdisasm -g`."""
    want = {k["name"]: k for k in manifest["kernels"]}
    out, cur, line = {}, None, None
    for text in listing.split("\n"):
        m = re.search(r"\.text\.\S*?(k\d{4})", text)
        if m and ".section" in text or (m and text.rstrip().endswith(":")):
            cur = m.group(1)
            out.setdefault(cur, [])
            continue
        m = re.search(r'line (\d+)', text) if "//##" in text else None
        if m:
            line = int(m.group(1))
            continue
        m = re.search(r"\b(LDSM|LDS|STS|ATOMS)(\.[A-Z0-9_.]+)?", text)
        if m and cur in want:
            kind = want[cur]["op"]
            if m.group(1) in SASS_KIND[kind]:
                out[cur].append((m.group(0), line))
    return out


def reshaped(k, ops):
    """Whether the probe's SASS differs from its source accesses."""
    if k["pattern"] in ("hoist", "branch", "atomic", "cse"):
        return True
    width = {8: ".U8", 16: ".U16", 64: ".64", 128: ".128"}
    src = {1: (".U8", ".S8"), 2: (".U16", ".S16"), 4: None,
           8: (".64",), 16: (".128",)}[k["width"]]
    on_line = [op for op, ln in ops if ln == k["line"]]
    if len(on_line) != len(ops) or len(on_line) != k["accesses"]:
        return True
    for op in on_line:
        has = [w for w in width.values() if op.endswith(w) or w + "." in op]
        if (src is None and has) or (src and not any(op.endswith(w) for w in src)):
            return True
    return False


def preselect(out, manifest, programs, nvdisasm, ids_out):
    def build(p):
        cu = os.path.join(out, f"diff_{p:02d}.cu")
        cubin = cu[:-3] + ".cubin"
        subprocess.run(["nvcc", *NVCC_FLAGS, "-cubin", "-o", cubin, cu],
                       check=True)
        return subprocess.run([nvdisasm, "-g", "-c", cubin], check=True,
                              capture_output=True, text=True).stdout
    with ThreadPoolExecutor(2) as ex:
        listings = list(ex.map(build, range(programs)))
    sass = {}
    for text in listings:
        sass.update(probe_sass(text, manifest))
    keep = [k["id"] for k in manifest["kernels"]
            if reshaped(k, sass.get(k["name"], []))]
    with open(ids_out, "w") as f:
        f.write("\n".join(map(str, keep)) + "\n")
    return keep


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--count", type=int, default=1600)
    ap.add_argument("--programs", type=int, default=8)
    ap.add_argument("--out", required=True)
    ap.add_argument("--ids", help="render only these kernel ids (one a line)")
    ap.add_argument("--preselect", metavar="IDS_OUT",
                    help="compile here and write the reshaped kernels' ids")
    ap.add_argument("--nvdisasm", default="nvdisasm")
    a = ap.parse_args()
    ids = None
    if a.ids:
        with open(a.ids) as f:
            ids = [int(x) for x in f.read().split()]
    specs = generate(a.seed, a.count, ids)
    m = write_all(specs, a.seed, a.programs, a.out)
    print(f"gen_reshape.py {GENERATOR_VERSION}: seed {a.seed}, {len(specs)} "
          f"kernels in {a.programs} programs -> {a.out}")
    if a.preselect:
        keep = preselect(a.out, m, a.programs, a.nvdisasm, a.preselect)
        by = {}
        for k in m["kernels"]:
            if k["id"] in keep:
                by[k["pattern"]] = by.get(k["pattern"], 0) + 1
        print(f"preselected {len(keep)} of {len(specs)}: {by}")


if __name__ == "__main__":
    sys.exit(main())
