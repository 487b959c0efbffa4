#!/usr/bin/env python3
"""Blanks the CUDA source text in an Nsight Compute source-page CSV
(`ncu --page source --csv --print-source cuda,sass`), keeping the line
numbers, the SASS and every counter: measurements of code that is not this
repository's (llm.c, ...) are committed without that code.

usage: strip-source-text.py < IN.csv > OUT.csv
"""
import csv
import sys

out = csv.writer(sys.stdout, quoting=csv.QUOTE_ALL, lineterminator="\n")
for raw in sys.stdin:
    if not raw.startswith('"'):
        sys.stdout.write(raw)
        continue
    row = next(csv.reader([raw]))
    # A CUDA line: its number first, its text second (SASS rows have no
    # number; header rows start with a name).
    if row and row[0].isdigit() and len(row) > 1:
        row[1] = ""
    out.writerow(row)
