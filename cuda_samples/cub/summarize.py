#!/usr/bin/env python3
"""Per-line summary of the CUB corpus measurements (cuda_samples/cub/).

Reads the raw output of cuda_samples/cub/measure.sh in DIR and writes, beside
it:
  lines.csv    one row per kernel, source chain and SASS instruction kind:
               every shared-memory SASS instruction's SourceCounters
               (`source_sass.csv.gz`, each instruction once, in address
               order) joined by kernel and instruction offset with the line
               table of the same cubin (`lineinfo.txt.gz`, nvdisasm -gi).
               The line table gives, per instruction, the full inlined-at
               chain: innermost first (a CUB header line such as
               cub/block/block_exchange.cuh:438, often reached through
               cub/detail/uninitialized_copy.cuh), outermost last (the
               kernel's own line, the call into CUB).
  kernels.csv  per kernel and operation: Nsight Compute's per-kernel hardware
               counters (metrics.csv) beside the sum of the per-instruction
               SourceCounters.

Nsight Compute's own `--print-source cuda,sass` view (source_cuda_sass.csv.gz)
is kept raw but not used: with CUB inlined it files the kernel's lines under
a CUB header's path (exchange.cu:22 shown as block_exchange.cuh:22, a
licence comment), so file attribution comes from the cubin's line table.

Columns of lines.csv:
  program, kernel            the program and the kernel ('f<int, 4>' form)
  blocks                     blocks of the launch (metrics.csv)
  op                         load, store or atomic
  sass                       the opcode with its width suffix (LDS.64, STS.U8, ATOMS.ADD)
  width_bits                 Nsight Compute's Access Size
  instructions               SASS instructions in the row
  executed                   warp-level instructions executed (all blocks),
                             warps whose lanes are all predicated off
                             included (they make no request: a line only
                             thread 0 runs has per_request below 1)
  thread_instructions        predicated-on thread instructions (all blocks)
  wavefronts, ideal          L1 Wavefronts Shared and its Ideal (all blocks)
  per_request                wavefronts / executed
  max_per_request            the worst instruction's wavefronts / executed
  conflicted                 1 when wavefronts > ideal
  location                   innermost file:line (basename)
  library_location           innermost location in a CUB/CCCL/CUDA header
  user_location              outermost location (the kernel's line)
  chain                      every location, innermost first, ' <- ' between
  offsets                    SASS offsets (hex) in the kernel

Usage: summarize.py DIR  (the committed cuda_samples/measurements/h100-cub)
Needs c++filt (binutils) or llvm-cxxfilt to demangle the cubin's names.
"""
import csv
import gzip
import os
import re
import shutil
import subprocess
import sys

OPS = {"Load": "load", "Store": "store", "Atomic": "atomic"}
CORPUS_FILES = ("exchange.cu", "collectives.cu", "cub_corpus.cuh")


def kernel_key(name):
    """'void f<int, (int)4>(const T1 *, T1 *)', 'void f<int, 4>(int const*,
    int*)' and 'f<int, 4>' -> 'f<int, 4>'."""
    name = re.sub(r"\((?:unsigned )?(?:int|long|char|short|bool)\)(?=-?\d)",
                  "", name.strip())
    if name.startswith("void "):
        name = name[5:]
    depth = 0
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            return name[:i].strip()
    return name.strip()


def demangle(names):
    tool = shutil.which("c++filt") or shutil.which("llvm-cxxfilt-19") or \
        shutil.which("llvm-cxxfilt")
    if not tool:
        sys.exit("summarize.py: needs c++filt or llvm-cxxfilt")
    out = subprocess.run([tool], input="\n".join(names), capture_output=True,
                         text=True, check=True).stdout.splitlines()
    return dict(zip(names, out))


def normalize_sass(text):
    return re.sub(r"\s+", " ", text.strip().rstrip(";").strip())


LOC = re.compile(r'File "([^"]*)", line (\d+)')


def read_line_table(path):
    """{(program, mangled): {offset: (sass, [(file, line)...])}}."""
    table = {}
    program = func = None
    pending = []     # //## lines since the last instruction
    chain = []
    with gzip.open(path, "rt") as f:
        for raw in f:
            if raw.startswith("## program "):
                program = raw.split()[2]
                continue
            m = re.match(r"\s*//-+ \.text\.(\S+) -+", raw)
            if m:
                func = m.group(1)
                table[(program, func)] = {}
                pending, chain = [], []
                continue
            if "//##" in raw:
                pending.append(raw)
                continue
            m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*)$", raw)
            if m and func:
                if pending:
                    # innermost first: each //## line's own location; the
                    # last one is the kernel's line.
                    chain = []
                    for p in pending:
                        locs = LOC.findall(p)
                        if locs:
                            chain.append((os.path.basename(locs[0][0]),
                                          int(locs[0][1])))
                    pending = []
                table[(program, func)][int(m.group(1), 16)] = (
                    normalize_sass(m.group(2)), list(chain))
    return table


def read_source_sass(path):
    """{(program, kernel): {offset: row dict}}, each instruction once."""
    result = {}
    program = kernel = header = base = None
    with open_text(path) as f:
        for raw in f:
            if raw.startswith("## program "):
                program = raw.split()[2]
                continue
            if not raw.startswith('"'):
                continue
            row = next(csv.reader([raw]))
            if row[0] == "Kernel Name":
                kernel = kernel_key(row[1])
                header = base = None
                continue
            if row[0] == "Address":
                header = {name: i for i, name in reversed(list(enumerate(row)))}
                continue
            if header is None or not row[0].startswith("0x"):
                continue
            address = int(row[0], 16)
            if base is None:
                base = address
            entry = result.setdefault((program, kernel), {})
            offset = address - base
            if offset in entry:
                continue
            entry[offset] = {name: row[i] for name, i in header.items()
                             if i < len(row)}
    return result


def open_text(path):
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def number(text):
    text = (text or "").replace(",", "").strip()
    try:
        return float(text)
    except ValueError:
        return 0.0


def read_metrics(path):
    """{kernel: {op: [wavefronts, requests]}}, blocks {kernel: n}."""
    result, blocks = {}, {}
    with open(path) as f:
        for line in f:
            if not line.startswith('"') or line.startswith('"ID"'):
                continue
            row = next(csv.reader([line]))
            kernel, metric, value = kernel_key(row[4]), row[12], row[14]
            dims = [int(x) for x in re.findall(r"\d+", row[8])]
            blocks[kernel] = dims[0] * dims[1] * dims[2] if dims else 1
            for op, name in (("ld", "load"), ("st", "store"),
                             ("atom", "atomic")):
                entry = result.setdefault(kernel, {}).setdefault(
                    name, [0.0, 0.0])
                if metric == f"smsp__sass_inst_executed_op_shared_{op}.sum":
                    entry[1] = number(value)
                elif metric == \
                        f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum":
                    entry[0] = number(value)
    return result, blocks


def is_library(file):
    return file not in CORPUS_FILES


def fmt(loc):
    return f"{loc[0]}:{loc[1]}" if loc else ""


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = sys.argv[1]
    table = read_line_table(os.path.join(d, "lineinfo.txt.gz"))
    names = demangle(sorted({f for _, f in table}))
    by_kernel = {(p, kernel_key(names[f])): offsets
                 for (p, f), offsets in table.items()}
    sass = read_source_sass(os.path.join(d, "source_sass.csv.gz"))
    metrics, blocks = read_metrics(os.path.join(d, "metrics.csv"))

    groups = {}
    problems = 0
    for (program, kernel), rows in sorted(sass.items()):
        lines = by_kernel.get((program, kernel))
        if lines is None:
            print(f"no line table for {program}/{kernel}", file=sys.stderr)
            problems += 1
            continue
        for offset, r in sorted(rows.items()):
            if r.get("Address Space") != "Shared":
                continue
            op = OPS.get(r.get("Access Operation"), r.get("Access Operation"))
            text = normalize_sass(r["Source"])
            known = lines.get(offset)
            if known is None or known[0] != text:
                print(f"{kernel} +0x{offset:x}: '{text}' is "
                      f"'{known[0] if known else None}' in the line table",
                      file=sys.stderr)
                problems += 1
                continue
            chain = known[1]
            opcode = text.split(" ")[0]
            if opcode.startswith("@"):
                opcode = text.split(" ")[1]
            key = (program, kernel, op, opcode, r.get("Access Size", ""),
                   tuple(chain))
            g = groups.setdefault(key, {"executed": 0.0, "wavefronts": 0.0,
                                        "ideal": 0.0, "offsets": [],
                                        "threads": 0.0,
                                        "max": 0.0})
            ex = number(r.get("Instructions Executed"))
            wf = number(r.get("L1 Wavefronts Shared"))
            g["executed"] += ex
            g["wavefronts"] += wf
            g["threads"] += number(
                r.get("Predicated-On Thread Instructions Executed"))
            g["ideal"] += number(r.get("L1 Wavefronts Shared Ideal"))
            g["offsets"].append(f"{offset:x}")
            if ex:
                g["max"] = max(g["max"], wf / ex)

    fields = ["program", "kernel", "blocks", "op", "sass", "width_bits",
              "instructions", "executed", "thread_instructions", "wavefronts", "ideal", "per_request",
              "max_per_request", "conflicted", "location", "library_location",
              "user_location", "chain", "offsets"]
    totals = {}
    with open(os.path.join(d, "lines.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(fields)
        for (program, kernel, op, opcode, width, chain), g in sorted(
                groups.items()):
            library = next((l for l in chain if is_library(l[0])), None)
            ex, wf = g["executed"], g["wavefronts"]
            t = totals.setdefault((kernel, op), [0.0, 0.0])
            t[0] += wf
            t[1] += ex
            w.writerow([program, kernel, blocks.get(kernel, ""), op, opcode,
                        width, len(g["offsets"]), int(ex), int(g["threads"]),
                        int(wf), int(g["ideal"]),
                        f"{wf / ex:.2f}" if ex else "",
                        f"{g['max']:.2f}" if ex else "",
                        int(wf > g["ideal"]),
                        fmt(chain[0] if chain else None), fmt(library),
                        fmt(chain[-1] if chain else None),
                        " <- ".join(fmt(l) for l in chain),
                        " ".join(g["offsets"])])
    with open(os.path.join(d, "kernels.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kernel", "op", "blocks", "hw_requests", "hw_wavefronts",
                    "hw_per_request", "sc_executed", "sc_wavefronts",
                    "sc_per_request"])
        for kernel in sorted(metrics):
            for op, (wf, req) in sorted(metrics[kernel].items()):
                sc = totals.get((kernel, op), [0.0, 0.0])
                if not req and not sc[1]:
                    continue
                w.writerow([kernel, op, blocks.get(kernel, 1), int(req),
                            int(wf), f"{wf / req:.2f}" if req else "",
                            int(sc[1]), int(sc[0]),
                            f"{sc[0] / sc[1]:.2f}" if sc[1] else ""])
    print(f"{len(groups)} rows in lines.csv, {len(metrics)} kernels; "
          f"{problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
