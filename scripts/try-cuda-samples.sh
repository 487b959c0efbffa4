#!/usr/bin/env bash
# Runs warpcheck over NVIDIA's cuda-samples the way docs/usage.md describes
# (no build, every .cu file) and writes what came out: the per-file error
# lines, the exit status and time, and the counts docs/usage.md quotes.
# Usage: scripts/try-cuda-samples.sh CUDA_SAMPLES_DIR OUTDIR [JOBS]
# WARPCHECK=path runs another build's binary (default: ./build/bin/warpcheck).
set -uo pipefail
Samples=$(cd "$1" && pwd)
Out=$(mkdir -p "$2" && cd "$2" && pwd)
Jobs=${3:-2}
Warpcheck=${WARPCHECK:-$(pwd)/build/bin/warpcheck}
# Every file analyzed, none answered by the result cache.
export WARPCHECK_NO_CACHE=1
cd "$Samples"
Commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
Start=$(date +%s)
find . -name '*.cu' | sort > "$Out/files.txt"
"$Warpcheck" -j "$Jobs" --format=json $(cat "$Out/files.txt") -- \
  -I Common -I Common/UtilNPP > "$Out/report.json" 2> "$Out/stderr.log"
Status=$?
End=$(date +%s)
python3 - "$Out" "$Commit" "$Status" "$((End - Start))" <<'PY' > "$Out/summary.txt"
import json, sys, collections
out, commit, status, secs = sys.argv[1:]
files = open(f"{out}/files.txt").read().split()
r = json.load(open(f"{out}/report.json"))
acc = r.get("accesses", [])
fs = r.get("files", [])
st = collections.Counter(a["status"] for a in acc)
diags = r.get("diagnostics", [])
checks = collections.Counter(d["check"] for d in diags if d["level"] == "warning")
fstat = collections.Counter(f["status"] for f in fs)
errors = [l for l in open(f"{out}/stderr.log") if ": error:" in l]
print(f"cuda-samples commit {commit}: {len(files)} .cu files, exit status {status}, {secs} s")
print(f"accesses: {len(acc)} ({', '.join(f'{k} {v}' for k, v in sorted(st.items()))})")
print(f"kernels analyzed: {sum(f.get('kernels', 0) for f in fs)}")
print(f"findings: {dict(checks)}")
print(f"files: {dict(fstat)}")
print(f"error lines on stderr: {len(errors)}")
host = [l for l in open(f"{out}/stderr.log") if "note: clang:" in l]
print(f"files whose host-code clang errors became a note: {len(host)}")
for l in errors:
    print("  " + l.rstrip())
PY
cat "$Out/summary.txt"
