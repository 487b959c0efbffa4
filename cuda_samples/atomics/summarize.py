#!/usr/bin/env python3
"""Prints one line per kernel of a measure.sh output folder: atomic
wavefronts / instructions executed (per kernel, all warps), their ratio, and
the kernel's SASS instructions that make the atomic (forms.txt, predicates
dropped). Usage: summarize.py DIR  (cuda_samples/measurements/h100-atomics)
"""
import csv
import os
import re
import sys


def main():
    folder = sys.argv[1]
    sums, order = {}, []
    with open(os.path.join(folder, "metrics.csv")) as f:
        rows = list(csv.reader(line for line in f if line.startswith('"')))
    h = rows[0]
    ki, mi, vi = (h.index("Kernel Name"), h.index("Metric Name"),
                  h.index("Metric Value"))
    for r in rows[1:]:
        if r == h:
            continue
        k = r[ki].split("(")[0]
        if k not in sums:
            order.append(k)
            sums[k] = {}
        sums[k][r[mi]] = sums[k].get(r[mi], 0) + float(r[vi].replace(",", ""))
    forms = {}
    with open(os.path.join(folder, "forms.txt")) as f:
        for line in f:
            mangled, ins = line.split(": ", 1)
            m = re.match(r"_Z(\d+)", mangled)
            name = mangled[m.end():m.end() + int(m.group(1))] if m else mangled
            op = re.sub(r"^@!?U?P\w+\s+", "", ins.strip()).split()[0]
            forms.setdefault(name, []).append(op)
    print(f"{'kernel':28s} {'wavefronts':>10s} {'instr':>5s} {'per instr':>9s}"
          "  SASS")
    for k in order:
        d = sums[k]
        inst = d["smsp__sass_inst_executed_op_shared_atom.sum"]
        wf = d["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"]
        print(f"{k:28s} {wf:10.0f} {inst:5.0f} "
              f"{wf / inst if inst else 0:9.2f}  {' '.join(forms.get(k, []))}")


if __name__ == "__main__":
    main()
