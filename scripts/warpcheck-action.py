#!/usr/bin/env python3
"""The run step of the GitHub Action (action.yml): warpcheck once, as SARIF,
then from that SARIF the step summary (the worst findings as a table) and
the step's verdict by the fail level.

  warpcheck-action.py --sarif OUT [-p DIR] [--fail-level L] [--files GLOBS]
                      [--warpcheck PATH] [-- WARPCHECK-ARGS...]

--files: whitespace-separated files or globs (`**` recurses); none given,
every CUDA file of the compile database (-p). --fail-level: `error` fails
the step when a file could not be analyzed or a finding is an error,
`warning` also on a warning, `none` never (remarks fail nothing). The step
summary goes to $GITHUB_STEP_SUMMARY when it is set. Arguments after `--`
go to warpcheck, before the files; a second `--` among them starts the
compiler arguments, after the files. Exit status: 0 or 1 by the fail level,
2 when warpcheck could not run or its command line was wrong (no SARIF).
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

LEVELS = {"error": 0, "warning": 1, "note": 2}
ROWS = 20


def expand(patterns):
    files = []
    for p in shlex.split(patterns):
        hits = sorted(glob.glob(p, recursive=True))
        if not hits and not glob.has_magic(p):
            hits = [p]  # warpcheck says why it cannot read it
        files += [h for h in hits if h not in files]
    return files


def ways(text):
    m = re.search(r"(\d+)-way", text)
    return int(m.group(1)) if m else 0


def where(result):
    loc = result["locations"][0]["physicalLocation"]
    return "%s:%d" % (loc["artifactLocation"]["uri"],
                      loc["region"]["startLine"])


def summary(run, out):
    results = sorted(run["results"],
                     key=lambda r: (LEVELS.get(r["level"], 3),
                                    -ways(r["message"]["text"])))
    failed = run["invocations"][0]["toolExecutionNotifications"]
    out.write("### warpcheck: %d findings, %d files not analyzed\n\n"
              % (len(results), len(failed)))
    if results:
        out.write("| level | where | finding | check |\n"
                  "| --- | --- | --- | --- |\n")
        for r in results[:ROWS]:
            text = r["message"]["text"].replace("|", "/")
            out.write("| %s | `%s` | %s | %s |\n"
                      % (r["level"], where(r), text, r["ruleId"]))
        if len(results) > ROWS:
            out.write("\n%d more in the SARIF file.\n" % (len(results) - ROWS))
    for n in failed:
        out.write("\n- not analyzed: %s\n" % n["message"]["text"])


def verdict(run, fail_level):
    if fail_level == "none":
        return 0
    if run["invocations"][0]["toolExecutionNotifications"]:
        return 1
    failing = {"error"} if fail_level == "error" else {"error", "warning"}
    return int(any(r["level"] in failing for r in run["results"]))


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser()
    ap.add_argument("--sarif", required=True)
    ap.add_argument("-p", default="")
    ap.add_argument("--files", default="")
    ap.add_argument("--fail-level", choices=["error", "warning", "none"],
                    default="warning")
    ap.add_argument("--warpcheck",
                    default=shutil.which("warpcheck") or "warpcheck")
    args = ap.parse_args(argv)

    # warpcheck's options, the files, then its `--` and compiler arguments.
    tail = extra[extra.index("--"):] if "--" in extra else []
    cmd = [args.warpcheck, "--format=sarif"]
    if args.p:
        cmd += ["-p", args.p]
    cmd += extra[:len(extra) - len(tail)] + expand(args.files) + tail
    print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    try:
        with open(args.sarif, "w") as out:
            status = subprocess.call(cmd, stdout=out)
    except OSError as e:
        print("warpcheck-action: error: cannot run %s: %s"
              % (args.warpcheck, e.strerror), file=sys.stderr)
        return 2
    try:
        with open(args.sarif) as f:
            run = json.load(f)["runs"][0]
    except (OSError, ValueError, KeyError, IndexError):
        print("warpcheck-action: error: warpcheck wrote no SARIF (exit %d)"
              % status, file=sys.stderr)
        return 2
    for r in run["results"]:
        print("%s: %s: %s [%s]" % (where(r), r["level"], r["message"]["text"],
                                   r["ruleId"]))
    step_summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if step_summary:
        with open(step_summary, "a") as out:
            summary(run, out)
    return verdict(run, args.fail_level)


if __name__ == "__main__":
    sys.exit(main())
