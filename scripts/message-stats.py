#!/usr/bin/env python3
"""Issue 29: what a user reads, measured; and the analysis kept unchanged.

  message-stats.py BIN OUT.json FILE.cu...   run BIN --format=json on each file,
      print the note lengths (median, max, share over 120 characters), the
      warnings and the locations with more than one warning, and keep the
      report's `accesses` in OUT.json
  message-stats.py --compare A.json B.json   exit 1 unless both runs' accesses
      are identical (message changes must not change the analysis)
"""
import json
import statistics
import subprocess
import sys


def run(binary, files):
    diagnostics, accesses = [], []
    for f in files:
        out = subprocess.run([binary, "--format=json", f, "--"],
                             capture_output=True, text=True).stdout
        report = json.loads(out)
        diagnostics += report["diagnostics"]
        accesses += report["accesses"]
    return diagnostics, accesses


def stats(diagnostics):
    notes = [len(n["message"]) for d in diagnostics for n in d.get("notes", [])]
    warnings = [d for d in diagnostics if d["level"] == "warning"]
    places = {}
    for d in warnings:
        key = (d["file"], d["line"], d["column"])
        places[key] = places.get(key, 0) + 1
    print(f"warnings: {len(warnings)}; locations with several: "
          f"{sum(1 for n in places.values() if n > 1)}")
    if notes:
        print(f"notes: {len(notes)}; median {statistics.median(notes)}, "
              f"max {max(notes)}, over 120: {sum(1 for n in notes if n > 120)}")


def main(argv):
    if argv[1] == "--compare":
        a, b = (json.load(open(p)) for p in argv[2:4])
        if a == b:
            print(f"accesses identical ({len(a)})")
            return 0
        print(f"accesses differ ({len(a)} and {len(b)})")
        return 1
    diagnostics, accesses = run(argv[1], argv[3:])
    stats(diagnostics)
    key = lambda r: json.dumps(r, sort_keys=True)
    json.dump(sorted(accesses, key=key), open(argv[2], "w"), indent=0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
