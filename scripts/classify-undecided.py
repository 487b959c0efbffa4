#!/usr/bin/env python3
"""Group and count the non-exact accesses of a warpcheck report by a hand-written class map.

Reads docs/trials/cuda-samples/report.json.gz and undecided-classes.tsv (one row per group:
file suffix, lines, kernel regex, class, group, reason), checks that every access that is not
exact matches exactly one row and every row matches something, and prints the markdown table
and per-class totals used in docs/trials/cuda-samples/undecided.md.
"""
import argparse
import collections
import gzip
import json
import re
import sys

CLASS_ORDER = ["D", "V", "P-file", "P-open", "E", "M"]


def parse_lines(spec):
    if spec == "*":
        return None
    out = set()
    for part in spec.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            out.update(range(int(lo), int(hi) + 1))
        else:
            out.add(int(part))
    return out


def load_rows(path):
    rows = []
    header = None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if header is None:
                header = cols
                continue
            r = dict(zip(header, cols))
            if len(cols) != len(header) or r["class"] not in CLASS_ORDER:
                sys.exit(f"bad row: {line[:120]}")
            r["lineset"] = parse_lines(r["lines"])
            r["kre"] = re.compile(r["kernel"])
            r["hits"] = []
            rows.append(r)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--report", default="docs/trials/cuda-samples/report.json.gz")
    ap.add_argument("--classes", default="docs/trials/cuda-samples/undecided-classes.tsv")
    args = ap.parse_args()

    with gzip.open(args.report) as f:
        report = json.load(f)
    accesses = report["accesses"]
    undecided = [a for a in accesses if a["status"] != "exact"]
    rows = load_rows(args.classes)

    errors = 0
    for a in undecided:
        hits = [r for r in rows
                if a["file"].endswith("/" + r["file"])
                and (r["lineset"] is None or a["line"] in r["lineset"])
                and r["kre"].fullmatch(a["kernel"])]
        if len(hits) != 1:
            errors += 1
            print(f"access matched {len(hits)} rows: {a['file']}:{a['line']}:{a['column']} "
                  f"{a['kernel']} {a['status']}", file=sys.stderr)
            continue
        hits[0]["hits"].append(a)
    for r in rows:
        if not r["hits"]:
            errors += 1
            print(f"row matches nothing: {r['file']} {r['lines']} {r['kernel']}", file=sys.stderr)
    if errors:
        sys.exit(f"{errors} mapping errors")

    total = len(accesses)
    print("| # | file | kernel(s) | lines | count | status | class | reason |")
    print("|---|------|-----------|-------|-------|--------|-------|--------|")
    ordered = sorted(rows, key=lambda r: (CLASS_ORDER.index(r["class"]), -len(r["hits"]), r["file"]))
    for i, r in enumerate(ordered, 1):
        hits = r["hits"]
        st = collections.Counter(a["status"] for a in hits)
        status = ", ".join(f"{k} {v}" for k, v in sorted(st.items()))
        kernels = sorted({a["kernel"] for a in hits})
        lines = sorted({a["line"] for a in hits})
        reason = r["reason"].replace("|", "\\|")  # keep markdown table cells intact
        print(f"| {i} | {r['file']} | {', '.join('`%s`' % k for k in kernels)} | "
              f"{', '.join(map(str, lines))} | {len(hits)} | {status} | {r['class']} | {reason} |")
    print()
    by_class = collections.Counter()
    for r in rows:
        by_class[r["class"]] += len(r["hits"])
    n = len(undecided)
    assert sum(by_class.values()) == n
    print(f"| class | accesses | share of the {n} undecided | share of all {total} |")
    print("|-------|----------|------------------|----------------|")
    for c in CLASS_ORDER:
        print(f"| {c} | {by_class[c]} | {100.0 * by_class[c] / n:.1f}% | {100.0 * by_class[c] / total:.2f}% |")
    print(f"| total | {n} | 100% | {100.0 * n / total:.2f}% |")
    print()
    bar = int(0.08 * total)
    for label, left in [
        ("every E decided", n - by_class["E"]),
        ("every E and P-file decided", n - by_class["E"] - by_class["P-file"]),
        ("every E and every P decided",
         by_class["D"] + by_class["V"] + by_class["M"]),
    ]:
        print(f"- {label}: {left} undecided = {100.0 * left / total:.2f}% "
              f"({'within' if left <= bar else 'above'} the 8% bar of {bar})")


if __name__ == "__main__":
    main()
