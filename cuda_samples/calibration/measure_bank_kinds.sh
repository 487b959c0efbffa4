#!/usr/bin/env bash
# Measures every probe of bank_kinds_patterns.txt on a GPU machine:
#   env.txt      GPU, driver, nvcc and ncu versions
#   sass.txt     cuobjdump -sass of bank_kinds (one probed instruction each)
#   metrics.csv  raw `ncu --csv --page raw` output, one row per launch (probe),
#                in chunks headed "## chunk FIRST END" (probe ids FIRST..END-1,
#                launched in id order, so a chunk's ncu ID i is probe FIRST+i)
#   run.log      build, result check, and ncu progress
# Usage (repository root, on the GPU machine):
#   cuda_samples/calibration/measure_bank_kinds.sh OUTDIR [FIRST END] [DEADLINE_S]
# Chunks that would start after DEADLINE_S seconds (default 500) are skipped
# and listed in run.log, so the call ends inside the device's time limit.
set -uo pipefail
Start=$(date +%s)
Out=${1:-${OUT:-bank-kinds-out}}
First=${2:-0}
End=${3:-1000000}
Deadline=${4:-500}
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Patterns=${PATTERNS:-$Dir/bank_kinds_patterns.txt}
Build=${BUILD:-/tmp/bank-kinds-build}
mkdir -p "$Out" "$Build"
Log="$Out/run.log"
: >"$Log"

{
  ncu_env
  echo "patterns: $(md5sum "$Patterns" | cut -d' ' -f1) $(basename "$Patterns")"
} >"$Out/env.txt" 2>&1

nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 -o "$Build/bank_kinds" \
  "$Dir/bank_kinds.cu" >>"$Log" 2>&1 || { echo "build failed" | tee -a "$Log"; exit 1; }
cuobjdump -sass "$Build/bank_kinds" >"$Out/sass.txt" 2>>"$Log"
# Per kernel, the shared-memory instructions in its SASS.
awk '/Function :/ {f = $3} /(LDS|STS|ATOMS|LD\.|ST\.|ATOM\.)/ {
       for (i = 1; i <= NF; ++i) if ($i ~ /^(LDS|STS|ATOMS)/) print f, $i }' \
  "$Out/sass.txt" | sort | uniq -c >>"$Log"

echo "== result check (no profiler)" >>"$Log"
"$Build/bank_kinds" "$Patterns" "$First" "$End" >>"$Log" 2>&1 || echo "RESULT CHECK FAILED" >>"$Log"

Metrics=$(ncu_metrics "$Log" $NCU_SHARED)

# Probe ids are consecutive in the file, in launch order.
Last=$(awk '!/^#/ {n = $1} END {print n + 1}' "$Patterns")
[ "$End" -gt "$Last" ] && End=$Last
: >"$Out/metrics.csv"
# A small first chunk shows the rate in run.log; then larger ones.
Lo=$First
Size=100
Status=0
while [ "$Lo" -lt "$End" ]; do
  Hi=$((Lo + Size))
  [ "$Hi" -gt "$End" ] && Hi=$End
  Left=$((Deadline - ($(date +%s) - Start)))
  if [ "$Left" -lt 20 ]; then
    echo "deadline: probes $Lo..$((End - 1)) not measured" >>"$Log"
    Status=3
    break
  fi
  T0=$(date +%s)
  ncu_rows "$Out/metrics.csv" "$Log" "## chunk $Lo $Hi" --timeout "$Left" \
    --page raw --metrics "$Metrics" --cache-control none --clock-control none \
    "$Build/bank_kinds" "$Patterns" "$Lo" "$Hi"
  Rc=$?
  echo "chunk $Lo..$Hi: ncu rc $Rc, $(($(date +%s) - T0)) s" >>"$Log"
  [ "$Rc" -ne 0 ] && Status=4
  Lo=$Hi
  Size=400
done
echo "done, status $Status, $(($(date +%s) - Start)) s" >>"$Log"
exit $Status
