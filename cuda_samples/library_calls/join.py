#!/usr/bin/env python3
"""Joins measure.sh's manifest.txt and raw.csv into one line per launch:
the launch's description, then metric=value for each metric ncu reported
(short names: ld_req, st_req, ldsm_req, stsm_req, ld_wf, st_wf, wf, and the
full name for the others). Usage: join.py OUTDIR > table.txt"""
import csv
import io
import sys

SHORT = {
    "smsp__sass_inst_executed_op_shared_ld.sum": "ld_req",
    "smsp__sass_inst_executed_op_shared_st.sum": "st_req",
    "smsp__sass_inst_executed_op_ldsm.sum": "ldsm_req",
    "smsp__sass_inst_executed_op_stsm.sum": "stsm_req",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": "ld_wf",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": "st_wf",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum": "wf",
    "smsp__sass_inst_executed_op_generic_ld.sum": "gld_req",
    "smsp__sass_inst_executed_op_generic_st.sum": "gst_req",
}


def chunks(path):
    cur, lines = None, []
    for line in open(path, errors="replace"):
        if line.startswith("#chunk "):
            if cur:
                yield cur, lines
            cur, lines = line.split()[1:4], []
        else:
            lines.append(line)
    if cur:
        yield cur, lines


def main():
    out = sys.argv[1]
    mans = {tuple(k): l for k, l in chunks(f"{out}/manifest.txt")}
    for key, lines in chunks(f"{out}/raw.csv"):
        key = tuple(key)
        launches = [l.rstrip("\n") for l in mans.get(key, [])
                    if l[:1].isdigit()]
        text = "".join(l for l in lines if l.startswith('"'))
        vals = {}
        for row in csv.DictReader(io.StringIO(text)):
            try:
                i = int(row["ID"])
            except (KeyError, ValueError):
                continue
            name = SHORT.get(row["Metric Name"], row["Metric Name"])
            v = row["Metric Value"].replace(",", "")
            vals.setdefault(i, []).append(f"{name}={v}")
        for i, l in enumerate(launches):
            if i in vals:
                print(f"{key[0]} {l} | {' '.join(vals[i])}")


if __name__ == "__main__":
    main()
