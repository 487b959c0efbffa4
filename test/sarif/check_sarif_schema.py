#!/usr/bin/env python3
"""warpcheck's SARIF against the official SARIF 2.1.0 JSON schema (issue
29), with what the schema cannot say: columns in the unit columnKind names,
remarks at level note, files not analyzed as notifications.

  check_sarif_schema.py --warpcheck BIN --schema SCHEMA --samples DIR
                        --remark FILE

Runs from a temporary folder on cuda_samples' transpose.cu, FILE (a PTX
depot that ptxas keeps in registers: a remark), a file with non-ASCII text
before an access, and a file that does not parse. Exit 77 (ctest skip)
without python3's jsonschema module or the schema file.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("--warpcheck", required=True)
ap.add_argument("--schema", required=True)
ap.add_argument("--samples", required=True)
ap.add_argument("--remark", required=True)
args = ap.parse_args()

try:
    import jsonschema
except ImportError:
    print("skipped: python3 has no jsonschema module (pip install jsonschema)")
    sys.exit(77)
if not os.path.isfile(args.schema):
    print("skipped: no SARIF schema at " + args.schema)
    sys.exit(77)
with open(args.schema) as f:
    schema = json.load(f)
validator = jsonschema.Draft4Validator(schema)

UTF8 = ("__global__ void k(float *o) {\n"
        "  __shared__ float s[32][32];\n"
        "  /* \u00e9\u2192\U0001F600 */ o[threadIdx.x] = s[threadIdx.x][0];\n"
        "}\n"
        "int main() { k<<<1, 32>>>(nullptr); }\n")
BROKEN = "__global__ void k(float *o) { o[0] = undefined_thing; }\n"

failures = []


def run(work, files, extra=()):
    cmd = [args.warpcheck, "--cuda-prelude", "--format=sarif"] + list(extra) \
        + files + ["--"]
    p = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        failures.append("%s: no JSON on stdout (exit %d): %s"
                        % (" ".join(files), p.returncode, p.stderr[-500:]))
        return p.returncode, None


def validate(name, log):
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for e in errors[:10]:
        failures.append("%s: schema: %s at /%s" % (
            name, e.message[:200], "/".join(str(p) for p in e.path)))
    return not errors


def code_point_column(text, line, marker):
    """The 1-based column, in Unicode code points, of marker on line."""
    return text.splitlines()[line - 1].index(marker) + 1


work = tempfile.mkdtemp()
try:
    shutil.copy(os.path.join(args.samples, "transpose.cu"), work)
    shutil.copy(args.remark, os.path.join(work, "remark.cu"))
    with open(os.path.join(work, "utf8.cu"), "w", encoding="utf-8") as f:
        f.write(UTF8)
    with open(os.path.join(work, "broken.cu"), "w") as f:
        f.write(BROKEN)

    # Samples: valid, with results.
    status, log = run(work, ["transpose.cu"])
    if log and validate("transpose.cu", log):
        run0 = log["runs"][0]
        if not run0["results"]:
            failures.append("transpose.cu: no results")
        if run0["invocations"][0]["executionSuccessful"] is not True:
            failures.append("transpose.cu: executionSuccessful is not true")
        for rule in run0["tool"]["driver"]["rules"]:
            if not rule["helpUri"].startswith("https://"):
                failures.append("helpUri not absolute: " + rule["helpUri"])

    # A remark ("ptxas will keep it in registers") is a note, not an alert.
    status, log = run(work, ["remark.cu"],
                      ["--checks=-*,warpcheck-local-memory-array"])
    if log and validate("remark.cu", log):
        results = log["runs"][0]["results"]
        remarks = [r for r in results if "keep it in registers" in r["message"]["text"]]
        if not remarks:
            failures.append("remark.cu: no remark")
        for r in remarks:
            if r["level"] != "note":
                failures.append("remark at level %s: %s"
                                % (r["level"], r["message"]["text"]))
        if not any(r["level"] == "warning" for r in results):
            failures.append("remark.cu: no warning beside the remark")

    # columnKind: the columns count what it says.
    status, log = run(work, ["utf8.cu"])
    if log and validate("utf8.cu", log):
        run0 = log["runs"][0]
        kind = run0.get("columnKind")
        region = run0["results"][0]["locations"][0]["physicalLocation"]["region"]
        want = code_point_column(UTF8, region["startLine"], "s[threadIdx.x]")
        if kind == "utf16CodeUnits":
            line = UTF8.splitlines()[region["startLine"] - 1]
            prefix = line[:want - 1]
            want = len(prefix.encode("utf-16-le")) // 2 + 1
        elif kind != "unicodeCodePoints":
            failures.append("columnKind %r" % kind)
        if region["startColumn"] != want:
            failures.append("utf8.cu: startColumn %d, %s says %d"
                            % (region["startColumn"], kind, want))

    # A file that does not parse: a notification, executionSuccessful false.
    status, log = run(work, ["transpose.cu", "broken.cu"])
    if log and validate("broken.cu", log):
        inv = log["runs"][0]["invocations"][0]
        notes = inv["toolExecutionNotifications"]
        if inv["executionSuccessful"] is not False or status != 1:
            failures.append("broken.cu: executionSuccessful %r, exit %d"
                            % (inv["executionSuccessful"], status))
        uris = [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for n in notes]
        if uris != ["broken.cu"]:
            failures.append("broken.cu: notifications for %r" % uris)
finally:
    shutil.rmtree(work)

for f in failures:
    print("error: " + f)
if failures:
    sys.exit(1)
print("SARIF valid against %s" % schema.get("id", args.schema))
