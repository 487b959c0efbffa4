#!/usr/bin/env python3
"""Summarizes warpcheck --format=json reports of a real-code trial.

For each report (or all of them together with --total): files analyzed
and with errors, shared-memory accesses, how many are exact, range and
unknown, how many were analyzed on an assumed block shape
(block_dim_assumed), and the accesses that are not exact grouped by the
class of their depends_on reasons (names in quotes folded, so "'c' set
under a condition" and "'i' set under a condition" are one class), with
examples.

usage: summarize-json.py REPORT.json [REPORT.json ...] [--examples N]
"""
import argparse
import collections
import json
import re


def reason_class(reason):
    """A depends_on reason with its names folded: one class per wording."""
    folded = re.sub(r"'[^']*'", "'…'", reason)
    folded = re.sub(r"\bline \d+\b", "line N", folded)
    folded = re.sub(r"\d+", "N", folded)
    return folded


def percent(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def summarize(path, examples):
    with open(path) as f:
        report = json.load(f)
    files = report.get("files", [])
    statuses = collections.Counter(f.get("status", "?") for f in files)
    accesses = [a for a in report.get("accesses", [])
                if a.get("space", "shared") == "shared"]
    status = collections.Counter(a.get("status") for a in accesses)
    assumed = sum(1 for a in accesses if a.get("block_dim_assumed"))
    total = len(accesses)
    print(f"== {path}")
    print(f"files: {len(files)} ({', '.join(f'{v} {k}' for k, v in sorted(statuses.items()))})")
    print(f"shared accesses: {total}")
    for s in ("exact", "range", "unknown"):
        print(f"  {s:8} {status.get(s, 0):5}  {percent(status.get(s, 0), total)}")
    print(f"  on an assumed block shape: {assumed}  {percent(assumed, total)}")
    classes = collections.defaultdict(list)
    for a in accesses:
        if a.get("status") == "exact":
            continue
        reasons = a.get("depends_on") or ["(no reason given)"]
        seen = set()
        for r in reasons:
            c = reason_class(r)
            if c not in seen:
                seen.add(c)
                classes[c].append((a, r))
    print("not exact, by reason (an access may have several):")
    for c, items in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(items):4}  {c}")
        for a, r in items[:examples]:
            print(f"          {a.get('file')}:{a.get('line')} "
                  f"{a.get('function')} '{a.get('variable')}' "
                  f"{a.get('status')}: {r}")
    return total, status.get("exact", 0), assumed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--examples", type=int, default=2)
    args = parser.parse_args()
    for path in args.reports:
        summarize(path, args.examples)


if __name__ == "__main__":
    main()
