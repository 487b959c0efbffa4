#!/usr/bin/env bash
# Measures cuda_samples/atomics/atomics.cu and atomics_wide.cu on a GPU
# machine (issue 22), generated first into BUILD/src by cuda_samples/
# generate.py (a note in run.log when they differ from atomics.sha256):
#   env.txt      GPU, driver, nvcc and ncu versions, md5 of the sources
#   run.log      build, each program's own result check, ncu's progress
#   metrics.csv  raw `ncu --csv` per kernel: shared ld/st/atom instructions
#                and wavefronts (one launch per kernel), "## program P"
#                before each program's rows
#   sass.txt     cuobjdump -sass of the programs, "## program P" before each
#   forms.txt    per kernel, its ATOMS / REDUX / POPC / VOTE / MATCH SASS
#                instructions (what the compiler made of the atomic)
# Usage (repository root, on the GPU machine):
#   cuda_samples/atomics/measure.sh OUTDIR
set -uo pipefail
Dir=$(cd "$(dirname "$0")" && pwd)
. "$Dir/../../scripts/ncu-common.sh"
Out=${1:-${OUT:-atomics-out}}
Build=${BUILD:-/tmp/warpcheck-atomics-build}
mkdir -p "$Out" "$Build"
Log="$Out/run.log"
: >"$Log"
Programs="atomics atomics_wide"
# The sources, generated; their "../sample_check.cuh" is found through
# -I "$Dir".
Src="$Build/src"
python3 "$Dir/../generate.py" --unchecked atomics "$Src" >>"$Log" 2>&1 ||
  { echo "generate.py failed" | tee -a "$Log"; exit 1; }

{
  ncu_env
  for P in $Programs; do
    echo "source: $(md5sum "$Src/$P.cu" | cut -d' ' -f1) $P.cu"
  done
  echo "build: nvcc -arch=sm_90 -lineinfo -std=c++17 (default -O3)"
} >"$Out/env.txt" 2>&1

for P in $Programs; do
  nvcc -arch=sm_90 -lineinfo -std=c++17 -I"$Dir" -o "$Build/$P" "$Src/$P.cu" \
    >"$Build/$P.build.log" 2>&1 &
done
wait
: >"$Out/sass.txt"
for P in $Programs; do
  cat "$Build/$P.build.log" >>"$Log"
  [ -x "$Build/$P" ] || { echo "$P: build failed" | tee -a "$Log"; exit 1; }
  echo "## program $P" >>"$Out/sass.txt"
  cuobjdump -sass "$Build/$P" >>"$Out/sass.txt" 2>>"$Log"
done
awk '/Function :/ {f = $3}
     /\/\*[0-9a-f]+\*\// && /(ATOMS|REDUX|POPC|VOTE|MATCH|ATOM|RED)/ {
       line = $0; sub(/^ *\/\*[0-9a-f]+\*\/ */, "", line); sub(/ *;.*$/, "", line)
       print f ": " line }' "$Out/sass.txt" >"$Out/forms.txt"

echo "== result check (no profiler)" >>"$Log"
Status=0
for P in $Programs; do
  "$Build/$P" >>"$Log" 2>&1 || { echo "$P: RESULT CHECK FAILED" >>"$Log"; Status=1; }
done

Metrics=$(ncu_metrics "$Log" $NCU_SHARED)
: >"$Out/metrics.csv"
for P in $Programs; do
  T0=$(date +%s)
  ncu_rows "$Out/metrics.csv" "$Log" "## program $P" --metrics "$Metrics" "$Build/$P"
  echo "ncu $P: $(($(date +%s) - T0)) s" >>"$Log"
done
echo "$(grep -c op_shared_atom "$Out/metrics.csv") atom rows" >>"$Log"
echo "done, status $Status" >>"$Log"
exit $Status
