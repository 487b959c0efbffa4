#!/usr/bin/env python3
"""Turns measure_bank_kinds.sh's raw ncu output into one row per probe.

Reads metrics.csv or metrics.csv.gz (raw `ncu --csv --page raw`, in chunks
headed "## chunk FIRST END") and the probe table, and writes
bank_kinds_measured.csv:

  id,kernel,kind,width,ld_inst,st_inst,atom_inst,ld_wavefronts,st_wavefronts,atom_wavefronts

A chunk's ncu ID i is probe FIRST+i (the program launches the probes of a
chunk in id order); the kernel name ncu reports must match the table's.
Later chunks for the same probe (re-measurements) replace earlier ones.

Usage: extract_bank_kinds.py PATTERNS RAW [RAW...] -o OUT
       extract_bank_kinds.py PATTERNS RAW [RAW...] --check OUT
(--check: exit 1 unless OUT is exactly what the raw files give.)
"""
import argparse
import csv
import gzip
import io
import sys

METRICS = [
    ("ld_inst", "smsp__sass_inst_executed_op_shared_ld.sum"),
    ("st_inst", "smsp__sass_inst_executed_op_shared_st.sum"),
    ("atom_inst", "smsp__sass_inst_executed_op_shared_atom.sum"),
    ("ld_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    ("st_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
    ("atom_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"),
]


def read_patterns(path):
    probes = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p = line.split()
            probes[int(p[0])] = (p[2], p[3], int(p[4]))
    return probes


def read_raw(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        text = f.read()
    chunks, cur = [], None
    for line in text.splitlines():
        if line.startswith("## chunk"):
            _, _, first, end = line.split()
            cur = (int(first), int(end), [])
            chunks.append(cur)
        elif line.startswith('"') and cur is not None:
            cur[2].append(line)
    for first, end, lines in chunks:
        rows = list(csv.reader(io.StringIO("\n".join(lines))))
        header = rows[0]
        col = {name: header.index(name) for name in ["ID", "Kernel Name"]}
        for _, m in METRICS:
            col[m] = header.index(m)
        for r in rows[1:]:
            if not r[0]:
                continue  # the units row
            yield first + int(r[col["ID"]]), end, r[col["Kernel Name"]], [
                int(float(r[col[m]].replace(",", "") or "0")) for _, m in METRICS]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("patterns")
    ap.add_argument("raw", nargs="+")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("-o", dest="out")
    g.add_argument("--check")
    a = ap.parse_args()
    probes = read_patterns(a.patterns)
    measured = {}
    for raw in a.raw:
        for pid, end, kernel, values in read_raw(raw):
            if pid >= end or pid not in probes or probes[pid][0] != kernel:
                sys.exit("%s: launch %d (%s) does not match the table" %
                         (raw, pid, kernel))
            measured[pid] = values
    out = io.StringIO()
    out.write("id,kernel,kind,width," + ",".join(n for n, _ in METRICS) + "\n")
    for pid in sorted(measured):
        k, kind, w = probes[pid]
        out.write("%d,%s,%s,%d,%s\n" % (pid, k, kind, w,
                                        ",".join(map(str, measured[pid]))))
    if a.out:
        with open(a.out, "w") as f:
            f.write(out.getvalue())
        print("%d of %d probes measured -> %s" % (len(measured), len(probes),
                                                  a.out))
        return
    with open(a.check) as f:
        if f.read() != out.getvalue():
            sys.exit("%s differs from what the raw measurements give" % a.check)
    print("%s matches the raw measurements (%d probes)" % (a.check,
                                                           len(measured)))


if __name__ == "__main__":
    main()
