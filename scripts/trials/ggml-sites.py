#!/usr/bin/env python3
"""Exactness of warpcheck's JSON report counted per record and per site.

A record is one access in one block shape; a site is (file, line, column,
kind, kernel) and is exact when every one of its records is (a kernel
launched with several shapes is decided only when each shape is).

    scripts/trials/ggml-sites.py report.json [more.json ...]
"""
import collections
import json
import sys


def main():
    for path in sys.argv[1:]:
        with open(path) as f:
            report = json.load(f)
        records = [a for a in report["accesses"]
                   if a.get("space", "shared") == "shared"]
        sites = collections.defaultdict(list)
        for a in records:
            key = (a["file"], a["line"], a["column"], a["kind"], a["kernel"])
            sites[key].append(a["status"] == "exact")
        exact_records = sum(a["status"] == "exact" for a in records)
        assumed = sum(bool(a.get("block_dim_assumed")) for a in records)
        exact_sites = sum(all(v) for v in sites.values())
        print(f"{path}: records {len(records)}, exact {exact_records} "
              f"({100 * exact_records / max(1, len(records)):.1f}%), on an "
              f"assumed shape {assumed}; sites {len(sites)}, exact "
              f"{exact_sites} ({100 * exact_sites / max(1, len(sites)):.1f}%)")


if __name__ == "__main__":
    main()
