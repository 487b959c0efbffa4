#!/usr/bin/env python3
"""Writes the probe table of bank_kinds.cu: bank_kinds_patterns.txt.

One probe is one launch of one kernel (an access kind and element type)
with one warp whose single shared-memory instruction takes, per lane, a byte
offset into a 16 KiB shared array (-1: the lane skips it). Deterministic:
the random patterns come from fixed seeds, so rerunning this script gives
the same file byte for byte.

Usage: gen_bank_kinds.py [OUTFILE]   (default: beside this script)
"""
import os
import random
import sys

ARRAY_BYTES = 16384
LANES = 32

# Kernel name, access kind, width in bytes, random probes per batch (the
# table holds two batches of random probes after the structured ones).
KERNELS = [
    ("probe_ld_u8", "load", 1, 40),
    ("probe_ld_u16", "load", 2, 40),
    ("probe_ld_u32", "load", 4, 60),
    ("probe_ld_u64", "load", 8, 80),
    ("probe_ld_u128", "load", 16, 80),
    ("probe_st_u8", "store", 1, 60),
    ("probe_st_u16", "store", 2, 60),
    ("probe_st_u32", "store", 4, 80),
    ("probe_st_u64", "store", 8, 100),
    ("probe_st_u128", "store", 16, 100),
    ("probe_atom_add_s32", "atomic", 4, 80),
    ("probe_atom_add_u32", "atomic", 4, 15),
    ("probe_atom_min_s32", "atomic", 4, 15),
    ("probe_atom_max_u32", "atomic", 4, 15),
    ("probe_atom_exch_b32", "atomic", 4, 25),
    ("probe_atom_cas_b32", "atomic", 4, 25),
    ("probe_atom_add_f32", "atomic", 4, 25),
    ("probe_atom_cas_b16", "atomic", 2, 30),
    ("probe_atom_add_u64", "atomic", 8, 70),
    ("probe_atom_exch_b64", "atomic", 8, 25),
    ("probe_atom_cas_b64", "atomic", 8, 30),
    ("probe_atom_add_f64", "atomic", 8, 25),
    ("probe_atom_cas_b128", "atomic", 16, 60),
    ("probe_atom_exch_b128", "atomic", 16, 30),
]

# Second round (ids after the first round's): operands the compiler may
# aggregate (atomicAdd of the constant 1 becomes ATOMS.POPC.INC), and the
# remaining atomic operations. One batch of random probes.
KERNELS2 = [
    ("probe_atom_inc1_u32", "atomic", 4, 40),
    ("probe_atom_inc1_s32", "atomic", 4, 20),
    ("probe_atom_add2_u32", "atomic", 4, 20),
    ("probe_atom_adduni_u32", "atomic", 4, 20),
    ("probe_atom_sub1_s32", "atomic", 4, 20),
    ("probe_atom_incwrap_u32", "atomic", 4, 20),
    ("probe_atom_and_b32", "atomic", 4, 15),
    ("probe_atom_or_b32", "atomic", 4, 15),
    ("probe_atom_xor_b32", "atomic", 4, 15),
    ("probe_atom_min_u64", "atomic", 8, 20),
    ("probe_atom_max_s64", "atomic", 8, 20),
    ("probe_atom_inc1_u64", "atomic", 8, 20),
]

ALL = [True] * LANES


def structured(width, rng):
    """(name, element index or None per lane) for the structured patterns."""
    per_row = max(1, 128 // width)  # elements per 128-byte row of banks
    P = []

    def add(name, fn, active=lambda t: True):
        P.append((name, [fn(t) if active(t) else None for t in range(LANES)]))

    for s in (1, 2, 3, 4, 8, 16, 32):
        add("stride%d" % s, lambda t, s=s: t * s)
    add("uniform0", lambda t: 0)
    add("uniform5", lambda t: 5)
    for k in (1, 2, 4, 8, 16):
        add("pair_xor%d" % k, lambda t, k=k: t & ~k)
    # Pairs that agree, spread so that the pairs conflict.
    for k in (1, 2):
        add("pair_xor%d_stride2" % k, lambda t, k=k: (t & ~k) * 2)
        add("pair_xor%d_row" % k, lambda t, k=k: (t & ~k) * per_row)
    add("quarter_bcast", lambda t: t // 8)
    add("quarter_bcast_samebank", lambda t: (t // 8) * per_row)
    add("half_bcast", lambda t: t // 16)
    add("half_bcast_samebank", lambda t: (t // 16) * per_row)
    add("octet_bcast", lambda t: t // 4)
    add("two_words_one_bank", lambda t: (t & 1) * per_row)
    add("four_rows", lambda t: (t % 4) * per_row + t // 4)
    masks = {
        "lt16": lambda t: t < 16,
        "lt8": lambda t: t < 8,
        "ge16": lambda t: t >= 16,
        "odd": lambda t: t % 2 == 1,
        "even": lambda t: t % 2 == 0,
        "lane0": lambda t: t == 0,
        "lanes0_16": lambda t: t in (0, 16),
        "lanes15_16": lambda t: t in (15, 16),
        "lanes0_31": lambda t: t in (0, 31),
        "one_per_quarter": lambda t: t % 8 == 0,
        "lanes0_8": lambda t: t in (0, 8),
    }
    for i in range(4):
        bits = rng.getrandbits(32)
        masks["rand%d" % i] = lambda t, b=bits: (b >> t) & 1 == 1
    for mname, m in masks.items():
        add("mask_%s_stride1" % mname, lambda t: t, m)
        add("mask_%s_uniform" % mname, lambda t: 3, m)
    for mname in ("lt16", "odd", "lanes0_16", "one_per_quarter", "rand0"):
        add("mask_%s_stride32" % mname, lambda t: t * 32, masks[mname])
    add("perm_reverse", lambda t: 31 - t)
    for k in (1, 2, 16):
        add("perm_xor%d" % k, lambda t, k=k: t ^ k)
    add("perm_times5", lambda t: (t * 5) % 32)
    for i in range(2):
        perm = list(range(LANES))
        rng.shuffle(perm)
        add("perm_rand%d" % i, lambda t, p=perm: p[t])
    # Seed 000's cases (in elements of this width).
    add("seed64_case2", lambda t: 15 if t == 16 else t,
        lambda t: t < 15 or t == 16)
    add("seed64_case4", lambda t: t // 2 if t < 16 else (t // 4) * 4 + (t % 4) % 2)
    add("seed128_case1", lambda t: 4, lambda t: t in (15, 16))
    add("seed128_case2", lambda t: 4, lambda t: t in (0, 15))
    add("seed128_case3", lambda t: (t // 8) * 2 + ((t % 8) // 2) % 2)
    add("seed128_case4",
        lambda t: (t // 8) * 2 + ((t % 8) // 2) % 2 if t < 16
        else (t // 8) * 2 + ((t % 8) % 2))
    add("seed128_case5", lambda t: (t // 16) * 4 + (t % 16) // 8 + (t % 8) // 4 * 8)
    return P


def random_pattern(width, rng):
    """A random pattern: addresses in a small window (so that bank conflicts
    and same-address lanes both occur), random activity."""
    n_elems = ARRAY_BYTES // width
    kind = rng.choice(["window", "window", "rows", "few", "pairs", "quarters"])
    p_active = rng.choice([1.0, 1.0, 0.9, 0.6, 0.3])
    if kind == "window":
        wbytes = rng.choice([16, 64, 256, 1024, 4096])
        w = max(1, wbytes // width)
        idx = [rng.randrange(w) for _ in range(LANES)]
    elif kind == "rows":
        # A few 128-byte rows, a few columns: same banks, different words.
        per_row = max(1, 128 // width)
        rows, cols = rng.choice([2, 4, 8]), rng.choice([1, 2, 4, per_row])
        idx = [rng.randrange(rows) * per_row + rng.randrange(min(cols, per_row))
               for _ in range(LANES)]
    elif kind == "few":
        # A few distinct addresses, shared by many lanes.
        m = rng.choice([1, 2, 3, 4, 8])
        w = max(m, rng.choice([16, 256, 2048]) // width)
        addrs = [rng.randrange(w) for _ in range(m)]
        idx = [rng.choice(addrs) for _ in range(LANES)]
    elif kind == "pairs":
        # Lane i and i^k agree, except a few lanes.
        k = rng.choice([1, 2, 4, 8, 16])
        w = max(2, rng.choice([64, 512, 4096]) // width)
        idx = [0] * LANES
        for t in range(LANES):
            if t & k == 0:
                idx[t] = rng.randrange(w)
                idx[t ^ k] = idx[t]
        for _ in range(rng.choice([0, 0, 1, 2])):
            idx[rng.randrange(LANES)] = rng.randrange(w)
    else:  # quarters: one address per quarter or half, maybe one odd lane
        g = rng.choice([4, 8, 16])
        w = max(2, rng.choice([64, 1024]) // width)
        base = [rng.randrange(w) for _ in range(LANES // g)]
        idx = [base[t // g] for t in range(LANES)]
        if rng.random() < 0.5:
            idx[rng.randrange(LANES)] = rng.randrange(w)
    idx = [i % n_elems for i in idx]
    act = [rng.random() < p_active for _ in range(LANES)]
    if not any(act):
        act[rng.randrange(LANES)] = True
    return "rand_" + kind, [i if a else None for i, a in zip(idx, act)]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "bank_kinds_patterns.txt")
    rows = []  # (group, kernel, kind, width, name, offsets)
    for kname, kind, width, _ in KERNELS:
        rng = random.Random("structured-%d" % width)
        for name, idx in structured(width, rng):
            offs = [-1 if i is None else i * width for i in idx]
            assert all(o < 0 or o + width <= ARRAY_BYTES for o in offs), name
            rows.append(("s", kname, kind, width, name, offs))
    for batch in (1, 2):
        per_kernel = []
        for kname, kind, width, n in KERNELS:
            rng = random.Random("random-%s-%d" % (kname, batch))
            per_kernel.append([(kname, kind, width) + random_pattern(width, rng)
                               for _ in range(n)])
        # Interleave the kernels so that a batch cut short still covers all.
        for i in range(max(len(p) for p in per_kernel)):
            for p in per_kernel:
                if i < len(p):
                    kname, kind, width, name, idx = p[i]
                    offs = [-1 if x is None else x * width for x in idx]
                    rows.append(("r%d" % batch, kname, kind, width, name, offs))
    # Second round: structured, then one interleaved random batch.
    for kname, kind, width, _ in KERNELS2:
        rng = random.Random("structured-%d" % width)
        for name, idx in structured(width, rng):
            offs = [-1 if i is None else i * width for i in idx]
            rows.append(("s2", kname, kind, width, name, offs))
    per_kernel = []
    for kname, kind, width, n in KERNELS2:
        rng = random.Random("random-%s-3" % kname)
        per_kernel.append([(kname, kind, width) + random_pattern(width, rng)
                           for _ in range(n)])
    for i in range(max(len(p) for p in per_kernel)):
        for p in per_kernel:
            if i < len(p):
                kname, kind, width, name, idx = p[i]
                offs = [-1 if x is None else x * width for x in idx]
                rows.append(("r3", kname, kind, width, name, offs))
    with open(out, "w") as f:
        f.write("# warpcheck bank_kinds probes, written by gen_bank_kinds.py.\n")
        f.write("# id group kernel kind width_bytes name offset_lane0 .. "
                "offset_lane31 (byte offsets into a 16 KiB shared array; "
                "-1 = lane inactive)\n")
        for i, (g, kname, kind, width, name, offs) in enumerate(rows):
            f.write("%d %s %s %s %d %s %s\n" % (i, g, kname, kind, width, name,
                                               " ".join(map(str, offs))))
    print("%d probes -> %s" % (len(rows), out))


if __name__ == "__main__":
    main()
