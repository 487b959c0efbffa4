#!/usr/bin/env python3
"""Compare warpcheck's local-memory verdicts with ptxas on a real code base.

For each file of a compile database: run `warpcheck -p DB --format=json FILE`
and the database's own nvcc command for the file with `-Xptxas -v` (the
object written to a scratch folder), match the kernels by demangled name
and print, per kernel, what warpcheck predicts (the final-code verdict:
local when some array is predicted to stay in local memory or spill,
unknown when none is but some verdict is unknown) beside ptxas's stack
frame and spill stores. A kernel agrees when it has a frame or spills
exactly when warpcheck predicts local; unknown counts as a disagreement.

Every program is executed without a shell and under a time limit. ptxas
results depend only on the command, so they are cached (--cache DIR), to
compare two warpcheck builds without compiling twice.

  scripts/trials/ggml-local-memory.py -p /tmp/ggml/build-make \
      --warpcheck build/bin/warpcheck --cache /tmp/ptxas-cache \
      /tmp/ggml/src/ggml-cuda/wkv.cu /tmp/ggml/src/ggml-cuda/ssm-conv.cu
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\d+a?)'")
FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                   r"(\d+) bytes spill loads")


def demangle(names):
    """Demangled names, in order, through one c++filt process."""
    if not names:
        return []
    out = subprocess.run(["c++filt"], input="\n".join(names) + "\n",
                         capture_output=True, text=True, timeout=60,
                         check=True).stdout.splitlines()
    return out if len(out) == len(names) else list(names)


def database_entry(db_dir, path):
    with open(os.path.join(db_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    real = os.path.realpath(path)
    for e in entries:
        file = os.path.join(e["directory"], e["file"])
        if os.path.realpath(file) == real:
            return e
    return None


def ptxas_command(entry, scratch):
    """The database's command, its output moved to scratch, with -Xptxas -v."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a.startswith("-o") and len(a) > 2 and not a.startswith("-opt"):
            continue
        out.append(a)
    return out + ["-o", os.path.join(scratch, "out.o"), "-Xptxas", "-v"]


def parse_ptxas(text):
    """{mangled entry: (frame bytes, spill store bytes)} of the first sm."""
    result, current, arch = {}, None, None
    for line in text.splitlines():
        m = ENTRY.search(line)
        if m:
            if arch is None:
                arch = m.group(2)
            current = m.group(1) if m.group(2) == arch else None
            continue
        m = FRAME.search(line)
        if m and current:
            result[current] = (int(m.group(1)), int(m.group(2)))
            current = None
    return result, arch


def run_ptxas(entry, cache, timeout):
    with tempfile.TemporaryDirectory(prefix="wc-ptxas-") as scratch:
        cmd = ptxas_command(entry, scratch)
        key = hashlib.sha256(
            json.dumps([entry["directory"], cmd[:-4]]).encode()).hexdigest()
        cached = os.path.join(cache, key[:24] + ".txt") if cache else None
        if cached and os.path.exists(cached):
            with open(cached) as f:
                return parse_ptxas(f.read())
        proc = subprocess.run(cmd, cwd=entry["directory"], capture_output=True,
                              text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError("nvcc failed (%d): %s" %
                               (proc.returncode, proc.stderr[-2000:]))
        text = proc.stdout + proc.stderr
        if cached:
            os.makedirs(cache, exist_ok=True)
            with open(cached, "w") as f:
                f.write(text)
        return parse_ptxas(text)


def run_warpcheck(binary, db_dir, path, timeout, extra):
    proc = subprocess.run([binary, "-p", db_dir, "--format=json"] + extra +
                          [path], capture_output=True, text=True,
                          timeout=timeout)
    if not proc.stdout.strip():
        raise RuntimeError("warpcheck gave no JSON (%d): %s" %
                           (proc.returncode, proc.stderr[-2000:]))
    doc = json.loads(proc.stdout)
    kernels = {}
    for k in doc.get("kernels", []):
        kernels.setdefault(k["mangled_name"], {
            "function": k["function"], "frame": 0, "spill": False,
            "unknown": [], "local": []})
        rec = kernels[k["mangled_name"]]
        rec["frame"] = max(rec["frame"], k.get("predicted_stack_frame_bytes")
                           or 0)
        rec["spill"] |= bool(k.get("predicted_spill"))
    by_function = {}
    for mangled, rec in kernels.items():
        by_function.setdefault(rec["function"], []).append(rec)
    for a in doc.get("local_arrays", []):
        for rec in by_function.get(a.get("kernel"), []):
            what = "%s:%s %s" % (os.path.basename(a["file"]), a["line"],
                                 a["variable"])
            if a.get("final_status") == "unknown":
                rec["unknown"].append(what)
            elif a.get("final_status") == "local":
                rec["local"].append(what + " (" + a.get("final_reason", "")
                                    + ")")
    return kernels


def verdict(rec):
    if rec["frame"] or rec["spill"] or rec["local"]:
        return "local"
    return "unknown" if rec["unknown"] else "registers"


def compare_file(args, path):
    entry = database_entry(args.p, path)
    if entry is None:
        return path, None, "not in the compile database"
    try:
        truth, arch = run_ptxas(entry, args.cache, args.nvcc_timeout)
        predicted = run_warpcheck(args.warpcheck, args.p, path,
                                  args.warpcheck_timeout, args.extra)
    except (RuntimeError, subprocess.TimeoutExpired, ValueError) as e:
        return path, None, str(e).splitlines()[0] if str(e) else repr(e)
    truth_names = list(truth)
    pred_names = list(predicted)
    plain = demangle(truth_names + pred_names)
    by_plain = {normalize(plain[len(truth_names) + i]): predicted[m]
                for i, m in enumerate(pred_names)}
    rows = []
    for i, mangled in enumerate(truth_names):
        frame, spill = truth[mangled]
        rec = by_plain.get(normalize(plain[i]))
        rows.append({"kernel": plain[i], "arch": arch, "frame": frame,
                     "spill": spill, "pred": rec})
    return path, rows, None


INTERNAL = re.compile(r"_INTERNAL_[0-9a-f]+_\d+_\w+?_[0-9a-f]+::")
VERSIONED = re.compile(r"\b(CUB|THRUST|CCCL)_\d+_SM_\d+(_\d+)*::")


def normalize(name):
    """A demangled name as both compilers spell it: nvcc prefixes entities
    of internal linkage with `_INTERNAL_<hash>_<file>::`, and the versioned
    CUB/Thrust namespaces differ between nvcc's and clang's architecture
    macros."""
    name = INTERNAL.sub("", name)
    name = VERSIONED.sub("", name)
    # clang spells a static function's address with its signature.
    name = re.sub(r"&\((\w+)\([^()]*\)\)", r"&\1", name)
    return re.sub(r"\s+", " ", name)


def short(name, width):
    return name if len(name) <= width else name[:width - 3] + "..."


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-p", required=True, help="folder of compile_commands.json")
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--cache", help="folder for ptxas outputs (reused)")
    ap.add_argument("-j", type=int, default=1, help="files at a time")
    ap.add_argument("--nvcc-timeout", type=int, default=1800)
    ap.add_argument("--warpcheck-timeout", type=int, default=900)
    ap.add_argument("--json", help="write the rows here")
    ap.add_argument("--extra", action="append", default=[],
                    help="extra warpcheck argument (repeatable)")
    ap.add_argument("--only-disagreements", action="store_true")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    with concurrent.futures.ThreadPoolExecutor(max(1, args.j)) as pool:
        results = list(pool.map(lambda f: compare_file(args, f), args.files))

    total = agree = unknown = missing = 0
    out_rows = []
    print("%-110s %-9s %-10s %7s %6s  %s" % ("kernel", "predicted",
                                           "ptxas", "frame", "spill",
                                           "agrees"))
    for path, rows, error in results:
        print("== %s%s" % (path, ": " + error if error else ""))
        for r in rows or []:
            total += 1
            truth = "local" if r["frame"] or r["spill"] else "registers"
            pred = verdict(r["pred"]) if r["pred"] else "missing"
            ok = pred == truth
            agree += ok
            unknown += pred == "unknown"
            missing += pred == "missing"
            out_rows.append(dict(r, file=path, predicted=pred, truth=truth,
                                 agrees=ok))
            if args.only_disagreements and ok:
                continue
            print("%-110s %-9s %-10s %7d %6d  %s" % (
                short(r["kernel"].split("(")[0], 110), pred, truth,
                r["frame"], r["spill"], "yes" if ok else "NO"))
            if not ok and r["pred"]:
                for why in r["pred"]["local"] + r["pred"]["unknown"]:
                    print("      " + why)
    pct = 100.0 * agree / total if total else 0.0
    print("kernels %d, agree %d (%.1f%%), unknown %d, not analyzed %d, "
          "files failed %d" % (total, agree, pct, unknown, missing,
                               sum(1 for _, rows, _ in results
                                   if rows is None)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": out_rows, "kernels": total, "agree": agree},
                      f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
