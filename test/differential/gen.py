#!/usr/bin/env python3
"""Differential-testing kernel generator for warpcheck (issue 12).

Generates CUDA kernels, each with ONE probed shared-memory access on its own
source line (marked `// PROBE kNNNN`), packed into a few programs that check
that every kernel ran (each kernel's thread 0 writes a per-kernel magic word
after a final __syncthreads; the host verifies all of them).

The generator is seeded and deterministic: kernel N of seed S is the same
whatever the count or the packing (its own random stream). Every kernel is a
`KernelSpec` (a data structure: index expression tree, loop, branch, element
type, block shape ...), rendered to CUDA by `render_kernel` and evaluated in
Python by `oracle`, which runs the kernel's index arithmetic for every thread
and counts wavefronts with the bank model of docs/bank-model.md. The oracle
knows the adversarial data the host feeds, so it predicts data-dependent
kernels too; the GPU stays the truth (compare.py checks the oracle against it).

By construction, in each kernel the probed access is the only shared-memory
instruction of its kind (load, store or atomic): load probes fill shared
memory with stores before; store probes read back with loads after; atomic
probes fill with stores and read back with loads. Nsight Compute's per-kernel
counters of that kind are then the probe line's (measure.sh records the SASS
with line info to check it).

Usage:
  gen.py --seed 12 --count 3200 --programs 8 --out DIR
writes DIR/diff_NN.cu, DIR/diff_common.cuh and DIR/manifest.json.
"""
import argparse
import collections
import json
import os
import random
import sys

GENERATOR_VERSION = "1.0"
FULL = "0xffffffffu"

# Adversarial data in the input buffer `in` (ints): per element width W, the
# region DATA_BASE[W] holds in[base + t] = (t % 32) * (128 / W): every lane of
# a warp on bank 0 for an array of W-byte elements.
DATA_BASE = {1: 0, 2: 1024, 4: 2048, 8: 3072, 16: 4096}
UNIFORM_BASE = 6144          # in[6144 + j] = UNIFORM_DATA[j]
UNIFORM_DATA = [5, 3, 32, 1, 7, 16, 2, 64]
PRED_BASE = 7168             # in[7168 + t] = 1: a data predicate true everywhere
IN_WORDS = 8192


def data_word(i):
    for w, base in DATA_BASE.items():
        if base <= i < base + 1024:
            return ((i - base) % 32) * (128 // w)
    if UNIFORM_BASE <= i < UNIFORM_BASE + len(UNIFORM_DATA):
        return UNIFORM_DATA[i - UNIFORM_BASE]
    if PRED_BASE <= i < PRED_BASE + 1024:
        return 1
    return 0


# ---------------------------------------------------------------------------
# Element types: (C type, width in bytes, kind) where kind says how values are
# made and folded (see diff_common.cuh).
TYPES = {
    1: ["unsigned char", "signed char", "char"],
    2: ["unsigned short", "short", "char2"],
    4: ["int", "unsigned", "float", "char4", "short2"],
    8: ["long long", "unsigned long long", "double", "int2", "float2", "uint2"],
    16: ["int4", "uint4", "float4", "double2", "longlong2"],
}


# ---------------------------------------------------------------------------
# Index expressions. Every node renders to C (statements it needs go to the
# context) and evaluates over all threads of a block at once (a list, one
# value per linear thread id): shuffles read other lanes' values.

class Env:
    """Per-block evaluation environment."""

    def __init__(self, shape, block, params, tparams, k=None):
        self.shape = shape
        bx, by, bz = shape
        self.n = bx * by * bz
        self.lin = list(range(self.n))
        self.tx = [t % bx for t in self.lin]
        self.ty = [(t // bx) % by for t in self.lin]
        self.tz = [t // (bx * by) for t in self.lin]
        self.block = block
        self.params = params
        self.tparams = tparams
        self.k = k


def _const(v, n):
    return [v] * n


class Node:
    kids = ()

    def walk(self):
        yield self
        for k in self.kids:
            yield from k.walk()


class Leaf(Node):
    """A thread coordinate or other leaf value."""
    RENDER = {
        "tx": "int(threadIdx.x)", "ty": "int(threadIdx.y)",
        "tz": "int(threadIdx.z)", "lin": "lin", "lane": "(lin & 31)",
        "warp": "(lin >> 5)", "laneid": "int(laneid_asm())",
        "cg_rank": "int(cg::this_thread_block().thread_rank())",
        "bx": "int(blockIdx.x)", "k": "k",
    }

    def __init__(self, name):
        self.name = name

    def render(self, ctx):
        if self.name == "cg_rank":
            ctx.uses_cg = True
        return self.RENDER[self.name]

    def ev(self, env):
        n = env.n
        if self.name in ("tx", "ty", "tz", "lin"):
            return list(getattr(env, self.name))
        if self.name in ("lane", "laneid"):
            return [t & 31 for t in env.lin]
        if self.name == "warp":
            return [t >> 5 for t in env.lin]
        if self.name == "cg_rank":
            return list(env.lin)
        if self.name == "bx":
            return _const(env.block, n)
        if self.name == "k":
            return _const(env.k, n)
        raise KeyError(self.name)

    def key(self):
        return self.name


class CgTile(Node):
    """tiled_partition<N>: thread_rank() (lin % N) or meta_group_rank() (lin / N)."""

    def __init__(self, size, what):
        self.size, self.what = size, what

    def render(self, ctx):
        ctx.uses_cg = True
        name = ctx.fresh("tile")
        ctx.stmt(f"const auto {name} = cg::tiled_partition<{self.size}>"
                 f"(cg::this_thread_block());")
        return f"int({name}.{self.what}())"

    def ev(self, env):
        if self.what == "thread_rank":
            return [t % self.size for t in env.lin]
        return [t // self.size for t in env.lin]


class Const(Node):
    def __init__(self, v):
        self.v = v

    def render(self, ctx):
        return str(self.v)

    def ev(self, env):
        return _const(self.v, env.n)


class ConstExpr(Node):
    """A constexpr local holding a constant."""

    def __init__(self, v):
        self.v = v

    def render(self, ctx):
        n = ctx.fresh("c")
        ctx.stmt(f"constexpr int {n} = {self.v};")
        return n

    def ev(self, env):
        return _const(self.v, env.n)


class TParam(Node):
    """A template parameter of the kernel (one instantiation launched)."""

    def __init__(self, name, v):
        self.name, self.v = name, v

    def render(self, ctx):
        ctx.tparams[self.name] = self.v
        return self.name

    def ev(self, env):
        return _const(self.v, env.n)


class Param(Node):
    """A kernel parameter (p0 or p1) whose value is given at the launch."""

    def __init__(self, name, v):
        self.name, self.v = name, v

    def render(self, ctx):
        ctx.params[self.name] = self.v
        return self.name

    def ev(self, env):
        return _const(self.v, env.n)


class Data(Node):
    """in[width region + lin]: per-thread data (adversarial: lane * 128/W)."""

    def __init__(self, width):
        self.width = width

    def render(self, ctx):
        return f"in[{DATA_BASE[self.width]} + lin]"

    def ev(self, env):
        return [data_word(DATA_BASE[self.width] + t) for t in env.lin]


class UData(Node):
    """in[c]: every thread reads one address (a warp-uniform unknown)."""

    def __init__(self, j):
        self.j = j

    def render(self, ctx):
        return f"in[{UNIFORM_BASE + self.j}]"

    def ev(self, env):
        return _const(UNIFORM_DATA[self.j], env.n)


class Bin(Node):
    OPS = {"+": lambda a, b: a + b, "*": lambda a, b: a * b,
           "^": lambda a, b: a ^ b, "&": lambda a, b: a & b,
           "|": lambda a, b: a | b, "<<": lambda a, b: a << b,
           ">>": lambda a, b: a >> b, "/": lambda a, b: a // b,
           "%": lambda a, b: a % b}

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.kids = (a, b)

    def render(self, ctx):
        return f"({self.a.render(ctx)} {self.op} {self.b.render(ctx)})"

    def ev(self, env):
        f = self.OPS[self.op]
        return [f(x, y) for x, y in zip(self.a.ev(env), self.b.ev(env))]


class Cast(Node):
    """A truncating cast: (unsigned char) or (unsigned short)."""
    MASK = {"unsigned char": 0xff, "unsigned short": 0xffff}

    def __init__(self, ctype, a):
        self.ctype, self.a = ctype, a
        self.kids = (a,)

    def render(self, ctx):
        return f"int(({self.ctype})({self.a.render(ctx)}))"

    def ev(self, env):
        m = self.MASK[self.ctype]
        return [x & m for x in self.a.ev(env)]


class Flow(Node):
    """A value routed through a construct the engine must follow; the value
    is unchanged (opaque asm too: the engine must call it unknown)."""
    KINDS = ("local", "struct", "aggr_init", "array", "array_lane", "pointer",
             "reference", "devfn", "devfn_ref", "ternary", "asm")

    def __init__(self, kind, a):
        self.kind, self.a = kind, a
        self.kids = (a,)

    def render(self, ctx):
        v = self.a.render(ctx)
        n = ctx.fresh("v")
        k = self.kind
        if k == "local":
            ctx.stmt(f"int {n} = {v};")
            return n
        if k == "struct":
            ctx.stmt(f"Pair {n}; {n}.a = 1; {n}.b = {v};")
            return f"{n}.b"
        if k == "aggr_init":
            ctx.stmt(f"const Pair {n} = {{{v}, 3}};")
            return f"{n}.a"
        if k == "array":
            ctx.stmt(f"int {n}[4] = {{0, 0, 0, 0}}; {n}[2] = {v};")
            return f"{n}[2]"
        if k == "array_lane":
            # Written at a lane-dependent index, read back at the same one.
            ctx.stmt(f"int {n}[4] = {{7, 7, 7, 7}}; {n}[lin & 3] = {v};")
            return f"{n}[lin & 3]"
        if k == "pointer":
            ctx.stmt(f"int {n} = {v}; const int *{n}p = &{n};")
            return f"(*{n}p)"
        if k == "reference":
            ctx.stmt(f"int {n} = 0; int &{n}r = {n}; {n}r = {v};")
            return n
        if k == "devfn":
            f = ctx.fresh_global("pass")
            ctx.glob(f"__device__ int {f}(int a) {{ return a; }}")
            return f"{f}({v})"
        if k == "devfn_ref":
            f = ctx.fresh_global("put")
            ctx.glob(f"__device__ void {f}(int &r, int a) {{ r = a; }}")
            ctx.stmt(f"int {n}; {f}({n}, {v});")
            return n
        if k == "ternary":
            return f"(lin >= 0 ? {v} : 0)"
        if k == "asm":
            ctx.stmt(f"int {n}; asm volatile(\"mov.b32 %0, %1;\" : \"=r\"({n}) "
                     f": \"r\"({v}));")
            return n
        raise KeyError(k)

    def ev(self, env):
        return self.a.ev(env)


class Shfl(Node):
    """A warp shuffle of a lane-derived value (the whole warp participates)."""

    def __init__(self, kind, a, arg, width=32):
        self.kind, self.a, self.arg, self.width = kind, a, arg, width
        self.kids = (a,)

    def render(self, ctx):
        v = self.a.render(ctx)
        n = ctx.fresh("sh")
        w = "" if self.width == 32 else f", {self.width}"
        if self.kind == "idx":
            src = f"((lin & 31) + {self.arg}) & 31"
            ctx.stmt(f"const int {n} = __shfl_sync({FULL}, {v}, {src}{w});")
        elif self.kind == "bcast":
            ctx.stmt(f"const int {n} = __shfl_sync({FULL}, {v}, {self.arg}{w});")
        elif self.kind == "cg":
            ctx.uses_cg = True
            t = ctx.fresh("tile")
            ctx.stmt(f"const auto {t} = cg::tiled_partition<32>"
                     f"(cg::this_thread_block());")
            ctx.stmt(f"const int {n} = {t}.shfl_xor({v}, {self.arg});")
        else:
            fn = {"xor": "__shfl_xor_sync", "up": "__shfl_up_sync",
                  "down": "__shfl_down_sync"}[self.kind]
            ctx.stmt(f"const int {n} = {fn}({FULL}, {v}, {self.arg}{w});")
        return n

    def ev(self, env):
        vals = self.a.ev(env)
        out = []
        w = self.width
        for t in env.lin:
            base, lane = t - (t & 31), t & 31
            seg, sl = lane - lane % w, lane % w
            if self.kind == "idx":
                src = (((lane + self.arg) & 31) % w) + seg
            elif self.kind == "bcast":
                src = seg + (self.arg % w)
            elif self.kind in ("xor", "cg"):
                src = lane ^ self.arg
                if src // w != lane // w:
                    src = lane
            elif self.kind == "up":
                src = lane - self.arg if sl >= self.arg else lane
            else:  # down
                src = lane + self.arg if sl + self.arg < w else lane
            out.append(vals[base + src])
        return out


class Ballot(Node):
    """Prefix count of a ballot of a lane predicate: popc(ballot & lanemask_lt)."""

    def __init__(self, mod, rem):
        self.mod, self.rem = mod, rem

    def render(self, ctx):
        n = ctx.fresh("bal")
        ctx.stmt(f"const unsigned {n} = __ballot_sync({FULL}, "
                 f"(lin & 31) % {self.mod} == {self.rem});")
        return f"__popc({n} & ((1u << (lin & 31)) - 1u))"

    def ev(self, env):
        out = []
        for t in env.lin:
            lane = t & 31
            out.append(sum(1 for l in range(lane) if l % self.mod == self.rem))
        return out


# ---------------------------------------------------------------------------

class Ctx:
    def __init__(self, kid):
        self.kid = kid
        self.stmts = []
        self.globs = []
        self.counter = 0
        self.params = {}
        self.tparams = {}
        self.uses_cg = False

    def fresh(self, base):
        self.counter += 1
        return f"{base}{self.counter}"

    def fresh_global(self, base):
        self.counter += 1
        return f"{base}_k{self.kid}_{self.counter}"

    def stmt(self, s):
        self.stmts.append(s)

    def glob(self, s):
        self.globs.append(s)


class KernelSpec:
    """One generated kernel. Plain data: the minimizer edits it."""

    def __init__(self, **kw):
        self.kid = 0
        self.op = "load"              # load | store | atomic
        self.ctype = "int"
        self.width = 4
        self.shape = (32, 1, 1)
        self.grid = 1
        self.smem = "static"          # static | extern | cast
        self.offset = 0               # extern: byte offset of the array
        self.cast_from = None         # cast: the declared element type
        self.nelem = 1024             # elements of the accessed array (power of 2)
        self.index = Const(0)
        self.loop = None              # dict(kind, start, end, step, unroll, runtime)
        self.branch = None            # (node, kind, value, text) see BRANCHES
        self.in_devfn = False         # the probe inside a __device__ function
        self.atomic = None            # add | inc1 | max | or | exch | cas
        self.params = {"p0": 0, "p1": 0, "p2": 0}
        self.constructs = []
        self.__dict__.update(kw)

    def copy(self):
        import copy
        return copy.deepcopy(self)


def index_class(spec):
    """'lane' (thread ids, constants, template parameters, constant loops),
    'param' (also kernel parameters, blockIdx, warp-uniform data, run-time
    trip counts, parameter branches), or 'data' (per-thread data or asm)."""
    nodes = list(spec.index.walk())
    if spec.branch is not None:
        nodes += list(spec.branch["node"].walk())
    if any(isinstance(n, Data) for n in nodes) or any(
            isinstance(n, Flow) and n.kind == "asm" for n in nodes):
        return "data"
    if any(isinstance(n, (Param, UData)) or
           (isinstance(n, Leaf) and n.name == "bx") for n in nodes):
        return "param"
    if spec.loop and spec.loop.get("runtime"):
        return "param"
    return "lane"


# ---------------------------------------------------------------------------
# Random construction.

SHAPES = [
    (32, 1, 1), (64, 1, 1), (96, 1, 1), (128, 1, 1), (256, 1, 1), (48, 1, 1),
    (16, 16, 1), (32, 4, 1), (8, 8, 1), (16, 4, 1), (4, 32, 1), (64, 2, 1),
    (12, 10, 1), (24, 4, 1), (8, 4, 4), (4, 4, 4), (16, 2, 2), (4, 8, 2),
    (2, 4, 8), (32, 2, 2),
]
STRIDES = [0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 64, 65, 128]


def rand_leaf(r, shape, allow_cg=True):
    choices = ["lane", "lane", "lin", "warp", "tx"]
    if shape[1] > 1:
        choices += ["ty", "ty"]
    if shape[2] > 1:
        choices += ["tz"]
    choices += ["laneid"]
    if allow_cg:
        choices += ["cg_rank", "cg_tile", "cg_meta"]
    c = r.choice(choices)
    if c == "cg_tile":
        return CgTile(r.choice([4, 8, 16, 32]), "thread_rank"), {"coop-groups"}
    if c == "cg_meta":
        return CgTile(r.choice([8, 16, 32]), "meta_group_rank"), {"coop-groups"}
    if c == "cg_rank":
        return Leaf(c), {"coop-groups"}
    if c == "laneid":
        return Leaf(c), {"asm-laneid"}
    return Leaf(c), {"thread-" + ("lane" if c == "lane" else c)}


def stride_term(r, leaf, width, cons):
    """leaf * S with S a constant, template parameter or parameter."""
    s = r.choice(STRIDES[1:] + [128 // width, 128 // width + 1, 32 // max(1, width // 4)])
    how = r.random()
    if how < 0.12:
        cons.add("template")
        return Bin("*", leaf, TParam("S", s))
    if how < 0.2:
        return Bin("*", leaf, ConstExpr(s))
    if how < 0.27:
        cons.add("param-mul")
        return Bin("*", leaf, Param("p0", s))
    if s in (2, 4, 8, 16, 32, 64, 128) and r.random() < 0.3:
        cons.add("shift")
        return Bin("<<", leaf, Const(s.bit_length() - 1))
    return Bin("*", leaf, Const(s))


def base_pattern(r, spec, cons):
    """An index built from thread ids."""
    shape, w = spec.shape, spec.width
    kind = r.choices(["stride", "stride2", "tile2d", "swizzle", "uniform",
                      "random", "div"], [30, 15, 12, 8, 6, 22, 7])[0]
    cons.add("pat-" + kind)
    if kind == "stride":
        leaf, c = rand_leaf(r, shape)
        cons |= c
        return stride_term(r, leaf, w, cons)
    if kind == "stride2":
        a, c1 = rand_leaf(r, shape)
        b, c2 = rand_leaf(r, shape)
        cons |= c1 | c2
        return Bin("+", stride_term(r, a, w, cons), stride_term(r, b, w, cons))
    if kind == "tile2d":
        ld = r.choice([shape[0], shape[0] + 1, 32, 33, 16, 17, 64 // w if w < 8 else 2,
                       128 // w + 1])
        row, col = (Leaf("ty"), Leaf("tx")) if shape[1] > 1 else (
            Bin(">>", Leaf("lin"), Const(r.choice([2, 3, 4]))),
            Bin("&", Leaf("lin"), Const(r.choice([3, 7, 15]))))
        if r.random() < 0.5:
            row, col = col, row
        cons.add("tile-ld%d" % ld)
        return Bin("+", Bin("*", row, Const(ld)), col)
    if kind == "swizzle":
        row = Bin(">>", Leaf("lane"), Const(r.choice([2, 3])))
        col = Bin("&", Leaf("lane"), Const(r.choice([3, 7])))
        sw = Bin("^", col, Bin("&", row, Const(r.choice([1, 3, 7]))))
        return Bin("+", Bin("*", row, Const(r.choice([8, 32, 33]))), sw)
    if kind == "uniform":
        return r.choice([Const(r.randrange(64)),
                         Bin("*", Leaf("warp"), Const(r.choice([1, 32, 33]))),
                         Bin("/", Leaf("lane"), Const(r.choice([4, 8, 16, 32])))])
    if kind == "div":
        leaf, c = rand_leaf(r, shape)
        cons |= c
        return Bin(r.choice(["/", "%"]), Bin("*", leaf, Const(r.choice(STRIDES[1:]))),
                   Const(r.choice([2, 3, 4, 5, 8, 31, 32, 33])))
    # random expression tree of depth 2-3
    return rand_tree(r, spec, 3, cons)


def rand_tree(r, spec, depth, cons):
    if depth == 0 or r.random() < 0.25:
        if r.random() < 0.7:
            leaf, c = rand_leaf(r, spec.shape)
            cons |= c
            return leaf
        return Const(r.choice([1, 2, 3, 4, 8, 16, 31, 32, 33]))
    op = r.choice(["+", "*", "^", "&", "|", "<<", ">>", "%", "/"])
    a = rand_tree(r, spec, depth - 1, cons)
    if op in ("<<", ">>"):
        b = Const(r.randrange(0, 6))
    elif op in ("%", "/"):
        b = Const(r.choice([2, 3, 4, 7, 8, 16, 32, 33]))
    elif op == "*":
        b = Const(r.choice(STRIDES[1:]))
    elif op == "&":
        b = Const(r.choice([1, 3, 7, 15, 16, 24, 31, 63, 96]))
    else:
        b = rand_tree(r, spec, depth - 1, cons) if r.random() < 0.5 else \
            Const(r.choice([1, 2, 5, 16, 32, 33]))
    return Bin(op, a, b)


def wrap_flows(r, node, cons, allow_shfl):
    """Route sub-values through locals, aggregates, pointers, calls, shuffles."""
    if isinstance(node, Bin) and r.random() < 0.5:
        node.a = wrap_flows(r, node.a, cons, allow_shfl)
        node.kids = (node.a, node.b)
    if r.random() < 0.55:
        kinds = [k for k in Flow.KINDS if k != "asm"]
        k = r.choice(kinds)
        cons.add("flow-" + k)
        node = Flow(k, node)
    if allow_shfl and r.random() < 0.18:
        k = r.choice(["idx", "bcast", "xor", "up", "down", "cg"])
        cons.add("shfl-" + k)
        w = r.choice([32, 32, 16, 8]) if k != "cg" else 32
        arg = {"idx": r.randrange(1, 32), "bcast": r.randrange(32),
               "xor": r.choice([1, 2, 4, 8, 16]) % w or 1,
               "up": r.choice([1, 2, 4]), "down": r.choice([1, 2, 4]),
               "cg": r.choice([1, 2, 16])}[k]
        node = Shfl(k, node, arg, w)
    return node


BRANCHES = [
    ("lane<", lambda r: r.choice([1, 8, 16, 24, 31])),
    ("lane&", lambda r: r.choice([(1, 0), (3, 0), (3, 1), (7, 5), (16, 16)])),
    ("lin%3", lambda r: r.choice([0, 1])),
    ("warp==", lambda r: 0),
    ("lane>=p2", lambda r: r.choice([4, 16])),
    ("data", lambda r: 0),
]


def make_branch(r, spec, cons):
    kind, val = r.choice(BRANCHES)
    v = val(r)
    cons.add("branch-" + kind)
    if kind == "lane<":
        node = Bin("+", Leaf("lane"), Const(0))
        text = f"(lin & 31) < {v}"
    elif kind == "lane&":
        node = Leaf("lane")
        text = f"((lin & 31) & {v[0]}) == {v[1]}"
    elif kind == "lin%3":
        node = Leaf("lin")
        text = f"lin % 3 != {v}"
    elif kind == "warp==":
        node = Leaf("warp")
        text = "(lin >> 5) == 0"
    elif kind == "lane>=p2":
        node = Param("p2", v)
        text = "(lin & 31) >= p2"
    else:
        node = Data(4)
        text = f"in[{PRED_BASE} + lin] > 0"
    return {"kind": kind, "v": v, "node": node, "text": text}


def branch_active(br, env):
    lin = env.lin
    k, v = br["kind"], br["v"]
    if k == "lane<":
        return [(t & 31) < v for t in lin]
    if k == "lane&":
        return [((t & 31) & v[0]) == v[1] for t in lin]
    if k == "lin%3":
        return [t % 3 != v for t in lin]
    if k == "warp==":
        return [(t >> 5) == 0 for t in lin]
    if k == "lane>=p2":
        return [(t & 31) >= v for t in lin]
    return [data_word(PRED_BASE + t) > 0 for t in lin]


ATOMICS4 = ["add", "inc1", "max", "or", "exch", "cas", "min", "xor", "and"]


def make_spec(seed, kid):
    r = random.Random(f"{seed}:{kid}")
    cons = set()
    op = r.choices(["load", "store", "atomic"], [50, 32, 18])[0]
    if op == "atomic":
        width = r.choices([4, 8], [80, 20])[0]
        ctype = {4: r.choice(["int", "unsigned"]), 8: "unsigned long long"}[width]
        atomic = r.choice(ATOMICS4) if width == 4 else r.choice(["exch", "cas"])
        if ctype == "int" and atomic in ("or", "xor", "and", "inc1"):
            ctype = "unsigned"
        cons.add("atomic-" + atomic)
    else:
        width = r.choices([1, 2, 4, 8, 16], [14, 14, 36, 20, 16])[0]
        ctype = r.choice(TYPES[width])
        atomic = None
    shape = r.choice(SHAPES)
    spec = KernelSpec(kid=kid, op=op, ctype=ctype, width=width, shape=shape,
                      atomic=atomic)
    # Array size: at least 1024 elements, 8 KiB at most for wide types.
    spec.nelem = max(256, min(2048, 8192 // width))
    sm = r.random()
    if sm < 0.18:
        spec.smem = "extern"
        spec.offset = r.choice([0, 16, 48, 64, 128, 256, 400]) // 16 * 16 \
            if width == 16 else r.choice([0, 4, 8, 12, 64, 128, 132]) // width * width
        cons.add("extern-off" if spec.offset else "extern")
    elif sm < 0.3 and op != "atomic":
        spec.smem = "cast"
        spec.cast_from = r.choice(["int", "unsigned char", "float2"]) if width < 16 \
            else r.choice(["int", "float2"])
        cons.add("cast-" + spec.cast_from.replace(" ", "_"))
    idx = base_pattern(r, spec, cons)
    threads = shape[0] * shape[1] * shape[2]
    allow_shfl = threads % 32 == 0
    idx = wrap_flows(r, idx, cons, allow_shfl)
    # Add-ons: loop counter, uniform offsets, data.
    roll = r.random()
    if roll < 0.28:
        lk = r.choice(["count", "count", "double", "halve", "runtime"])
        unroll = r.choice(["", "#pragma unroll", "#pragma unroll 1"])
        if lk == "count":
            loop = {"kind": lk, "start": 0, "end": r.choice([2, 3, 4, 5, 8]), "step": 1}
        elif lk == "double":
            loop = {"kind": lk, "start": 1, "end": r.choice([8, 16, 32]), "step": 2}
        elif lk == "halve":
            loop = {"kind": lk, "start": r.choice([8, 16, 32]), "end": 0, "step": 2}
        else:
            loop = {"kind": lk, "start": 0, "end": r.choice([2, 3, 4]), "step": 1,
                    "runtime": True}
            spec.params["p1"] = loop["end"]
        loop["unroll"] = unroll
        spec.loop = loop
        cons.add("loop-" + lk + ("-unroll" if unroll == "#pragma unroll" else
                                  "-nounroll" if unroll else ""))
        kt = r.choice(["add", "mul", "mulshift"])
        if kt == "add":
            idx = Bin("+", idx, Bin("*", Leaf("k"), Const(r.choice([1, 2, 4, 32, 33]))))
        elif kt == "mul":
            idx = Bin("*", Bin("+", idx, Const(1)), Leaf("k"))
        else:
            idx = Bin("+", Bin("*", Leaf("lane"), Leaf("k")),
                      Bin("*", idx, Const(r.choice([1, 64]))))
    elif roll < 0.36:
        cons.add("param-offset")
        spec.params["p0"] = r.choice([0, 1, 3, 8, 32, 100])
        idx = Bin("+", idx, Param("p0", spec.params["p0"]))
    elif roll < 0.42:
        cons.add("blockidx")
        spec.grid = 2
        idx = Bin("+", idx, Bin("*", Leaf("bx"), Const(r.choice([1, 32, 7]))))
    elif roll < 0.47:
        cons.add("uniform-data")
        idx = Bin("+", idx, UData(r.randrange(len(UNIFORM_DATA))))
    elif roll < 0.59:
        cons.add("data")
        d = Data(width)
        choice = r.random()
        if choice < 0.3:
            idx = d
        elif choice < 0.5:
            idx = Bin("+", d, Bin("*", Leaf("warp"), Const(3)))
        elif choice < 0.65:
            idx = Flow(r.choice(["local", "struct", "pointer", "devfn"]), d)
        elif choice < 0.8 and allow_shfl:
            idx = Shfl("xor", d, 1)
            cons.add("shfl-data")
        else:
            idx = Bin("^", d, Const(r.choice([0, 1])))
    elif roll < 0.63:
        cons.add("asm-opaque")
        idx = Flow("asm", idx)
    elif roll < 0.66 and allow_shfl:
        cons.add("ballot")
        idx = Bin("+", Bin("*", Ballot(r.choice([2, 3, 4]), r.choice([0, 1])),
                           Const(r.choice([1, 32, 33]))), idx)
    elif roll < 0.70:
        cons.add("cast-index")
        idx = Cast(r.choice(["unsigned char", "unsigned short"]), idx)
    if r.random() < 0.2:
        spec.branch = make_branch(r, spec, cons)
        if spec.branch["kind"] == "lane>=p2":
            spec.params["p2"] = spec.branch["v"]
    # One value per template parameter.
    tps = [n for n in idx.walk() if isinstance(n, TParam)]
    for n in tps:
        n.v = tps[0].v
    # Every use of p0 has the value passed at the launch.
    p0 = [n for n in idx.walk() if isinstance(n, Param) and n.name == "p0"]
    if p0:
        if "param-offset" not in cons:
            spec.params["p0"] = p0[0].v
        for n in p0:
            n.v = spec.params["p0"]
    spec.in_devfn = r.random() < 0.12
    if spec.in_devfn:
        cons.add("probe-in-devfn")
    spec.index = idx
    spec.constructs = sorted(c for c in cons if c.split("-")[0] in KEEP)
    return spec


KEEP = {"atomic", "extern", "cast", "pat", "loop", "branch", "probe", "tile"}


def constructs(spec):
    """The constructs a kernel uses: its recorded ones and its index tree's."""
    out = set(spec.constructs)
    out = {c for c in out if c not in ("asm-opaque", "data", "uniform-data",
                                       "ballot", "cast-index", "param-offset",
                                       "blockidx")}
    nodes = list(spec.index.walk())
    if spec.branch is not None:
        nodes += list(spec.branch["node"].walk())
    for n in nodes:
        if isinstance(n, Leaf):
            out.add({"laneid": "asm-laneid", "cg_rank": "coop-groups",
                     "bx": "blockidx", "k": "loop-counter"}.get(n.name, "thread-" + n.name))
        elif isinstance(n, CgTile):
            out.add("coop-groups")
        elif isinstance(n, TParam):
            out.add("template")
        elif isinstance(n, ConstExpr):
            out.add("constexpr")
        elif isinstance(n, Param):
            out.add("param")
        elif isinstance(n, Data):
            out.add("data")
        elif isinstance(n, UData):
            out.add("uniform-data")
        elif isinstance(n, Flow):
            out.add("asm-opaque" if n.kind == "asm" else "flow-" + n.kind)
        elif isinstance(n, Shfl):
            out.add("shfl-" + n.kind)
        elif isinstance(n, Ballot):
            out.add("ballot")
        elif isinstance(n, Cast):
            out.add("cast-index")
    return sorted(out)


# ---------------------------------------------------------------------------
# Rendering.

def probe_text(spec, arr, idx):
    if spec.op == "load":
        return f"acc ^= fold({arr}[{idx}]);"
    if spec.op == "store":
        return f"{arr}[{idx}] = mk<{spec.ctype}>(lin + 1);"
    a = spec.atomic
    p = f"&{arr}[{idx}]"
    if a == "add":
        return f"atomicAdd({p}, ({spec.ctype})(lin + 2));"
    if a == "inc1":
        return f"atomicAdd({p}, 1u);"
    if a == "max":
        return f"atomicMax({p}, ({spec.ctype})lin);"
    if a == "min":
        return f"atomicMin({p}, ({spec.ctype})lin);"
    if a == "or":
        return f"atomicOr({p}, 1u << (lin & 31));"
    if a == "xor":
        return f"atomicXor({p}, 1u << (lin & 31));"
    if a == "and":
        return f"atomicAnd({p}, ~(1u << (lin & 31)));"
    if a == "exch":
        return f"atomicExch({p}, ({spec.ctype})lin);"
    if a == "cas":
        return f"atomicCAS({p}, ({spec.ctype})0, ({spec.ctype})lin);"
    raise KeyError(a)


def render_kernel(spec):
    """(globals, kernel source, launch statement); the probe line ends with
    `// PROBE k<id>`."""
    kid = spec.kid
    name = f"k{kid:04d}"
    ctx = Ctx(kid)
    idx_c = spec.index.render(ctx)
    idx_c = f"({idx_c}) & {spec.nelem - 1}"
    pre = list(ctx.stmts)
    branch_text = None
    if spec.branch:
        bctx = Ctx(kid)
        bctx.counter = ctx.counter + 100
        spec.branch["node"].render(bctx)  # registers parameters
        ctx.params.update(bctx.params)
        branch_text = spec.branch["text"]
    T = spec.ctype
    lines = []
    # Shared array.
    nbytes = spec.nelem * spec.width
    if spec.smem == "static":
        lines.append(f"  __shared__ {T} s[{spec.nelem}];")
        arr = "s"
        dyn = 0
    elif spec.smem == "extern":
        lines.append(f"  {T} *s = reinterpret_cast<{T} *>(dsm + {spec.offset});")
        arr = "s"
        dyn = spec.offset + nbytes
    else:
        cw = {"int": 4, "unsigned char": 1, "float2": 8}[spec.cast_from]
        lines.append(f"  __shared__ __align__(16) {spec.cast_from} raw[{nbytes // cw}];")
        lines.append(f"  {T} *s = reinterpret_cast<{T} *>(raw);")
        arr = "s"
        dyn = 0
    lines.append("  const int lin = int(threadIdx.x + blockDim.x * (threadIdx.y + "
                 "blockDim.y * threadIdx.z));")
    lines.append("  const int nthreads = int(blockDim.x * blockDim.y * blockDim.z);")
    lines.append("  int acc = 0;")
    if spec.op in ("load", "atomic"):
        lines.append(f"  for (int i = lin; i < {spec.nelem}; i += nthreads) "
                     f"{arr}[i] = mk<{T}>(i);")
        lines.append("  __syncthreads();")
    for s in pre if not spec.loop else []:
        lines.append("  " + s)
    indent = "  "
    close = []
    if spec.loop:
        lp = spec.loop
        if lp["unroll"]:
            lines.append(indent + lp["unroll"])
        if lp["kind"] == "count":
            head = f"for (int k = {lp['start']}; k < {lp['end']}; ++k)"
        elif lp["kind"] == "runtime":
            head = "for (int k = 0; k < p1; ++k)"
            ctx.params["p1"] = spec.params["p1"]
        elif lp["kind"] == "double":
            head = f"for (int k = {lp['start']}; k < {lp['end']}; k *= 2)"
        else:
            head = f"for (int k = {lp['start']}; k > {lp['end']}; k >>= 1)"
        lines.append(indent + head + " {")
        close.append(indent + "}")
        indent += "  "
        for s in pre:
            lines.append(indent + s)
    if branch_text:
        lines.append(indent + f"if ({branch_text}) {{")
        close.append(indent + "}")
        indent += "  "
    globs = list(ctx.globs)
    if spec.in_devfn:
        fn = f"probe_{name}"
        acc_param = "int &acc, " if spec.op == "load" else ""
        globs.append(f"__device__ void {fn}({T} *s, {acc_param}int lin, int at) {{\n"
                     f"  {probe_text(spec, 's', 'at')} // PROBE {name}\n}}")
        acc_arg = "acc, " if spec.op == "load" else ""
        lines.append(indent + f"{fn}({arr}, {acc_arg}lin, {idx_c});")
    else:
        lines.append(indent + probe_text(spec, arr, idx_c) + f" // PROBE {name}")
    lines.extend(reversed(close))
    lines.append("  __syncthreads();")
    if spec.op in ("store", "atomic"):
        lines.append(f"  for (int i = lin; i < {spec.nelem}; i += nthreads) "
                     f"acc ^= fold({arr}[i]);")
    lines.append(f"  sink[{kid} * 256 + lin % 256] = acc;")
    lines.append("  __syncthreads();")
    lines.append(f"  if (lin == 0 && blockIdx.x == 0) done[{kid}] = MAGIC({kid});")
    tmpl = ""
    targs = ""
    if ctx.tparams:
        tmpl = "template <" + ", ".join(f"int {n}" for n in ctx.tparams) + ">\n"
        targs = "<" + ", ".join(str(v) for v in ctx.tparams.values()) + ">"
    body = "\n".join(lines)
    src = (f"// kernel {name}: {spec.op} {T} ({spec.width} B), block "
           f"{'x'.join(map(str, spec.shape))}, class {index_class(spec)}; "
           f"{', '.join(constructs(spec))}\n"
           f"{tmpl}__global__ void {name}(const int *__restrict__ in, int *__restrict__ done, "
           f"int *__restrict__ sink, int p0, int p1, int p2) {{\n{body}\n}}\n")
    bx, by, bz = spec.shape
    p0 = spec.params.get("p0", 0)
    p1 = spec.params.get("p1", 0)
    p2 = spec.params.get("p2", 0)
    launch = (f"{name}{targs}<<<{spec.grid}, dim3({bx}, {by}, {bz}), {dyn}>>>"
              f"(in, done, sink, {p0}, {p1}, {p2});")
    return "\n\n".join(globs), src, launch


COMMON = r"""// Generated by test/differential/gen.py: helpers of the differential kernels.
#pragma once
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
namespace cg = cooperative_groups;

#define MAGIC(K) (0x5eed0000 ^ ((K) * 2654435761u))
#define CHECK_CUDA(X)                                                        \
  do {                                                                       \
    cudaError_t E = (X);                                                     \
    if (E != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                \
                   cudaGetErrorString(E));                                   \
      std::exit(2);                                                          \
    }                                                                        \
  } while (0)

struct Pair {
  int a;
  int b;
};

extern __shared__ __align__(16) unsigned char dsm[];

__device__ __forceinline__ unsigned laneid_asm() {
  unsigned L;
  asm("mov.u32 %0, %%laneid;" : "=r"(L));
  return L;
}

template <typename T> __device__ __forceinline__ T mk(int v) { return T(v); }
template <> __device__ __forceinline__ char2 mk<char2>(int v) { return make_char2(char(v), char(v >> 8)); }
template <> __device__ __forceinline__ char4 mk<char4>(int v) { return make_char4(char(v), char(v + 1), char(v + 2), char(v + 3)); }
template <> __device__ __forceinline__ short2 mk<short2>(int v) { return make_short2(short(v), short(v + 1)); }
template <> __device__ __forceinline__ int2 mk<int2>(int v) { return make_int2(v, v + 1); }
template <> __device__ __forceinline__ uint2 mk<uint2>(int v) { return make_uint2(v, v + 1); }
template <> __device__ __forceinline__ float2 mk<float2>(int v) { return make_float2(float(v), float(v + 1)); }
template <> __device__ __forceinline__ int4 mk<int4>(int v) { return make_int4(v, v + 1, v + 2, v + 3); }
template <> __device__ __forceinline__ uint4 mk<uint4>(int v) { return make_uint4(v, v + 1, v + 2, v + 3); }
template <> __device__ __forceinline__ float4 mk<float4>(int v) { return make_float4(float(v), float(v + 1), float(v + 2), float(v + 3)); }
template <> __device__ __forceinline__ double2 mk<double2>(int v) { return make_double2(double(v), double(v + 1)); }
template <> __device__ __forceinline__ longlong2 mk<longlong2>(int v) { return make_longlong2(v, v + 1); }

__device__ __forceinline__ int fold(int v) { return v; }
__device__ __forceinline__ int fold(unsigned v) { return int(v); }
__device__ __forceinline__ int fold(unsigned char v) { return v; }
__device__ __forceinline__ int fold(signed char v) { return v; }
__device__ __forceinline__ int fold(char v) { return v; }
__device__ __forceinline__ int fold(unsigned short v) { return v; }
__device__ __forceinline__ int fold(short v) { return v; }
__device__ __forceinline__ int fold(float v) { return int(v); }
__device__ __forceinline__ int fold(long long v) { return int(v ^ (v >> 32)); }
__device__ __forceinline__ int fold(unsigned long long v) { return int(v ^ (v >> 32)); }
__device__ __forceinline__ int fold(double v) { return int(v); }
__device__ __forceinline__ int fold(char2 v) { return v.x ^ (v.y << 8); }
__device__ __forceinline__ int fold(char4 v) { return v.x ^ (v.y << 8) ^ (v.z << 16) ^ (v.w << 24); }
__device__ __forceinline__ int fold(short2 v) { return v.x ^ (v.y << 16); }
__device__ __forceinline__ int fold(int2 v) { return v.x ^ (v.y * 3); }
__device__ __forceinline__ int fold(uint2 v) { return int(v.x ^ (v.y * 3)); }
__device__ __forceinline__ int fold(float2 v) { return int(v.x) ^ int(v.y * 3.0f); }
__device__ __forceinline__ int fold(int4 v) { return v.x ^ (v.y * 3) ^ (v.z * 5) ^ (v.w * 7); }
__device__ __forceinline__ int fold(uint4 v) { return int(v.x ^ (v.y * 3) ^ (v.z * 5) ^ (v.w * 7)); }
__device__ __forceinline__ int fold(float4 v) { return int(v.x) ^ int(v.y * 3.0f) ^ int(v.z * 5.0f) ^ int(v.w * 7.0f); }
__device__ __forceinline__ int fold(double2 v) { return int(v.x) ^ int(v.y * 3.0); }
__device__ __forceinline__ int fold(longlong2 v) { return int(v.x ^ (v.y * 3)); }
"""


def in_data_init():
    return (f"static std::vector<int> makeInput() {{\n"
            f"  std::vector<int> H({IN_WORDS}, 0);\n"
            + "".join(f"  for (int t = 0; t < 1024; ++t) H[{b} + t] = (t % 32) * {128 // w};\n"
                      for w, b in DATA_BASE.items())
            + "".join(f"  H[{UNIFORM_BASE + j}] = {v};\n" for j, v in enumerate(UNIFORM_DATA))
            + f"  for (int t = 0; t < 1024; ++t) H[{PRED_BASE} + t] = 1;\n"
            f"  return H;\n}}\n")


def render_program(specs, seed, prog):
    parts = [f"// Generated by test/differential/gen.py {GENERATOR_VERSION}, seed {seed}, "
             f"program {prog}: {len(specs)} kernels. Do not edit.",
             '#include "diff_common.cuh"', ""]
    launches = []
    for spec in specs:
        g, src, launch = render_kernel(spec)
        if g:
            parts.append(g)
        parts.append(src)
        launches.append((spec.kid, launch))
    ids = [k for k, _ in launches]
    parts.append(in_data_init())
    parts.append("static void launch(int Id, const int *in, int *done, int *sink) {\n"
                 "  switch (Id) {\n" +
                 "".join(f"  case {k}: {l} break;\n" for k, l in launches) +
                 "  default: break;\n  }\n}\n")
    parts.append(f"""static const int Ids[] = {{{', '.join(map(str, ids))}}};

int main(int argc, char **argv) {{
  // Usage: prog [FIRST END]: launches the kernels with FIRST <= id < END.
  int First = argc > 2 ? std::atoi(argv[1]) : 0;
  int End = argc > 2 ? std::atoi(argv[2]) : 1 << 30;
  std::vector<int> H = makeInput();
  int *In, *Done, *Sink;
  const int MaxId = {max(ids) + 1};
  CHECK_CUDA(cudaMalloc(&In, H.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&Done, MaxId * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&Sink, size_t(MaxId) * 256 * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(In, H.data(), H.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(Done, 0, MaxId * sizeof(int)));
  int Launched = 0;
  for (int Id : Ids) {{
    if (Id < First || Id >= End) continue;
    launch(Id, In, Done, Sink);
    CHECK_CUDA(cudaGetLastError());
    ++Launched;
  }}
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> D(MaxId);
  CHECK_CUDA(cudaMemcpy(D.data(), Done, MaxId * sizeof(int), cudaMemcpyDeviceToHost));
  int Bad = 0;
  unsigned Sum = 0;
  for (int Id : Ids) {{
    if (Id < First || Id >= End) continue;
    if (unsigned(D[Id]) != unsigned(MAGIC(Id))) {{
      std::fprintf(stderr, "kernel k%04d did not run to its end\\n", Id);
      ++Bad;
    }}
    Sum += unsigned(D[Id]);
  }}
  std::printf("program {prog}: %d kernels launched, %d failed, checksum %08x\\n",
              Launched, Bad, Sum);
  return Bad ? 1 : 0;
}}
""")
    return "\n".join(parts)


# ---------------------------------------------------------------------------
# The oracle: the documented bank model (docs/bank-model.md) on the addresses
# the kernel computes. Returns (total wavefronts, instructions) per block,
# summed over the grid's blocks, or None where the model does not cover it.

def wavefronts(width, kind, addrs, form="native"):
    """addrs: 32 byte addresses or None (inactive). (wavefronts, instr)."""
    share = not (kind == "atomic" and form != "popc")
    if kind == "load":
        step, merged = {1: 32, 2: 32, 4: 32, 8: 16, 16: 8}[width], \
            {8: 32, 16: 16}.get(width, 0)
    else:
        step, merged = {1: 32, 2: 32, 4: 32, 8: 16, 16: 8}[width], 0
    if merged:
        def agree(p):
            for l in range(32):
                if addrs[l] is None:
                    continue
                o = addrs[l ^ p]
                if o is not None and o != addrs[l]:
                    return False
            return True
        if agree(1) or agree(2):
            step = merged
    mult = 2 if form == "cas" else 1
    total, any_ = 0, False
    words_per = max(1, width // 4)
    for b in range(0, 32, step):
        lanes = [l for l in range(b, b + step) if addrs[l] is not None]
        if not lanes:
            continue
        any_ = True
        per_bank = {}
        for l in lanes:
            w0 = addrs[l] // 4
            for j in range(words_per):
                w = w0 + j
                per_bank.setdefault(w % 32, []).append(w)
        worst = 0
        for ws in per_bank.values():
            c = len(set(ws)) if share else len(ws)
            worst = max(worst, c)
        total += mult * worst
    return total, (1 if any_ else 0)


def oracle(spec):
    form = "native"
    if spec.op == "atomic":
        form = {"inc1": "popc", "cas": "cas"}.get(spec.atomic, "native")
    total = instr = 0
    base = spec.offset if spec.smem == "extern" else 0
    for block in range(spec.grid):
        iters = [None]
        if spec.loop:
            lp = spec.loop
            iters = []
            k = lp["start"]
            while (k < lp["end"]) if lp["kind"] != "halve" else (k > lp["end"]):
                iters.append(k)
                if lp["kind"] in ("count", "runtime"):
                    k += 1
                elif lp["kind"] == "double":
                    k *= 2
                else:
                    k >>= 1
        for k in iters:
            env = Env(spec.shape, block, spec.params, {}, k)
            vals = spec.index.ev(env)
            active = [True] * env.n
            if spec.branch:
                active = branch_active(spec.branch, env)
            for w0 in range(0, env.n, 32):
                addrs = []
                for l in range(32):
                    t = w0 + l
                    if t < env.n and active[t]:
                        addrs.append(base + (vals[t] & (spec.nelem - 1)) * spec.width)
                    else:
                        addrs.append(None)
                wf, n = wavefronts(spec.width, spec.op, addrs, form)
                total += wf
                instr += n
    return total, instr


# ---------------------------------------------------------------------------

def generate(seed, count):
    return [make_spec(seed, kid) for kid in range(count)]


def write_all(specs, seed, programs, out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "diff_common.cuh"), "w") as f:
        f.write(COMMON)
    manifest = {"generator_version": GENERATOR_VERSION, "seed": seed,
                "count": len(specs), "programs": programs, "kernels": []}
    groups = [specs[p::programs] for p in range(programs)]
    for p, group in enumerate(groups):
        fname = f"diff_{p:02d}.cu"
        text = render_program(group, seed, p)
        with open(os.path.join(out, fname), "w") as f:
            f.write(text)
        lines = {}
        for n, line in enumerate(text.split("\n"), 1):
            if "// PROBE k" in line:
                lines[line.split("// PROBE ")[1].strip()] = n
        for spec in group:
            name = f"k{spec.kid:04d}"
            wf, ins = oracle(spec)
            manifest["kernels"].append({
                "id": spec.kid, "name": name, "program": p, "file": fname,
                "line": lines[name], "op": spec.op, "type": spec.ctype,
                "width": spec.width, "block": list(spec.shape), "grid": spec.grid,
                "smem": spec.smem, "class": index_class(spec),
                "atomic": spec.atomic, "constructs": constructs(spec),
                "oracle_wavefronts": wf, "oracle_instructions": ins})
    manifest["kernels"].sort(key=lambda k: k["id"])
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=0)
    return manifest


def coverage_table(manifest):
    """Markdown: construct groups x element widths x block dimensionality."""
    groups = collections.OrderedDict()
    for k in manifest["kernels"]:
        dims = "3-D" if k["block"][2] > 1 else "2-D" if k["block"][1] > 1 else "1-D"
        names = set()
        for c in k["constructs"]:
            g = c.split("-")[0]
            if g in ("thread", "flow", "shfl", "loop", "branch", "atomic", "pat",
                     "cast", "extern"):
                names.add(c if g in ("flow", "shfl", "thread") or "-" not in c
                          else g + "-" + c.split("-")[1])
            elif g != "tile":
                names.add(c)
        names.add("op-" + k["op"])
        for n in names:
            e = groups.setdefault(n, collections.Counter())
            e[k["width"]] += 1
            e[dims] += 1
            e["all"] += 1
    cols = [1, 2, 4, 8, 16, "1-D", "2-D", "3-D", "all"]
    out = ["| construct | 1 B | 2 B | 4 B | 8 B | 16 B | 1-D | 2-D | 3-D | kernels |",
           "| --- |" + " --- |" * len(cols)]
    for n in sorted(groups):
        out.append(f"| {n} | " + " | ".join(str(groups[n][c]) for c in cols) + " |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--count", type=int, default=3200)
    ap.add_argument("--programs", type=int, default=8)
    ap.add_argument("--out", required=True)
    ap.add_argument("--coverage", action="store_true",
                    help="print the coverage table (markdown)")
    a = ap.parse_args()
    specs = generate(a.seed, a.count)
    m = write_all(specs, a.seed, a.programs, a.out)
    cls = {}
    for k in m["kernels"]:
        cls[k["class"]] = cls.get(k["class"], 0) + 1
    print(f"gen.py {GENERATOR_VERSION}: seed {a.seed}, {len(specs)} kernels in "
          f"{a.programs} programs ({', '.join(f'{v} {k}' for k, v in sorted(cls.items()))})"
          f" -> {a.out}")
    if a.coverage:
        print(coverage_table(m))


if __name__ == "__main__":
    sys.exit(main())
